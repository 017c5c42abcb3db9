package views

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	w := NewWords(map[string]int{
		"Isamaru": 2, "Isamaru, Hound of Konda": 1, "Shock": 1, "Soul Net": 1, "Soul Net ability": 2,
		"Brothers of Fire": 1, "Brothers of Fire ability": 1, "Wasp": 12,
	})
	tests := []struct{ in, want string }{
		{"Isamaru#2 is put into Alice's graveyard", "the second Isamaru is put into Alice's graveyard"},
		{"Alice casts Shock#1 targeting Isamaru#1", "Alice casts Shock targeting the first Isamaru"},
		{"Isamaru, Hound of Konda#1 attacks", "Isamaru, Hound of Konda attacks"},
		{"Soul Net#1 ability#2 resolves", "the second Soul Net ability resolves"},
		{"Brothers of Fire#1 ability#1 resolves", "Brothers of Fire's ability resolves"},
		{"Wasp#12, Wasp#11", "the twelfth Wasp, the eleventh Wasp"},
		// Not labels of this run: left as they are.
		{"Isamaru#9 doesn't exist", "Isamaru#9 doesn't exist"},
		{"Goblin#1 and #2 and a # sign", "Goblin#1 and #2 and a # sign"},
		{"XIsamaru#1", "XIsamaru#1"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := w.Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := w.Sentence("isamaru#1 attacks"); got != "The first Isamaru attacks" {
		t.Errorf("Sentence: %q", got)
	}
}

func TestSymbolText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{T}: Add {G}.", `<abbr class="ms t" data-m="" title="tap" role="img" aria-label="tap">{T}</abbr>: Add <abbr class="ms g" data-m="G" title="green mana" role="img" aria-label="green mana">{G}</abbr>.`},
		{"{2}{W/U}", `<abbr class="ms c" data-m="2" title="two generic mana" role="img" aria-label="two generic mana">{2}</abbr><abbr class="ms small w u2" data-m="WU" title="white or blue mana" role="img" aria-label="white or blue mana">{W/U}</abbr>`},
		// Braces that hold no symbol, and markup, stay text.
		{"a {not a symbol} <b>", "a {not a symbol} &lt;b&gt;"},
		{"{unclosed", "{unclosed"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := SymbolText(tt.in).Render(context.Background(), &b); err != nil || b.String() != tt.want {
			t.Errorf("SymbolText(%q) = %q (%v), want %q", tt.in, b.String(), err, tt.want)
		}
	}
}

// FuzzWords: any text, read with any counts, comes out with every byte
// that isn't part of a label unchanged, and without panicking.
func FuzzWords(f *testing.F) {
	f.Add("Isamaru#2 and Soul Net#1 ability#2", "Isamaru")
	f.Add("##1 #", "")
	f.Add("é#1 É#1", "é")
	f.Fuzz(func(t *testing.T, s, name string) {
		w := NewWords(map[string]int{name: 2, name + " ability": 3})
		got := w.Text(s)
		if !strings.Contains(s, "#") && got != s {
			t.Fatalf("Text(%q) = %q: changed text without a label", s, got)
		}
		if NewWords(nil).Text(s) != s {
			t.Fatalf("no names, yet %q changed", s)
		}
	})
}
