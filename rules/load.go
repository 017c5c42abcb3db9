package rules

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Source is one file's bytes with the name messages use for it.
type Source struct {
	Name string
	// Data is read in place where it can be: the text of an edition parsed
	// from it may be Data's own memory (until Compact), so it must not
	// change afterwards.
	Data []byte
}

// MaxSourceBytes bounds a source file Load reads. The largest official
// Comprehensive Rules file is 1.3 MB (UTF-16); a file many times that size
// cannot be one, and reading it would only cost memory. Load checks the size
// before it reads.
const MaxSourceBytes = 16 << 20

// ManifestName is the file that describes a directory holding one edition
// made of several files (see content/README.md).
const ManifestName = "edition.txt"

// Manifest says how to read a directory as one edition.
type Manifest struct {
	ID        string
	Title     string
	Effective time.Time
	Format    Format
	Kind      Kind
	Files     []string // rules files, in order
	Glossary  []string // glossary files (fragments whose term lines are missing are recovered)
}

// Load reads every edition under root in fsys. root may be a file (one
// edition) or a directory: a directory with an edition.txt manifest is one
// edition; one with index.rst or other .rst files is one Sphinx edition
// (with index.rst, a project whose toctrees may name documents in
// subdirectories: the .rst files of its subdirectories join it too);
// otherwise each .txt and .md file in it is an edition of its own and each
// subdirectory is loaded the same way. Editions that failed to parse are
// returned too, with error diagnostics, so a caller can report them: a file
// that cannot be read, is larger than MaxSourceBytes, empty, binary or no
// rules at all is such an edition, and the others load. Load's error is for
// a root or directory that cannot be read.
func Load(fsys fs.FS, root string) ([]*Edition, error) {
	st, err := fs.Stat(fsys, root)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []*Edition{loadFile(fsys, root)}, nil
	}
	return loadDir(fsys, root, false)
}

// loadDir loads the editions in dir. inProject says dir is inside a Sphinx
// project, whose index.rst has read dir's .rst files already.
func loadDir(fsys fs.FS, dir string, inProject bool) ([]*Edition, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var rst, files, dirs []string
	for _, de := range entries {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		switch {
		case de.IsDir():
			dirs = append(dirs, name)
		case name == ManifestName:
			e, err := loadManifest(fsys, dir)
			if err != nil {
				e = unreadable(path.Join(dir, ManifestName), err)
			}
			return []*Edition{e}, nil
		case strings.HasSuffix(name, ".rst"):
			if !inProject {
				rst = append(rst, name)
			}
		case strings.HasSuffix(name, ".txt"), strings.HasSuffix(name, ".md"), judgeFileName(name):
			if name != "README.md" {
				files = append(files, name)
			}
		}
	}
	var out []*Edition
	project := slices.Contains(rst, "index.rst")
	if project {
		sub, err := projectFiles(fsys, dir, dirs)
		if err != nil {
			return nil, err
		}
		rst = append(rst, sub...)
	}
	if len(rst) > 0 {
		srcs, err := readAll(fsys, dir, rstOrder(rst))
		var e *Edition
		if err != nil {
			e = unreadable(dir, err)
		} else {
			e = ParseRST(srcs)
			Compact(e)
		}
		out = append(out, e)
	}
	out = append(out, loadFiles(fsys, dir, files)...)
	for _, d := range dirs {
		sub := path.Join(dir, d)
		es, err := loadDir(fsys, sub, inProject || project)
		if err != nil {
			es = []*Edition{unreadable(sub, err)}
		}
		out = append(out, es...)
	}
	return out, nil
}

