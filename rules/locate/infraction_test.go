package locate

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// ipgEdition builds an IPG with the entries given as "number title",
// each infraction with the parts judges link to.
func ipgEdition(entries ...string) *rules.Edition {
	e := &rules.Edition{Doc: rules.DocIPG}
	chapters := map[uint16]*rules.Rule{}
	for _, s := range entries {
		ns, title, _ := strings.Cut(s, " ")
		n := num(rules.DocIPG, ns)
		r := (&rules.Rule{Number: n}).Heading(nil, title)
		if n.Rule == 0 {
			chapters[n.Chapter] = r
			e.Sections = append(e.Sections, &rules.Section{Number: int(n.Chapter), Title: title, Chapters: []*rules.Rule{r}})
			continue
		}
		for _, h := range []string{"Definition", "Examples", "Philosophy", "Additional Remedy", "Upgrade"} {
			r.Body = append(r.Body, rules.Block{Kind: rules.BlockHeading, Text: rules.Text{S: h}})
		}
		p := chapters[n.Chapter]
		r.Parent = p
		p.Children = append(p.Children, r)
	}
	e.Topics = []*rules.Topic{{Slug: "appendix-a", Title: "Appendix A — Penalty Quick Reference"}, {Slug: "appendix-b", Title: "Appendix B—Changes"}}
	return e
}

// ipg2024 numbers as the 2024-09-23 IPG does; ipg2012 as the 2012 one,
// with the older names.
var (
	ipg2024 = ipgEdition("1 General Philosophy", "1.5 Sets",
		"2 Game Play Errors", "2.1 Game Play Error — Missed Trigger", "2.2 Game Play Error — Looking at Extra Cards",
		"2.3 Game Play Error — Hidden Card Error", "2.5 Game Play Error — Game Rule Violation",
		"3 Tournament Errors", "3.1 Tournament Error — Tardiness", "3.3 Tournament Error — Slow Play",
		"3.4 Tournament Error — Decklist Problem", "3.5 Tournament Error — Deck Problem",
		"3.7 Tournament Error — Communication Policy Violation", "3.8 Tournament Error — Marked Cards",
		"4 Unsporting Conduct", "4.1 Unsporting Conduct — Minor", "4.2 Unsporting Conduct — Major",
		"4.4 Unsporting Conduct — Bribery and Wagering", "4.8 Unsporting Conduct — Cheating")
	ipg2012 = ipgEdition("2 Game Play Errors", "2.1 Game Play Error — Missed Trigger",
		"2.3 Game Play Error - Drawing Extra Cards", "2.5 Game Play Error — Game Rule Violation",
		"3 Tournament Errors", "3.4 Tournament Error — Marked Cards - No Pattern", "3.5 Tournament Error — Marked Cards - Pattern", "3.7 Tournament Error — Player Communication Violation",
		"3.9 Tournament Error — Deck/Decklist Problem",
		"4 Unsporting Conduct", "4.1 Unsporting Conduct — Minor")
)

