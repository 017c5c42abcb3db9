package rules_test

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// judgeEffective is the effective date of each file of the judge corpus
// whose name (its publication date) says another: the date its first
// lines state ("Effective June 1, 2000"), found with grep over
// pdftotext's and antiword's text of each file. 2011-10-10 is the
// edition of October 1, 2010, filed under a later date. Every other
// file's effective date is its name's. The 1994 post states none: its
// date is the post's (Date: 26 Jan 94).
var judgeEffective = map[string]string{
	"mtr/2000-06-15.pdf": "2000-06-01",
	"mtr/2002-02-19.pdf": "2001-11-01",
	"mtr/2003-12-01.doc": "2003-09-01", // "Effective September 1, 2003, updated December 1, 2003"
	"mtr/2006-12-01.pdf": "2006-12-20",
	"mtr/2009-06-20.txt": "2009-07-01",
	"mtr/2011-10-10.pdf": "2010-10-01",
	"mtr/2013-04-22.pdf": "2013-05-03",
	"mtr/2013-09-17.pdf": "2013-09-27",
	"mtr/2014-05-19.pdf": "2014-05-02",
	"mtr/2015-03-23.pdf": "2015-03-27",
	"mtr/2016-04-05.pdf": "2016-04-08",
	"mtr/2020-09-25.pdf": "2020-09-28",
	"ipg/2008-03-01.doc": "2008-03-20", // "Release — March 1, 2008 / Effective — March 20, 2008"
}

// judgeArchive is the judge documents' archive embedded in the binary, by
// the corpus file each entry was made from ("mtr/2025-04-21.pdf"): a PDF
// as rules/pdftext's text of it, a Word file as antiword's, the rest as
// they are. TestDocsArchiveReproducible (package content) checks it is
// what they make of ../shared/corpus today.
var judgeArchive = sync.OnceValues(func() (map[string][]byte, error) {
	r, err := content.OpenDocs()
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for {
		f, b, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out[f.Source] = b
	}
})

// judgeSource reads a file of the judge corpus as the server gets it:
// from the embedded archive.
func judgeSource(t *testing.T, doc, name string) []byte {
	t.Helper()
	files, err := judgeArchive()
	if err != nil {
		t.Fatal(err)
	}
	b, ok := files[doc+"/"+name]
	if !ok {
		t.Fatalf("%s/%s is not in the judge documents' archive (content/docs)", doc, name)
	}
	return b
}

// antiwordText is antiword's text of a Word file of the corpus, as a
// user's tools would make it: hard-wrapped, tables drawn with "|".
func antiwordText(t *testing.T, doc, name string) []byte {
	t.Helper()
	if _, err := exec.LookPath("antiword"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("antiword is not installed (.ci/run installs it)")
		}
		t.Skip("antiword is not installed")
	}
	b, err := exec.Command("antiword", corpustest.Path(t, "corpus", doc, name)).Output()
	if err != nil {
		t.Fatalf("antiword %s: %v", name, err)
	}
	return b
}

var (
	dotLeaders = regexp.MustCompile(`\.{5,}|(\. ){4,}`)
	bareNumber = regexp.MustCompile(`^\d{1,3}$`)
)

