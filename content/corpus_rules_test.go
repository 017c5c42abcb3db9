package content_test

import (
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// TestCorpusManifestAgreesWithRules: each file's date and encoding are
// what the rules package reads from its bytes, as the generator wrote.
func TestCorpusManifestAgreesWithRules(t *testing.T) {
	r, err := content.OpenCorpus()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for {
		f, b, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, enc := rules.Decode(b); enc != f.Encoding {
			t.Errorf("%s: manifest says %s, rules.Decode %s", f.Name, f.Encoding, enc)
		}
		e := rules.Parse(rules.Source{Name: f.Name, Data: b})
		if e.Failed() || e.EffectiveDate() != f.Effective {
			t.Errorf("%s: manifest says effective %s; parsed %q (failed: %v)", f.Name, f.Effective, e.EffectiveDate(), e.Failed())
		}
	}
}

// TestCorpusNotAnEdition: the archive's directory is not part of
// content.FS, so rules.Load(content.FS, ".") does not read it as an
// edition (nor its manifest as one).
func TestCorpusNotAnEdition(t *testing.T) {
	err := fs.WalkDir(content.FS, ".", func(p string, _ fs.DirEntry, err error) error {
		if strings.HasPrefix(p, "cr/") || p == "cr" {
			t.Errorf("content.FS holds %s", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	eds, err := rules.Load(content.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range eds {
		for _, f := range e.Files {
			if strings.HasPrefix(f, "cr/") {
				t.Errorf("edition %s is read from %s", e.ID, f)
			}
		}
	}
}
