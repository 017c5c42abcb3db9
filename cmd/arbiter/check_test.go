package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

const checkCR = `Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.
Example: An example.

100.1a A two-player game is a game that begins with only two players.

Glossary

Abandon
To turn a face-up ongoing scheme card face down.

Credits

Someone
`

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCheckText(t *testing.T) {
	dir := writeFiles(t, map[string]string{"cr/good.txt": checkCR})
	var out, errOut bytes.Buffer
	code := run([]string{"check", filepath.Join(dir, "cr")}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d; stderr %s; stdout %s", code, errOut.String(), out.String())
	}
	for _, want := range []string{
		"2026-01-16: ok",
		"format txt, kind full, encoding utf-8, effective 2026-01-16",
		"files: cr/good.txt",
		"sections 1, numbered 3, examples 1, glossary 1, references ",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestCheckFailure(t *testing.T) {
	dir := writeFiles(t, map[string]string{"good.txt": checkCR, "bad.txt": "not the rules\n"})
	var out, errOut bytes.Buffer
	code := run([]string{"check", dir}, &out, &errOut)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(out.String(), "bad.txt:1: no numbered rules found") {
		t.Errorf("want the error as file:line: message:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "2026-01-16: ok") {
		t.Errorf("the good file is still reported:\n%s", out.String())
	}

	out.Reset()
	if code := run([]string{"check", filepath.Join(dir, "missing.txt")}, &out, &errOut); code != 1 {
		t.Errorf("missing path: exit %d, want 1", code)
	}
	if code := run([]string{"check", "--bogus"}, &out, &errOut); code != 2 {
		t.Errorf("bad flag: exit %d, want 2", code)
	}
}

// TestCheckJSON reads the JSON the way tools do: by these field names.
func TestCheckJSON(t *testing.T) {
	dir := writeFiles(t, map[string]string{"good.txt": checkCR, "bad.txt": "\x00binary"})
	var out, errOut bytes.Buffer
	code := run([]string{"check", "--json", filepath.Join(dir, "good.txt"), filepath.Join(dir, "bad.txt")}, &out, &errOut)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var got []struct {
		ID            string   `json:"id"`
		Format        string   `json:"format"`
		Encoding      string   `json:"encoding"`
		EffectiveDate string   `json:"effective_date"`
		Files         []string `json:"files"`
		Counts        struct {
			Sections int  `json:"sections"`
			Numbered int  `json:"numbered"`
			Examples int  `json:"examples"`
			Glossary int  `json:"glossary"`
			Refs     *int `json:"refs"`
			Dangling *int `json:"dangling"`
		} `json:"counts"`
		Diagnostics []struct {
			File     string `json:"file"`
			Line     int    `json:"line"`
			Severity string `json:"severity"`
			Message  string `json:"message"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(got) != 2 {
		t.Fatalf("%d editions, want 2", len(got))
	}
	g := got[0]
	if g.ID != "2026-01-16" || g.Format != "txt" || g.Encoding != "utf-8" || g.EffectiveDate != "2026-01-16" || len(g.Files) != 1 || g.Files[0] != "good.txt" {
		t.Errorf("good: %+v", g)
	}
	if c := g.Counts; c.Sections != 1 || c.Numbered != 3 || c.Examples != 1 || c.Glossary != 1 || c.Refs == nil || c.Dangling == nil {
		t.Errorf("counts %+v", c)
	}
	b := got[1]
	if len(b.Diagnostics) == 0 || b.Diagnostics[0].File != "bad.txt" || b.Diagnostics[0].Line != 1 || b.Diagnostics[0].Severity != "error" || !strings.Contains(b.Diagnostics[0].Message, "binary") {
		t.Errorf("bad: %+v", b.Diagnostics)
	}
	if !strings.Contains(out.String(), `"diagnostics": [`) || !strings.Contains(out.String(), `"dangling_refs": [`) {
		t.Errorf("empty lists must print as []:\n%s", out.String())
	}
}

// TestCheckEmbedded checks the default content when no PATH is given.
func TestCheckEmbedded(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	run([]string{"check"}, &out, &errOut)
	if !strings.Contains(out.String(), "2007-02-01-excerpt: ok") || !strings.Contains(out.String(), "numbered 68, examples 6, glossary 12") {
		t.Errorf("embedded 2007 excerpt missing or wrong:\n%s", out.String())
	}
	// Every official edition and every judge document's, each checked
	// without an error, under its document.
	for _, tc := range []struct {
		files, head string
		n           int
	}{
		{"cr/", "Comprehensive Rules (cr): 131 editions\n", 128},
		{"mtr/", "Magic Tournament Rules (mtr): 63 editions\n", 63},
		{"ipg/", "Infraction Procedure Guide (ipg): 47 editions\n", 47},
		{"jar/", "Judging at Regular REL (jar): 2 editions\n", 2},
	} {
		if n := strings.Count(out.String(), "\n  files: "+tc.files); n != tc.n || !strings.Contains(out.String(), tc.head) {
			t.Errorf("%d editions checked from %s (want %d), or no line %q", n, tc.files, tc.n, tc.head)
		}
	}
	if strings.Contains(out.String(), "FAILED") || strings.Contains(out.String(), "Skipped") {
		t.Errorf("an embedded edition failed:\n%s", out.String())
	}
	// The judge documents' references to one another resolve on the
	// shelf of the editions checked.
	if !strings.Contains(out.String(), "mtr/2025-04-21: ok\n") || !strings.Contains(out.String(), "references to other documents 9, unresolved 0 among the editions checked") {
		t.Errorf("the 2025 MTR's references to other documents are not reported resolved")
	}
	// The prose edition counts its topics and their examples.
	if !strings.Contains(out.String(), "classic: ok") || !strings.Contains(out.String(), "numbered 0, examples 4, glossary 0, references 0, dangling 0, topics 5") {
		t.Errorf("embedded Classic edition missing or wrong:\n%s", out.String())
	}
}

// TestCheckDangling lists each dangling reference with where it is cited.
func TestCheckDangling(t *testing.T) {
	e := &rules.Edition{ID: "x", Format: rules.FormatText, Files: []string{"x.txt"}}
	r := &rules.Rule{Number: rules.Number{Chapter: 104, Rule: 3, Sub: 'h'}, Pos: rules.At("x.txt", 7)}
	r.Body = []rules.Block{{Text: rules.Text{S: "First."}, Pos: r.Pos}, {Kind: rules.BlockExample, Text: rules.Text{S: "See rule 420.5e."}, Pos: rules.At("x.txt", 8)}}
	ref := rules.NewRef(rules.Cite{Kind: rules.RefRule, Number: rules.Number{Chapter: 420, Rule: 5, Sub: 'e'}}, rules.Citer{Rule: r}, &r.Body[1].Text, 4, 15)
	ref.Line = 8
	e.Refs = []*rules.Ref{ref}
	e.Dangling = []*rules.Ref{ref}
	var out bytes.Buffer
	printReport(&out, report(e))
	if want := `x.txt:8: "rule 420.5e" cited in 104.3h`; !strings.Contains(out.String(), want) {
		t.Errorf("want %q in:\n%s", want, out.String())
	}
	if !strings.Contains(out.String(), "references 1, dangling 1") {
		t.Errorf("counts:\n%s", out.String())
	}
}

// TestCheckJudgeFiles checks a user's judge documents, a PDF and a web
// page, beside files that are none: each document's editions under its
// name, with IDs below its prefix, then the files skipped with their
// reasons.
func TestCheckJudgeFiles(t *testing.T) {
	t.Parallel()
	ipg, err := os.ReadFile(corpustest.Path(t, "corpus", "ipg", "2024-09-23.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	jar, err := os.ReadFile(corpustest.Path(t, "corpus", "jar", "2019-01-21.html"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{
		"docs/ipg.pdf":   string(ipg),
		"docs/jar.html":  string(jar),
		"docs/cr.txt":    checkCR,
		"docs/old.doc":   "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1 a Word file",
		"docs/fake.pdf":  "%PDF-1.4 not really",
		"docs/page.html": "<html><head><title>My deck</title></head><body>Hello</body></html>",
	})
	var out, errOut bytes.Buffer
	if code := run([]string{"check", filepath.Join(dir, "docs")}, &out, &errOut); code != 1 {
		t.Errorf("exit %d, want 1: files were skipped", code)
	}
	text := out.String()
	order := []string{
		"Comprehensive Rules (cr): 1 edition\n", "2026-01-16: ok",
		"Infraction Procedure Guide (ipg): 1 edition\n", "ipg/2024-09-23: ok\n  document ipg, format pdf, kind full", "files: docs/ipg.pdf",
		"Judging at Regular REL (jar): 1 edition\n", "jar/2019-01-21: ok\n  document jar, format html, kind prose", "topics 4",
		"Skipped: 3 files that could not be read as any document\n",
		"  docs/fake.pdf: ", "  docs/old.doc: a Word 97 document", "  docs/page.html: a web page with no document Arbiter reads",
	}
	at := 0
	for _, want := range order {
		i := strings.Index(text[at:], want)
		if i < 0 {
			t.Errorf("no %q after byte %d of:\n%s", want, at, text)
			break
		}
		at += i + len(want)
	}
	// The IPG cites the MTR and the CR: of those only the CR is here, and
	// not the edition in force on the IPG's date.
	if !regexp.MustCompile(`references to other documents (\d+), unresolved \d+`).MatchString(text) {
		t.Errorf("no count of the IPG's references to other documents:\n%s", text)
	}

	out.Reset()
	run([]string{"check", "--json", filepath.Join(dir, "docs")}, &out, &errOut)
	var got []struct {
		ID, Document string
		Failed       bool
		Counts       struct {
			CrossRefs int `json:"cross_refs"`
		}
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range got {
		ids = append(ids, r.Document+" "+r.ID+" "+strconv.FormatBool(r.Failed))
	}
	if want := []string{"cr 2026-01-16 false", "ipg ipg/2024-09-23 false", "jar jar/2019-01-21 false", "  true", "  true", "  true"}; !slices.Equal(ids, want) {
		t.Errorf("JSON reports %q, want %q", ids, want)
	}
	if len(got) > 1 && got[1].Counts.CrossRefs == 0 {
		t.Error("the IPG's references to other documents are not counted")
	}
}