func TestTitled(t *testing.T) {
	for _, tt := range []struct {
		e            *rules.Edition
		words        string
		infractions  bool
		want, part   string // want "" for none
		wantFallback string
	}{
		{e: ipg2024, words: "GRV", want: "2.5"},
		{e: ipg2024, words: "grv", want: "2.5"},
		{e: ipg2024, words: "a GRV", want: "2.5"},
		{e: ipg2024, words: "GPE", want: "2"},
		{e: ipg2024, words: "GPE-GRV", want: "2.5"}, // "game play error game rule violation": the whole title
		{e: ipg2024, words: "GPE — Game Rule Violation", want: "2.5"},
		{e: ipg2024, words: "HCE", want: "2.3"},
		{e: ipg2024, words: "LEC", want: "2.2"},
		{e: ipg2024, words: "CPV", want: "3.7"},
		{e: ipg2024, words: "USC", want: "4"},
		{e: ipg2024, words: "USC minor", want: "4.1"},
		{e: ipg2024, words: "USC — Major", want: "4.2"},
		{e: ipg2024, words: "USC cheating", want: "4.8"},
		{e: ipg2024, words: "cheating", want: "4.8"},
		{e: ipg2024, words: "minor", want: ""},
		{e: ipg2024, words: "DDLP", want: "3.4"},
		{e: ipg2024, words: "missed trigger", want: "2.1"},
		{e: ipg2024, words: "Missed Triggers", want: "2.1"},
		{e: ipg2024, words: "slow play", want: "3.3"},
		{e: ipg2024, words: "tardiness", want: "3.1"},
		{e: ipg2024, words: "marked card", want: "3.8"},
		{e: ipg2024, words: "deck problem", want: "3.5"},
		{e: ipg2024, words: "decklist problem", want: "3.4"},
		{e: ipg2024, words: "drawing extra cards", want: "2.3"}, // a Hidden Card Error now
		{e: ipg2024, words: "bribery", want: "4.4"},
		{e: ipg2024, words: "unsporting conduct", want: "4"},
		{e: ipg2024, words: "Game Play Error — Missed Trigger", want: "2.1"},
		{e: ipg2024, words: "GRV philosophy", want: "2.5", part: "Philosophy"},
		{e: ipg2024, words: "missed trigger additional remedy", want: "2.1", part: "Additional Remedy"},
		{e: ipg2024, words: "missed trigger remedy", want: "2.1", part: "Additional Remedy"},
		{e: ipg2024, words: "missed trigger example", want: "2.1", part: "Examples"},
		{e: ipg2024, words: "missed trigger penalty", want: ""},
		{e: ipg2024, words: "trample", want: ""},
		{e: ipg2024, words: "", want: ""},
		// Other titles answer only in the document's own search.
		{e: ipg2024, words: "sets", want: "1.5"},
		{e: ipg2024, words: "sets", infractions: true, want: ""},
		{e: ipg2024, words: "general philosophy", infractions: true, want: "1"},
		{e: ipg2024, words: "GRV", infractions: true, want: "2.5"},
		// An older edition: its own numbers and names.
		{e: ipg2012, words: "HCE", want: "2.3"},
		{e: ipg2012, words: "drawing extra cards", want: "2.3"},
		{e: ipg2012, words: "CPV", want: "3.7"},
		{e: ipg2012, words: "DDLP", want: "3.9"},
		{e: ipg2012, words: "decklist problem", want: "3.9"},
		{e: ipg2012, words: "deck problem", want: "3.9"},
		{e: ipg2012, words: "slow play", want: ""},
		{e: ipg2012, words: "marked cards", want: "3.4"},
		{e: ipg2012, words: "marked cards pattern", want: "3.5"},
	} {
		find := Titled
		if tt.infractions {
			find = Infraction
		}
		r, part := find(tt.e, tt.words)
		got := ""
		if r != nil {
			got = r.Number.String()
		}
		if got != tt.want || part != tt.part {
			t.Errorf("%q (infractions %v): %q %q, want %q %q", tt.words, tt.infractions, got, part, tt.want, tt.part)
		}
	}
}

func TestAppendix(t *testing.T) {
	for letter, want := range map[string]string{"a": "appendix-a", "b": "appendix-b", "c": ""} {
		got := ""
		if tp := Appendix(ipg2024, letter); tp != nil {
			got = tp.Slug
		}
		if got != want {
			t.Errorf("appendix %s: %q, want %q", letter, got, want)
		}
	}
}

