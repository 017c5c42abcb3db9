package rules

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unique"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

func parseCR(tb testing.TB, name string) *Edition {
	tb.Helper()
	b := corpustest.ReadFile(tb, "corpus", "cr", name)
	e := ParseText(Source{Name: name, Data: b})
	if e.Failed() {
		tb.Fatalf("%s failed to parse: %v", name, e.Diagnostics)
	}
	return e
}

// paragraphs calls fn for every paragraph Link scans for references.
func paragraphs(e *Edition, fn func(t *Text)) {
	e.Walk(func(r *Rule) bool {
		for i := range r.Body {
			fn(&r.Body[i].Text)
		}
		return true
	})
	for _, g := range e.Glossary {
		for i := range g.Body {
			fn(&g.Body[i].Text)
		}
	}
}

// TestCorpus2026RuleRefsResolve checks, independently of the scanner, that
// every "rule N" / "rules N" in the 2026 rules and glossary that names an
// existing number became a resolved Ref starting with that number.
func TestCorpus2026RuleRefsResolve(t *testing.T) {
	e := parseCR(t, "2026-01-16.txt")
	checked := 0
	paragraphs(e, func(t0 *Text) {
		s := t0.S
		low := strings.ToLower(s)
		for _, kw := range []string{"rule ", "rules "} {
			for i := 0; ; {
				j := strings.Index(low[i:], kw)
				if j < 0 {
					break
				}
				at := i + j + len(kw)
				i = at
				n, _ := ScanNumber(s[at:])
				if n.IsZero() || e.Rule(n) == nil || at-len(kw) > 0 && isLetter(s[at-len(kw)-1]) {
					continue
				}
				checked++
				ok := false
				for _, sp := range t0.Spans {
					if sp.Kind == SpanRef && int(sp.Start) <= at && at < int(sp.End) {
						ref := refAt(e, Citer{}, t0, sp.Start)
						r := flat(e, ref)
						ok = ref != nil && r.Resolved && r.Number == n && r.Rule == e.Rule(n)
					}
				}
				if !ok {
					t.Errorf("%q at %d in %q: no resolved reference", s[at-len(kw):min(len(s), at+8)], at, s)
				}
			}
		}
	})
	if checked < 1500 {
		t.Errorf("checked only %d references; the 2026 rules have about 1,800", checked)
	}
	for _, ref := range e.Refs {
		r := flat(e, ref)
		if (r.Kind == RefRule || r.Kind == RefRange) && !r.Resolved && e.Rule(r.Number) != nil && (r.Kind == RefRule || e.Rule(r.Last) != nil) {
			t.Errorf("%s (%q) names existing rules but is not resolved", r.Number, r.Text.S[r.Start:r.End])
		}
	}
}

// knownDangling lists every reference in the corpus to something its
// edition lacks, with why. Each was checked against the file by hand: they
// are mistakes in the official documents.
var knownDangling = map[string][]struct{ from, text, why string }{
	"1999-04-23.txt": {{"308.2", "rule 409.9", "rule 409 stops at 409.3 in this edition (1999-11-01 says 409.1f)"}},
	"2003-05-26.txt": {{"214.8c", "241.8g", "typo for 214.8g"}},
	"2005-08-01.txt": {{"421.4", "rule 102.6", "rule 102 stops at 102.5 in this edition"}},
	"2005-10-01.txt": {{"421.4", "rule 102.6", "rule 102 stops at 102.5 in this edition"}},
	"2006-02-01.txt": {{"405.1", "rule 402.9", "402.8 is the last rule of 402 in this edition"}},
	"2007-05-01.txt": {{"418.5k", "rule 419.1f", "419.1 ends at 419.1e in this edition"}},
	"2009-07-11.txt": {
		{"401.6", "rule 602.1i", "602.1 has only 602.1a–b in this edition"},
		{"605.3b", "rule 405.3c", "405.3 has no subrules in this edition"},
	},
	"2009-09-04.txt": {{"605.3b", "rule 405.3c", "405.3 has no subrules in this edition"}},
	"2009-10-01.txt": {
		{"112.3a", "rules 112.5a-j", "112.5 has no subrules in this edition (the criteria are 112.3a–j's siblings elsewhere)"},
		{"605.3b", "rule 405.3c", "405.3 has no subrules in this edition"},
	},
	"2016-11-11.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2017-01-19.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2017-04-28.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2017-06-05.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2017-07-07.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2017-08-25.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2017-09-25.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2018-01-19.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2018-04-27.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	"2018-06-08.txt": {{"702.123d", "rule 903.11a", "Commander ends at 903.10a in this edition"}},
	// The Map token entry says 110.10 where every other predefined token
	// entry says 111.10, "Tokens"; rule 110 (Permanents) stops at 110.5.
	// 2026-04-17 corrects it.
	"2023-11-17.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2024-02-06.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2024-03-08.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2024-04-12.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2024-06-07.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2024-08-02.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2024-11-08.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2025-02-07.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2025-04-04.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2025-06-06.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2025-07-25.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2025-09-19.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2025-11-14.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2026-01-16.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
	"2026-02-27.txt": {{"Map", "rule 110.10", "typo for 111.10"}},
}

