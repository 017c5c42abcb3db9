package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

// newCardsServer serves one small CR whose rules and glossary name cards,
// as the newest CR's examples do, beside the embedded card data.
func newCardsServer(t testing.TB) *Server {
	t.Helper()
	e := finish(&rules.Edition{
		Title:     "Magic: The Gathering Comprehensive Rules",
		Effective: date("2026-01-16"),
		Format:    rules.FormatText,
		Kind:      rules.KindFull,
		Sections: []*rules.Section{
			section(7, "Additional Rules",
				chapter("702", "Keyword Abilities",
					rule("702.1", "Most abilities describe exactly what they do.",
						rule("702.1b", "Some abilities are keywords. A player may have Flash in mind.",
							"Example: A player casts Fire // Ice. Then Delver of Secrets transforms into Insectile Aberration. Another casts Glasspool Mimic."),
					),
				),
				chapter("709", "Split Cards",
					rule("709.1", "Split cards have two card faces on a single card, such as Fire // Ice."),
				),
			),
		},
		Glossary: []*rules.GlossaryEntry{
			term("Flash", "A keyword ability. See <<rule 702.1b>>."),
			term("Transform", "To turn a double-faced card such as Delver of Secrets to its other face."),
		},
	})
	return NewServer(rules.NewLibrary([]*rules.Edition{e}), Options{})
}

func TestCardPages(t *testing.T) {
	runPageCases(t, newCardsServer(t), []pageCase{
		{name: "split card", path: "/cards/fire", status: 200, checks: []check{
			{"h1", "Fire // Ice"},
			{"p.meta", "Split card · Oracle text as of 2018-11-07"},
			{"section.card-face h2", "Fire"},
			{"section.card-face:nth-of-type(2) h2", "Ice"},
			{"section.card-face .card-type", "Instant"},
			{"section.card-face .card-cost abbr.ms.r[aria-label]", "{R}"},
			{"section.card-face:nth-of-type(2) .card-text", "Draw a card."},
			{"ul.mentions a[href='/2026-01-16/702.1b']", "702.1b"},
			{"ul.mentions a[href='/2026-01-16/709.1']", "709.1"},
			{"ul.mentions", "example"},
		}},
		{name: "the other half", path: "/cards/ice", status: 200, checks: []check{{"h1", "Fire // Ice"}}},
		{name: "double-faced with rulings", path: "/cards/delver-of-secrets", status: 200, checks: []check{
			{"h1", "Delver of Secrets"},
			{"p.meta", "Double-faced card"},
			{"section.card-face:nth-of-type(2) h2", "Insectile Aberration"},
			{"section.card-face:nth-of-type(2) .card-stats", "3/2"},
			{"ul.rulings li time[datetime='2011-09-22']", "2011-09-22"},
			{"ul.rulings li", "You may reveal the card"},
			{"ul.mentions a[href='/2026-01-16/glossary/transform']", "Transform"},
		}},
		{name: "loyalty", path: "/cards/jace-the-mind-sculptor", status: 200, checks: []check{
			{".card-stats", "Loyalty 3"},
			{".card-text:nth-of-type(3)", "0: Draw three cards"}, // one paragraph a line
		}, absent: []string{"ul.mentions"}},
		{name: "a rules word is not a card mention", path: "/cards/flash", status: 200, checks: []check{{"h1", "Flash"}}, absent: []string{"ul.mentions"}},
		{name: "spelt out", path: "/cards/Assassin's%20Trophy", status: 301, to: "/cards/assassins-trophy"},
		{name: "whole split name", path: "/cards/fire-ice", status: 301, to: "/cards/fire"},
		{name: "a typo", path: "/cards/assasins-trophy", status: 301, to: "/cards/assassins-trophy"},
		{name: "no such card", path: "/cards/no-such-card-at-all", status: 404, checks: []check{{"main p", "No card is named"}}},
		{name: "search by name", path: "/cards?q=assassins+trophy", status: 302, to: "/cards/assassins-trophy"},
		{name: "search lists", path: "/cards?q=lightning", status: 200, checks: []check{
			{"ul.card-hits a[href='/cards/lightning-bolt']", "Lightning Bolt"},
			{"input#card-q[value='lightning']", ""},
		}},
		{name: "search finds nothing", path: "/cards?q=zzqqxx", status: 200, checks: []check{{"main p", "No card is named like"}}},
		{name: "search form", path: "/cards", status: 200, checks: []check{
			{"main p.meta", "19032 card faces, Oracle text as of 2018-11-07"},
			// A card newer than the data, named in an example.
			{"h2#not-in-the-data", "Named in the rules, not in this card data"},
			{"ul.unnamed li", "Glasspool Mimic"},
			{"ul.unnamed li a[href='/2026-01-16/702.1b']", "702.1b"},
		}},
		{name: "search for a newer card", path: "/cards?q=glasspool+mimic", status: 200, checks: []check{
			{"p.newer", "“Glasspool Mimic” is not in this card data (printed after 2018-11-07, or made up by an example), but CR 2026-01-16’s examples name it: 702.1b"},
			{"p.newer a[href='/2026-01-16/702.1b']", "702.1b"},
		}, absent: []string{"h2#not-in-the-data"}},
		{name: "jump to a card", path: "/jump?q=assassins+trophy", status: 302, to: "/cards/assassins-trophy"},
		{name: "jump with a typo", path: "/jump?q=blod+moon", status: 302, to: "/cards/blood-moon"},
		// English words one letter from a card's name are words: searched.
		{name: "jump with words near a name", path: "/jump?q=game+play", status: 302, to: "/search?e=2026-01-16&q=game+play"},
		{name: "jump to a term, not the card", path: "/jump?q=flash", status: 302, to: "/search?e=2026-01-16&q=flash"},
		{name: "search offers the card", path: "/search?q=flash", status: 200, checks: []check{{"p.card-offer a[href='/cards/flash']", "Flash"}}},
		{name: "search offers no card", path: "/search?q=players", status: 200, absent: []string{"p.card-offer"}},
		{name: "jump words", path: "/jump?q=players", status: 302, to: "/search?e=2026-01-16&q=players"},
		// The rules link the cards their examples and glossary name.
		{name: "an example's cards link", path: "/2026-01-16/702.1b", status: 200, checks: []check{
			{".ex a.card[href='/cards/fire']", "Fire // Ice"},
			{".ex a.card[href='/cards/delver-of-secrets']", "Delver of Secrets"},
			{".ex a.card[href='/cards/insectile-aberration']", "Insectile Aberration"},
		}, absent: []string{"a.card[href='/cards/flash']"}},
		{name: "a rule's own text links no card", path: "/2026-01-16/709.1", status: 200, absent: []string{"a.card"}},
		{name: "a glossary entry's cards link", path: "/2026-01-16/glossary/transform", status: 200, checks: []check{
			{"a.card[href='/cards/delver-of-secrets']", "Delver of Secrets"},
		}},
		{name: "the whole edition links cards", path: "/2026-01-16/all", status: 200, checks: []check{
			{".ex a.card[href='/cards/insectile-aberration']", "Insectile Aberration"},
			{"dl.gloss a.card[href='/cards/delver-of-secrets']", "Delver of Secrets"},
		}},
		{name: "diagnostics", path: "/diagnostics", status: 200, checks: []check{{"main", "19032 card faces from embedded oracle-2018-11-07.jsonl, Oracle text as of 2018-11-07"}}},
	})
}

