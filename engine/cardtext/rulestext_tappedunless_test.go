package cardtext

import "testing"

// TestEntersTappedUnlessRead: "~ enters tapped unless CONDITION" is the
// enters-tapped replacement (614.1c) with the condition that stops it;
// "N or fewer" is "not N+1 or more".
func TestEntersTappedUnlessRead(t *testing.T) {
	tests := []struct {
		text    string
		n       int
		negated bool
		other   bool
		fails   bool
	}{
		{text: "~ enters tapped unless you control two or fewer other lands.", n: 3, negated: true, other: true},
		{text: "~ enters tapped unless you control three or more Swamps.", n: 3},
		{text: "~ enters tapped unless you control two or fewer other lands with different names.", fails: true},
		{text: "~ enters tapped unless it's your turn.", fails: true},
	}
	for _, tt := range tests {
		abs, err := ParseAbilities("Blackcleave Cliffs", tt.text, false, testLists)
		if tt.fails {
			if err == nil {
				t.Errorf("%q: read as %+v, want an error", tt.text, abs[0])
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		r := abs[0].Replace
		if r == nil || r.Kind != ReplEntersTapped || r.Unless == nil {
			t.Errorf("%q: read as %+v", tt.text, abs[0])
			continue
		}
		if u := r.Unless; u.Kind != CondControlsAtLeast || u.N != tt.n || u.Negated != tt.negated || u.Filter.Other != tt.other {
			t.Errorf("%q: unless %+v", tt.text, u)
		}
	}
}
