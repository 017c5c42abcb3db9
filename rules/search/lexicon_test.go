package search

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// The lexicon reads whole, and every meaning finds something in the
// newest edition of a document it applies in: one that matches nothing is
// a typo or wording the documents no longer use; a number must name an
// entry whose text has the anchor words.
func TestLexicon(t *testing.T) {
	if lexiconErr != nil {
		t.Fatal(lexiconErr)
	}
	if n := len(lexTable.all); n < 300 {
		t.Errorf("the lexicon has %d entries; it had 300 when written", n)
	}
	ixs := map[rules.Doc]*MemIndex{rules.DocCR: corpusIndex(t)}
	for d, e := range judgeEditions(t) {
		ixs[d] = Build(e)
	}
	for _, e := range lexTable.all {
		for _, m := range e.means {
			found := false
			for d, ix := range ixs {
				if e.docs != 0 && e.docs&(1<<d) == 0 {
					continue
				}
				a, ok := ix.meaning(m)
				if !ok {
					continue
				}
				s := ix.scratch()
				ix.matchDocs(clause{alts: []alt{a}}, s, func(int32, float32) { found = true })
				ix.release(s)
			}
			if !found {
				t.Errorf("lexicon.tsv:%d: %v %v%v matches no entry of the newest editions it applies in", e.line, m.words, m.number, m.anchor)
			}
		}
	}
}

func TestParseLexicon(t *testing.T) {
	for _, tt := range []struct{ in, err string }{
		{"*\tetb\tenters the battlefield | enters\n", ""},
		{"cr,ipg\tx\t=305.7 basic land | &a b\n", ""},
		{"# a comment\n\n", ""},
		{"*\tetb\n", "x.tsv:1: want doc, words and meaning"},
		{"\n*\t\tenters\n", "x.tsv:2: \"\": no words to match"},
		{"xyz\tetb\tenters\n", `x.tsv:1: no document "xyz"`},
		{"*\tetb\t=70x basic\n", `x.tsv:1: "70x": not an entry number`},
		{"*\tetb\t& \n", `x.tsv:1: "&": no words`},
	} {
		tab, err := parseLexicon("x.tsv", tt.in)
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("parseLexicon(%q): error %v, want %q", tt.in, err, tt.err)
		}
		if tab == nil {
			t.Errorf("parseLexicon(%q): no table", tt.in)
		}
	}
}

// FuzzParseLexicon: any text reads without a panic, each entry it keeps
// has words to match and a meaning.
func FuzzParseLexicon(f *testing.F) {
	f.Add(lexiconData)
	f.Add("*\tetb\t=305.7 basic | &a b | enters\n")
	f.Fuzz(func(t *testing.T, s string) {
		tab, _ := parseLexicon("fuzz.tsv", s)
		for _, e := range tab.all {
			if len(e.from) == 0 || len(e.means) == 0 {
				t.Fatalf("line %d: entry without words or meaning", e.line)
			}
		}
	})
}

// Words that only frame a question weigh nothing beside the words it
// asks about, and everything when there is nothing else.
func TestQuestionWords(t *testing.T) {
	ix := corpusIndex(t)
	withWork := ix.Search(Parse("how does ward work"), Options{Limit: 3})
	alone := ix.Search(Parse("ward"), Options{Limit: 3})
	if strings.Join(ids(withWork), " ") != strings.Join(ids(alone), " ") {
		t.Errorf("how does ward work: %v; ward: %v", ids(withWork), ids(alone))
	}
	if r := ix.Search(Parse("what happens"), Options{Limit: 3}); len(r.Hits) == 0 {
		t.Errorf("what happens: no hits; question words alone must still search")
	}
}

