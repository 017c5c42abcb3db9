package wordseq

import (
	"slices"
	"strings"
	"testing"
)

func TestRealign(t *testing.T) {
	for _, tt := range []struct {
		name, ref, ours string
		runs            [][2]int
		want            string
		realigned       int
	}{
		{"a table by columns", "x a c b d y", "x a b c d y", [][2]int{{1, 5}}, "x a b c d y", 1},
		{"in order already", "x a b y", "x a b y", [][2]int{{1, 3}}, "x a b y", 0},
		{"a word missing", "x a c y", "x a b c y", [][2]int{{1, 4}}, "x a c y", 0},
		{"a word more", "x a c b e d y", "x a b c d y", [][2]int{{1, 5}}, "x a c b e d y", 0},
		{"twice a word", "a b b a", "b a a b", [][2]int{{0, 4}}, "b a a b", 1},
		{"apart", "a x b", "a b x", [][2]int{{0, 2}}, "a x b", 0},
		{"two runs, one window each", "a b a b", "b a b a", [][2]int{{0, 2}, {2, 4}}, "b a b a", 2},
		{"no runs", "a b", "b a", nil, "a b", 0},
	} {
		out, done := Realign(strings.Fields(tt.ref), strings.Fields(tt.ours), tt.runs)
		if got := strings.Join(out, " "); got != tt.want || len(done) != tt.realigned {
			t.Errorf("%s: %q, %d realigned; want %q, %d", tt.name, got, len(done), tt.want, tt.realigned)
		}
	}
	ref := []string{"a", "b"}
	Realign(ref, []string{"b", "a"}, [][2]int{{0, 2}})
	if !slices.Equal(ref, []string{"a", "b"}) {
		t.Errorf("ref changed: %q", ref)
	}
}

func TestCompare(t *testing.T) {
	for _, tt := range []struct {
		a, b        string
		same, moved int
		diffs       []string
	}{
		{"a b c", "a b c", 3, 0, nil},
		{"a b c", "a c", 2, 0, []string{"after «a»: -b"}},
		{"a c", "a b c", 2, 0, []string{"after «a»: +b"}},
		{"x y", "p q", 0, 0, []string{"after «»: -x y +p q"}},
		{"", "a", 0, 0, []string{"after «»: +a"}},
		{"a b c d e", "b c x e", 3, 0, []string{"after «»: -a", "after «a b c»: -d +x"}},
		{"a b c d", "b c d a", 3, 1, []string{"after «»: -a", "after «a b c d»: +a"}},
		{"a b", "x a y z b", 2, 0, []string{"after «»: +x", "after «a»: +y z"}},
	} {
		c := Compare(strings.Fields(tt.a), strings.Fields(tt.b))
		var diffs []string
		for _, d := range c.Diffs {
			diffs = append(diffs, d.String())
		}
		if c.Same != tt.same || c.Moved != tt.moved || !slices.Equal(diffs, tt.diffs) {
			t.Errorf("%q vs %q: %d same, %d moved, %q; want %d, %d, %q", tt.a, tt.b, c.Same, c.Moved, diffs, tt.same, tt.moved, tt.diffs)
		}
	}
}