// TestJudgeCorpus parses every edition of the MTR, the IPG and JAR and
// checks what each must be: the document its folder holds, the effective
// date its text states, a title, numbered entries in ascending order (or
// topics, for the two prose editions), no contents or page furniture in
// the text, every IPG infraction with its penalty and its definition, and
// the modern MTR's sections 1–10 and appendices A–E (F). It prints a
// table of every file; "penalties" is an IPG's infractions with a penalty
// of all its infractions.
func TestJudgeCorpus(t *testing.T) {
	var rows []string
	for _, doc := range []string{"mtr", "ipg", "jar"} {
		dir := corpustest.Path(t, "corpus", doc)
		names, err := filepath.Glob(filepath.Join(dir, "*"))
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Fatalf("no files in %s", dir)
		}
		for _, p := range names {
			name := filepath.Base(p)
			file := doc + "/" + name
			t.Run(file, func(t *testing.T) {
				b := judgeSource(t, doc, name)
				e := rules.ParseJudge(rules.Source{Name: file, Data: b})
				rows = append(rows, judgeRow(file, e))
				checkJudgeEdition(t, file, doc, e, b)
			})
			if filepath.Ext(name) == ".doc" {
				// The Word file as antiword writes it, hard-wrapped: a
				// user's copy may come so.
				t.Run(file+" (antiword's text)", func(t *testing.T) {
					b := antiwordText(t, doc, name)
					e := rules.ParseJudge(rules.Source{Name: file, Data: b})
					rows = append(rows, judgeRow(file+"*", e))
					checkJudgeEdition(t, file, doc, e, b)
				})
			}
		}
	}
	// refs: references to the edition's own entries, resolved of all;
	// other: to other documents (resolved across documents, on a Shelf).
	t.Logf("\n%-22s %-4s %-10s %-5s %8s %7s %6s %7s %9s %5s %11s %6s\n%s", "file", "doc", "effective", "kind", "sections", "entries", "topics", "words", "penalties", "diags", "own refs", "other", strings.Join(rows, "\n"))
}

func judgeRow(file string, e *rules.Edition) string {
	entries := 0
	e.Walk(func(*rules.Rule) bool { entries++; return true })
	diags := 0
	for _, d := range e.Diagnostics {
		if d.Severity != rules.SevInfo {
			diags++
		}
	}
	own, resolved, other := 0, 0, 0
	for _, r := range e.Refs {
		switch c := r.Cited(); {
		case c.Doc != 0 && c.Doc != e.Document():
			other++
		case r.Resolved:
			own++
			resolved++
		default:
			own++
		}
	}
	penalties := ""
	if e.Document() == rules.DocIPG {
		infractions, noPenalty, _ := infractionPenalties(e)
		penalties = fmt.Sprintf("%d/%d", infractions-len(noPenalty), infractions)
	}
	return fmt.Sprintf("%-22s %-4s %-10s %-5s %8d %7d %6d %7d %9s %5d %5d/%-5d %6d", file, e.Document().Short(), e.EffectiveDate(), e.Kind,
		len(e.Sections), entries, len(e.Topics), judgeWords(e), penalties, diags, resolved, own, other)
}

// judgeWords counts the words an edition serves: its title, introduction,
// entries (titles and bodies) and topics.
func judgeWords(e *rules.Edition) int {
	n := len(strings.Fields(e.Title))
	blocks := func(bs []rules.Block) {
		for _, b := range bs {
			n += len(strings.Fields(b.Text.S))
		}
	}
	blocks(e.Intro)
	e.Walk(func(r *rules.Rule) bool {
		n += len(strings.Fields(r.Title()))
		blocks(r.Body)
		return true
	})
	for _, tp := range e.Topics {
		n += len(strings.Fields(tp.Title))
		blocks(tp.Body)
	}
	return n
}

func checkJudgeEdition(t *testing.T, file, doc string, e *rules.Edition, src []byte) {
	t.Helper()
	if e.Failed() {
		t.Fatalf("failed: %v", e.Diagnostics)
	}
	if got := e.Document().Slug(); got != doc {
		t.Errorf("document %q, want %q", got, doc)
	}
	if d, ok := rules.DocBySlug(doc); !ok || rules.JudgeDocOf(rules.Source{Name: file, Data: src}) != d {
		t.Errorf("JudgeDocOf does not route it to %s", doc)
	}
	want, ok := judgeEffective[file]
	if !ok {
		want = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), "a")
	}
	if got := e.EffectiveDate(); got != want {
		t.Errorf("effective %q, want %q", got, want)
	}
	if strings.TrimSpace(e.Title) == "" {
		t.Error("no title")
	}
	prose := file == "mtr/1994-01-26.txt" || doc == "jar"
	entries := 0
	var last rules.Number
	e.Walk(func(r *rules.Rule) bool {
		entries++
		if !last.IsZero() && r.Number.Compare(last) <= 0 {
			t.Errorf("entry %s after %s: numbers do not ascend", r.Number, last)
		}
		last = r.Number
		checkJudgeText(t, r.Number.String()+" title", r.Title())
		for _, b := range r.Body {
			checkJudgeText(t, r.Number.String(), b.Text.S)
		}
		return true
	})
	for _, tp := range e.Topics {
		for _, b := range tp.Body {
			checkJudgeText(t, tp.Slug, b.Text.S)
		}
	}
	for _, b := range e.Intro {
		checkJudgeText(t, "introduction", b.Text.S)
	}
	switch {
	case prose:
		if e.Kind != rules.KindProse || len(e.Topics) < 2 {
			t.Errorf("a prose edition of topics expected; got kind %s, %d topics", e.Kind, len(e.Topics))
		}
	case len(e.Sections) == 0 || entries < 20:
		t.Errorf("%d sections and %d entries: too few", len(e.Sections), entries)
	}
	if doc == "ipg" {
		checkInfractions(t, e)
	}
	if doc == "mtr" && e.Effective.After(time.Date(2009, 6, 30, 0, 0, 0, 0, time.UTC)) {
		checkModernMTR(t, e)
	}
}

