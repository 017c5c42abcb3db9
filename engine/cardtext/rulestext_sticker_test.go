package cardtext

import "testing"

// TestNamedStatic: "… is a green and white Citizen creature with base
// power and toughness 1/1 named NAME" is read part by part.
func TestNamedStatic(t *testing.T) {
	tests := []struct {
		text  string
		name  string
		pt    bool
		lose  bool
		color Color
		err   string
	}{
		{text: "Enchanted creature loses all abilities and is a green and white Citizen creature with base power and toughness 1/1 named Legitimate Businessperson.",
			name: "Legitimate Businessperson", pt: true, lose: true, color: Green | White},
		{text: "Enchanted creature is a blue Frog creature named Froggy.", name: "Froggy", color: Blue},
		{text: "Enchanted creature is a blue Frog creature with base power and toughness 1/1.", pt: true, color: Blue},
		{text: "Enchanted creature is a blue Frog creature named.", err: "the name after named"},
		{text: "Enchanted creature is a blue Frog creature with base power and toughness big.", err: "base power and toughness like 1/1"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Aura", tt.text, false, tt.err)
		if !ok {
			continue
		}
		sp := abs[0].Static[0]
		if sp.SetName != tt.name || (sp.SetPT != nil) != tt.pt || sp.LoseAll != tt.lose || sp.SetColor != tt.color {
			t.Errorf("%q: name %q, base P/T %v, loses all %v, color %v", tt.text, sp.SetName, sp.SetPT != nil, sp.LoseAll, sp.SetColor)
		}
	}
}
