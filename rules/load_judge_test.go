package rules

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// A directory of the user's files: a PDF of the MTR is read through the
// PDF reader and the judge parser; a Word file, a web page with no
// document, a .docx or .odt, a file named .pdf that is none and an empty PDF are each left
// out with a reason; a CR text beside them loads as ever.
func TestLoadJudgeFiles(t *testing.T) {
	mtr := corpustest.ReadFile(t, "corpus", "mtr", "2025-04-21.pdf")
	jar := corpustest.ReadFile(t, "corpus", "jar", "2019-01-21.html")
	fsys := fstest.MapFS{
		"d/mtr.pdf":        {Data: mtr},
		"d/jar.html":       {Data: jar},
		"d/notes.doc":      {Data: append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 600)...)},
		"d/page.html":      {Data: []byte("<!doctype html><html><head><title>Recipes</title></head><body><p>Soup.</p></body></html>")},
		"d/fake.pdf":       {Data: []byte("this is not a PDF at all\n")},
		"d/cr.txt":         {Data: []byte("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\n1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game with two or more players.\n")},
		"d/mtr.docx":       {Data: []byte("PK\x03\x04word/document.xml")},
		"d/ipg.odt":        {Data: []byte("PK\x03\x04mimetypeapplication/vnd.oasis.opendocument.text")},
		"d/README.md":      {Data: []byte("# notes\n")},
		"d/picture.png":    {Data: []byte{0x89, 'P', 'N', 'G'}},
		"d/sub/ipg.txt.gz": {Data: []byte{0x1f, 0x8b}},
	}
	eds, err := Load(fsys, "d")
	if err != nil {
		t.Fatal(err)
	}
	byFile := map[string]*Edition{}
	for _, e := range eds {
		byFile[e.Files[0]] = e
	}
	if len(byFile) != 8 {
		t.Errorf("%d editions read, want 8 (mtr.pdf, jar.html, notes.doc, mtr.docx, ipg.odt, page.html, fake.pdf, cr.txt): %v", len(byFile), keys(byFile))
	}
	if e := byFile["d/mtr.pdf"]; e == nil || e.Failed() || e.Document() != DocMTR || e.EffectiveDate() != "2025-04-21" || e.Format != FormatPDF {
		t.Errorf("mtr.pdf: %+v", summary(e))
	} else if r := e.Rule(Number{Chapter: 2, Rule: 3}); r == nil || r.Title() != "Pregame Procedures" {
		t.Errorf("mtr.pdf: entry 2.3 is %+v", r)
	}
	if e := byFile["d/jar.html"]; e == nil || e.Failed() || e.Document() != DocJAR {
		t.Errorf("jar.html: %+v", summary(e))
	}
	for name, want := range map[string]string{
		"d/notes.doc": "Word 97 document",
		"d/mtr.docx":  "a Word document (.docx)",
		"d/ipg.odt":   "an OpenDocument text",
		"d/page.html": "web page with no document",
		"d/fake.pdf":  "not a PDF",
	} {
		e := byFile[name]
		if e == nil || !e.Failed() || !strings.Contains(e.Diagnostics[0].Message, want) || e.Diagnostics[0].File != name {
			t.Errorf("%s: %+v, want a failed edition saying %q", name, summary(e), want)
		}
	}
	if e := byFile["d/cr.txt"]; e == nil || e.Failed() || e.Document() != DocCR {
		t.Errorf("cr.txt: %+v", summary(e))
	}
}

func keys(m map[string]*Edition) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func summary(e *Edition) any {
	if e == nil {
		return nil
	}
	return struct {
		Doc         Doc
		Date        string
		Format      Format
		Diagnostics []Diagnostic
	}{e.Document(), e.EffectiveDate(), e.Format, e.Diagnostics}
}
