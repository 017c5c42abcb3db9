package cardtext

import (
	"testing"
)

func TestMana(t *testing.T) {
	m, err := ParseMana("{R}{R}{G}{2}{C}")
	if err != nil {
		t.Fatal(err)
	}
	if m != (Mana{R: 2, G: 1, C: 3}) || m.Total() != 6 || m.String() != "{R}{R}{G}{C}{C}{C}" {
		t.Errorf("ParseMana = %+v %q", m, m)
	}
	for _, s := range []string{"{X}", "{W/U}", "{2/W}", "{W/P}", "{S}", "R"} {
		if _, err := ParseMana(s); err == nil {
			t.Errorf("ParseMana(%q): want an error", s)
		}
	}
}

func TestColorString(t *testing.T) {
	tests := map[Color]string{
		0: "colorless", White: "white", White | Black: "white and black",
		White | Blue | Green: "white, blue and green",
	}
	for c, want := range tests {
		if got := c.String(); got != want {
			t.Errorf("%b: %q, want %q", c, got, want)
		}
	}
}
