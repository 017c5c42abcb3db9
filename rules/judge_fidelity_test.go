package rules_test

import (
	"cmp"
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
	"github.com/arbiter-rules/arbiter/rules/internal/wordseq"
	"github.com/arbiter-rules/arbiter/rules/pdftext"
)

// TestJudgeTextFidelity checks that the newest MTR and IPG lose and add
// nothing on the way from the PDF to the served edition: the words of the
// edition (its title, introduction, every entry's number, title and body
// and every topic's title and body, in the order the source has them)
// against the words pdftotext reads from the PDF, less its page furniture
// and contents (lines with dot leaders; numbers standing alone, which are
// page numbers there and entry numbers split from their titles). Words are
// compared in lower case, without the punctuation around them, dashes
// counting as spaces; numbers alone are left out on both sides.
//
// The two read a table in different orders: pdftotext column by column
// (where it sees columns), the PDF reader row by row, as a judge cites a
// table ("5-8: 3 Single-Elimination Rounds"). So the words are compared
// twice: as pdftotext orders them, and with each table the edition has (a
// run of rows, or of items with cells) taken as read by rows where the
// PDF's words at that place are the table's words, no more and no fewer,
// in another order. A word the edition has elsewhere than pdftotext puts
// it counts as moved, not lost. At least 99.5% of the words must be in
// the same order as pdftotext has them, 99.7% once the tables are read by
// rows, and 99.9% in both anywhere; every difference is listed, and every
// table read by rows. (What differs then in the 2025 MTR is pdftotext's:
// it reads 6.7's lists of sets and of banned cards, each set in two
// columns, as the right column of both after the left column of the first,
// and 3.7's two dated items as a table by columns; the edition's items
// keep no cells to tell it.)
//
// The edition is read as a user's PDF is: through rules/pdftext, then
// ParseJudge.
func TestJudgeTextFidelity(t *testing.T) {
	for _, f := range []struct{ doc, name string }{{"mtr", "2025-04-21.pdf"}, {"ipg", "2024-09-23.pdf"}} {
		t.Run(f.doc+"/"+f.name, func(t *testing.T) {
			if _, err := exec.LookPath("pdftotext"); err != nil {
				if os.Getenv("CI") == "true" {
					t.Fatal("pdftotext is not installed (.ci/run installs poppler-utils)")
				}
				t.Skip("pdftotext is not installed")
			}
			pdfBytes := corpustest.ReadFile(t, "corpus", f.doc, f.name)
			src, err := pdftext.Extract(context.Background(), f.doc+"/"+f.name, pdfBytes, pdftext.Limits{Timeout: 5 * time.Minute})
			if err != nil {
				t.Fatalf("pdftext: %v", err)
			}
			e := rules.ParseJudge(rules.Source{Name: f.doc + "/" + f.name, Data: src})
			if e.Failed() {
				t.Fatal(e.Diagnostics)
			}
			out, err := exec.Command("pdftotext", "-enc", "UTF-8", corpustest.Path(t, "corpus", f.doc, f.name), "-").Output()
			if err != nil {
				t.Fatalf("pdftotext: %v", err)
			}
			pdf := fidelityWords(pdfText(string(out)))
			served, tables := servedWords(e)
			pct := func(n, of int) float64 { return 100 * float64(n) / float64(of) }
			c := wordseq.Compare(pdf, served)
			common, moved, diffs := c.Same, c.Moved, c.Diffs
			t.Logf("%s: %d words in the PDF, %d served; in pdftotext's order %d (%.2f%% of the PDF's, %.2f%% of the edition's), and %d more elsewhere (%.2f%%, %.2f%%); %d differences",
				f.name, len(pdf), len(served), common, pct(common, len(pdf)), pct(common, len(served)),
				moved, pct(common+moved, len(pdf)), pct(common+moved, len(served)), len(diffs))
			byRows, realigned := wordseq.Realign(pdf, served, tables)
			rows := wordseq.Compare(byRows, served)
			rowCommon, rowDiffs := rows.Same, rows.Diffs
			t.Logf("with %d tables read by rows: in the same order %d (%.2f%%, %.2f%%); %d differences:",
				len(realigned), rowCommon, pct(rowCommon, len(pdf)), pct(rowCommon, len(served)), len(rowDiffs))
			for _, r := range realigned {
				t.Logf("a table read by rows (%d words), pdftotext's otherwise: «%s …»", r[1]-r[0], strings.Join(served[r[0]:min(r[1], r[0]+6)], " "))
			}
			for _, d := range rowDiffs {
				t.Log(d)
			}
			t.Logf("the differences in pdftotext's order:")
			for _, d := range diffs {
				t.Log(d)
			}
			if (common+moved)*1000 < len(pdf)*999 || (common+moved)*1000 < len(served)*999 {
				t.Errorf("under 99.9%% of the words are in both")
			}
			if common*1000 < len(pdf)*995 || common*1000 < len(served)*995 {
				t.Errorf("under 99.5%% of the words are in pdftotext's order")
			}
			if rowCommon*1000 < len(pdf)*997 || rowCommon*1000 < len(served)*997 {
				t.Errorf("under 99.7%% of the words are in the same order with the tables read by rows")
			}
		})
	}
}

