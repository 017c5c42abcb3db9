package rules

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// The linker's output on every edition we have is pinned by a digest per
// edition in testdata/link_golden.txt: every span of every paragraph (with
// what it points at), every Ref in order with its resolution, the dangling
// list, every backlink list and every diagnostic. The digests were computed
// by the linker as it was before it was rewritten for speed (commit
// b1e4a08), so a faster linker must find exactly what the old one found;
// they were regenerated once on purpose when term mentions became sparser
// (one per rule, entry or topic; function words and plain verbs never).
// After a deliberate change in what Link finds, regenerate them with
//
//	go test ./rules -run TestLinkGolden -update-link-golden
//
// and say in the commit what changed and why.
var updateLinkGolden = flag.Bool("update-link-golden", false, "rewrite testdata/link_golden.txt from the current linker")

const linkGoldenFile = "testdata/link_golden.txt"

// goldenEditions lists every edition the digests cover, by name: the 128
// official text files, the RST corpus, the embedded default editions and
// the RST test project.
func goldenEditions(t *testing.T) map[string]*Edition {
	t.Helper()
	eds := map[string]*Edition{}
	files, err := filepath.Glob(filepath.Join(corpustest.Path(t, "corpus", "cr"), "*.txt"))
	if err != nil || len(files) < 128 {
		t.Fatalf("corpus: %d files, %v", len(files), err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		eds["cr/"+name] = parseCR(t, name)
	}
	load := func(prefix string, fsys fs.FS, root string) {
		t.Helper()
		es, err := Load(fsys, root)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			eds[prefix+e.ID] = e
		}
	}
	load("rst/", os.DirFS(corpustest.Path(t, "corpus", "rst")), ".")
	load("content/", content.FS, ".")
	load("testdata/", os.DirFS("testdata"), "rst-project")
	return eds
}

func TestLinkGolden(t *testing.T) {
	eds := goldenEditions(t)
	names := make([]string, 0, len(eds))
	for n := range eds {
		names = append(names, n)
	}
	sort.Strings(names)
	got := map[string]string{}
	for _, n := range names {
		got[n] = linkDigest(eds[n])
	}
	if *updateLinkGolden {
		var b strings.Builder
		b.WriteString("# Link's output per edition: see link_golden_test.go. Generated; do not edit.\n")
		for _, n := range names {
			fmt.Fprintf(&b, "%s %s\n", n, got[n])
		}
		if err := os.WriteFile(linkGoldenFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(linkGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, sum, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: bad line %q", linkGoldenFile, line)
		}
		want[name] = sum
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Errorf("%d editions pinned, %d loaded", len(want), len(got))
	}
	for _, n := range names {
		if w, ok := want[n]; !ok {
			t.Errorf("%s: no pinned digest", n)
		} else if got[n] != w {
			t.Errorf("%s: Link's output changed: digest %s, pinned %s (if on purpose: -update-link-golden, see %s)", n, got[n], w, linkGoldenFile)
		}
	}
}

// linkDigest hashes everything Link produces for e.
func linkDigest(e *Edition) string {
	h := sha256.New()
	ruleIdx := map[*Rule]int{}
	for i, r := range e.Entries() {
		ruleIdx[r] = i
	}
	entryIdx := map[*GlossaryEntry]int{}
	for i, g := range e.Glossary {
		entryIdx[g] = i
	}
	refIdx := map[*Ref]int{}
	for i, r := range e.Refs {
		refIdx[r] = i
	}
	entry := func(g *GlossaryEntry) string {
		if g == nil {
			return "-"
		}
		if i, ok := entryIdx[g]; ok {
			return fmt.Sprintf("g%d", i)
		}
		return "g?" + g.Term()
	}
	rule := func(r *Rule) string {
		if r == nil {
			return "-"
		}
		if i, ok := ruleIdx[r]; ok {
			return fmt.Sprintf("r%d:%s", i, r.Number)
		}
		return "r?" + r.Number.String()
	}
	topic := func(t *Topic) string {
		if t == nil {
			return "-"
		}
		return "t:" + t.Slug
	}
	citer := func(c Citer) string { return rule(c.Rule) + "/" + entry(c.Entry) + "/" + topic(c.Topic) }
	ref := func(w hash.Hash, ref *Ref) {
		r := flat(e, ref)
		sect := -1
		if r.Sect != nil {
			sect = r.Sect.Number
		}
		fmt.Fprintf(w, "ref k%d n%s l%s s%d t%q b%q from %s [%d,%d) res %v -> %s s%d %s %s",
			r.Kind, r.Number, r.Last, r.Section, r.Term, r.Label, citer(r.From()), r.Start, r.End,
			r.Resolved, rule(r.Rule), sect, entry(r.Entry), topic(r.Topic))
		if i, ok := refIdx[ref]; ok {
			fmt.Fprintf(w, " #%d", i)
		} else {
			fmt.Fprint(w, " #?")
		}
	}
	// The Ref Link made of each reference span (the digest predates spans
	// naming what they cite rather than pointing at a Ref).
	type at struct {
		from  Citer
		t     *Text
		start int32
	}
	refOf := map[at]*Ref{}
	for _, r := range e.Refs {
		refOf[at{r.From(), r.Text, r.Start}] = r
	}
	blocks := func(name string, from Citer, bs []Block) {
		for i := range bs {
			t := &bs[i].Text
			fmt.Fprintf(h, "%s/%d %q\n", name, i, t.S)
			for _, sp := range t.Spans {
				target, term := sp.Target, (*GlossaryEntry)(nil)
				if sp.Kind == SpanTerm {
					target, term = "", e.Term(sp.Target)
				}
				fmt.Fprintf(h, "  [%d,%d) k%d %q term %s ", sp.Start, sp.End, sp.Kind, target, entry(term))
				if sp.Kind == SpanRef {
					if r := refOf[at{from, t, sp.Start}]; r != nil {
						ref(h, r)
					} else {
						fmt.Fprint(h, " no Ref")
					}
				}
				fmt.Fprintln(h)
			}
		}
	}
	cited := func(name string, refs []*Ref) {
		fmt.Fprintf(h, "%s cited by", name)
		for _, r := range refs {
			if i, ok := refIdx[r]; ok {
				fmt.Fprintf(h, " #%d", i)
			} else {
				fmt.Fprint(h, " ")
				ref(h, r)
			}
		}
		fmt.Fprintln(h)
	}
	e.Walk(func(r *Rule) bool {
		blocks(r.Number.String(), Citer{Rule: r}, r.Body)
		cited(rule(r), e.CitedBy(Citer{Rule: r}))
		return true
	})
	for _, g := range e.Glossary {
		blocks(entry(g), Citer{Entry: g}, g.Body)
		cited(entry(g), e.CitedBy(Citer{Entry: g}))
	}
	for _, t := range e.Topics {
		blocks(topic(t), Citer{Topic: t}, t.Body)
		cited(topic(t), e.CitedBy(Citer{Topic: t}))
	}
	blocks("intro", Citer{}, e.Intro)
	blocks("credits", Citer{}, e.Credits)
	fmt.Fprintf(h, "refs %d\n", len(e.Refs))
	for _, r := range e.Refs {
		ref(h, r)
		fmt.Fprintln(h)
	}
	fmt.Fprintf(h, "dangling")
	for _, r := range e.Dangling {
		if i, ok := refIdx[r]; ok {
			fmt.Fprintf(h, " #%d", i)
		} else {
			fmt.Fprint(h, " #?")
		}
	}
	fmt.Fprintln(h)
	for _, d := range e.Diagnostics {
		fmt.Fprintln(h, d)
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}
