package pdftext

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
	"github.com/arbiter-rules/arbiter/rules/internal/wordseq"
)

// The fidelity test compares the words of our text with those of an
// independent extractor, poppler's pdftotext, for the newest MTR and IPG
// and a sample of old editions from each producer (QuarkXPress and
// PDFWriter, Distiller 5 to 8, Word 2013, PScript and Distiller 11, the
// PDF Library of later Words).
var fidelityFiles = []string{
	"mtr/2025-04-21.pdf",
	"ipg/2024-09-23.pdf",
	"mtr/2000-06-15.pdf",
	"mtr/2002-02-19.pdf",
	"mtr/2005-08-20.pdf",
	"mtr/2009-04-01.pdf",
	"mtr/2011-01-01.pdf",
	"mtr/2015-03-23.pdf",
	"mtr/2015-06-16.pdf",
	"ipg/2001-11-01.pdf",
	"ipg/2007-09-20.pdf",
	"ipg/2010-07-01.pdf",
	"ipg/2017-09-29a.pdf",
}

// fidelityTarget is the share of words both extractors agree on.
const fidelityTarget = 0.995

// pdftotext returns the path of poppler's pdftotext, or skips the test
// where it is missing (CI installs it: there it must be present).
func pdftotext(t *testing.T) string {
	path, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext (poppler-utils) is missing; .ci/run installs it")
		}
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	return path
}

func TestFidelity(t *testing.T) {
	tool := pdftotext(t)
	for _, name := range fidelityFiles {
		t.Run(name, func(t *testing.T) {
			pdf := corpusFile(t, name)
			ours, err := shared().Extract(context.Background(), name, pdf, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			theirs := runPdftotext(t, tool, name)
			a, runs := ourWords(ours)
			b, realigned := wordseq.Realign(theirWords(theirs), a, runs)
			c := wordseq.Compare(a, b)
			same, diffs := c.Same, c.Diffs
			ratio := float64(same) / float64(max(len(a), len(b)))
			t.Logf("%s: %d of %d words match pdftotext's %d: %.3f%%, %d differences; %d tables or lists read in another order than the file's (the same words there)",
				name, same, len(a), len(b), 100*ratio, len(diffs), len(realigned))
			for _, r := range realigned {
				t.Logf("  read in another order: %q …", strings.Join(a[r[0]:min(r[1], r[0]+6)], " "))
			}
			for _, d := range diffs {
				t.Logf("  %v (- ours, + pdftotext's)", d)
			}
			if ratio < fidelityTarget {
				t.Errorf("%.3f%% of the words match; want at least %.1f%%", 100*ratio, 100*fidelityTarget)
			}
		})
	}
}

// runPdftotext extracts a corpus file in content-stream order (-raw),
// which is the order PDFium reads in too.
func runPdftotext(t *testing.T, tool, name string) []byte {
	path := corpustest.Path(t, "corpus", name)
	out, err := exec.Command(tool, "-raw", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", name, err)
	}
	return out
}

// ourWords reads format 1 back to its words: header lines, page markers
// and the markup of headings, items and escapes left out. runs are the
// word ranges of its tables and lists, which the layout may read in
// another order than the file writes them (a table by rows, lists set in
// columns down each column): runs of three lines or more on one page, no
// heading among them, each a table's row, an item of twelve words at most
// or a line of eight (a list's heading, "Constructed Formats:").
func ourWords(text []byte) (words []string, runs [][2]int) {
	start, lines := 0, 0
	end := func() {
		if lines >= 3 {
			runs = append(runs, [2]int{start, len(words)})
		}
		start, lines = len(words), 0
	}
	for _, line := range strings.Split(string(text), "\n") {
		inRun := false
		switch {
		case strings.HasPrefix(line, "%"):
			end()
			continue
		case strings.HasPrefix(line, "# "):
			line = strings.TrimPrefix(line, "# ")
		case strings.HasPrefix(line, "• "):
			line = strings.TrimPrefix(line, "• ")
			inRun = len(strings.Fields(line)) <= 12
		case strings.HasPrefix(line, `\`):
			line = line[1:]
			fallthrough
		default:
			inRun = strings.Contains(line, "\t") || len(strings.Fields(line)) <= 8
		}
		if !inRun {
			end()
		}
		words = append(words, splitWords(line)...)
		if inRun {
			lines++
		} else {
			start = len(words)
		}
	}
	end()
	return words, runs
}

// theirWords reads pdftotext's text with the furniture and the contents
// left out as the brief asks, by rules of its own: on each page (pages end
// in a form feed) a page number among the first or last two lines; lines
// with dot leaders, and a line ending in a number between two of them (an
// entry whose leader was lost); a "Contents" title and, where no leaders
// follow it, the lines after it up to the first that repeats one of them
// (the body's first heading). A word pdftotext breaks at a line's end
// ("invitation-" "only") is put together again.
func theirWords(text []byte) []string {
	var lines []string
	for _, page := range bytes.Split(text, []byte("\f")) {
		pl := strings.Split(strings.TrimSpace(string(page)), "\n")
		for i, line := range pl {
			line = strings.TrimSpace(line)
			if (i < 2 || i >= len(pl)-2) && pageNumber.MatchString(line) {
				continue
			}
			lines = append(lines, line)
		}
	}
	drop := make([]bool, len(lines))
	for i, line := range lines {
		drop[i] = hasDotLeader(line)
	}
	for i := 1; i+1 < len(lines); i++ {
		drop[i] = drop[i] || drop[i-1] && drop[i+1] && endsInNumber.MatchString(lines[i])
	}
	for i, line := range lines {
		if !contentsTitle.MatchString(line) || drop[i] {
			continue
		}
		drop[i] = true
		if i+1 < len(lines) && drop[i+1] {
			continue
		}
		seen := map[string]bool{}
		for j := i + 1; j < len(lines) && !seen[entryKey(lines[j])]; j++ {
			seen[entryKey(lines[j])] = true
			drop[j] = true
		}
	}
	var joined strings.Builder
	for i, line := range lines {
		if drop[i] {
			continue
		}
		if before, ok := strings.CutSuffix(line, "-"); ok && before != "" {
			joined.WriteString(before) // the next line goes on the word
			continue
		}
		if strings.HasSuffix(line, "–") || strings.HasSuffix(line, "—") {
			if r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(line, "–—")); r != utf8.RuneError && !unicode.IsSpace(r) {
				joined.WriteString(line) // "left–right–" over "left": one word, as the layout joins it
				continue
			}
		}
		joined.WriteString(line)
		joined.WriteByte('\n')
	}
	return splitWords(joined.String())
}

// splitWords splits text into the words both sides are compared by:
// bullets dropped, hyphens ignored (whether a line-end hyphen stays is our
// decision, which pdftotext does not make).
func splitWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFFFE' }) {
		w = strings.Map(func(r rune) rune {
			if r == '-' || r == '\u00ad' || r == '\u2010' || r == '\u2011' {
				return -1
			}
			return r
		}, w)
		if w == "" || isBulletWord(w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

func isBulletWord(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	return n == len(w) && (strongBullet(r) || weakBullet(r) && r != 'o' && r != 'n' && r != 'l' && r != 'q' && r != 'v')
}
