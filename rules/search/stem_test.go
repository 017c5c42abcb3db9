package search

import "testing"

func TestStem(t *testing.T) {
	// Each group must share one stem.
	for _, group := range [][]string{
		{"counter", "counters", "countered", "countering"},
		{"attack", "attacks", "attacked", "attacking"},
		{"damage", "damages", "damaged"},
		{"ability", "abilities"},
		{"copy", "copies", "copied", "copying"},
		{"tap", "taps", "tapped", "tapping"},
		{"control", "controls", "controlled", "controlling"},
		{"exile", "exiled", "exiles"},
		{"make", "makes", "making"},
		{"lose", "loses", "losing", "lost"},
		{"die", "dies", "died", "dying"},
		{"choose", "chooses", "choosing", "chose"},
		{"player", "players"},
		{"play", "plays", "played"},
		{"match", "matches"},
		{"resolve", "resolves", "resolved", "resolving"},
	} {
		want := string(stem(nil, []byte(group[0])))
		for _, w := range group[1:] {
			if got := string(stem(nil, []byte(w))); got != want {
				t.Errorf("stem(%q) = %q, want %q like %q", w, got, want, group[0])
			}
		}
	}
	// Words the rules use that a careless stemmer would mangle or merge.
	for w, want := range map[string]string{
		"status": "status", "this": "this", "pass": "pass", "passed": "pass",
		"added": "add", "called": "call", "being": "being", "need": "need",
		"its": "its", "one": "one", "1st": "1st", "dandân": "dandân", "less": "less",
	} {
		if got := string(stem(nil, []byte(w))); got != want {
			t.Errorf("stem(%q) = %q, want %q", w, got, want)
		}
	}
}
