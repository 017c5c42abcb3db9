package search

import (
	"strings"
	"testing"
)

// tokens renders Tokenize's output compactly: kind letter, fold, key if it
// differs; "w:counter", "n:704.5k", "m:{2/b}", "c:assembly-worker".
func tokens(s string) string {
	var out []string
	for _, t := range Tokenize(s) {
		k := map[TokenKind]string{TokWord: "w", TokNumber: "n", TokMana: "m", TokCompound: "c"}[t.Kind]
		v := k + ":" + t.Fold
		if t.Key != t.Fold {
			v += ">" + t.Key
		}
		out = append(out, v)
	}
	return strings.Join(out, " ")
}

func TestTokenize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"See rule 704.5k.", "w:see w:rule>rul n:704.5k"},
		{"rules 903.6–903.11", "w:rules>rul n:903.6 n:903.11"},
		{"(see rule 510, “Combat Damage Step.”)", "w:see w:rule>rul n:510 w:combat w:damage>damag w:step"},
		{"{T}: Add {C}.", "m:{t} w:add m:{c}"},
		{"{2/B}{W/U/P}", "m:{2/b} m:{w/u/p}"},
		{"{LEVEL N1-N2}", "w:level c:n1-n2 w:n1 w:n2"},
		{"a +1/+1 counter and a -1/-1 counter", "w:a n:+1/+1 w:counter w:and w:a n:-1/-1 w:counter"},
		{"2/2 Bear", "n:2/2 w:bear"},
		{"Assembly-Worker", "c:assembly-worker>assembli-worker w:assembly>assembli w:worker"},
		{"double-faced cards", "c:double-faced>doubl-fac w:double>doubl w:faced>fac w:cards>card"},
		{"can’t can't", "w:cant w:cant"},
		{"owner’s owners’", "w:owners>owner w:owners>owner"},
		{"Dandân DANDAN Dandân", "w:dandan w:dandan w:dandan"}, // the last with a combining accent
		{"Æther", "w:aether"},
		{"“legend rule.”", "w:legend w:rule>rul"},
		{"1st 2026-01-16", "w:1st n:2026 n:01 n:16"},
		{"日本語 ★ ", "w:日本語"},
		{"", ""},
		{"-- - ‐", ""},
	} {
		if got := tokens(tc.in); got != tc.want {
			t.Errorf("Tokenize(%q)\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

func TestTokenizePositionsAndSpans(t *testing.T) {
	s := "The Two-Headed Giant game"
	toks := Tokenize(s)
	want := []struct {
		fold string
		pos  int
	}{{"the", 0}, {"two-headed", 1}, {"two", 1}, {"headed", 2}, {"giant", 3}, {"game", 4}}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens, want %d: %s", len(toks), len(want), tokens(s))
	}
	for i, w := range want {
		if toks[i].Fold != w.fold || toks[i].Pos != w.pos {
			t.Errorf("token %d = %q@%d, want %q@%d", i, toks[i].Fold, toks[i].Pos, w.fold, w.pos)
		}
		if got := strings.ToLower(s[toks[i].Start:toks[i].End]); got != w.fold {
			t.Errorf("token %d spans %q, want %q", i, got, w.fold)
		}
	}
}

func TestTokenizeBounded(t *testing.T) {
	// A run of letters longer than maxWord is cut into several tokens, and
	// hyphen chains end cleanly, so no token is empty.
	for _, s := range []string{strings.Repeat("a", 1000), strings.Repeat("a-", 500), strings.Repeat("ab-", 40) + "c"} {
		for _, tok := range Tokenize(s) {
			if tok.Fold == "" || len(tok.Fold) > maxWord+1 || tok.Start >= tok.End {
				t.Fatalf("bad token %+v from %q…", tok, s[:20])
			}
		}
	}
}
