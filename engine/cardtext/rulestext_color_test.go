package cardtext

import "testing"

// TestBecomesColorRead: the color an object becomes is a part of its own
// (layer 5) — color words, "colorless", "the color of your choice", "the
// color of OBJECT" — after "becomes", "is" or "gets … and becomes", with
// the duration read as anywhere else; what doesn't fit errors at its word.
func TestBecomesColorRead(t *testing.T) {
	tests := []struct {
		text   string
		spell  bool
		color  Color
		choice bool
		of     bool // the color of an object
		pt     bool // with "gets +N/+N"
		dur    DurKind
		want   string // an error containing it
	}{
		{text: "Target creature becomes the color of your choice until end of turn.", spell: true, choice: true, dur: DurEndOfTurn},
		{text: "Target permanent becomes the color of your choice.", spell: true, choice: true},
		{text: "{1}: This creature gets +1/+1 and becomes the color of your choice until end of turn.", choice: true, pt: true, dur: DurEndOfTurn},
		{text: "{1}: This creature gets +1/+1 and becomes black until end of turn.", color: Black, pt: true, dur: DurEndOfTurn},
		{text: "Target creature becomes white and blue until end of turn.", spell: true, color: White | Blue, dur: DurEndOfTurn},
		{text: "Target creature becomes red, white, and blue.", spell: true, color: Red | White | Blue},
		{text: "Target creature becomes colorless until end of turn.", spell: true, dur: DurEndOfTurn},
		{text: "Target creature becomes the color of target permanent until end of turn.", spell: true, of: true, dur: DurEndOfTurn},
		{text: "{T}: Target creature becomes the color of enchanted creature until end of turn.", of: true, dur: DurEndOfTurn},
		{text: "Target creature is the color of your choice until end of turn.", spell: true, choice: true, dur: DurEndOfTurn},
		{text: "Target permanent becomes the color or colors of your choice.", spell: true, choice: true},
		{text: "Target creature becomes the color or colors of its choice.", spell: true, want: `at "its choice.": "of your choice"`},
		{text: "Target creature becomes the colors of your choice.", spell: true, want: `at "of your choice.": "the color of your choice"`},
		{text: "Target creature becomes the color of its choice.", spell: true, want: `at "its choice.": the color of your choice, or of an object`},
		{text: "Target creature becomes the colour of your choice.", spell: true, want: `at "the colour of your choic…": what it becomes`},
		// A static ability's effect has no moment to choose at.
		{text: "Enchanted creature is the color of your choice.", want: `at "the color of your choice…": a color a static ability can state`},
		{text: "Enchanted creature is blue.", color: Blue},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Paint", tt.text, tt.spell, tt.want)
		if !ok {
			continue
		}
		a := abs[0]
		var sp *ContSpec
		var dur DurKind
		if len(a.Static) > 0 {
			sp = a.Static[0]
		} else if in := a.Effect[0]; in.Cont != nil {
			sp, dur = in.Cont, in.Dur.Kind
		}
		if sp == nil || sp.SetColor != tt.color || sp.ColorChoice != tt.choice || (sp.ColorOf != nil) != tt.of || (sp.ModPT != nil) != tt.pt || dur != tt.dur ||
			!tt.choice && !tt.of && !sp.HasColor {
			t.Errorf("%q: read as %+v (%v)", tt.text, sp, dur)
		}
	}
}
