package rules_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestTruncatedCorpusFile: Wizards' 2013-02-01 file stops at the glossary
// headword "Attack Multiple Players", with no definition and no credits.
func TestTruncatedCorpusFile(t *testing.T) {
	e := parseCorpus(t, "2013-02-01.txt")
	tr := e.Truncated
	if tr == nil {
		t.Fatal("2013-02-01 is not flagged as truncated")
	}
	text, _ := rules.Decode(corpustest.ReadFile(t, "corpus", "cr", "2013-02-01.txt"))
	lines := rules.Lines(text)
	want := lastNonBlank(lines)
	if got := strings.TrimSpace(lines[want-1]); got != "Attack Multiple Players" {
		t.Fatalf("the file's last line is %q; the test expects the headword", got)
	}
	if tr.Part != rules.TruncGlossary || tr.Dropped != "Attack Multiple Players" || tr.Last != "Attack Left Option" || tr.Pos.Line() != want {
		t.Errorf("truncation %+v, want the glossary, dropped “Attack Multiple Players” after “Attack Left Option”, line %d", tr, want)
	}
	if tr.Where() != filepath.Join("cr", "2013-02-01.txt")+":"+strconv.Itoa(want) {
		t.Errorf("where %q", tr.Where())
	}
	for _, g := range e.Glossary {
		if g.Term() == "Attack Multiple Players" {
			t.Error("the headword with no definition is still a glossary entry")
		}
	}
	if g := e.Glossary[len(e.Glossary)-1]; g.Term() != "Attack Left Option" {
		t.Errorf("last entry %q, want Attack Left Option", g.Term())
	}
	if !hasDiag(e, rules.SevWarning, want, "cut short") {
		t.Errorf("no warning at line %d that the file is cut short: %v", want, e.Diagnostics)
	}
}

// TestCompleteFilesNotTruncated: every other corpus file and every seed
// edition (the 2007 excerpt is partial by design) is whole.
func TestCompleteFilesNotTruncated(t *testing.T) {
	dir := corpustest.Path(t, "corpus", "cr")
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) < 128 {
		t.Fatalf("%d corpus files, want 128", len(files))
	}
	for _, f := range files {
		if filepath.Base(f) == "2013-02-01.txt" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		e := rules.ParseText(rules.Source{Name: filepath.Base(f), Data: b})
		if e.Truncated != nil {
			t.Errorf("%s: flagged as truncated: stops at %s", filepath.Base(f), e.Truncated.StopsAt())
		}
	}
	eds, err := rules.Load(content.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range eds {
		if e.Truncated != nil {
			t.Errorf("seed %s (%s): flagged as truncated", e.ID, e.Kind)
		}
	}
}

// TestSyntheticTruncations cuts the complete 2026-01-16 file at points in
// the rules, the glossary and the credits: each cut is found, and said to
// stop where it does.
func TestSyntheticTruncations(t *testing.T) {
	text, _ := rules.Decode(corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt"))
	lines := rules.Lines(text)
	// find is the 1-based number of the last line that is s or starts with it.
	find := func(s string) int {
		for i := len(lines) - 1; i >= 0; i-- {
			if l := strings.TrimSpace(lines[i]); l == s || strings.HasPrefix(l, s+" ") {
				return i + 1
			}
		}
		t.Fatalf("no line %q", s)
		return 0
	}
	half := func(n int) string { // the first half of line n, cut at a space
		l := strings.TrimSpace(lines[n-1])
		return l[:strings.LastIndex(l[:len(l)/2], " ")]
	}
	glossary, credits := find("Glossary"), find("Credits")
	tests := []struct {
		name  string
		upTo  int    // keep lines 1..upTo
		tail  string // then this partial line, if any
		want  rules.Truncation
		terms int // glossary entries kept, -1 for any
	}{
		{"mid-sentence in section 7", find("702.19b") - 1, half(find("702.19b")),
			rules.Truncation{Part: rules.TruncRules, Last: "702.19b", Partial: true}, 0},
		{"after a whole rule in section 5", find("505.1."), "",
			rules.Truncation{Part: rules.TruncRules, Last: "505.1"}, 0},
		{"after a chapter heading", find("702. Keyword Abilities"), "",
			rules.Truncation{Part: rules.TruncRules, Last: "702"}, 0},
		{"after the last rule", glossary - 1, "",
			rules.Truncation{Part: rules.TruncRules, Last: "905.6"}, 0},
		{"after the Glossary heading", glossary, "",
			rules.Truncation{Part: rules.TruncGlossary}, 0},
		{"after a definition in the M's", find("Mana Ability") + 1, "",
			rules.Truncation{Part: rules.TruncGlossary, Last: "Mana Ability"}, -1},
		{"mid-definition in the M's", find("Mana Ability"), half(find("Mana Ability") + 1),
			rules.Truncation{Part: rules.TruncGlossary, Last: "Mana Ability", Partial: true}, -1},
		{"at a headword in the M's", find("Mana Ability"), "",
			rules.Truncation{Part: rules.TruncGlossary, Last: "Mana", Dropped: "Mana Ability"}, -1},
		{"just before Credits", credits - 1, "",
			rules.Truncation{Part: rules.TruncCredits, Last: "Zone-Change Triggers"}, 725},
		{"after the Credits heading", credits, "",
			rules.Truncation{Part: rules.TruncCredits}, 725},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Join(lines[:tt.upTo], "\n")
			last := tt.upTo
			if tt.tail != "" {
				src += "\n" + tt.tail
				last++
			}
			last = lastNonBlank(lines[:last])
			e := rules.ParseText(rules.Source{Name: "cut.txt", Data: []byte(src)})
			if e.Failed() {
				t.Fatalf("failed: %v", e.Diagnostics)
			}
			if e.Truncated == nil {
				t.Fatal("not flagged as truncated")
			}
			want := tt.want
			want.Pos = rules.At("cut.txt", last)
			if *e.Truncated != want {
				t.Errorf("got %+v\nwant %+v", *e.Truncated, want)
			}
			if tt.terms >= 0 && len(e.Glossary) != tt.terms {
				t.Errorf("%d glossary entries, want %d", len(e.Glossary), tt.terms)
			}
			if !hasDiag(e, rules.SevWarning, last, "cut short") {
				t.Errorf("no warning at line %d: %v", last, e.Diagnostics)
			}
		})
	}
}

