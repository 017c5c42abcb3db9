package engine

import (
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// TestShares: what "that shares a creature type / a color / a card type
// with it" compares.
func TestShares(t *testing.T) {
	elf := &Chars{Colors: cardtext.Green, Types: cardtext.TypeLine{CardTypes: []string{"Creature"}, Subtypes: []cardtext.Subtype{{Name: "Elf", Kind: cardtext.CreatureType}}}}
	goblinArtifact := &Chars{Colors: cardtext.Red | cardtext.Green, Types: cardtext.TypeLine{CardTypes: []string{"Artifact", "Creature"}, Subtypes: []cardtext.Subtype{{Name: "Goblin", Kind: cardtext.CreatureType}}}}
	relic := &Chars{Types: cardtext.TypeLine{CardTypes: []string{"Artifact"}}}
	tests := []struct {
		sh   cardtext.Share
		a, b *Chars
		want bool
	}{
		{cardtext.ShareCreatureType, elf, elf, true},
		{cardtext.ShareCreatureType, elf, goblinArtifact, false},
		{cardtext.ShareColor, elf, goblinArtifact, true},
		{cardtext.ShareColor, elf, relic, false}, // colorless shares no color
		{cardtext.ShareCardType, goblinArtifact, relic, true},
		{cardtext.ShareCardType, elf, relic, false},
		{cardtext.ShareNone, elf, elf, false},
	}
	for i, tt := range tests {
		if got := shares(tt.sh, tt.a, tt.b); got != tt.want {
			t.Errorf("%d: shares(%v) = %v, want %v", i, tt.sh, got, tt.want)
		}
	}
}
