package engine

import (
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/combat"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// Zones lists the zones in display order.
var Zones = []cardtext.Zone{cardtext.Library, cardtext.Hand, cardtext.Battlefield, cardtext.Graveyard, cardtext.Stack, cardtext.Exile, cardtext.Command}

// ParseZone reads a zone name in any edition's words: "battlefield", "the
// battlefield", "play", "in play", "exile", "removed from the game", …
func ParseZone(s string) (cardtext.Zone, bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.TrimPrefix(s, "the ")
	for z, n := range cardtext.ZoneNames {
		if s == n {
			return z, true
		}
	}
	switch s {
	case "play", "in play", "in-play zone":
		return cardtext.Battlefield, true
	case "removed from the game", "removed-from-the-game zone", "exiled":
		return cardtext.Exile, true
	case "command zone":
		return cardtext.Command, true
	case "outside the game", "sideboard":
		return cardtext.Outside, true
	}
	return 0, false
}

// PlayerID indexes State.Players.
type PlayerID = cardtext.PlayerID

// Player is one player's state (102, 119, 122).
type Player struct {
	Name     string
	Life     int
	Counters Counters      // poison and other player counters
	Pool     cardtext.Mana // mana pool (106.4)
	// Restricted is the part of Pool that can be spent only as its source
	// said (106.6).
	Restricted []RestrictedMana
	Lost       bool
	LostBy     registry.Key // the rule that made them lose
	Won        bool
	// Left: the player has left the game (104.5): they lost, drew or
	// conceded. The game goes on without them while two teams remain.
	Left bool
	// Team is the player's team: players with the same Team are
	// teammates, and every other player is an opponent (102.3). Each
	// player is a team of their own unless the game is between teams.
	Team int
	// Range is the player's range of influence in seats (801.2); 0 means
	// unlimited (the option isn't used). Reach is who was within it as
	// the turn began (801.2c); nil until a turn has begun in the game.
	Range int
	// NameStickers are the words of the name stickers the player has
	// access to (123.2c).
	NameStickers []string
	Reach        []PlayerID
	// Emperor: the player is their team's emperor (809.2); the others
	// on the team are its generals.
	Emperor bool
	// TurnMarker is the number of the Grand Melee turn marker the player
	// holds (807.4b), 0 for none.
	TurnMarker int
	// DrewFromEmpty: attempted to draw from an empty library since the last
	// time state-based actions were checked (704.5b).
	DrewFromEmpty bool
	// Drawn counts the cards drawn in turn DrawnTurn ("the first card you
	// draw each turn").
	Drawn, DrawnTurn int
	// Shuffled counts the times their library has been shuffled (701.24).
	Shuffled int
	// Upkeep and LastUpkeep are the game clock when this player's latest
	// upkeep began and when the one before it did (echo, 702.30a).
	Upkeep, LastUpkeep int

	// ctrlNow is the player who controls this one during this turn
	// (722.1), ctrlNext the one who will during their next turn: a
	// player's index plus one, 0 for none (see ControlledBy).
	ctrlNow, ctrlNext int
	// agreedDraw: the player has agreed to an intentional draw (104.4i).
	agreedDraw bool

	// Commanders are the cards designated as the player's commanders
	// (903.3), with how often the player has cast each from the command
	// zone (903.8); nil outside a Commander game.
	Commanders []CommanderCard
	// CommanderDamage is the combat damage each commander has dealt this
	// player over the game (903.10a), one entry per commander that has.
	CommanderDamage []CommanderDamage
	// Mulligans is how many mulligans the player has taken (103.5).
	Mulligans int
}

// CommanderCard is a card designated as a player's commander (903.3).
type CommanderCard struct {
	Card  string // the card's label ("Wort, the Raidmother#1"), stable across zones
	Name  string // its name as printed
	Casts int    // times its owner has cast it from the command zone (903.8)
}

// CommanderDamage is the combat damage one commander has dealt a player
// over the course of the game (903.10a).
type CommanderDamage struct {
	Commander string   // the commander card's label
	Owner     PlayerID // whose commander it is
	Damage    int
}

// Object is a card or token in a zone. Card holds its printed
// characteristics and is shared, never changed; Chars computes what the
// object looks like now.
type Object struct {
	ID    cardtext.ObjectID
	Label string // "Isamaru#2": the physical card or token, stable across zones
	Card  *cardtext.Card

	Owner, Controller PlayerID
	Zone              cardtext.Zone
	Seq               int // order in its zone: higher is on top (library, graveyard) or later
	Token             bool

	Tapped       bool
	Damage       int  // damage marked (120.3e)
	Deathtouched bool // dealt damage by a source with deathtouch since the last SBA check (704.5h)
	Counters     Counters
	// Sick: hasn't been continuously controlled since its controller's most
	// recent turn began (302.6), "summoning sickness".
	Sick      bool
	Timestamp int // 613.7: when it entered its zone
	// CtrlSince is the game clock when it came under its controller's
	// control: when it entered, or when control last changed.
	CtrlSince int

	// Stack is set while the object is a spell or ability on the stack:
	// its targets, X, the costs paid (601.2, 602.2).
	Stack *StackItem
	// Cast is what was chosen and paid when the permanent was cast
	// (kicker, X), which its enters-the-battlefield abilities may ask.
	Cast *CastInfo
	// Attached is the object this Aura or Equipment is attached to (303.4).
	Attached cardtext.ObjectID
	// AttachedTo is the player an Aura with enchant player is attached to,
	// plus one (0: none).
	AttachedTo int
	// Chosen holds choices made as it entered (607.2a).
	Chosen Chosen
	// Regen is how many regeneration shields it has (701.19).
	Regen     int
	PhasedOut bool // 702.26: treated as though it doesn't exist
	// Revealed: a card in a hidden zone shown to every player (701.20a)
	// until the effect that revealed it is done with it.
	Revealed bool
	// ExiledBy is the object whose ability exiled this card, for "a card
	// exiled with ~" (607.2a); 0 if none.
	ExiledBy cardtext.ObjectID
	// ExiledLink is the effect that gave ExiledBy the ability that exiled
	// it (607.5: abilities acquired as part of one effect are linked to
	// one another only); 0 for an ability of its own.
	ExiledLink int
	// Outsider: the card was brought into the game from outside it
	// (400.11b), not one its owner began the game with.
	Outsider bool
	// Stickers are the name stickers on it (123.6), kept as it moves
	// from one public zone to another (123.5).
	Stickers []NameSticker
	// Bestowed: a spell cast bestowed, or the permanent it became, an
	// Aura with enchant creature (702.103b) until it ceases to be.
	Bestowed bool
	// LoyaltyTurn is the turn a loyalty ability of this permanent was
	// last activated (606.3), 0 if never.
	LoyaltyTurn int
	// Used lists the restricted activated abilities of this object
	// activated this turn (602.5b); an entry of an earlier turn is stale.
	Used []AbilityUse
	// Haunting is the creature a card exiled by a haunt ability haunts
	// (702.55b).
	Haunting cardtext.ObjectID
	// Base is the controller before control-changing effects (613.1b);
	// Controller is the result of layer 2, kept up to date by Apply.
	Base PlayerID

	// Status (110.5) and faces (709–712): which face of a double-faced
	// card is up, whether a flip card is flipped, whether it is face
	// down. A spell from a split or modal double-faced card notes the
	// half or face cast (Half: 1 or 2). Parts are the two cards a melded
	// permanent is represented by (712.4a).
	Face     Face
	Flipped  bool
	FaceDown bool
	Half     int
	Parts    []Part
	// Adventure: a spell cast as an Adventure (715.3), on the stack.
	Adventure bool
	// AdventureBy is the player, plus one, who exiled this card as the
	// Adventure it was cast as resolved, and may cast it from exile
	// (715.3d); 0 if none.
	AdventureBy int
}

// Counters is a set of counters by kind, sorted by kind. Counters with the
// same name are interchangeable (122.1; classic rules). It is a value: With
// returns a new slice and never changes the old one.
type Counters []Counter

// Counter is n counters of one kind: "+1/+1", "poison", "storage".
type Counter struct {
	Kind string
	N    int
}

// Get is the number of counters of kind k.
func (c Counters) Get(k string) int {
	for _, x := range c {
		if x.Kind == k {
			return x.N
		}
	}
	return 0
}

// With returns c with n added to kind k (n may be negative); kinds that reach
// zero are dropped.
func (c Counters) With(k string, n int) Counters {
	out := make(Counters, 0, len(c)+1)
	found := false
	for _, x := range c {
		if x.Kind == k {
			found = true
			x.N += n
		}
		if x.N > 0 {
			out = append(out, x)
		}
	}
	if !found && n > 0 {
		out = append(out, Counter{k, n})
		sort.Slice(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// String writes "2 +1/+1, 1 storage".
func (c Counters) String() string {
	var s []string
	for _, x := range c {
		s = append(s, itoa(x.N)+" "+x.Kind)
	}
	return strings.Join(s, ", ")
}

// State is a whole game state. It is a value: Apply returns a new State and
// never changes the one it was given. Slices are copied before they are
// changed (clone), and Counters and Cards are never changed in place.
type State struct {
	Players []Player
	// Game is the variant and options the game is played with (800.2).
	Game variants.Game
	// Shared are the teams' shared life totals, by team number, in a game
	// whose teams have them (Two-Headed Giant, 810.4); nil otherwise.
	Shared []Shared
	// Objects is every object in every zone, in creation order. Each is
	// its own allocation, so a pointer to one stays valid while others come
	// and go; clone copies them all.
	Objects []*Object
	Pending *Choice  // a choice the rules are waiting for; nil if none
	Active  PlayerID // whose turn it is

	Turn int // the turn number, from 1
	// StartLife is each player's starting life total (103.4), which a
	// new game begins with.
	StartLife int
	Step      cardtext.Step // the current step, or main phase (500.1)
	Priority  PlayerID      // the player who has priority, or would (117)
	Passes    int           // players who passed in succession (117.4)
	// Added are the phases effects added to this turn (500.8, 500.10),
	// waiting for the phase they follow to end. While the turn is in one,
	// AddedSteps are its steps still to come, and Resume is the step the
	// turn goes on with after it (0: not in an added phase).
	Added      []AddedPhase
	AddedSteps []cardtext.Step
	Resume     cardtext.Step
	addedAfter int

	Effects []ContEffect   // continuous effects from resolved spells and abilities (611.2)
	Delayed []Delayed      // delayed triggered abilities waiting for their event (603.7)
	Waiting []Waiting      // triggered abilities waiting to be put on the stack (603.3)
	LKI     []*Snapshot    // objects as they last existed where they were (608.2h)
	Combat  *combat.Combat // the current combat, during the combat phase
	Log     TurnLog        // what has happened this turn that rules ask about
	// LastCast is how many spells each player cast during the previous
	// turn ("if no spells were cast last turn"); replaced each turn, never
	// written to, so states share it.
	LastCast []int
	// ExtraTurns are the extra turns to be taken after this one (500.7),
	// the last taken first; replaced, never written to.
	ExtraTurns []PlayerID
	// Loop is the game choices made lately and the states they were made
	// in, to find a fragmented loop (731.3). Appended to, never changed.
	Loop []loopMark
	// Cycle is the states the game reached as things resolved with every
	// player only passing since a player last chose anything, to find a
	// loop of mandatory actions (731.4).
	Cycle []cycleMark
	// Shortcut is a shortcut proposal waiting for the players' answers
	// (731.2b); MustAct, after a shortened one was taken, is the place
	// where the player holding priority must not pass (731.2c).
	Shortcut *Shortcut
	MustAct  *Place
	// Reference is the Oracle card reference by lowercased name: the cards a token
	// created by name takes its characteristics from (111.11).
	Reference map[string]*cardtext.Card
	// Seed is what the random source was seeded with (Seeded): a
	// scenario's seed line, so a run can be told again.
	Seed uint64
	rng  rand.PCG // shuffles draw from it (701.24a)

	// rules is the edition the last Apply ran under: computing
	// characteristics (layers, copy, color, mana value) asks it which
	// rules apply, so that rule ablation reaches them. nil: every rule.
	rules *RulesEdition

	// Main is the game this one is a subgame of (728.1a), waiting for it
	// to end; nil in the main game.
	Main *MainGame
	// brought lists the labels of the main game's cards brought into this
	// subgame (728.4a).
	brought []string

	nextID cardtext.ObjectID
	clock  int // timestamps and zone order
	// labels: name → how many objects have carried it, for labels.
	// States share it; label replaces it, never writes to it.
	labels  map[string]int
	memo    *memo    // what is derived from the game's cards, shared by its states
	answers []answer // choices made, consumed by the next SBA check or the action that asked
	// checked is the clock when state-based actions were last checked;
	// stayed are commanders whose owners chose to leave them where they
	// were put (903.9a).
	checked    int
	stayed     []cardtext.ObjectID
	nextEffect int
}

// Choice is a decision a rule asks a player for, such as which legendary
// permanent to keep (704.5j since 2013), a target for a triggered ability,
// or whether to do something optional.
type Choice struct {
	Player PlayerID
	// By is the player who makes the choice: Player, or the player
	// controlling them (722.5).
	By      PlayerID
	Key     registry.Key
	Rule    RuleNumber
	Prompt  string
	Options []cardtext.ObjectID
	// Labels are the Options' labels as the choice was asked: an option
	// may be an object the paused action made (a card it drew), which
	// the state waiting for the answer doesn't hold yet.
	Labels  []string
	Players []PlayerID // players that may be chosen
	Words   []string   // words that may be chosen: "yes", "no", "red", …
	// Max is how many options may be chosen at once (0 or 1: one); Min
	// how few (for "any number of").
	Min, Max int
	// Barred are objects the choice's description fits that a rule
	// forbids choosing (BarredKey, why: BarredWhy): choosing one is
	// rejected under that rule.
	Barred    []cardtext.ObjectID
	BarredKey registry.Key
	BarredWhy string
	// Order asks for an order of all the Words (the player's triggered
	// abilities, 603.3b), not one of them: the answer lists them all.
	Order bool
	// resume is the action to run again once the choice is made; nil: only
	// the state-based actions.
	resume Action
}

type answer struct {
	player  PlayerID
	key     registry.Key
	object  cardtext.ObjectID
	objects []cardtext.ObjectID
	target  *PlayerID
	word    string
	order   []int // an ordering choice: the Words' indices, in the order chosen
	// game is how a subgame the action created ended (728.5).
	game *subgameEnd
}

// NewState starts a game with the named players at life (103.4: 20).
func NewState(life int, names ...string) State {
	// 500: the game starts here in the first player's precombat main
	// phase, where a player can cast any spell.
	s := State{labels: map[string]int{}, memo: &memo{}, Turn: 1, Step: cardtext.StepMain1, StartLife: life}.Seeded(DefaultSeed)
	for i, n := range names {
		s.Players = append(s.Players, Player{Name: n, Life: life, Team: i})
	}
	return s
}

// Under returns s played under ed's rules: characteristics computed from
// it leave out the rules ed switches off (RulesEdition.Without). Apply
// sets it; a state built for a game's setup can set it before any action.
func (s State) Under(ed *RulesEdition) State {
	s.rules = ed
	return s
}

// applies is the gate (see tx.applies) for code that reads the state
// alone, such as the layer system.
func (s *State) applies(k registry.Key) bool { return s.rules.applies(k) }

// clone copies everything Apply may change in place.
func (s State) clone() State {
	s.Players = slices.Clone(s.Players)
	for i := range s.Players {
		s.Players[i].Restricted = slices.Clone(s.Players[i].Restricted)
	}
	s.Shared = slices.Clone(s.Shared)
	// One allocation for all the copies: a state is cloned at every
	// batch of events, and the objects are most of it.
	objs := make([]*Object, len(s.Objects))
	copies := make([]Object, len(s.Objects))
	for i, o := range s.Objects {
		copies[i] = *o
		objs[i] = &copies[i]
	}
	s.Objects = objs
	s.answers = slices.Clone(s.answers)
	s.brought = slices.Clone(s.brought)
	s.stayed = slices.Clone(s.stayed)
	s.Effects = slices.Clone(s.Effects)
	s.Added = slices.Clone(s.Added)
	s.AddedSteps = slices.Clone(s.AddedSteps)
	s.Delayed = slices.Clone(s.Delayed)
	s.Waiting = slices.Clone(s.Waiting)
	// Snapshots are never changed once taken, so states share them; the
	// capacity cut makes the next remember copy rather than write into a
	// slice another state holds. They are held by pointer, so that copy
	// is of pointers: a game's states used to copy every snapshot, 672
	// bytes each, at the first object each moved.
	s.LKI = s.LKI[:len(s.LKI):len(s.LKI)]
	s.Log = s.Log.clone()
	if s.Combat != nil {
		c := s.Combat.Clone()
		s.Combat = &c
	}
	if s.Pending != nil {
		p := *s.Pending
		p.Options = slices.Clone(p.Options)
		p.Labels = slices.Clone(p.Labels)
		p.Players = slices.Clone(p.Players)
		p.Words = slices.Clone(p.Words)
		s.Pending = &p
	}
	// labels is shared: it is replaced, never written to (label).
	return s
}

// Object returns the object with id, or nil.
func (s *State) Object(id cardtext.ObjectID) *Object {
	for _, o := range s.Objects {
		if o.ID == id {
			return o
		}
	}
	return nil
}

// ByLabel returns the object that is the card or token labelled l, wherever
// it is, or nil if it no longer exists.
func (s *State) ByLabel(l string) *Object {
	for _, o := range s.Objects {
		if o.Label == l {
			return o
		}
	}
	return nil
}

// Labelled counts, by name, the objects that have carried each name so far:
// the numbers labels end in ("Isamaru#2" is the second object named
// Isamaru). A page uses it to write "Isamaru" when there has been only one.
func (s *State) Labelled() map[string]int { return maps.Clone(s.labels) }

// Player returns the player with the name n (case-insensitive).
func (s *State) Player(n string) (PlayerID, bool) {
	for i, p := range s.Players {
		if strings.EqualFold(p.Name, n) {
			return PlayerID(i), true
		}
	}
	return 0, false
}

// In lists the objects in a zone, bottom to top: a private zone's for its
// owner, the battlefield's permanents the player controls, and shared zones'
// objects the player owns. Pass -1 as the player for everyone's.
func (s *State) In(p PlayerID, z cardtext.Zone) []*Object {
	in := func(o *Object) bool {
		who := o.Owner
		if z == cardtext.Battlefield || z == cardtext.Stack {
			who = o.Controller
		}
		return o.Zone == z && (p < 0 || who == p)
	}
	// Counted first: one allocation of the right size.
	n := 0
	for _, o := range s.Objects {
		if in(o) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]*Object, 0, n)
	for _, o := range s.Objects {
		if in(o) {
			out = append(out, o)
		}
	}
	slices.SortStableFunc(out, func(a, b *Object) int { return a.Seq - b.Seq })
	return out
}

// Top returns the top card of a player's library, or nil.
func (s *State) Top(p PlayerID) *Object {
	lib := s.In(p, cardtext.Library)
	if len(lib) == 0 {
		return nil
	}
	return lib[len(lib)-1]
}

// tick advances the game clock for timestamps and zone order.
func (s *State) tick() int { s.clock++; return s.clock }

// newObject adds an object for card c in zone z and returns it. Its label is
// the card's name and a number counting objects with that name ("Isamaru#2").
func (s *State) newObject(c *cardtext.Card, owner PlayerID, z cardtext.Zone, token bool) *Object {
	s.nextID++
	t := s.tick()
	s.Objects = append(s.Objects, &Object{
		ID: s.nextID, Label: s.label(c.Name), Card: c,
		Owner: owner, Controller: owner, Base: owner, Zone: z, Seq: t, Timestamp: t, CtrlSince: t, Token: token,
	})
	return s.Objects[len(s.Objects)-1]
}

// label counts one more object named name and returns its label
// ("Isamaru#2"). The states of a game share the map of counts, so it is
// copied before it changes rather than at every clone: objects are made
// far less often than states are copied.
func (s *State) label(name string) string {
	labels := make(map[string]int, len(s.labels)+1)
	for k, v := range s.labels {
		labels[k] = v
	}
	labels[name]++
	s.labels = labels
	return name + "#" + itoa(labels[name])
}

// AddObject puts a new object for card c into zone z for a game's setup and
// returns the new state and the object's ID. It is not a game action: no
// rule applies and nothing triggers. A permanent starts untapped and, unless
// sick is set, able to attack.
func (s State) AddObject(c *cardtext.Card, owner PlayerID, z cardtext.Zone, token bool) (State, cardtext.ObjectID) {
	s = s.clone()
	o := s.newObject(c, owner, z, token)
	return s, o.ID
}

// Edit returns a copy of s with fn applied to the object id, for setup
// (tapped, damage, counters). It is not a game action.
func (s State) Edit(id cardtext.ObjectID, fn func(*Object)) State {
	s = s.clone()
	if o := s.Object(id); o != nil {
		before := o.Controller
		fn(o)
		if o.Controller != before {
			// Setup gives control outright: no effect does (613.1b).
			o.Base = o.Controller
		}
	}
	return s
}

// EditPlayer returns a copy of s with fn applied to player p, for setup.
func (s State) EditPlayer(p PlayerID, fn func(*Player)) State {
	s = s.clone()
	fn(&s.Players[p])
	return s
}

// remove deletes an object from the game (a token ceasing to exist).
func (s *State) remove(id cardtext.ObjectID) {
	s.Objects = slices.DeleteFunc(s.Objects, func(o *Object) bool { return o.ID == id })
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
