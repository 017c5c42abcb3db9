package cardtext

// EventSpec is the event a replacement effect watches for (614.1a): what
// happens ("would gain life", "would draw a card") and to whom or what.
type EventSpec struct {
	Kind ReplEvent
	// Who is the player it happens to, as the replacement's controller
	// sees them: "you" (Yours), "an opponent", "a player" (AnyOnes).
	Who Whose
}

// ReplEvent is a kind of event a replacement effect can replace.
type ReplEvent uint8

const (
	EvtGainLife ReplEvent = iota + 1 // a player would gain life (119.10)
	EvtDraw                          // a player would draw a card (121.6)
	EvtLoseGame                      // a player would lose the game (104.3, 704.7)
	EvtSearch                        // a player would search a library (701.23)
)

// replEventWords are the player events' words after "would".
var replEventWords = []struct {
	kind  ReplEvent
	words string
}{{EvtGainLife, "gain life"}, {EvtDraw, "draw a card"}, {EvtLoseGame, "lose the game"}, {EvtSearch, "search a library"}}

// String says where the object goes instead, for the event log.
func (g *GraveRepl) String() string {
	var s string
	switch {
	case g.To == Exile:
		s = "exile it"
	case g.To == Hand:
		s = "return it to its owner's hand"
	case g.Shuffle:
		s = "shuffle it into its owner's library"
	case g.Bottom:
		s = "put it on the bottom of its owner's library"
	default:
		s = "put it on top of its owner's library"
	}
	if g.Reveal {
		s = "reveal it and " + s
	}
	return s
}
