package combat

import (
	"fmt"
	"slices"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// creature is a fake creature's facts.
type creature struct {
	power, toughness, damage, loyalty int
	keywords                          []string
}

// fakeGame is a Game of a few creatures, under rules with every key on
// but those in off.
type fakeGame struct {
	objs   map[ObjectID]creature
	off    []registry.Key
	order  bool // damage assignment orders (M10 to Foundations)
	static bool // static deathtouch
}

// ruleErr is the error fakeGame's RuleErr gives: the key, so that a test
// can say which rule forbade an assignment.
type ruleErr struct {
	key registry.Key
	msg string
}

func (e *ruleErr) Error() string { return string(e.key) + ": " + e.msg }

func (g fakeGame) Applies(k registry.Key) bool { return !slices.Contains(g.off, k) }
func (g fakeGame) RuleErr(k registry.Key, format string, args ...any) error {
	return &ruleErr{k, fmt.Sprintf(format, args...)}
}
func (g fakeGame) Label(id ObjectID) string { return fmt.Sprintf("#%d", id) }
func (g fakeGame) Name(p PlayerID) string   { return fmt.Sprintf("P%d", p) }
func (g fakeGame) TargetText(tg Target) string {
	if tg.IsPlayer {
		return g.Name(tg.Player)
	}
	return g.Label(tg.Object)
}
func (g fakeGame) Power(id ObjectID) int     { return g.objs[id].power }
func (g fakeGame) Toughness(id ObjectID) int { return g.objs[id].toughness }
func (g fakeGame) Marked(id ObjectID) int    { return g.objs[id].damage }
func (g fakeGame) Loyalty(id ObjectID) int   { return g.objs[id].loyalty }
func (g fakeGame) HasKeyword(id ObjectID, kw string) bool {
	return slices.Contains(g.objs[id].keywords, kw)
}
func (g fakeGame) DamageOrder() bool      { return g.order }
func (g fakeGame) StaticDeathtouch() bool { return g.static }