func lastNonBlank(lines []string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) != "" {
			return i + 1
		}
	}
	return 0
}

func hasDiag(e *rules.Edition, sev rules.Severity, line int, text string) bool {
	for _, d := range e.Diagnostics {
		if d.Severity == sev && d.Line == line && strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}

// TestTruncationJSON: the JSON export says where a cut file stops, and
// says nothing of it for a whole one.
func TestTruncationJSON(t *testing.T) {
	src := miniCR[:strings.Index(miniCR, "Ante (Obsolete)")+len("Ante (Obsolete)")]
	for _, tt := range []struct {
		src  string
		want *rules.JSONTruncation
	}{
		{miniCR, nil},
		{src, &rules.JSONTruncation{Part: rules.TruncGlossary, File: "m.txt", Line: strings.Count(src, "\n") + 1,
			Last: "APNAP Order", Dropped: "Ante",
			StopsAt: "the glossary headword “Ante”, which has no definition", Missing: "the glossary from “Ante” on, and the credits"}},
	} {
		e := rules.ParseText(rules.Source{Name: "m.txt", Data: []byte(tt.src)})
		var buf bytes.Buffer
		if err := rules.ExportJSON(&buf, e); err != nil {
			t.Fatal(err)
		}
		var j rules.JSONEdition
		if err := json.Unmarshal(buf.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		switch {
		case tt.want == nil && j.Truncated != nil:
			t.Errorf("a whole file has %+v", j.Truncated)
		case tt.want != nil && (j.Truncated == nil || *j.Truncated != *tt.want):
			t.Errorf("got %+v\nwant %+v", j.Truncated, tt.want)
		}
		if has := strings.Contains(buf.String(), `"truncated"`); has != (tt.want != nil) {
			t.Errorf("\"truncated\" in the JSON: %v, want %v", has, tt.want != nil)
		}
	}
}

// checkTruncation holds for any parsed input: a truncation names a known
// file and a line, says where and what in words, and no glossary entry
// is the headword it dropped.
func checkTruncation(t *testing.T, e *rules.Edition, known map[string]bool) {
	t.Helper()
	tr := e.Truncated
	if tr == nil {
		return
	}
	if !known[tr.Pos.File()] || tr.Pos.Line() < 1 {
		t.Fatalf("truncation at %+v", tr.Pos)
	}
	for _, s := range []string{tr.StopsAt(), tr.Missing()} {
		if s == "" || !utf8.ValidString(s) {
			t.Fatalf("truncation %+v said %q", tr, s)
		}
	}
	if n := len(e.Glossary); tr.Dropped != "" && n > 0 && e.Glossary[n-1].Pos.Line() >= tr.Pos.Line() {
		t.Fatalf("the dropped headword %q is still the glossary's last entry", tr.Dropped)
	}
}
