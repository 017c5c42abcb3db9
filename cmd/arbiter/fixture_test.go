package main

import (
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
)

// Editions built by hand for tests that must not depend on the parsers.
// Paragraph markup: <<rule 704.5k>> a reference to the numbers inside
// (<<rules 704.5a–704.5c>> a range, <<section 7>> a section), [[Term]] a
// glossary reference, ((term)) a glossary mention, *x* italics, {W} a
// symbol, and a paragraph starting "Example: " is an example.

func fixtureLibrary(t testing.TB) *rules.Library {
	t.Helper()
	lib := rules.NewLibrary([]*rules.Edition{fixture2026(), fixture2007(), fixtureClassic()})
	if len(lib.Editions) != 3 {
		t.Fatalf("fixture library has %d editions", len(lib.Editions))
	}
	return lib
}

func fixture2026() *rules.Edition {
	e := &rules.Edition{
		Title:     "Magic: The Gathering Comprehensive Rules",
		Effective: date("2026-01-16"),
		Format:    rules.FormatText,
		Kind:      rules.KindFull,
		Intro:     []rules.Block{block("This document is the ultimate authority for *Magic* competitive game play.")},
		Sections: []*rules.Section{
			section(1, "Game Concepts",
				chapter("100", "General",
					rule("100.1", "These Magic rules apply to any Magic game with two or more players. See <<section 7>>.",
						rule("100.1a", "A two-player game is a game that begins with only two players."),
						rule("100.1b", "A multiplayer game is a game that begins with more than two players. See <<rule 999.9>>."),
					),
					rule("100.2", "To play, each player needs their own deck of traditional Magic cards."),
				),
			),
			section(7, "Additional Rules",
				chapter("701", "Keyword Actions",
					rule("701.1", "Most actions described in a card's rules text use the standard English definitions of the verbs within."),
					rule("701.2", "Activate",
						rule("701.2a", "To activate an activated ability is to put it onto the stack and pay its costs, such as {T} or {2/B}{W/P}. See <<rule 602.2>>."),
					),
				),
				chapter("702", "Keyword Abilities",
					rule("702.1", "Most abilities describe exactly what they do in the card's rules text."),
					rule("702.2", "Deathtouch",
						rule("702.2a", "Deathtouch is a static ability."),
						rule("702.2b", "A creature dealt damage by a source with ((deathtouch)) is destroyed. See <<rule 704.5h>>."),
					),
					rule("702.19", "Trample",
						rule("702.19a", "Trample is a static ability that modifies the rules for assigning an attacking creature's combat damage.",
							"Example: A 2/2 green creature with trample and mana cost {1}{G} is blocked by a 1/1 creature. Its controller assigns 1 damage to the blocker and 1 to the player."),
					),
				),
				chapter("704", "State-Based Actions",
					rule("704.1", "State-based actions are game actions that happen automatically. See <<rules 704.5a–704.5c>>."),
					rule("704.5", "The state-based actions are as follows:",
						rule("704.5a", "If a player has 0 or less life, that player loses the game."),
						rule("704.5b", "If a player attempted to draw a card from a library with no cards in it, that player loses the game."),
						rule("704.5c", "If a player has ten or more poison counters, that player loses the game."),
						rule("704.5h", "If a creature has been dealt damage by a source with ((deathtouch)), it's destroyed. See <<rule 702.2>>."),
						rule("704.5j", "If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"legend rule.\""),
						rule("704.5k", "If two or more permanents have the supertype world, all except the one that has had the world supertype for the shortest amount of time are put into their owners' graveyards. This is called the \"world rule.\" See also <<rule 704.5j>>.",
							"Example: Two world enchantments enter one after the other; the older one is put into its owner's graveyard."),
						rule("704.5m", "If an Aura is attached to an illegal object or player, it's put into its owner's graveyard."),
					),
				),
			),
		},
		Glossary: []*rules.GlossaryEntry{
			term("Deathtouch", "A keyword ability that causes damage dealt by an object to be especially effective. See <<rule 702.2>>, \"Deathtouch.\""),
			term("Legend Rule", "A state-based action that makes a player put legendary permanents with the same name into their graveyards. See <<rule 704.5j>>."),
			obsolete(term("Mana Burn (Obsolete)", "Older versions of the rules stated that unused mana caused a player to lose life. See also [[Deathtouch]].")),
			term("You, Your", "Words that refer to an object's controller. See <<rule 109.5>>."),
			term("World Rule", "1. A state-based action. See <<rule 704.5k>>.", "2. The rule about world permanents."),
		},
		Credits: []rules.Block{block("Rules Manager: a person.")},
	}
	return finish(e)
}

