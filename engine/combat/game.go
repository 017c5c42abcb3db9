package combat

import "github.com/arbiter-rules/arbiter/engine/registry"

// Game is what combat's rules read of the game they are played in: whether
// a rule applies (rule ablation switches each off as if its code were
// deleted), the error a rule gives, names for messages, and the facts of
// creatures the rules of combat damage need. Package engine's transaction
// implements it; an object that no longer exists has no power, toughness,
// damage, loyalty or keywords.
type Game interface {
	Applies(registry.Key) bool
	RuleErr(k registry.Key, format string, args ...any) error
	Label(id ObjectID) string
	Name(p PlayerID) string
	TargetText(Target) string

	Power(id ObjectID) int
	Toughness(id ObjectID) int
	Marked(id ObjectID) int // damage marked on it
	Loyalty(id ObjectID) int
	HasKeyword(id ObjectID, kw string) bool

	// DamageOrder: the edition has damage assignment orders (509.2,
	// 509.3: M10 to Foundations).
	DamageOrder() bool
	// StaticDeathtouch: deathtouch is a static ability (702.2, since
	// M10), not the triggered one first printed.
	StaticDeathtouch() bool
}
