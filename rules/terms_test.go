package rules

import "testing"

func TestTermMentions(t *testing.T) {
	tests := []struct{ in, want string }{
		// Longest match first, whole words, any case.
		{"Add one mana. This is a mana ability.", "term[mana ability]=Mana Ability"},
		{"A creature with trample deals damage.", "term[trample]=Trample"},
		{"TRAMPLE matters.", "term[TRAMPLE]=Trample"},
		{"tramplers and untrample", ""},
		// Plural of the last word.
		{"Create two tokens. Its mana abilities resolve.", "term[tokens]=Token term[mana abilities]=Mana Ability"},
		{"both libraries", "term[libraries]=Library"},
		// First mention in a paragraph only.
		{"Trample, trample, trample.", "term[Trample]=Trample"},
		// Spaces, hyphens and quotes as the glossary folds them.
		{"It is face-down and double-faced card rules apply.", "term[face-down]=Face Down term[double-faced card]=Double-Faced Card"},
		{"You get the city’s blessing.", "term[city’s blessing]=City’s Blessing"},
		{"the city's blessing", "term[city's blessing]=City’s Blessing"},
		{"an intervening “if” clause", "term[intervening “if” clause]=Intervening “If” Clause"},
		// Possessives end a word; hyphenated compounds do not match inside.
		{"the token’s owner", "term[token]=Token"},
		{"non-token permanents and token-like things", ""},
		// Stop terms, one-letter terms and obsolete entries are not marked.
		{"Each player draws a card; X is 2.", ""},
		{"No mana burn here.", ""},
		// Each of an entry's terms, but one entry once.
		{"it phased in and phased out", "term[phased in]=Phased In, Phased Out"},
		// Not inside references or symbols.
		{"See Trample. Trample is fun.", "ref[Trample]=g:Trample term[Trample]=Trample"},
		{"Add {W}: mana ability", "mana[{W}] term[mana ability]=Mana Ability"},
		{"the legend rule 704.5k", "term[legend rule]=Legend Rule ref[704.5k]=704.5k"},
	}
	for _, tt := range tests {
		e := miniEdition(tt.in)
		Link(e)
		got := describe(e, &e.Rule(Number{Chapter: 100, Rule: 1}).Body[0].Text)
		if got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// Function words and plain verbs of play are never marked, whatever their
// case; a longer term that contains one still is.
func TestTermMentionsStopWords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"If you cast a spell, pay {1} and play a land instead.", "mana[{1}]"},
		{"Unless it deals damage, draw a card; if it does, scry 2.", "term[scry]=Scry"},
		{"an intervening “if” clause", "term[intervening “if” clause]=Intervening “If” Clause"},
		{"Cast it. Exile it.", "term[Exile]=Exile"},
	}
	for _, tt := range tests {
		e := miniEdition(tt.in)
		for _, term := range []string{"If", "Cast", "Pay", "Play", "Instead", "Unless", "Deal", "Draw", "Scry"} {
			e.Glossary = append(e.Glossary, &GlossaryEntry{Terms: []string{term}, Slug: Slug(term)})
		}
		Link(e)
		if got := describe(e, &e.Rule(Number{Chapter: 100, Rule: 1}).Body[0].Text); got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// A term is marked once per rule, in its first paragraph or example that
// mentions it; the next rule marks it again.
func TestTermMentionsOncePerRule(t *testing.T) {
	e := miniEdition("Trample matters.", "A token with trample.", "Tokens and trample.")
	r2 := e.Rule(Number{Chapter: 100, Rule: 2})
	r2.Body = []Block{{Kind: BlockExample, Text: Text{S: "It has trample."}}}
	Link(e)
	r1 := e.Rule(Number{Chapter: 100, Rule: 1})
	for i, want := range []string{"term[Trample]=Trample", "term[token]=Token", ""} {
		if got := describe(e, &r1.Body[i].Text); got != want {
			t.Errorf("100.1 paragraph %d: got %s, want %s", i, got, want)
		}
	}
	if got, want := describe(e, &r2.Body[0].Text), "term[trample]=Trample"; got != want {
		t.Errorf("100.2: got %s, want %s", got, want)
	}
}

func TestTermMentionsSkipOwnEntry(t *testing.T) {
	e := miniEdition()
	var trample, token *GlossaryEntry
	for _, g := range e.Glossary {
		switch g.Term() {
		case "Trample":
			trample = g
		case "Token":
			token = g
		}
	}
	trample.Body = []Block{{Text: Text{S: "Trample lets a creature deal excess damage; a token can have trample."}}}
	Link(e)
	if got, want := describe(e, &trample.Body[0].Text), "term[token]=Token"; got != want {
		t.Errorf("Trample's own definition: got %s, want %s", got, want)
	}
	if len(e.CitedBy(Citer{Entry: token})) != 0 {
		t.Errorf("a mention is not a citation, got %d CitedBy", len(e.CitedBy(Citer{Entry: token})))
	}
}

func TestMatchFold(t *testing.T) {
	tests := []struct {
		s, f   string
		plural bool
		end    int
	}{
		{"mana ability.", "mana ability", false, 12},
		{"mana  ability", "mana ability", false, 13},
		{"mana-ability", "mana ability", false, 12},
		{"mana – ability", "mana ability", false, 16},
		{"mana abilities", "mana ability", true, 14},
		{"mana abilities", "mana ability", false, -1},
		{"mana abilityx", "mana ability", false, -1},
		{"mana ability-like", "mana ability", false, -1},
		{"Dandân", "dandan", false, 7},
		{"tokens", "token", true, 6},
		{"tokenses", "token", true, -1},
		{"", "token", true, -1},
		{"tok", "token", true, -1},
	}
	for _, tt := range tests {
		end, ok := matchFold(tt.s, 0, tt.f, tt.plural)
		if !ok {
			end = -1
		}
		if end != tt.end {
			t.Errorf("matchFold(%q, %q, %v) = %d, want %d", tt.s, tt.f, tt.plural, end, tt.end)
		}
	}
	if _, ok := matchFold("xmana ability", 1, "mana ability", false); ok {
		t.Error("matched inside a word")
	}
}

// matchPlain must answer as matchRest does whenever it does not defer to it.
func TestMatchPlain(t *testing.T) {
	rests := []string{" ability", " abilities", " pool", " of the ring", " 2", " value", " y"}
	texts := []string{
		" ability", " Ability.", " abilities", " ABILITIES,", " abilitys", " abilityes", " abilityx", " ability-like",
		"  ability", " - ability", "-ability", " – ability", " abilit", " abilities’", " abilitiés", " ability’s",
		" pool", " pools", " poolses", " Pool\u00a0", " of the ring", " of  the ring", " of the rings", " of the\tring",
		" 2", " 2s", " 23", " value", " valuë", " valued", " y", " ies", " Ies", "", " ", "x",
	}
	for _, f := range rests {
		if !plainRest(f) {
			t.Fatalf("%q is not plain", f)
		}
		for _, s := range texts {
			end, r := matchPlain(s, 0, f)
			if r == plainAsk {
				continue
			}
			wantEnd, ok := matchRest(s, 0, f, true)
			if ok != (r == plainYes) || ok && end != wantEnd {
				t.Errorf("matchPlain(%q, %q) = %d, %d; matchRest says %d, %v", s, f, end, r, wantEnd, ok)
			}
		}
	}
}

func FuzzMatchPlain(f *testing.F) {
	f.Add(" abilities.", " ability")
	f.Add(" of  the rings", " of the ring")
	f.Fuzz(func(t *testing.T, s, rest string) {
		if !plainRest(rest) {
			return
		}
		end, r := matchPlain(s, 0, rest)
		if r == plainAsk {
			return
		}
		wantEnd, ok := matchRest(s, 0, rest, true)
		if ok != (r == plainYes) || ok && end != wantEnd {
			t.Fatalf("matchPlain(%q, %q) = %d, %d; matchRest says %d, %v", s, rest, end, r, wantEnd, ok)
		}
	})
}