func fixture2007() *rules.Edition {
	e := &rules.Edition{
		Title:     "Magic: The Gathering Comprehensive Rules (excerpt)",
		Effective: date("2007-02-01"),
		Format:    rules.FormatText,
		Kind:      rules.KindExcerpt,
		Sections: []*rules.Section{
			section(1, "The Game",
				chapter("100", "General",
					rule("100.1", "These Magic rules apply to any Magic game with two or more players."),
				),
			),
			section(4, "Additional Rules",
				chapter("420", "State-Based Effects",
					rule("420.5", "The state-based effects are as follows:",
						rule("420.5e", "If two or more legendary permanents with the same name are in play, all are put into their owners' graveyards. This is called the \"legend rule.\""),
					),
				),
			),
		},
	}
	return finish(e)
}

func fixtureClassic() *rules.Edition {
	e := &rules.Edition{
		ID:     "classic",
		Title:  "Classic Rules (Ronald Bieber)",
		Format: rules.FormatMarkdown,
		Kind:   rules.KindProse,
		Topics: []*rules.Topic{
			{Slug: "poison", Title: "Poison", Body: []rules.Block{block("A player with ten or more poison counters loses the game.")}},
			{Slug: "tokens", Title: "Tokens", Body: []rules.Block{block("A token that leaves play ceases to exist.")}},
		},
	}
	return finish(e)
}

func date(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func section(n int, title string, chapters ...*rules.Rule) *rules.Section {
	return &rules.Section{Number: n, Title: title, Chapters: chapters}
}

func chapter(num, title string, children ...*rules.Rule) *rules.Rule {
	return (&rules.Rule{Number: mustNumber(num), Children: children}).Heading(nil, title)
}

// rule builds an entry: strings are paragraphs (or examples), rules children.
func rule(num string, parts ...any) *rules.Rule {
	r := &rules.Rule{Number: mustNumber(num)}
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			r.Body = append(r.Body, block(p))
		case *rules.Rule:
			r.Children = append(r.Children, p)
		}
	}
	return r
}

func term(name string, paras ...string) *rules.GlossaryEntry {
	g := &rules.GlossaryEntry{Slug: rules.Slug(strings.TrimSuffix(name, " (Obsolete)"))}
	for _, t := range strings.Split(name, ", ") {
		g.Terms = append(g.Terms, t)
	}
	for _, p := range paras {
		b := block(p)
		if len(p) > 3 && p[0] >= '1' && p[0] <= '9' && p[1:3] == ". " {
			b = block(p[3:])
			b.Sense = int32(p[0] - '0')
		}
		g.Body = append(g.Body, b)
	}
	return g
}

func obsolete(g *rules.GlossaryEntry) *rules.GlossaryEntry {
	g.Obsolete = true
	return g
}

func mustNumber(s string) rules.Number {
	n, err := rules.ParseNumber(s)
	if err != nil {
		panic(err)
	}
	return n
}

