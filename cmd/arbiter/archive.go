package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "archive",
		usage: "archive [--docs|--cards] [--from DIR] [--sets FILE] [--out DIR]   write every official CR text in DIR, and the table of the sets that brought them, as cr.tar.zst and manifest.tsv (content/cr); with --docs, the judge documents of the corpus DIR as docs.tar.zst and manifest.tsv (content/docs); with --cards, the card file of DIR reduced to what card pages show, as cards.tar.zst (content/cards)",
		run:   runArchive,
	})
}

// The archive's two files, as content embeds them.
const (
	archiveName  = "cr.tar.zst"
	manifestName = "manifest.tsv"
)

func runArchive(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("archive", flag.ContinueOnError)
	fl.SetOutput(stderr)
	from := fl.String("from", "../shared/corpus/cr", "directory of official CR text files (DATE.txt)")
	out := fl.String("out", "content/cr", "directory to write "+archiveName+" and "+manifestName+" in")
	docs := fl.Bool("docs", false, "write the judge documents' archive instead: --from is the corpus holding mtr, ipg and jar (default ../shared/corpus), --out its directory (default content/docs)")
	cardsOut := fl.Bool("cards", false, "write the card archive instead: --from is the card directory holding oracle-DATE.jsonl (default ../shared/cards), --out its directory (default content/cards)")
	sets := fl.String("sets", "", "the table of the sets that brought each edition (default: cr-sets.tsv beside DIR, if there)")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "archive: unexpected argument %q\n", fl.Arg(0))
		return 2
	}
	write := func(from, out string) (string, error) { return archiveWithSets(from, *sets, out) }
	if *docs {
		set := map[string]bool{}
		fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["from"] {
			*from = "../shared/corpus"
		}
		if !set["out"] {
			*out = "content/docs"
		}
		write = archiveDocs
	}
	if *cardsOut {
		set := map[string]bool{}
		fl.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["from"] {
			*from = "../shared/cards"
		}
		if !set["out"] {
			*out = "content/cards"
		}
		write = archiveCards
	}
	msg, err := write(*from, *out)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter archive: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, msg)
	return 0
}

// archive reads the rules texts in from and writes the archive and its
// manifest in out, replacing any there. It returns what it did, for the user.
func archive(from, out string) (string, error) {
	return archiveWithSets(from, "", out)
}

// setsFile is the table of sets' name beside the corpus directory.
const setsFile = "cr-sets.tsv"

// archiveWithSets is archive with the table of sets read from sets, or
// when sets is "" from cr-sets.tsv beside from if there is one.
func archiveWithSets(from, sets, out string) (string, error) {
	srcs, notes, err := corpusSources(from)
	if err != nil {
		return "", err
	}
	var table []byte
	if sets == "" {
		table, err = os.ReadFile(filepath.Join(filepath.Dir(filepath.Clean(from)), setsFile))
		if errors.Is(err, fs.ErrNotExist) {
			table, err = nil, nil
		}
	} else {
		table, err = os.ReadFile(sets)
	}
	if err != nil {
		return "", err
	}
	var zst, manifest bytes.Buffer
	if err := content.WriteCorpus(&zst, &manifest, srcs, table); err != nil {
		return "", err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	if err := writeFile(filepath.Join(out, archiveName), zst.Bytes()); err != nil {
		return "", err
	}
	if err := writeFile(filepath.Join(out, manifestName), manifest.Bytes()); err != nil {
		return "", err
	}
	var total int
	for _, s := range srcs {
		total += len(s.Data)
	}
	with := ""
	if table != nil {
		with = ", with the table of sets,"
	}
	msg := fmt.Sprintf("wrote %s (%d files%s %d bytes in %d) and %s", filepath.Join(out, archiveName), len(srcs), with, total, zst.Len(), manifestName)
	return strings.Join(append(notes, msg), "\n"), nil
}

// datedName is a file name that is a date, as fetch saves them.
var datedName = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})\.txt$`)

// corpusSources reads every .txt file in dir and learns its effective
// date and encoding from its text. A file that is not a rules text or has
// no effective date is an error naming it; WriteCorpus rejects two files
// with one date. A file named for a date other than its text's is kept
// under its name, with a note: the text's date is the edition's, and 14
// of the official files are named for another day (2006-06-01.txt is the
// text effective 2004-06-01, 2013-04-29.txt the one effective 2013-05-01).
func corpusSources(dir string) (srcs []content.CorpusSource, notes []string, err error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	for _, de := range entries {
		if !de.Type().IsRegular() || !strings.HasSuffix(de.Name(), ".txt") {
			continue
		}
		s, err := corpusSource(filepath.Join(dir, de.Name()))
		if err != nil {
			return nil, nil, err
		}
		if m := datedName.FindStringSubmatch(s.Name); m != nil && m[1] != s.Effective {
			notes = append(notes, fmt.Sprintf("note: %s is effective %s (its text says so; the name's date is not used)", filepath.Join(dir, s.Name), s.Effective))
		}
		srcs = append(srcs, s)
	}
	if len(srcs) == 0 {
		return nil, nil, fmt.Errorf("%s has no .txt files", dir)
	}
	return srcs, notes, nil
}

// corpusSource reads one file and parses it for its effective date.
func corpusSource(path string) (content.CorpusSource, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return content.CorpusSource{}, err
	}
	e := rules.Parse(rules.Source{Name: filepath.Base(path), Data: b})
	if e.Failed() {
		return content.CorpusSource{}, fmt.Errorf("%s is not a rules text: %w", path, &rules.ParseError{Diagnostics: e.Diagnostics})
	}
	date := e.EffectiveDate()
	if date == "" {
		return content.CorpusSource{}, fmt.Errorf("%s has no effective date (no \"These rules are effective as of …\" line)", path)
	}
	_, enc := rules.Decode(b)
	return content.CorpusSource{Effective: date, Name: filepath.Base(path), Encoding: enc, Data: b}, nil
}
