package rules

import (
	"fmt"
	"strings"
	"testing"
)

// miniEdition builds a small hand-made edition: a few chapters, rules and
// subrules, and a glossary with the awkward kinds of term the real ones
// have. Each text in bodies becomes a paragraph of rule 100.1.
func miniEdition(bodies ...string) *Edition {
	e := &Edition{ID: "mini", Format: FormatText, Kind: KindExcerpt, Files: []string{"mini.txt"}}
	num := func(s string) Number {
		n, err := ParseNumber(s)
		if err != nil {
			panic(err)
		}
		return n
	}
	sects := map[int]*Section{}
	chapters := map[Number]*Rule{}
	rules := map[Number]*Rule{}
	for _, s := range []string{
		"100", "100.1", "100.2", "100.2a", "100.2b", "103", "103.2", "103.2a", "103.2b", "103.2c", "103.2d", "103.2e",
		"212", "213", "214", "215", "306", "307", "308", "309", "310", "311",
		"601", "601.2", "601.2a", "601.2b", "601.2c", "608", "608.3", "608.3a", "608.3b", "608.3c",
		"613", "613.2", "704", "704.5", "704.5j", "704.5k", "707", "707.2", "707.3",
		"712", "712.9", "712.10", "903", "903.6", "903.7", "903.8", "903.9", "903.10", "903.11",
	} {
		n := num(s)
		r := &Rule{Number: n, Pos: At("mini.txt", len(rules)+1)}
		rules[n] = r
		switch n.Level() {
		case LevelChapter:
			sec := sects[n.Section()]
			if sec == nil {
				sec = &Section{Number: n.Section(), Title: fmt.Sprintf("Section %d", n.Section())}
				sects[n.Section()] = sec
				e.Sections = append(e.Sections, sec)
			}
			r.SetSection(sec)
			r.SetTitle("Chapter " + s)
			sec.Chapters = append(sec.Chapters, r)
			chapters[n] = r
		default:
			p := rules[n.Parent()]
			r.Parent = p
			r.SetSection(p.Section())
			p.Children = append(p.Children, r)
		}
	}
	chapters[num("903")].SetTitle("Commander")
	for i, b := range bodies {
		r := rules[num("100.1")]
		r.Body = append(r.Body, Block{Kind: BlockText, Text: Text{S: b}, Pos: At("mini.txt", 100+i)})
	}
	for _, terms := range [][]string{
		{"Mana"}, {"Mana Ability"}, {"Trample"}, {"Active Player, Nonactive Player Order"}, {"Typecycling"},
		{"Enters the Battlefield"}, {"Intervening “If” Clause"}, {"Token"}, {"Card"}, {"Face Down"},
		{"Double-Faced Card"}, {"City’s Blessing"}, {"Control", "Controller"}, {"Landwalk"}, {"X"},
		{"Dependency"}, {"Timestamp Order"}, {"Exile"}, {"Spell Types"}, {"Legend Rule"}, {"Ability"},
		{"Library"}, {"Phased In", "Phased Out"}, {"Mana Burn (Obsolete)"},
	} {
		g := &GlossaryEntry{Terms: terms, Pos: At("mini.txt", 500+len(e.Glossary))}
		if t, ok := strings.CutSuffix(terms[0], " (Obsolete)"); ok {
			g.Terms, g.Obsolete = []string{t}, true
		}
		g.Slug = Slug(g.Terms[0])
		e.Glossary = append(e.Glossary, g)
	}
	return e
}

// describe renders the spans of t, a paragraph of e, as "kind[text]" with
// what they resolve to, in order, keeping only the kinds asked for.
func describe(e *Edition, t *Text, kinds ...SpanKind) string {
	var out []string
	for _, sp := range t.Spans {
		keep := len(kinds) == 0
		for _, k := range kinds {
			keep = keep || sp.Kind == k
		}
		if !keep {
			continue
		}
		txt := t.S[sp.Start:sp.End]
		switch sp.Kind {
		case SpanMana:
			out = append(out, "mana["+txt+"]")
		case SpanTerm:
			out = append(out, "term["+txt+"]="+e.Term(sp.Target).Term())
		case SpanItalic:
			out = append(out, "i["+txt+"]")
		case SpanRef:
			r := sp.Cited()
			_, resolved := e.Resolve(r)
			var to string
			switch r.Kind {
			case RefRule:
				to = r.Number.String()
			case RefRange:
				to = r.Number.String() + ".." + r.Last.String()
			case RefSection:
				to = fmt.Sprintf("§%d", r.Section)
			case RefGlossary:
				to = "g:" + r.Term
			case RefLabel:
				to = "label:" + r.Label
			case RefDocument:
				to = "doc:" + r.Doc.Short()
				// Another document: resolved across documents, not here.
				resolved = true
			}
			if !resolved {
				to += "?"
			}
			out = append(out, "ref["+txt+"]="+to)
		}
	}
	return strings.Join(out, " ")
}