// BenchmarkCardPage renders card pages not yet cached: each iteration a
// different card of the embedded data.
func BenchmarkCardPage(b *testing.B) {
	srv := newCardsServer(b)
	set, _ := srv.cards()
	i := 0
	for b.Loop() {
		c := &set.Cards[i*7%set.Len()]
		i++
		if w := do(b, srv, "GET", "/cards/"+cards.Slug(c.Name)); w.Code != 200 && w.Code != 301 {
			b.Fatalf("%s: %d", c.Name, w.Code)
		}
	}
}

// TestUserCardFile serves the data directory's AtomicCards.json in place
// of the embedded cards, and says why it does not when the file is broken.
func TestUserCardFile(t *testing.T) {
	const good = `{"meta":{"date":"2025-06-01","version":"5.2.2"},"data":{
"Fire // Ice":[{"name":"Fire // Ice","faceName":"Fire","layout":"split","manaCost":"{1}{R}","type":"Instant","text":"Fire deals 2 damage."},
 {"name":"Fire // Ice","faceName":"Ice","layout":"split","manaCost":"{1}{U}","type":"Instant","text":"Draw a card."}]}}`
	for _, tt := range []struct {
		name, file string
		cases      []pageCase
	}{
		{"good", good, []pageCase{
			{name: "card", path: "/cards/ice", status: 200, checks: []check{{"h1", "Fire // Ice"}, {"p.meta", "Oracle text as of 2025-06-01"}}},
			{name: "only its cards", path: "/cards/lightning-bolt", status: 404},
			{name: "its names in the jump box", path: "/jump?q=ice", status: 302, to: "/cards/ice"},
			{name: "no other names in the jump box", path: "/jump?q=lightning+bolt", status: 302, to: "/search?e=2026-01-16&q=lightning+bolt"},
			{name: "diagnostics", path: "/diagnostics", status: 200, checks: []check{{"main", "2 card faces from "}, {"main", "AtomicCards.json, Oracle text as of 2025-06-01"}}},
		}},
		{"broken", good[:200], []pageCase{
			{name: "embedded instead", path: "/cards/lightning-bolt", status: 200, checks: []check{{"p.meta", "as of 2018-11-07"}}},
			{name: "diagnostics", path: "/diagnostics", status: 200, checks: []check{{"main strong", "Not using AtomicCards.json: "}, {"main strong", "AtomicCards.json:3:3: unexpected end of JSON input"}}},
			{name: "search page", path: "/cards", status: 200, checks: []check{{"main", "Not using AtomicCards.json"}}},
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "AtomicCards.json"), []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			srv := NewServer(fixtureLibrary(t), Options{Reread: contentOptions{dataDir: dir}})
			runPageCases(t, srv, tt.cases)
		})
	}
}
