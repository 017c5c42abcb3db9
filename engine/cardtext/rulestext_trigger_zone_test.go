package cardtext

import (
	"testing"
)

// TestGraveyardTriggersRead: "put into a graveyard" triggers read where
// the card goes (a graveyard, or the controller's own) and where from, so
// "from your library" is a trigger of its own and not "from anywhere".
func TestGraveyardTriggersRead(t *testing.T) {
	tests := []struct {
		text  string
		from  Zone
		owned bool
		err   string
	}{
		{text: "Whenever a card is put into a graveyard from anywhere, you gain 1 life."},
		{text: "Whenever a land is put into a graveyard from the battlefield, you gain 1 life.", from: Battlefield},
		{text: "Whenever a card is put into your graveyard from your library, you gain 1 life.", from: Library, owned: true},
		{text: "Whenever a creature card is put into your graveyard from your hand, you gain 1 life.", from: Hand, owned: true},
		{text: "Whenever a card is put into your graveyard, you gain 1 life.", owned: true},
		{text: "Whenever a card is put into an opponent's hand, you gain 1 life.", err: "put into a graveyard or your graveyard"},
		{text: "Whenever a card is put into your graveyard from exile, you gain 1 life.", err: "the trigger condition ends at the comma"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Keeper", tt.text, false, tt.err)
		if !ok {
			continue
		}
		tr := abs[0].Trigger
		if tr == nil || tr.Event != TrigToGraveyard || tr.From != tt.from || tr.What.Owned != tt.owned {
			t.Errorf("%q: read as %+v", tt.text, tr)
		}
	}
}