// pdfText is pdftotext's text less the contents (from the first line with
// dot leaders to the last, and the "CONTENTS" heading) and the lines that
// are a number alone.
func pdfText(s string) string {
	lines := strings.Split(s, "\n")
	first, last := -1, -1
	for i, l := range lines {
		if strings.Contains(l, ".....") {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	var b strings.Builder
	for i, l := range lines {
		l = strings.TrimSpace(strings.ReplaceAll(l, "\f", ""))
		if i >= first && i <= last || l == "CONTENTS" || strings.Trim(l, "0123456789.") == "" {
			continue
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// servedWords is the edition's words in its source's order: its title,
// then the introduction, the entries and the topics by the line they start
// on; and the ranges of them that are tables (a run of rows, or of items
// with cells).
func servedWords(e *rules.Edition) (words []string, tables [][2]int) {
	type unit struct {
		line   int
		blocks []rules.Block
		head   string
	}
	var units []unit
	for _, bl := range e.Intro {
		units = append(units, unit{bl.Pos.Line(), []rules.Block{bl}, ""})
	}
	e.Walk(func(r *rules.Rule) bool {
		units = append(units, unit{r.Pos.Line(), r.Body, r.Number.String() + " " + r.Title()})
		return true
	})
	for _, tp := range e.Topics {
		units = append(units, unit{tp.Pos.Line(), tp.Body, tp.Title})
	}
	slices.SortStableFunc(units, func(a, b unit) int { return cmp.Compare(a.line, b.line) })
	words = fidelityWords(e.Title)
	if !e.Effective.IsZero() {
		words = append(words, fidelityWords("Effective "+e.Effective.Format("January 2, 2006"))...)
	}
	for _, u := range units {
		words = append(words, fidelityWords(u.head)...)
		table := -1 // where the table being read starts
		for _, bl := range u.blocks {
			cells := bl.Kind == rules.BlockRow || bl.Kind == rules.BlockItem && strings.Contains(bl.Text.S, "\t")
			if !cells && table >= 0 {
				tables = append(tables, [2]int{table, len(words)})
				table = -1
			}
			if cells && table < 0 {
				table = len(words)
			}
			words = append(words, fidelityWords(bl.Text.S)...)
		}
		if table >= 0 {
			tables = append(tables, [2]int{table, len(words)})
		}
	}
	return words, tables
}

// fidelityWords splits s into words as the test compares them.
func fidelityWords(s string) []string {
	// Hyphens are dropped: pdftotext joins a word hyphenated at a line's
	// end without its hyphen, compound or not ("invitation-only" becomes
	// "invitationonly"), where the PDF reader keeps a compound's.
	s = strings.NewReplacer("’", "'", "‘", "'", "“", "\"", "”", "\"", "—", " ", "–", " ", "\u00a0", " ", "-", "").Replace(s)
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		if w == "" || strings.Trim(w, "0123456789.") == "" {
			continue
		}
		out = append(out, w)
	}
	return out
}
