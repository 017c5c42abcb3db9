package cardtext

import (
	"testing"
)

// TestExiledWithRead: "a KIND card exiled with ~" and "blocking or
// blocked by ~" are read from their parts.
func TestExiledWithRead(t *testing.T) {
	tests := []struct {
		text              string
		exiled            []string // the kinds of card "exiled with ~" names
		blocking, blocked bool
		err               string
	}{
		{text: "{2}{B}: Put a creature card exiled with Sisters of Stone Death onto the battlefield under your control.", exiled: []string{"creature"}},
		{text: "{2}: Put an artifact card exiled with this creature onto the battlefield under your control.", exiled: []string{"artifact"}},
		{text: "{B}{G}: Exile target creature blocking or blocked by Sisters of Stone Death.", blocking: true, blocked: true},
		{text: "{B}: Destroy target creature blocking this creature.", blocking: true},
		{text: "{B}: Destroy target creature blocked by this creature.", blocked: true},
		{text: "{B}: Destroy target creature blocking or blocked by.", err: "can't read"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Sisters of Stone Death", tt.text, false, tt.err)
		if !ok {
			continue
		}
		in := abs[0].Effect[0]
		switch {
		case tt.exiled != nil:
			if in.What.Kind != RefExiledWith || in.What.Group == nil || in.What.Group.Zone != Exile || len(in.What.Group.AnyOf) != 1 || in.What.Group.AnyOf[0] != tt.exiled[0] {
				t.Errorf("%q: what = %+v", tt.text, in.What)
			}
		default:
			f := abs[0].Targets[0].Filter
			if f.BlockingSelf != tt.blocking || f.BlockedBySelf != tt.blocked {
				t.Errorf("%q: filter %+v", tt.text, f)
			}
		}
	}
}
