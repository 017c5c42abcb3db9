package engine

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestGraveyardTriggersRead: "put into a graveyard" triggers read where
// the card goes (a graveyard, or the controller's own) and where from, so
// "from your library" is a trigger of its own and not "from anywhere".
func TestGraveyardTriggersRead(t *testing.T) {
	tests := []struct {
		text  string
		from  cardtext.Zone
		owned bool
		err   string
	}{
		{text: "Whenever a card is put into a graveyard from anywhere, you gain 1 life."},
		{text: "Whenever a land is put into a graveyard from the battlefield, you gain 1 life.", from: cardtext.Battlefield},
		{text: "Whenever a card is put into your graveyard from your library, you gain 1 life.", from: cardtext.Library, owned: true},
		{text: "Whenever a creature card is put into your graveyard from your hand, you gain 1 life.", from: cardtext.Hand, owned: true},
		{text: "Whenever a card is put into your graveyard, you gain 1 life.", owned: true},
		{text: "Whenever a card is put into an opponent's hand, you gain 1 life.", err: "put into a graveyard or your graveyard"},
		{text: "Whenever a card is put into your graveyard from exile, you gain 1 life.", err: "the trigger condition ends at the comma"},
	}
	for _, tt := range tests {
		abs, err := cardtext.ParseAbilities("Keeper", tt.text, false, Latest().Types)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: got %v, want an error with %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		tr := abs[0].Trigger
		if tr == nil || tr.Event != cardtext.TrigToGraveyard || tr.From != tt.from || tr.What.Owned != tt.owned {
			t.Errorf("%q: read as %+v", tt.text, tr)
		}
	}
}