func TestDefinedTerm(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"To counter a spell or ability means to cancel it, removing it from the stack.", "counter"},
		{"To destroy a permanent, move it from the battlefield to its owner’s graveyard.", "destroy"},
		{"The term dies means “is put into a graveyard from the battlefield.”", "dies"},
		{"The term historic refers to an object that has the legendary supertype", "historic"},
		{"Trample is a static ability that modifies the rules for assigning an attacking creature’s combat damage.", "Trample"},
		{"Ward is a triggered ability.", "Ward"},
		{"A permanent is a card or token on the battlefield.", "permanent"},
		{"A player’s range of influence is the maximum distance from that player", "range of influence"},
		{"Some spells and abilities have additional costs. An additional cost is a cost listed in a spell’s rules text", "additional cost"},
		{"The Two-Headed Giant variant is a game in which", ""},
		{"An Aura is a permanent that", "Aura"},
		{"To determine whether a player can play a land, compare the number of lands", ""},
		{"The term", ""},
		{"If a creature has toughness 0 or less, it’s put into its owner’s graveyard.", ""},
		{"It is a triggered ability.", ""},
		{"", ""},
	} {
		if got := definedTerm(tt.in); got != tt.want {
			t.Errorf("definedTerm(%.40q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDocuments(t *testing.T) {
	for q, want := range map[string]string{
		"grv":                         "[ipg]",
		"what's the fix for an HCE":   "[ipg]",
		"blood moon on my shocklands": "[cr]",
		"can i use my phone":          "[mtr]",
		"missed trigger":              "[mtr jar]",
		"how does trample work":       "[]",
		"":                            "[]",
	} {
		if got := fmt.Sprint(Documents(q)); got != want {
			t.Errorf("Documents(%q) = %s, want %s", q, got, want)
		}
	}
}

func TestBareKind(t *testing.T) {
	for in, want := range map[string]bool{
		"Deathtouch is a static ability.": true,
		"Ward is a triggered ability.":    true,
		"Lifelink is a static ability.":   true,
		"Trample is a static ability that modifies the rules for assigning an attacking creature’s combat damage.": false,
		"It is a static ability.":                false,
		"A creature with defender can’t attack.": false,
		"": false,
	} {
		if got := bareKind(in); got != want {
			t.Errorf("bareKind(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestAsksDefinition(t *testing.T) {
	for q, want := range map[string]bool{
		"what is a token":                       true,
		"what does ward mean":                   true,
		"whats summoning sickness":              true,
		"ward":                                  true,
		"legend rule":                           true,
		"can a token be sacrificed":             false,
		"how does trample work with deathtouch": false,
		"do i have to discard at end of turn":   false,
	} {
		if got := asksDefinition(Parse(q)); got != want {
			t.Errorf("asksDefinition(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestAsksWhen(t *testing.T) {
	for q, want := range map[string]bool{
		"when do i draw":                        true,
		"triggers when do they go on the stack": true,
		"When can I cast an instant":            true,
		"what happens when a creature dies":     false,
		"when my creature dies can i move it":   false,
		"does it trigger when it enters":        false,
		"-when untap step":                      false,
		"whenever a creature attacks":           false,
	} {
		if got := asksWhen(Parse(q)); got != want {
			t.Errorf("asksWhen(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestAskingWhat: "makes" and "counts" right after "what" hold the
// question together and weigh nothing; elsewhere they are words to find.
func TestAskingWhat(t *testing.T) {
	ix := corpusIndex(t)
	for _, tc := range []struct {
		q, word string
		stop    bool
	}{
		{"what makes something a mana ability", "makes", true},
		{"what counts as a spell", "counts", true},
		{"effects that makes a token", "makes", false},
		{"what if it counts", "counts", false},
	} {
		p := ix.plan(Parse(tc.q), false)
		id := ix.terms[string(stem(nil, []byte(tc.word)))]
		found := false
		for _, c := range p.clauses {
			if len(c.alts) == 1 && len(c.alts[0].terms) == 1 && c.alts[0].terms[0] == id {
				found = true
				if c.stop != tc.stop {
					t.Errorf("%q: %q stop = %v, want %v", tc.q, tc.word, c.stop, tc.stop)
				}
			}
		}
		if !found {
			t.Errorf("%q: no clause of %q", tc.q, tc.word)
		}
	}
}

func TestOwnerWord(t *testing.T) {
	for q, want := range map[string]bool{
		"my opponent's graveyard":   true,
		"opponents library":         true,
		"can i attack an opponent":  false,
		"each opponent":             false,
		"my opponent's turn":        true,
		"an opponent graveyard":     false,
		"is it my opponents":        false,
		"my opponents what happens": false,
	} {
		toks := queryTokens(q, 0, 0)
		got := false
		for i := range toks {
			got = got || ownerWord(toks, i)
		}
		if got != want {
			t.Errorf("ownerWord in %q = %v, want %v", q, got, want)
		}
	}
}
