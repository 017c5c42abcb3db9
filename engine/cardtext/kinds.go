package cardtext

// Instructions about players and the game itself, numbered apart from the
// others in ability.go.
const (
	OpControlPlayer Op = iota + 150 // Who controls To.Player during that player's next turn (722.1)
)

// Instructions of keyword mechanisms, numbered apart from ability.go's.
const (
	OpSwap   Op = iota + 240 // exchange What, a permanent, with a card matching With in another zone (aura swap, 702.65a)
	OpAttach                 // attach What, an Aura or Equipment, to To.Obj (701.3a)
)

// OpEachPlayer: each player of Who in turn follows Each as "you".
const OpEachPlayer Op = iota + 250

// OpScry: Who scries N (701.22a); OpExtraTurn: Who takes an extra turn
// after this one (500.7). Numbered apart from ability.go's.
const (
	OpScry Op = iota + 195
	OpExtraTurn
)

const (
	// RefLastExiled is the last creature card the source's abilities
	// exiled, by timestamp (613.7).
	RefLastExiled ORefKind = iota + 230
)

const (
	// CondExiledCreature: "a card exiled with ~ is a creature card".
	CondExiledCreature CondKind = iota + 230
	// CondCastLastTurn asks how many spells were cast during the previous
	// turn: "no spells were cast last turn" (Negated: none by anyone), "a
	// player cast two or more spells last turn" (one player cast N or
	// more), the werewolves' transform conditions.
	CondCastLastTurn
)

// Instructions about faces and status, numbered apart from the others in
// ability.go.
const (
	OpTransform    Op = iota + 200 // transform What (701.27)
	OpFlip                         // flip What, a flip card (710.1a)
	OpTurnFaceUp                   // turn What, face-down permanents, face up (708.8)
	OpChooseObject                 // Who chooses an object matching What.Group: "that creature" after it
	OpRevealObj                    // reveal What: every player sees it; it stays where it is (701.20b)
)

// Instructions about the game, numbered apart from the others in
// ability.go.
const (
	OpRestart Op = iota + 160 // restart the game (726.1)
)

// Instructions about subgames.
const (
	OpSubgame Op = iota + 170 // Who play a subgame (728.1)
)

// Meld's parts of instructions, references and conditions, numbered apart
// from ability.go's.
const (
	// OpMeld melds What, two cards, into the permanent named Kind (701.42a).
	OpMeld Op = iota + 220
	// OpToGraveyard puts What into its owner's graveyard ("return each
	// other card exiled with Mimic Vat to its owner's graveyard").
	OpToGraveyard
)

const (
	// RefSelfAnd is the object the ability is on and one matching Group:
	// "them" after "you both own and control ~ and a creature named …".
	RefSelfAnd ORefKind = iota + 220
	// RefOtherExiledWith is every card the ability's source exiled but
	// those the last instruction acted on (607.2a).
	RefOtherExiledWith
)

const (
	// CondOwnControl: "you both own and control ~ and a creature named …"
	// (Filter).
	CondOwnControl CondKind = iota + 220
)

// EnchantedPlayer is whose graveyard a replacement watches: the player
// its Aura enchants.
const EnchantedPlayer Whose = 220

// Instructions the multiplayer rules' examples need, numbered apart from
// the others in ability.go.
const (
	OpRedirect  Op = iota + 100 // the next N damage that would be dealt to To this turn is dealt to To2 instead (614.9)
	OpRevealTop                 // reveal the top N cards of your library: they are "those cards"
	OpPiles                     // Who separates What into two piles
	OpPutPiles                  // put one pile into Zone and the other into Zone2: the controller chooses which
)

// PAnOpponent is "an opponent": one the controller chooses as the
// instruction is followed (numbered apart from the others in ability.go).
const PAnOpponent PRefKind = 100

// Rule-modifying effects about winning and losing, numbered apart from the
// others in ability.go.
const (
	// RuleCantLose: "You can't lose the game." (104.3e: an effect may
	// stop a loss); N 1: only "for having 0 or less life" (704.5a).
	RuleCantLose RuleKind = iota + 100
	// RuleCantWin: "Your opponents can't win the game."
	RuleCantWin
)

// RuleHandsRevealed: "Your opponents play with their hands revealed."
// (Telepathy): every card in those players' hands is revealed for as long
// as the effect lasts. Numbered apart from the others in ability.go.
const RuleHandsRevealed RuleKind = iota + 230

// OpNameSticker: "put a name sticker on target creature you own" (123.3).
// Numbered apart from the others in ability.go.
const OpNameSticker Op = iota + 180
