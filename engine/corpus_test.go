package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// corpusFile is one CR text file read just well enough for the engine's
// tests: numbered rules (continuation lines joined), glossary entries, and
// examples. The real parsers live in package rules; these tests must not
// depend on them being finished.
type corpusFile struct {
	name     string    // "2026-01-16"
	stated   time.Time // "These rules are effective as of …"
	texts    []registry.RuleText
	examples []string
}

var (
	ruleLine   = regexp.MustCompile(`^(\d{3}\.\d+[a-z]?)\.?\s+(.*)$`)
	headLine   = regexp.MustCompile(`^(\d{1,3}\.|\d\.)\s`)
	chapLine   = regexp.MustCompile(`^(\d{3})\.\s+(\S.*)$`)
	statedLine = regexp.MustCompile(`(?:effective|current) as of ([A-Z][a-z]+ \d{1,2}, \d{4})`)
)

var corpusCache struct {
	sync.Mutex
	files []corpusFile
}

// readCorpus reads every corpus file once per test binary.
func readCorpus(t testing.TB) []corpusFile {
	t.Helper()
	corpusCache.Lock()
	defer corpusCache.Unlock()
	if corpusCache.files != nil {
		return corpusCache.files
	}
	dir := corpustest.Path(t, "corpus", "cr")
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus files in %s: %v", dir, err)
	}
	sort.Strings(names)
	var out []corpusFile
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := rules.Decode(b)
		out = append(out, parseCorpusText(t, strings.TrimSuffix(filepath.Base(n), ".txt"), text))
	}
	corpusCache.files = out
	return out
}

func parseCorpusText(t testing.TB, name, text string) corpusFile {
	f := corpusFile{name: name}
	lines := rules.Lines(text)
	if m := statedLine.FindStringSubmatch(text); m != nil {
		d, err := time.Parse("January 2, 2006", m[1])
		if err != nil {
			t.Fatalf("%s: stated date %q: %v", name, m[1], err)
		}
		f.stated = d
	} else {
		t.Fatalf("%s: no effective date", name)
	}
	glossary := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "Glossary" {
			glossary = i // the last one: the contents list it too
		}
	}
	prevBlank := true
	cur := -1
	for i, raw := range lines {
		l := strings.TrimSpace(raw)
		if glossary >= 0 && i >= glossary {
			break
		}
		switch {
		case l == "":
			cur = -1
		case strings.HasPrefix(l, "Example:"):
			f.examples = append(f.examples, strings.TrimSpace(strings.TrimPrefix(l, "Example:")))
			cur = -1
		case ruleLine.MatchString(l):
			m := ruleLine.FindStringSubmatch(l)
			n, err := rules.ParseNumber(m[1])
			if err != nil {
				continue
			}
			f.texts = append(f.texts, registry.RuleText{Number: n, Text: m[2]})
			cur = len(f.texts) - 1
		case chapLine.MatchString(l):
			m := chapLine.FindStringSubmatch(l)
			n, _ := rules.ParseNumber(m[1])
			f.texts = append(f.texts, registry.RuleText{Number: n, Text: m[2]})
			cur = -1
		case headLine.MatchString(l):
			cur = -1
		case cur >= 0 && !prevBlank:
			f.texts[cur].Text += " " + l
		}
		prevBlank = l == ""
	}
	if glossary >= 0 {
		var block []string
		flush := func() {
			if len(block) > 1 {
				f.texts = append(f.texts, registry.RuleText{Term: block[0], Text: strings.Join(block[1:], " ")})
			}
			block = nil
		}
		for _, raw := range lines[glossary+1:] {
			l := strings.TrimSpace(raw)
			if l == "" {
				flush()
				continue
			}
			if l == "Credits" {
				break
			}
			block = append(block, l)
		}
		flush()
	}
	return f
}
