// Package registry is the engine's register of rules: which rules the
// engine knows, how each is found in an edition's text, and which can be
// switched off.
//
// Each rule is a Key ("sba.legend"), named for what the rule says rather
// than where an edition numbers it: the legend rule is 420.5e in 2007,
// 704.5k in 2009 and 704.5j in 2026, but always SBALegend. A recognizer
// finds each key's rule in an edition's text by its wording (FindKeys), so
// its number is right in every edition and an edition that lacks the rule
// doesn't register it. Gated lists the keys whose code the engine runs
// behind a gate (engine's t.applies), which rule ablation switches off one
// at a time.
//
// The package knows nothing of games or editions: the engine imports it,
// never the other way round.
package registry
