package cardtext

// PlayerID identifies a player: their index among a game's players. It
// lives here, beside ObjectID, so that the packages under engine that
// speak of players (engine/combat) needn't import engine.
type PlayerID int

// Target is a player or an object, as a reference comes to mean one in a
// game: what damage is dealt to, counters are put on, or a creature
// attacks.
type Target struct {
	Object   ObjectID
	Player   PlayerID
	IsPlayer bool
}

// PlayerTarget and ObjectTarget build Targets.
func PlayerTarget(p PlayerID) Target { return Target{Player: p, IsPlayer: true} }
func ObjectTarget(o ObjectID) Target { return Target{Object: o} }