// checkJudgeText fails on text that is a contents line or page furniture.
func checkJudgeText(t *testing.T, where, s string) {
	t.Helper()
	if dotLeaders.MatchString(s) {
		t.Errorf("%s: dot leaders in %q", where, s)
	}
	if bareNumber.MatchString(strings.TrimSpace(s)) {
		t.Errorf("%s: a bare page number %q", where, s)
	}
}

// infractionPenalties walks an edition's infractions (entries titled
// "Category — Name"): how many there are, and the numbers of those without
// a penalty or a definition.
func infractionPenalties(e *rules.Edition) (infractions int, noPenalty, noDefinition []string) {
	e.Walk(func(r *rules.Rule) bool {
		if !strings.Contains(r.Title(), "—") && !strings.Contains(r.Title(), " – ") && !strings.Contains(r.Title(), " - ") {
			return true
		}
		infractions++
		penalty, definition := false, false
		for _, b := range r.Body {
			switch {
			case b.Kind == rules.BlockPenalty:
				penalty = true
			case b.Kind == rules.BlockHeading && b.Text.S == "Definition":
				definition = true
			}
		}
		if !penalty {
			noPenalty = append(noPenalty, r.Number.String())
		}
		if !definition {
			noDefinition = append(noDefinition, r.Number.String())
		}
		return true
	})
	return infractions, noPenalty, noDefinition
}

// checkInfractions checks that every infraction of an IPG has its
// definition and its penalty: a judge must see every infraction's penalty.
func checkInfractions(t *testing.T, e *rules.Edition) {
	t.Helper()
	infractions, noPenalty, noDefinition := infractionPenalties(e)
	if infractions < 15 {
		t.Errorf("%d infractions: too few", infractions)
	}
	for _, n := range noPenalty {
		t.Errorf("infraction %s has no penalty", n)
	}
	for _, n := range noDefinition {
		t.Errorf("infraction %s has no Definition", n)
	}
}

func checkModernMTR(t *testing.T, e *rules.Edition) {
	t.Helper()
	var nums []string
	for _, s := range e.Sections {
		nums = append(nums, fmt.Sprint(s.Number))
	}
	if got := strings.Join(nums, " "); got != "1 2 3 4 5 6 7 8 9 10" {
		t.Errorf("sections %s, want 1–10", got)
	}
	for _, s := range e.Sections {
		if len(s.Chapters) != 1 || s.Chapters[0].Title() == "" || len(s.Chapters[0].Children) < 3 {
			t.Errorf("section %d: want one titled chapter of at least 3 entries", s.Number)
		}
	}
	var apps []string
	for _, tp := range e.Topics {
		if a, ok := strings.CutPrefix(tp.Slug, "appendix-"); ok {
			apps = append(apps, a)
		}
	}
	got := strings.Join(apps, "")
	if got != "abcde" && got != "abcdef" {
		t.Errorf("appendices %q, want a–e or a–f", got)
	}
	for _, tp := range e.Topics {
		if strings.HasPrefix(tp.Slug, "appendix-") && (len(tp.Body) == 0 && !strings.Contains(tp.Title, "Reserved") || !unicode.IsUpper([]rune(tp.Title)[0])) {
			t.Errorf("appendix %s %q: empty or untitled", tp.Slug, tp.Title)
		}
	}
}
