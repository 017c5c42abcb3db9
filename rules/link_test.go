package rules

import (
	"fmt"
	"strings"
	"testing"
)

// snapshot renders everything Link produces for e, to compare two runs.
func snapshot(e *Edition) string {
	var b strings.Builder
	each := func(name string, bs []Block) {
		for i := range bs {
			fmt.Fprintf(&b, "%s/%d: %s\n", name, i, describe(e, &bs[i].Text))
		}
	}
	e.Walk(func(r *Rule) bool {
		each(r.Number.String(), r.Body)
		fmt.Fprintf(&b, "%s cited by %s\n", r.Number, citers(e.CitedBy(Citer{Rule: r})))
		return true
	})
	for _, g := range e.Glossary {
		each(g.Term(), g.Body)
		fmt.Fprintf(&b, "%s cited by %s\n", g.Term(), citers(e.CitedBy(Citer{Entry: g})))
	}
	for _, t := range e.Topics {
		each(t.Slug, t.Body)
		fmt.Fprintf(&b, "%s cited by %s\n", t.Slug, citers(e.CitedBy(Citer{Topic: t})))
	}
	each("intro", e.Intro)
	each("credits", e.Credits)
	fmt.Fprintf(&b, "refs %d dangling %d\n", len(e.Refs), len(e.Dangling))
	for _, r := range e.Refs {
		fmt.Fprintf(&b, "  %s [%d,%d) %v\n", citers([]*Ref{r}), r.Start, r.End, r.Resolved)
	}
	for _, d := range e.Diagnostics {
		fmt.Fprintln(&b, d)
	}
	return b.String()
}

// citers names where each reference is written: "100.1", "g:Trample".
func citers(refs []*Ref) string {
	var out []string
	for _, r := range refs {
		switch {
		case r.From().Rule != nil:
			out = append(out, r.From().Rule.Number.String())
		case r.From().Entry != nil:
			out = append(out, "g:"+r.From().Entry.Term())
		case r.From().Topic != nil:
			out = append(out, "t:"+r.From().Topic.Slug)
		default:
			out = append(out, "?")
		}
	}
	return strings.Join(out, ",")
}

func TestLinkResolvesAndBacklinks(t *testing.T) {
	e := miniEdition(
		"See rule 704.5k and rules 903.6–903.8. See also Trample.",
		"This is an excerpt: (see 420.5e) and section 8.",
	)
	trample := e.Term("Trample")
	trample.Body = []Block{{Text: Text{S: "Excess damage. See rule 704.5k."}, Pos: At("mini.txt", 600)}}
	Link(e)

	k := e.Rule(Number{Chapter: 704, Rule: 5, Sub: 'k'})
	if got, want := citers(e.CitedBy(Citer{Rule: k})), "100.1,g:Trample"; got != want {
		t.Errorf("704.5k cited by %s, want %s", got, want)
	}
	// A range cites every entry it covers.
	for _, n := range []Number{{903, 6, 0}, {903, 7, 0}, {903, 8, 0}} {
		if got := citers(e.CitedBy(Citer{Rule: e.Rule(n)})); got != "100.1" {
			t.Errorf("%s cited by %q, want 100.1", n, got)
		}
	}
	if got := citers(e.CitedBy(Citer{Rule: e.Rule(Number{903, 9, 0})})); got != "" {
		t.Errorf("903.9 is outside the range but cited by %q", got)
	}
	if got := citers(e.CitedBy(Citer{Entry: trample})); got != "100.1" {
		t.Errorf("Trample cited by %q, want 100.1", got)
	}
	if len(e.Refs) != 6 {
		t.Fatalf("got %d refs, want 6: %s", len(e.Refs), snapshot(e))
	}
	// Refs are in document order and know where they are.
	var order []string
	for _, r := range e.Refs {
		order = append(order, r.Text.S[r.Start:r.End])
	}
	if got, want := strings.Join(order, "|"), "rule 704.5k|rules 903.6–903.8|Trample|420.5e|section 8|rule 704.5k"; got != want {
		t.Errorf("refs in order %q, want %q", got, want)
	}
	r := flat(e, e.Refs[0])
	if !r.Resolved || r.Rule != k || r.From().Rule == nil || r.From().Rule.Number.String() != "100.1" || r.Text != &r.From().Rule.Body[0].Text {
		t.Errorf("first ref not filled in: %+v", r)
	}
	// 420.5e and section 8 are not in this excerpt: kept, and dangling.
	if len(e.Dangling) != 2 || e.Dangling[0].Cited().Number.String() != "420.5e" || e.Dangling[1].Cited().Section != 8 {
		t.Errorf("dangling = %v", e.Dangling)
	}
	for _, ref := range e.Dangling {
		if d := flat(e, ref); d.Resolved || d.Rule != nil || d.Sect != nil {
			t.Errorf("dangling ref %+v looks resolved", d)
		}
	}
}

