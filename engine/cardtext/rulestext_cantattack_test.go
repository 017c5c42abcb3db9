package cardtext

import "testing"

// TestCantAttackRead: "can't attack" is a restriction on attacking
// (508.1c), "can't attack or block" that and one on blocking (509.1b), each
// an effect of its own, for whatever the sentence names; "can't attack"
// followed by other words is left to the forms that read them.
func TestCantAttackRead(t *testing.T) {
	tests := []struct {
		text  string
		kinds []RuleKind
		ref   ORefKind
		want  string // an error containing it
	}{
		{text: "Enchanted creature can't attack or block.", kinds: []RuleKind{RuleCantAttack, RuleCantBlock}, ref: RefEnchanted},
		{text: "~ can't attack or block.", kinds: []RuleKind{RuleCantAttack, RuleCantBlock}, ref: RefSelf},
		{text: "Enchanted creature can't attack.", kinds: []RuleKind{RuleCantAttack}, ref: RefEnchanted},
		{text: "Creatures your opponents control can't attack.", kinds: []RuleKind{RuleCantAttack}, ref: RefGroup},
		{text: "~ can't attack unless defending player controls an Island.", kinds: []RuleKind{RuleAttackUnless}, ref: RefSelf},
		{text: "Enchanted creature can't attack or block alone.", want: "the end of the sentence"},
	}
	for _, tt := range tests {
		abs, ok := readsOrFails(t, "Pacifism", tt.text, false, tt.want)
		if !ok {
			continue
		}
		st := abs[0].Static
		if len(st) != len(tt.kinds) {
			t.Errorf("%q: %d effects, want %d", tt.text, len(st), len(tt.kinds))
			continue
		}
		for i, sp := range st {
			if sp.Rules == nil || sp.Rules.Kind != tt.kinds[i] || sp.Affects.Kind != tt.ref {
				t.Errorf("%q: effect %d is %+v", tt.text, i, sp)
			}
		}
	}
}