// TestShorthandCorpus reads every IPG of the embedded archive: judges'
// shorthand finds, in each edition that has the infraction under any of
// its names, the entry so titled, whatever its number there; and the
// newest edition answers the shorthand judges use today.
func TestShorthandCorpus(t *testing.T) {
	rd, err := content.OpenDocs()
	if err != nil {
		t.Fatal(err)
	}
	var eds []*rules.Edition
	for {
		f, b, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(f.Name, "ipg/") {
			eds = append(eds, rules.Parse(rules.Source{Name: f.Name, Data: b}))
		}
	}
	if len(eds) < 40 {
		t.Fatalf("%d IPG editions in the archive, want every one", len(eds))
	}
	// Each shorthand, and the words an edition's title must hold for it
	// to have the infraction.
	shorthand := []struct{ q, title string }{
		{"GRV", "Game Rule Violation"},
		{"LEC", "Looking at Extra Cards"},
		{"HCE", "Hidden Card Error"},
		{"missed trigger", "Missed Trigger"},
		{"slow play", "Slow Play"},
		{"outside assistance", "Outside Assistance"},
		{"marked cards", "Marked Cards"},
		{"tardiness", "Tardiness"},
		{"CPV", "Communication"},
		{"USC minor", "Minor"},
		{"drawing extra cards", "Drawing Extra Cards"},
	}
	found := map[string]int{}
	for _, e := range eds {
		for _, s := range shorthand {
			has := false
			e.Walk(func(r *rules.Rule) bool {
				has = has || strings.Contains(r.Title(), s.title)
				return !has
			})
			r, _ := Infraction(e, s.q)
			switch {
			case has && r == nil:
				t.Errorf("%s: %q finds nothing, but an entry's title says %q", e.Files[0], s.q, s.title)
			case r != nil && !has && s.q != "drawing extra cards" && s.q != "HCE":
				t.Errorf("%s: %q finds %s %q, but no title says %q", e.Files[0], s.q, r.Number, r.Title(), s.title)
			case r != nil:
				found[s.q]++
			}
		}
	}
	t.Logf("editions where each shorthand finds its infraction, of %d: %v", len(eds), found)

	newest := eds[0]
	for _, e := range eds {
		if e.Effective.After(newest.Effective) {
			newest = e
		}
	}
	for q, want := range map[string]string{
		"GRV": "2.5", "GPE": "2", "HCE": "2.3", "LEC": "2.2", "CPV": "3.7", "USC": "4", "USC minor": "4.1",
		"USC major": "4.2", "USC cheating": "4.8", "DDLP": "3.4", "missed trigger": "2.1", "slow play": "3.3",
		"drawing extra cards": "2.3", "outside assistance": "3.2", "marked cards": "3.8", "deck problem": "3.5",
		"tardiness": "3.1", "GRV philosophy": "2.5",
	} {
		r, _ := Infraction(newest, q)
		if r == nil || r.Number.String() != want {
			t.Errorf("IPG %s: %q finds %v, want %s", newest.EffectiveDate(), q, r, want)
		}
	}
}

// FuzzTitled: any words find nothing or an entry of the edition, and a
// part only among that entry's headings.
func FuzzTitled(f *testing.F) {
	for _, s := range []string{"GRV", "usc minor", "missed trigger philosophy", "a a a", "Deck/Decklist", "—", "ß", "sets"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, words string) {
		for _, e := range []*rules.Edition{ipg2024, ipg2012} {
			for _, find := range []func(*rules.Edition, string) (*rules.Rule, string){Titled, Infraction} {
				r, part := find(e, words)
				if r == nil {
					if part != "" {
						t.Fatalf("%q: part %q of no entry", words, part)
					}
					continue
				}
				in := false
				e.Walk(func(x *rules.Rule) bool { in = in || x == r; return !in })
				if !in {
					t.Fatalf("%q: %v is not the edition's", words, r.Number)
				}
				if part != "" {
					if h, ok := PartOf(r, part); !ok || h != part {
						t.Fatalf("%q: part %q is not a heading of %v", words, part, r.Number)
					}
				}
			}
		}
	})
}

// BenchmarkInfraction reads a question's words against the newest IPG
// of the archive, as the search page and the suggestions do on every
// query: go test ./rules/locate -bench Infraction -run '^$'
func BenchmarkInfraction(b *testing.B) {
	rd, err := content.OpenDocs()
	if err != nil {
		b.Fatal(err)
	}
	var newest *rules.Edition
	for {
		f, data, err := rd.Next()
		if err != nil {
			break
		}
		if f.Name == "ipg/2024-09-23.txt" {
			newest = rules.Parse(rules.Source{Name: f.Name, Data: data})
		}
	}
	if newest == nil {
		b.Fatal("no IPG 2024-09-23 in the archive")
	}
	for _, q := range []string{"GRV", "missed trigger philosophy", "can i block with a tapped creature"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				Infraction(newest, q)
			}
		})
	}
}