func TestLinkIdempotent(t *testing.T) {
	e := miniEdition(
		"See rules 613.2, 707.2, and 707.3. Add {2}{W}. A mana ability of a token (see 420.5e).",
		"See also Tap, Trample, and Untap.",
		"_Magic_ rule 903, “Commander,” and the legend rule 704.5j.",
	)
	// An italic from the parser must survive and keep its place.
	e.Rule(Number{100, 1, 0}).Body[2].Text.Spans = []Span{{Start: 0, End: 7, Kind: SpanItalic}}
	e.Intro = []Block{{Text: Text{S: "Costs like {W/P} and rule 100.1 in the introduction."}}}
	Link(e)
	first := snapshot(e)
	Link(e)
	if second := snapshot(e); second != first {
		t.Errorf("second Link changed the edition:\nfirst:\n%s\nsecond:\n%s", first, second)
	}
	if got := describe(e, &e.Intro[0].Text); got != "mana[{W/P}]" {
		t.Errorf("introduction: %s (only symbols are marked there)", got)
	}
	if got := describe(e, &e.Rule(Number{100, 1, 0}).Body[2].Text, SpanItalic, SpanRef); got != "i[_Magic_] ref[rule 903, “Commander,”]=903 ref[704.5j]=704.5j" {
		t.Errorf("italic paragraph: %s", got)
	}
	if n := strings.Count(first, "warning:"); n != 2 {
		t.Errorf("want two warnings (Tap, Untap), got %d:\n%s", n, first)
	}
}

// TestLinkParserRefs covers references a parser already made (RST :ref:
// and :term:): Link keeps their spans and resolves them.
func TestLinkParserRefs(t *testing.T) {
	e := miniEdition()
	e.Sections[0].Label = "game-concepts"
	e.SetLabel(e.Rule(Number{704, 5, 'k'}), "world-rule")
	e.SetLabel(e.Term("Trample"), "trample")
	s := "See world rule, Concepts, Casting Spells, Trample, Stuff, Typecycling, 704.5j and Commander."
	span := func(sub string, c Cite) Span {
		i := strings.Index(s, sub)
		if c.Kind == RefLabel && sub != c.Label {
			c.Shown = sub // as the RST parser records it
		}
		return RefSpan(int32(i), int32(i+len(sub)), c)
	}
	e.Rule(Number{100, 1, 0}).Body = []Block{{Text: Text{S: s, Spans: []Span{
		span("world rule", Cite{Kind: RefLabel, Label: "world-rule"}),         // a target
		span("Concepts", Cite{Kind: RefLabel, Label: "game-concepts"}),        // :ref:`Concepts <game-concepts>`
		span("Casting Spells", Cite{Kind: RefLabel, Label: "casting-spells"}), // no target: a chapter title? no such chapter
		span("Trample", Cite{Kind: RefLabel, Label: "trample"}),               // a glossary target
		span("Stuff", Cite{Kind: RefLabel, Label: "stuff"}),                   // nothing
		span("Typecycling", Cite{Kind: RefGlossary, Term: "Typecycling"}),     // :term:
		span("704.5j", Cite{Kind: RefLabel, Label: "704.5j"}),                 // a number
		span("Commander", Cite{Kind: RefLabel, Label: "Commander"}),           // a chapter title
	}}}}
	Link(e)
	got := describe(e, &e.Rule(Number{100, 1, 0}).Body[0].Text)
	want := "ref[world rule]=label:world-rule ref[Concepts]=label:game-concepts ref[Casting Spells]=label:casting-spells? " +
		"ref[Trample]=label:trample ref[Stuff]=label:stuff? ref[Typecycling]=g:Typecycling ref[704.5j]=label:704.5j ref[Commander]=label:Commander"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if r := flat(e, e.Refs[0]); r.Rule != e.Rule(Number{704, 5, 'k'}) || len(e.CitedBy(Citer{Rule: r.Rule})) != 1 {
		t.Errorf("label to a rule: %+v", r)
	}
	if r := flat(e, e.Refs[1]); r.Sect != e.Sections[0] {
		t.Errorf("label to a section: %+v", r)
	}
	if r := flat(e, e.Refs[3]); r.Entry != e.Term("Trample") || len(e.CitedBy(Citer{Entry: r.Entry})) != 1 {
		t.Errorf("label to a glossary entry: %+v", r)
	}
	if r := flat(e, e.Refs[7]); r.Rule != e.Rule(Number{Chapter: 903}) {
		t.Errorf("label naming a chapter title: %+v", r)
	}
	if len(e.Dangling) != 2 {
		t.Errorf("dangling: %d, want 2 (casting-spells, stuff)", len(e.Dangling))
	}
}

