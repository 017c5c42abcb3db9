package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules/pdftext"
)

// The judge documents' archive (content/docs): `arbiter archive --docs`
// reads the corpus's mtr, ipg and jar directories.
const (
	docsArchiveName = "docs.tar.zst"
	docsDirs        = "mtr ipg jar"
)

// antiwordMade is the manifest's "made" for a Word 97 file: antiword's
// text (its UTF-8 map, no wrapping), written as format 1.
const antiwordMade = "antiword 0.37, format 1"

// archiveDocs reads the judge documents under from (its mtr, ipg and jar
// directories) and writes their archive and manifest in out.
func archiveDocs(from, out string) (string, error) {
	var srcs []content.DocSource
	var notes []string
	start := time.Now()
	x := pdftext.New(pdftext.Options{CacheDir: pdftext.DefaultCacheDir()})
	defer x.Close()
	for _, doc := range strings.Fields(docsDirs) {
		entries, err := os.ReadDir(filepath.Join(from, doc))
		if err != nil {
			return "", err
		}
		for _, de := range entries {
			if !de.Type().IsRegular() || de.Name() == "README.md" {
				continue
			}
			s, err := docSource(x, from, doc, de.Name())
			if err != nil {
				return "", err
			}
			srcs = append(srcs, s)
		}
	}
	if len(srcs) == 0 {
		return "", fmt.Errorf("%s has no judge documents (mtr, ipg, jar)", from)
	}
	var zst, manifest bytes.Buffer
	if err := content.WriteDocs(&zst, &manifest, srcs); err != nil {
		return "", err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	if err := writeFile(filepath.Join(out, docsArchiveName), zst.Bytes()); err != nil {
		return "", err
	}
	if err := writeFile(filepath.Join(out, manifestName), manifest.Bytes()); err != nil {
		return "", err
	}
	total := 0
	for _, s := range srcs {
		total += len(s.Data)
	}
	notes = append(notes, fmt.Sprintf("wrote %s (%d files, %d bytes in %d, in %v) and %s",
		filepath.Join(out, docsArchiveName), len(srcs), total, zst.Len(), time.Since(start).Round(time.Millisecond), manifestName))
	return strings.Join(notes, "\n"), nil
}

// docSource makes one file's archive entry: a PDF's extracted text, a Word
// file's antiword text, a text or HTML file as it is.
func docSource(x *pdftext.Extractor, from, doc, name string) (content.DocSource, error) {
	path := filepath.Join(from, doc, name)
	b, err := os.ReadFile(path)
	if err != nil {
		return content.DocSource{}, err
	}
	sum := sha256.Sum256(b)
	s := content.DocSource{Doc: doc, Name: doc + "/" + name, Source: doc + "/" + name, SourceSHA256: hex.EncodeToString(sum[:]), Made: content.MadeAsIs, Data: b}
	ext := filepath.Ext(name)
	base := strings.TrimSuffix(name, ext)
	switch strings.ToLower(ext) {
	case ".txt", ".html", ".htm":
		return s, nil
	case ".pdf":
		// Generous limits: these are the project's own files, and a slow
		// machine (CI's) must not fail the build.
		text, err := x.Extract(context.Background(), s.Source, b, pdftext.Limits{Timeout: 5 * time.Minute})
		if err != nil {
			return s, err
		}
		s.Name, s.Data, s.Made = doc+"/"+base+".txt", text, pdftext.Engine
		return s, nil
	case ".doc":
		text, err := antiword(path)
		if err != nil {
			return s, err
		}
		s.Name, s.Data, s.Made = doc+"/"+base+".txt", pdftext.FormatParagraphs(s.Source, text), antiwordMade
		return s, nil
	}
	return s, fmt.Errorf("%s: not a judge document's format (.pdf, .doc, .txt, .html)", path)
}

// antiwordVersion matches the version antiword's usage states.
var antiwordVersion = regexp.MustCompile(`Version: (\S+)`)

// antiword converts a Word 97 file to UTF-8 text, one paragraph a line. It
// checks the version, which the manifest names: another antiword could
// write other text.
func antiword(path string) ([]byte, error) {
	tool, err := exec.LookPath("antiword")
	if err != nil {
		return nil, fmt.Errorf("%s: antiword is needed to convert Word files (apt-get install antiword): %w", path, err)
	}
	usage, _ := exec.Command(tool).CombinedOutput() // usage exits 1
	if m := antiwordVersion.FindSubmatch(usage); m == nil || !strings.HasPrefix(antiwordMade, "antiword "+string(m[1])+",") {
		return nil, fmt.Errorf("%s: the manifest names %q, but %s is another version", path, antiwordMade, tool)
	}
	cmd := exec.Command(tool, "-m", "UTF-8.txt", "-w", "0", path)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: antiword: %v: %s", path, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