// projectFiles lists the .rst files in the subdirectories of a Sphinx
// project's source directory, by their path from it ("rules/turn.rst"): a
// toctree may name any of them. Directories that start with "." or "_"
// (_build, _static, _templates) are not sources, and a directory with its
// own edition.txt is an edition of its own.
func projectFiles(fsys fs.FS, dir string, subdirs []string) ([]string, error) {
	var out []string
	for _, sd := range subdirs {
		err := fs.WalkDir(fsys, path.Join(dir, sd), func(p string, de fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := de.Name()
			if de.IsDir() {
				if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return fs.SkipDir
				}
				if _, err := fs.Stat(fsys, path.Join(p, ManifestName)); err == nil {
					return fs.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(name, ".rst") {
				out = append(out, strings.TrimPrefix(p, dir+"/"))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// rstOrder puts index.rst first; ParseRST follows its toctree.
func rstOrder(names []string) []string {
	sort.SliceStable(names, func(i, j int) bool { return names[i] == "index.rst" && names[j] != "index.rst" })
	return names
}

func readAll(fsys fs.FS, dir string, names []string) ([]Source, error) {
	srcs := make([]Source, 0, len(names))
	for _, n := range names {
		p := path.Join(dir, n)
		b, err := readSource(fsys, p)
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, Source{Name: p, Data: b})
	}
	return srcs, nil
}

// readSource reads a source file no larger than MaxSourceBytes.
func readSource(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > MaxSourceBytes {
		return nil, &tooLargeError{size: st.Size()}
	}
	// A file that grows while it is read is cut at the bound, then refused.
	b, err := io.ReadAll(io.LimitReader(f, MaxSourceBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxSourceBytes {
		return nil, &tooLargeError{size: int64(len(b))}
	}
	return b, nil
}

type tooLargeError struct{ size int64 }

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("%.1f MB, larger than any Comprehensive Rules file could be (the limit is %d MB); not read", float64(e.size)/1e6, MaxSourceBytes>>20)
}

// unreadable is the failed edition of a file (or directory) that could not
// be read or, for a manifest, understood.
func unreadable(name string, err error) *Edition {
	d := Diagnostic{File: name, Severity: SevError, Message: "cannot read: " + err.Error()}
	var pe *fs.PathError
	var big *tooLargeError
	if errors.As(err, &big) {
		d.Message = big.Error()
	} else if errors.As(err, &pe) {
		d.File, d.Message = pe.Path, "cannot read: "+pe.Err.Error()
	} else if msg, ok := strings.CutPrefix(err.Error(), name+":"); ok {
		// A manifest's error: "name:line: message" or "name: message".
		d.Message = strings.TrimSpace(msg)
		if l, rest, ok := strings.Cut(d.Message, ": "); ok {
			if n, err := strconv.Atoi(l); err == nil {
				d.Line, d.Message = n, rest
			}
		}
	}
	return &Edition{Files: []string{name}, Diagnostics: []Diagnostic{d}}
}

// loadFiles parses the named files of dir, each an edition, on as many
// cores as there are: a directory of every CR since 2003 is 73 files. Each
// edition is compacted as soon as it is parsed, so the decoded text of at
// most one file per core is alive at a time.
func loadFiles(fsys fs.FS, dir string, names []string) []*Edition {
	out := make([]*Edition, len(names))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(names)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = loadFile(fsys, path.Join(dir, names[i]))
			}
		}()
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// loadFile reads and parses one file; a file that cannot be read is a
// failed edition saying why.
func loadFile(fsys fs.FS, name string) *Edition {
	b, err := readSource(fsys, name)
	if err != nil {
		return unreadable(name, err)
	}
	e := Parse(Source{Name: name, Data: b})
	Compact(e)
	return e
}

// Parse reads one file as an edition, choosing the parser by extension and,
// for .txt, by content (the 2011 RST chapter was saved as .txt; a judge
// document names itself in its title). The result is linked. A file that
// cannot be read as rules gives an edition with error diagnostics naming
// the file and line.
func Parse(src Source) *Edition {
	switch {
	case isPDF(src):
		return parsePDF(src)
	case isWord(src):
		return failed(src.Name, "a Word 97 document: Arbiter reads Word files only when its own archive is built (with antiword); save it as PDF or as text and put that here instead")
	case otherFormat(src.Name) != "":
		return failed(src.Name, otherFormat(src.Name)+": Arbiter reads the MTR, the IPG and JAR as PDF, web page or text; save it as PDF or as text and put that here instead")
	case strings.HasSuffix(src.Name, ".md"):
		return ParseMarkdown(src)
	case strings.HasSuffix(src.Name, ".rst"), looksLikeRST(src.Data):
		return ParseRST([]Source{src})
	case JudgeDocOf(src) != 0:
		// The MTR, the IPG or JAR (extracted text, Word text, a web
		// page): its title says so.
		return ParseJudge(src)
	case looksLikeHTML(src.Data):
		return failed(src.Name, "a web page with no document Arbiter reads in it: from HTML it reads Judging at Regular REL, the Magic Tournament Rules and the Infraction Procedure Guide, named in the page's title")
	}
	return ParseText(src)
}

// judgeFileName reports whether a directory's file is read as a judge
// document's source: a PDF, a web page, or a Word file (which is refused
// with a reason rather than passed over in silence).
func judgeFileName(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".pdf", ".html", ".htm", ".doc":
		return true
	}
	return otherFormat(name) != ""
}

// otherFormat names the kind of a document file Arbiter does not read
// (a newer Word file, an OpenDocument, an e-book) or returns "". Such a
// file in a data directory is most likely a judge document saved from
// somewhere else: it is refused with its reason, not passed over.
func otherFormat(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".docx", ".docm", ".dotx":
		return "a Word document (.docx)"
	case ".odt":
		return "an OpenDocument text"
	case ".rtf":
		return "a Rich Text file"
	case ".pages":
		return "a Pages document"
	case ".epub", ".mobi", ".azw3":
		return "an e-book"
	case ".xps", ".oxps":
		return "an XPS document"
	}
	return ""
}

// isPDF reports whether src is a PDF, by its signature (a PDF may start
// with a few bytes of junk before it) or its name.
func isPDF(src Source) bool {
	head := src.Data[:min(len(src.Data), 1024)]
	return bytes.Contains(head, []byte("%PDF-")) || strings.EqualFold(path.Ext(src.Name), ".pdf")
}

// isWord reports whether src is a Word 97 file (an OLE compound file).
func isWord(src Source) bool {
	return bytes.HasPrefix(src.Data, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}) || strings.EqualFold(path.Ext(src.Name), ".doc")
}

// parsePDF reads a PDF's text (PDFText) and parses it as a judge
// document: the same text the embedded archive holds for the corpus's
// PDFs, so a newer PDF reads like them.
func parsePDF(src Source) *Edition {
	text, err := PDFText(src)
	if err != nil {
		return failed(src.Name, err.Error())
	}
	ext := Source{Name: src.Name, Data: text}
	if JudgeDocOf(ext) == 0 {
		return failed(src.Name, "a PDF whose text is none of the documents Arbiter reads from PDF (the Magic Tournament Rules, the Infraction Procedure Guide, their forerunners, Judging at Regular REL): its title does not name one")
	}
	return ParseJudge(ext)
}

// failed is the failed edition of a file that cannot be read as rules,
// saying why.
func failed(name, why string) *Edition {
	return &Edition{Files: []string{name}, Diagnostics: []Diagnostic{{File: name, Severity: SevError, Message: why}}}
}

// looksLikeRST spots a Sphinx source by its title underlines and directives.
func looksLikeRST(b []byte) bool {
	return bytes.Contains(b, []byte("\n-----")) && (bytes.Contains(b, []byte("\n.. ")) || bytes.HasPrefix(b, []byte(":")))
}

func loadManifest(fsys fs.FS, dir string) (*Edition, error) {
	name := path.Join(dir, ManifestName)
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	m, err := ParseManifest(name, b)
	if err != nil {
		return nil, err
	}
	rules, err := readAll(fsys, dir, m.Files)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	gloss, err := readAll(fsys, dir, m.Glossary)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var e *Edition
	switch m.Format {
	case FormatRST:
		e = ParseRST(rules)
	case FormatMarkdown:
		if len(rules) != 1 {
			return nil, fmt.Errorf("%s: a Markdown edition is one file, got %d", name, len(rules))
		}
		e = ParseMarkdown(rules[0])
	default:
		e = ParseFragments(rules, gloss)
	}
	m.apply(e)
	Compact(e)
	return e, nil
}

func (m *Manifest) apply(e *Edition) {
	if m.ID != "" {
		e.ID = m.ID
	}
	if m.Title != "" {
		e.Title = m.Title
	}
	if !m.Effective.IsZero() {
		e.Effective = m.Effective
	}
	if m.Kind != "" {
		e.Kind = m.Kind
	}
}

// ParseManifest reads an edition.txt: "key: value" lines, # comments.
// Keys: id, title, effective (YYYY-MM-DD), format (txt, rst, md), kind
// (full, excerpt, prose), files and glossary (space-separated names).
func ParseManifest(name string, b []byte) (*Manifest, error) {
	m := &Manifest{Format: FormatText}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		k, v, ok := strings.Cut(s, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"key: value\", got %q", name, line, s)
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "id":
			m.ID = v
		case "title":
			m.Title = v
		case "effective":
			t, err := time.Parse(time.DateOnly, v)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: effective: want YYYY-MM-DD, got %q", name, line, v)
			}
			m.Effective = t
		case "format":
			switch f := Format(v); f {
			case FormatText, FormatRST, FormatMarkdown:
				m.Format = f
			default:
				return nil, fmt.Errorf("%s:%d: format: want txt, rst or md, got %q", name, line, v)
			}
		case "kind":
			switch k := Kind(v); k {
			case KindFull, KindExcerpt, KindProse:
				m.Kind = k
			default:
				return nil, fmt.Errorf("%s:%d: kind: want full, excerpt or prose, got %q", name, line, v)
			}
		case "files":
			m.Files = strings.Fields(v)
		case "glossary":
			m.Glossary = strings.Fields(v)
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q", name, line, k)
		}
	}
	if len(m.Files) == 0 && len(m.Glossary) == 0 {
		return nil, fmt.Errorf("%s: no files listed", name)
	}
	for _, f := range append(append([]string{}, m.Files...), m.Glossary...) {
		if !fs.ValidPath(f) || strings.Contains(f, "/") {
			return nil, fmt.Errorf("%s: file %q must be a plain name in the same directory", name, f)
		}
	}
	return m, nil
}