func TestRefPatterns(t *testing.T) {
	tests := []struct{ in, want string }{
		{"See rule 704.5k.", "ref[rule 704.5k]=704.5k"},
		{"Rule 704.5k applies.", "ref[Rule 704.5k]=704.5k"},
		{"See rules 613.2, 707.2, and 707.3.", "ref[rules 613.2]=613.2 ref[707.2]=707.2 ref[707.3]=707.3"},
		{"rules 613.2 and 707.2 or 707.3", "ref[rules 613.2]=613.2 ref[707.2]=707.2 ref[707.3]=707.3"},
		{"See rules 903.6–903.11.", "ref[rules 903.6–903.11]=903.6..903.11"},
		{"See rules 903.6-903.11.", "ref[rules 903.6-903.11]=903.6..903.11"},
		{"Perform the actions listed in 103.2a–e in order.", "ref[103.2a–e]=103.2a..103.2e"},
		{"See rules 212-215.", "ref[rules 212-215]=212..215"},
		{"See rules 306?311.", "ref[rules 306?311]=306..311"},
		{"This follows rules 712.9–10.", "ref[rules 712.9–10]=712.9..712.10"},
		{"See rules 205.1a - b, 305.7.", "ref[rules 205.1a - b]=205.1a..205.1b? ref[305.7]=305.7?"},
		{"See section 8.", "ref[section 8]=§8?"},
		{"See section 1, “Game Concepts.”", "ref[section 1, “Game Concepts.”]=§1"},
		{"See sections 1 and 7.", "ref[sections 1]=§1 ref[7]=§7"},
		{"See section 100, \"General,\" and section 7.", "ref[section 100, \"General,\"]=100 ref[section 7]=§7"},
		{`See rule 903, “Commander,” for more.`, "ref[rule 903, “Commander,”]=903"},
		{`See rule 903 “Commander.”`, "ref[rule 903 “Commander.”]=903"},
		{`(see rule 601, “Casting Spells”)`, "ref[rule 601, “Casting Spells”]=601"},
		{"(See rules 702.109, “Dash,” 702.152, “Blitz,” and 702.3.)", "ref[rules 702.109, “Dash,”]=702.109? ref[702.152, “Blitz,”]=702.152? ref[702.3]=702.3?"},
		{"See rules 701.42, “Meld,” and 704, “State-Based Actions.”", "ref[rules 701.42, “Meld,”]=701.42? ref[704, “State-Based Actions.”]=704"},
		{"(see 420.5e)", "ref[420.5e]=420.5e?"},
		{"as specified in 100.2a.", "ref[100.2a]=100.2a"},
		{"See 706, “Rolling a Die.”", "ref[706, “Rolling a Die.”]=706?"},
		{"see rules 604 and 602", "ref[rules 604]=604? ref[602]=602?"},
		{"The instructions in rules 608.3a and b are always performed first.", "ref[rules 608.3a]=608.3a ref[b]=608.3b"},
		{"Then one of the steps in rule 608.3c–e is performed.", "ref[rule 608.3c–e]=608.3c..608.3e?"},
		{"steps 601.2a-c of rule 601, then", "ref[601.2a-c]=601.2a..601.2c ref[rule 601]=601"},
		{"(rules 418.5b–418.5g)", "ref[rules 418.5b–418.5g]=418.5b..418.5g?"},
		{"subrule 704.5k is followed by 704.5m", "ref[subrule 704.5k]=704.5k ref[704.5m]=704.5m?"},
		{"See 702.153, “Casualty.”", "ref[702.153, “Casualty.”]=702.153?"},
		{"See rule 702.186, “∞ (Infinity),” and rule 701.64.", "ref[rule 702.186, “∞ (Infinity),”]=702.186? ref[rule 701.64]=701.64?"},
		{"the legend rule 704.5j", "term[legend rule]=Legend Rule ref[704.5j]=704.5j"},

		// Not references.
		{"a 2/2 creature", ""},
		{"you have 20 life", ""},
		{"printed in 2013", ""},
		{"Rule 0 says have fun", ""},
		{"rule 0.5", ""},
		{"exactly 100 cards", ""},
		{"PO Box 707, Renton, WA 98057-0707", ""},
		{"repeating that sequence 999,999 more times", ""},
		{"Tel: +44(0) 84 57 125 599", ""},
		{"1-800-324-6496", ""},
		{"a 100th anniversary", ""},
		{"rule 100.5.3", ""},
		{"rule 704.5K", ""},
		{"The 704.5kk rule", ""},
		{"section 8, 2 players", "ref[section 8]=§8?"},
		{"version 1.2 of section 10", ""},
		{"-100.1 and +100.2 and /100.1", ""},
	}
	for _, tt := range tests {
		e := miniEdition(tt.in)
		Link(e)
		got := describe(e, &e.Rule(Number{Chapter: 100, Rule: 1}).Body[0].Text, SpanRef, SpanTerm)
		if got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestGlossaryRefPatterns(t *testing.T) {
	tests := []struct {
		in, want string
		warn     string // a substring of the warning Link must give, if any
	}{
		{"See Typecycling.", "ref[Typecycling]=g:Typecycling", ""},
		{"See also Trample.", "ref[Trample]=g:Trample", ""},
		{"See also Dependency, Timestamp Order.", "ref[Dependency]=g:Dependency ref[Timestamp Order]=g:Timestamp Order", ""},
		{"See Exile, Library, and Trample.", "ref[Exile]=g:Exile ref[Library]=g:Library ref[Trample]=g:Trample", ""},
		{"See also Exile and Trample.", "ref[Exile]=g:Exile ref[Trample]=g:Trample", ""},
		{"See Active Player, Nonactive Player Order.", "ref[Active Player, Nonactive Player Order]=g:Active Player, Nonactive Player Order", ""},
		{"See “Enters the Battlefield.”", "ref[“Enters the Battlefield.”]=g:Enters the Battlefield", ""},
		{"See Intervening “If” Clause.", "ref[Intervening “If” Clause]=g:Intervening “If” Clause", ""},
		{"See Intervening \"If\" Clause.", "ref[Intervening \"If\" Clause]=g:Intervening \"If\" Clause", ""},
		{"See glossary, \"Dependency.\"", "ref[\"Dependency.\"]=g:Dependency", ""},
		{"Some are listed (see Spell Types).", "ref[Spell Types]=g:Spell Types", ""},
		{"See X.", "ref[X]=g:X", ""},
		{"See Landwalk and rule 704.5k.", "ref[Landwalk]=g:Landwalk ref[rule 704.5k]=704.5k", ""},
		{"See Exile, see also Trample.", "ref[Exile]=g:Exile ref[Trample]=g:Trample", ""},
		{"See X, See Banding", "ref[X]=g:X", `"Banding"`},
		{"See Banding Trample, Exile.", "ref[Exile]=g:Exile", `"Banding Trample"`}, // and Trample is a mention
		{"See Mana Burn.", "ref[Mana Burn]=g:Mana Burn", ""},
		{"See Phased Out.", "ref[Phased Out]=g:Phased Out", ""},
		{"See also Tap, Trample, and Untap.", "ref[Trample]=g:Trample", `"Tap"`},
		{"See Banding.", "", `"Banding" follows “See”`},
		{"See Intervening ?If? Clause.", "", `"Intervening ?If? Clause"`},

		// Not glossary references.
		{"players can see the cards’ faces.", "", ""},
		{"See the Magic Tournament Rules for more.", "ref[Magic Tournament Rules]=doc:MTR", ""},
		{"See Trample damage rules", "", ""},
		{"see if it can be cast.", "", ""},
		{"See rule 704.5k.", "ref[rule 704.5k]=704.5k", ""},
		{"See Section 1, “Game Concepts.”", "ref[Section 1, “Game Concepts.”]=§1", ""},
	}
	for _, tt := range tests {
		e := miniEdition(tt.in)
		Link(e)
		got := describe(e, &e.Rule(Number{Chapter: 100, Rule: 1}).Body[0].Text, SpanRef)
		if got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.in, got, tt.want)
		}
		var warns []string
		for _, d := range e.Diagnostics {
			warns = append(warns, d.String())
		}
		all := strings.Join(warns, "\n")
		switch {
		case tt.warn == "" && all != "":
			t.Errorf("%q: unexpected diagnostics:\n%s", tt.in, all)
		case tt.warn != "" && !strings.Contains(all, tt.warn):
			t.Errorf("%q: diagnostics %q lack %q", tt.in, all, tt.warn)
		case tt.warn != "" && !strings.HasPrefix(all, "mini.txt:100: warning: "):
			t.Errorf("%q: diagnostic %q does not name the file and line", tt.in, all)
		}
	}
}