// TestCorpusLinks links every official file and compares its dangling
// references with knownDangling: nothing unexplained, nothing missing. It
// also checks that no dangling reference names a number the file has, and
// the span invariants of every paragraph (checkSpans).
func TestCorpusLinks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpustest.Path(t, "corpus", "cr"), "*.txt"))
	if err != nil || len(files) < 128 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		e := parseCR(t, name)
		var got, want []string
		for _, ref := range e.Dangling {
			r := flat(e, ref)
			from := citers([]*Ref{ref})
			from = strings.TrimPrefix(from, "g:")
			got = append(got, from+": "+r.Text.S[r.Start:r.End])
			if r.Kind == RefRule && e.Rule(r.Number) != nil {
				t.Errorf("%s: %q dangles but %s exists", name, r.Text.S[r.Start:r.End], r.Number)
			}
		}
		for _, d := range knownDangling[name] {
			want = append(want, d.from+": "+d.text)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: dangling\n got %q\nwant %q", name, got, want)
		}
		// The 1999 editions cite about one rule in three (147 references
		// for 410 entries in 1999-04-23); later ones more.
		var entries int
		e.Walk(func(*Rule) bool { entries++; return true })
		if len(e.Refs)*3 < entries {
			t.Errorf("%s: only %d references for %d entries", name, len(e.Refs), entries)
		}
		paragraphs(e, func(t0 *Text) {
			if err := checkSpans(e, t0); err != nil {
				t.Errorf("%s: %v in %q", name, err, t0.S)
			}
		})
		// Each Ref knows its paragraph's line, for diagnostics.
		line := map[*Text]int{}
		e.Walk(func(r *Rule) bool {
			for i := range r.Body {
				line[&r.Body[i].Text] = r.Body[i].Pos.Line()
			}
			return true
		})
		for _, g := range e.Glossary {
			for i := range g.Body {
				line[&g.Body[i].Text] = g.Body[i].Pos.Line()
			}
		}
		for _, r := range e.Refs {
			if want := line[r.Text]; r.Line <= 0 || int(r.Line) != want {
				t.Errorf("%s: %q has line %d, its paragraph %d", name, r.Text.S[r.Start:r.End], r.Line, want)
			}
		}
	}
}

// TestCorpus2026CitedBy checks 704.5k's backlinks against a grep of the
// file: 205.4f and 801.12 cite it ("see rule 704.5k"), and so does the
// glossary's World Rule. The mention in the introduction is not rule text.
func TestCorpus2026CitedBy(t *testing.T) {
	e := parseCR(t, "2026-01-16.txt")
	k := e.Rule(Number{Chapter: 704, Rule: 5, Sub: 'k'})
	if got, want := citers(e.CitedBy(Citer{Rule: k})), "205.4f,801.12,g:World Rule"; got != want {
		t.Errorf("704.5k cited by %s, want %s", got, want)
	}
	// Rule 903 (Commander) is cited across the document; check a few from grep.
	c := citers(e.CitedBy(Citer{Rule: e.Rule(Number{Chapter: 903})}))
	for _, want := range []string{"g:Commander", "g:EDH", "119.1c", "904.13a"} {
		if !slices.Contains(strings.Split(c, ","), want) {
			t.Errorf("903 cited by %s, lacks %s", c, want)
		}
	}
	// Glossary cross-references: "Plainscycling: See Typecycling." and more.
	tc := e.Term("Typecycling")
	if n := len(e.CitedBy(Citer{Entry: tc})); n < 5 {
		t.Errorf("Typecycling cited by %d glossary entries, want the 5 basic land types and more", n)
	}
	for _, r := range e.CitedBy(Citer{Entry: tc}) {
		if r.Cited().Kind != RefGlossary || r.From().Entry == nil {
			t.Errorf("Typecycling cited by %+v", r)
		}
	}
}

func TestCorpus2026Idempotent(t *testing.T) {
	e := parseCR(t, "2026-01-16.txt")
	first := snapshot(e)
	Link(e)
	if second := snapshot(e); second != first {
		a, b := strings.Split(first, "\n"), strings.Split(second, "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("second Link differs at line %d:\n%s\n%s", i, a[i], b[i])
			}
		}
		t.Fatalf("second Link differs in length: %d vs %d lines", len(a), len(b))
	}
}