// block reads one paragraph of fixture markup.
func block(src string) rules.Block {
	b := rules.Block{Kind: rules.BlockText}
	if rest, ok := strings.CutPrefix(src, "Example: "); ok {
		b.Kind, src = rules.BlockExample, rest
	}
	var out strings.Builder
	var spans []rules.Span
	for i := 0; i < len(src); {
		open := func(o, c string, kind rules.SpanKind) bool {
			if !strings.HasPrefix(src[i:], o) {
				return false
			}
			j := strings.Index(src[i+len(o):], c)
			if j < 0 {
				panic("unclosed " + o + " in " + src)
			}
			inner := src[i+len(o) : i+len(o)+j]
			start := out.Len()
			out.WriteString(inner)
			sp := rules.Span{Start: int32(start), End: int32(out.Len()), Kind: kind}
			switch kind {
			case rules.SpanRef:
				sp = rules.RefSpan(sp.Start, sp.End, fixtureRef(o, inner))
			case rules.SpanTerm:
				sp.Target = inner // resolved by finish
			}
			spans = append(spans, sp)
			i += len(o) + j + len(c)
			return true
		}
		switch {
		case open("<<", ">>", rules.SpanRef), open("[[", "]]", rules.SpanRef), open("((", "))", rules.SpanTerm), open("*", "*", rules.SpanItalic):
		case src[i] == '{':
			j := strings.IndexByte(src[i:], '}')
			start := out.Len()
			out.WriteString(src[i : i+j+1])
			spans = append(spans, rules.Span{Start: int32(start), End: int32(out.Len()), Kind: rules.SpanMana})
			i += j + 1
		default:
			out.WriteByte(src[i])
			i++
		}
	}
	b.Text = rules.Text{S: out.String(), Spans: spans}
	return b
}

func fixtureRef(open, inner string) rules.Cite {
	if open == "[[" {
		return rules.Cite{Kind: rules.RefGlossary, Term: inner}
	}
	// Another document: <<MTR 4.3>>, <<CR 704.5j>>, <<doc IPG>>.
	if slug, rest, ok := strings.Cut(inner, " "); ok {
		if d, ok := rules.DocBySlug(strings.ToLower(slug)); ok && slug == d.Short() {
			c := rules.Cite{Kind: rules.RefRule, Doc: d}
			if d == rules.DocCR {
				c.Number, _ = rules.ScanNumber(rest)
			} else {
				c.Number, _ = rules.ScanDocNumber(rest)
			}
			return c
		}
		if d, ok := rules.DocBySlug(strings.ToLower(rest)); ok && slug == "doc" {
			return rules.Cite{Kind: rules.RefDocument, Doc: d}
		}
	}
	if rest, ok := strings.CutPrefix(inner, "section "); ok {
		return rules.Cite{Kind: rules.RefSection, Section: int(rest[0] - '0')}
	}
	s := inner[strings.IndexAny(inner, "123456789"):]
	n, rest := rules.ScanNumber(s)
	r := rules.Cite{Kind: rules.RefRule, Number: n}
	if after, ok := strings.CutPrefix(rest, "–"); ok {
		r.Kind = rules.RefRange
		r.Last, _ = rules.ScanNumber(after)
	}
	return r
}

// finish sets parents and sections, indexes e and resolves its references
// the way rules.Link does, so the fixtures look like parsed editions.
func finish(e *rules.Edition) *rules.Edition {
	var setParents func(r *rules.Rule, s *rules.Section)
	setParents = func(r *rules.Rule, s *rules.Section) {
		r.SetSection(s)
		for _, c := range r.Children {
			c.Parent = r
			setParents(c, s)
		}
	}
	for _, s := range e.Sections {
		for _, c := range s.Chapters {
			setParents(c, s)
		}
	}
	e.Reindex()
	resolve := func(body []rules.Block, from rules.Citer) {
		for bi := range body {
			t := &body[bi].Text
			for si := range t.Spans {
				sp := &t.Spans[si]
				switch sp.Kind {
				case rules.SpanTerm:
					sp.Target = ""
					if g := e.Term(t.S[sp.Start:sp.End]); g != nil {
						sp.Target = g.Slug
					}
				case rules.SpanRef:
					r := rules.NewRef(sp.Cited(), from, t, sp.Start, sp.End)
					_, r.Resolved = e.Resolve(sp.Cited())
					e.Refs = append(e.Refs, r)
					if c := sp.Cited(); c.Doc != 0 && c.Doc != e.Document() {
						continue // resolved on a shelf, not in e
					}
					if !r.Resolved {
						e.Dangling = append(e.Dangling, r)
					}
				}
			}
		}
	}
	e.Walk(func(r *rules.Rule) bool {
		resolve(r.Body, rules.Citer{Rule: r})
		return true
	})
	for _, g := range e.Glossary {
		resolve(g.Body, rules.Citer{Entry: g})
	}
	for _, t := range e.Topics {
		resolve(t.Body, rules.Citer{Topic: t})
	}
	e.Backlink()
	return e
}
