// Package engine is Arbiter's rules engine: game state as values and a pure
// Apply(state, action) → (state, events, error) that follows the
// Comprehensive Rules of one edition.
//
// Printed ("base") characteristics live on a Card and are never changed; what
// an object looks like now is computed from them (Chars). States are values:
// Apply copies what it changes, so every earlier State stays valid, which is
// what the sandbox's timeline relies on. Every rule the engine applies emits
// an Event naming the rule in the numbering of the edition being run
// (RulesEdition), so a reader can grep this package for a rule number and a
// judge can follow a link from the sandbox.
//
// The engine knows no HTTP and no rules parsers: a RulesEdition is either
// built in (EditionAt, from a table checked against every corpus file) or
// built from rule texts handed to it (FromRules). Where the rules changed
// how the game plays (mana burn, damage on the stack, the legend rule), the
// edition's own text decides: each Switch is read from the rule that states
// it, and no date is written in the code.
//
// Which rules the engine knows, how each is found in an edition's text and
// which can be switched off is package registry's job. A RulesEdition maps
// the registry's keys to its own rule numbers, and the code that applies a
// rule asks t.applies(registry.SBALegend) first, so that rule ablation
// (RulesEdition.Without) can switch that rule off as if its code were
// deleted.
//
// What a card says is package cardtext's job: a Card's printed
// characteristics and its rules text read into abilities, instructions,
// costs, triggers and effects. The engine runs them: it resolves their
// references in a game, follows their instructions and applies their
// effects, under the edition's rules.
//
// Combat's model and its rules arithmetic are package combat's job: the
// attackers, blockers, bands, damage assignment orders and chosen
// assignments (State.Combat), and the checks and divisions of combat
// damage that need only facts about creatures, read through combat.Game
// (combatGame). The engine plays the combat: the declarations, the checks
// that need the whole game (effects, landwalk, protection), and dealing
// the damage.
//
// What each multiplayer and casual variant is — its name, the options it
// prescribes, how its players are seated and how far apart they sit, a
// card's color identity and a commander's tax — is package variants'
// job. The engine plays it: it seats a game's players, fixes their range
// of influence as each turn begins, shares a team's life and moves a
// commander, each behind its rule's gate.
package engine
