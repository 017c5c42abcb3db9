package scenario

import (
	"strings"
	"testing"
)

// TestCardExiledWithIsChosen: "a card exiled with ~" that names no kind is
// one of the cards its abilities exiled, the controller's choice when
// there are several (607.2a), not whichever came first.
func TestCardExiledWithIsChosen(t *testing.T) {
	const scn = `scenario "exiled with"
card Grizzly Bears: {1}{G} Creature — Bear 2/2
card Hill Giant: {3}{R} Creature — Giant 3/3
card Vault (invented): {2} Artifact
text: {T}: Exile target card from a graveyard.
text: {1}: Return a card exiled with this artifact to its owner's hand.
setup
  A battlefield: Vault
  B graveyard: Grizzly Bears, Hill Giant
steps
  A activates Vault's first ability targeting Grizzly Bears
  resolve
  untap Vault
  A activates Vault's first ability targeting Hill Giant
  resolve
  A adds {1}
  A activates Vault's second ability
  resolve
  A chooses Hill Giant
expect
  Hill Giant in B's hand
  Grizzly Bears in exile
`
	tr := runText(t, "", scn)
	if !tr.Passed() {
		t.Errorf("%v %s", tr.Err, strings.Join(tr.Failures(), "; "))
	}
}