func TestLinkTopics(t *testing.T) {
	e := &Edition{ID: "classic", Kind: KindProse, Topics: []*Topic{
		{Slug: "ownership", Title: "Ownership", Body: []Block{{Text: Text{S: "Tokens have owners."}}}},
		{Slug: "tokens", Title: "Tokens"},
	}, Glossary: []*GlossaryEntry{{Terms: []string{"Token"}, Slug: "token"}}}
	e.Topics[0].Body[0].Text.Spans = []Span{RefSpan(0, 6, Cite{Kind: RefTopic, Label: "tokens"})}
	Link(e)
	if len(e.Refs) != 1 {
		t.Fatalf("%d Refs, want 1", len(e.Refs))
	}
	if r := flat(e, e.Refs[0]); !r.Resolved || r.Topic != e.Topics[1] || len(e.CitedBy(Citer{Topic: e.Topics[1]})) != 1 || r.From().Topic != e.Topics[0] {
		t.Errorf("topic ref: %+v", r)
	}
}

func TestLinkEmpty(t *testing.T) {
	Link(nil)
	e := &Edition{}
	Link(e)
	if len(e.Refs) != 0 || e.Entries() != nil && len(e.Entries()) != 0 {
		t.Errorf("empty edition: %+v", e)
	}
}

// Editions with the same glossary share a term table (termTableFor), which
// names entries by index: each edition's mentions, references and Term
// lookups must still reach its own entries.
func TestLinkSharedGlossary(t *testing.T) {
	a := miniEdition("A creature with trample. See Trample.")
	b := miniEdition("A creature with trample. See Trample.")
	Link(a)
	Link(b)
	for _, e := range []*Edition{a, b} {
		own := map[*GlossaryEntry]bool{}
		for _, g := range e.Glossary {
			own[g] = true
		}
		g := e.Term("trample")
		if g == nil || !own[g] {
			t.Fatalf("Term(trample) = %v, not this edition's entry", g)
		}
		spans := e.Rule(Number{Chapter: 100, Rule: 1}).Body[0].Text.Spans
		if len(spans) != 2 || e.Term(spans[0].Target) != g || len(e.Refs) != 1 || flat(e, e.Refs[0]).Entry != g {
			t.Errorf("spans %+v do not point at this edition's Trample", spans)
		}
		if cs := e.CitedBy(Citer{Entry: g}); len(cs) != 1 || cs[0].From().Rule.Number != (Number{Chapter: 100, Rule: 1}) {
			t.Errorf("Trample cited by %v", cs)
		}
	}
	if termTableFor(a.Glossary) != termTableFor(b.Glossary) {
		t.Error("two editions with one glossary built two term tables")
	}
}
