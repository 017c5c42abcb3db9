package engine

import (
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/combat"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// combatGame is the game as package combat's rules read it (combat.Game):
// the transaction's rules, names and creatures' characteristics now.
type combatGame struct{ t *tx }

var _ combat.Game = combatGame{}

func (g combatGame) Applies(k registry.Key) bool { return g.t.applies(k) }
func (g combatGame) RuleErr(k registry.Key, format string, args ...any) error {
	return g.t.ruleErr(k, format, args...)
}
func (g combatGame) Label(id cardtext.ObjectID) string { return g.t.labelOf(id) }
func (g combatGame) Name(p PlayerID) string            { return g.t.name(p) }
func (g combatGame) TargetText(tg Target) string       { return g.t.targetText(tg) }
func (g combatGame) DamageOrder() bool                 { return g.t.ed.DamageOrder }
func (g combatGame) StaticDeathtouch() bool            { return g.t.ed.Deathtouch != KeywordTriggered }

// chars is the characteristics of object id, or nil if it no longer exists.
func (g combatGame) chars(id cardtext.ObjectID) *Chars {
	if o := g.t.s.Object(id); o != nil {
		return g.t.chars(o)
	}
	return nil
}

func (g combatGame) Power(id cardtext.ObjectID) int {
	if ch := g.chars(id); ch != nil {
		return ch.Power
	}
	return 0
}

func (g combatGame) Toughness(id cardtext.ObjectID) int {
	if ch := g.chars(id); ch != nil {
		return ch.Toughness
	}
	return 0
}

func (g combatGame) HasKeyword(id cardtext.ObjectID, kw string) bool {
	ch := g.chars(id)
	return ch != nil && ch.HasKeyword(kw)
}

func (g combatGame) Marked(id cardtext.ObjectID) int {
	if o := g.t.s.Object(id); o != nil {
		return o.Damage
	}
	return 0
}

func (g combatGame) Loyalty(id cardtext.ObjectID) int {
	if o := g.t.s.Object(id); o != nil {
		return o.Counters.Get("loyalty")
	}
	return 0
}
