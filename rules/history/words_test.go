package history

import (
	"strings"
	"testing"
)

func TestWordDiff(t *testing.T) {
	tests := []struct {
		old, new string
		want     string // segments as [-deleted-]{+inserted+}
	}{
		{"", "", ""},
		{"same text", "same text", "same text"},
		{"", "new", "{+new+}"},
		{"old", "", "[-old-]"},
		{"the legend rule applies", "the legend rule never applies", "the legend rule {+never +}applies"},
		{"a player controls two", "two are controlled by a player", "[-a player controls two-]{+two are controlled by a player+}"},
		// A rule number is one word.
		{"See rule 704.5k.", "See rule 704.5j.", "See rule [-704.5k-]{+704.5j+}."},
		// A lone short word between two changes joins them.
		{"red and blue mana", "green and black mana", "[-red and blue-]{+green and black+} mana"},
		// Typography is not a change: the new spelling is kept.
		{`the "can't" effect wins`, "the “can’t” effect wins", "the “can’t” effect wins"},
		{"player's hand", "player?s hand", "player?s hand"},
		{"rules 903.6-903.11", "rules 903.6–903.11", "rules 903.6–903.11"},
		{"don't  stop", "don't stop", "don't stop"},
	}
	for _, tt := range tests {
		if got := render(WordDiff(tt.old, tt.new)); got != tt.want {
			t.Errorf("WordDiff(%q, %q) = %s, want %s", tt.old, tt.new, got, tt.want)
		}
	}
}

func render(segs []Segment) string {
	var b strings.Builder
	for _, s := range segs {
		switch s.Op {
		case Delete:
			b.WriteString("[-" + s.Text + "-]")
		case Insert:
			b.WriteString("{+" + s.Text + "+}")
		default:
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// TestWordDiffLong: two long texts with nothing in common stay cheap (the
// edit bound) and still spell both texts.
func TestWordDiffLong(t *testing.T) {
	old := strings.Repeat("alpha beta gamma ", 800)
	new := strings.Repeat("delta epsilon ", 900)
	checkSpelling(t, old, new, WordDiff(old, new))
}

func checkSpelling(t *testing.T, old, new string, segs []Segment) {
	t.Helper()
	var o, n strings.Builder
	for i, s := range segs {
		if s.Text == "" {
			t.Errorf("segment %d is empty", i)
		}
		if i > 0 && segs[i-1].Op == s.Op {
			t.Errorf("segments %d and %d have the same op", i-1, i)
		}
		if s.Op != Insert {
			o.WriteString(s.Text)
		}
		if s.Op != Delete {
			n.WriteString(s.Text)
		}
	}
	if n.String() != new {
		t.Errorf("segments spell the new text %q, want %q", n.String(), new)
	}
	if fold(o.String()) != fold(old) {
		t.Errorf("segments spell the old text %q, want %q (typography folded)", o.String(), old)
	}
}

// FuzzWordDiff: whatever the texts, the segments spell both of them.
func FuzzWordDiff(f *testing.F) {
	f.Add("the legend rule applies", "the legend rule never applies")
	f.Add(`"can't" 704.5k`, "“can’t” 704.5j")
	f.Add("a\tb\n c", "a b c")
	f.Add("é…—", "e...-")
	f.Fuzz(func(t *testing.T, old, new string) {
		checkSpelling(t, old, new, WordDiff(old, new))
	})
}