// checkSpans checks a paragraph's spans: ordered by Start, inside the
// text, on UTF-8 boundaries, never crossing, nothing inside anything but an
// italic (so a Ref span holds nothing else), each reference and term
// naming something and each reference having its Ref in e.
func checkSpans(e *Edition, t *Text) error {
	for i, sp := range t.Spans {
		if sp.Start < 0 || sp.End > int32(len(t.S)) || sp.Start >= sp.End {
			return fmt.Errorf("span %d [%d,%d) out of range", i, sp.Start, sp.End)
		}
		if !runeBoundary(t.S, int(sp.Start)) || !runeBoundary(t.S, int(sp.End)) {
			return fmt.Errorf("span %d [%d,%d) splits a character", i, sp.Start, sp.End)
		}
		if (sp.Kind == SpanRef) != (sp.Cite != unique.Handle[Cite]{}) || sp.Kind == SpanTerm && e.Term(sp.Target) == nil {
			return fmt.Errorf("span %d of kind %d names the wrong thing", i, sp.Kind)
		}
		if r := refAt(e, Citer{}, t, sp.Start); sp.Kind == SpanRef && (r == nil || r.End != sp.End || r.Cite != sp.Cite) {
			return fmt.Errorf("span %d and its Ref disagree", i)
		}
		if sp.Kind == SpanMana && !IsSymbol(t.S[sp.Start:sp.End]) {
			return fmt.Errorf("mana span %q is not a symbol", t.S[sp.Start:sp.End])
		}
		if i == 0 {
			continue
		}
		p := t.Spans[i-1]
		if p.Start > sp.Start || p.Start == sp.Start && p.End < sp.End {
			return fmt.Errorf("spans %d and %d out of order", i-1, i)
		}
		for _, q := range t.Spans[:i] {
			if q.End <= sp.Start {
				continue
			}
			if sp.End > q.End {
				return fmt.Errorf("spans [%d,%d) and [%d,%d) cross", q.Start, q.End, sp.Start, sp.End)
			}
			if q.Kind != SpanItalic {
				return fmt.Errorf("span [%d,%d) of kind %d is inside a span of kind %d", sp.Start, sp.End, sp.Kind, q.Kind)
			}
		}
	}
	return nil
}

// runeBoundary reports whether s[i] does not fall inside a (valid)
// multi-byte character.
func runeBoundary(s string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if r, n := utf8.DecodeRuneInString(s[j:]); r != utf8.RuneError && j+n > i {
			return false
		}
	}
	return true
}

// TestLinkSerialMatchesParallel checks that Link finds the same on one
// processor as on two, where the text is scanned in pieces on both at
// once: each rule must be scanned whole by one goroutine, or a term would be
// marked twice in a rule split between them.
func TestLinkSerialMatchesParallel(t *testing.T) {
	digest := func(procs int) string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		return linkDigest(parseCR(t, "2026-01-16.txt"))
	}
	if serial, parallel := digest(1), digest(2); serial != parallel {
		t.Errorf("Link on one processor gives %s, on two %s", serial, parallel)
	}
	// One rule longer than a piece: still one mention.
	para := strings.Repeat("A creature with trample deals damage. ", 30)
	bodies := make([]string, 2*parallelBytes/len(para))
	for i := range bodies {
		bodies[i] = para
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	e := miniEdition(bodies...)
	Link(e)
	n := 0
	for _, b := range e.Rule(Number{Chapter: 100, Rule: 1}).Body {
		for _, sp := range b.Text.Spans {
			if sp.Kind == SpanTerm {
				n++
			}
		}
	}
	if n != 1 {
		t.Errorf("a long rule scanned on two processors has %d term mentions, want 1", n)
	}
}

// BenchmarkLink2026 measures Link alone on the parsed 2026 rules (the whole
// job is BenchmarkParseLink2026). Each iteration starts from the edition as
// the parser left it: the spans the parser made (italics) are saved once and
// put back, off the clock.
func BenchmarkLink2026(b *testing.B) {
	e := parseCR(b, "2026-04-17.txt")
	type saved struct {
		t     *Text
		spans []Span
	}
	var texts []saved
	keep := func(t *Text) {
		var own []Span
		for _, sp := range t.Spans {
			if sp.Kind == SpanItalic || sp.Kind == SpanLink {
				own = append(own, sp)
			}
		}
		texts = append(texts, saved{t, own})
	}
	paragraphs(e, keep)
	for _, bs := range [][]Block{e.Intro, e.Credits} {
		for i := range bs {
			keep(&bs[i].Text)
		}
	}
	diags := e.Diagnostics
	n := 0
	for _, t := range texts {
		n += len(t.t.S)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		for _, t := range texts {
			t.t.Spans = t.spans
		}
		e.Diagnostics = diags[:len(diags):len(diags)]
		b.StartTimer()
		Link(e)
	}
	b.StopTimer()
	if len(e.Refs) < 1900 {
		b.Fatalf("only %d refs", len(e.Refs))
	}
}
