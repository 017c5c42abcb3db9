package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// Board is a state laid out for display: each player with their life,
// counters, mana pool and zones, then the shared zones. Zone names are in the
// edition's words ("In play" before M10). It holds plain values only, so a
// view can render it without knowing the engine.
type Board struct {
	Edition string
	Players []PlayerView
	Shared  []ZoneView // stack, exile, command: only those with cards
	Pending string     // a choice the rules are waiting for, if any

	Turn     int         // the turn number
	Step     string      // "precombat main phase", "upkeep", …
	Priority string      // the player who has priority
	Stack    []StackView // the stack, top first
	Effects  []string    // continuous effects from resolved spells and abilities, oldest first
	Waiting  []string    // triggered abilities waiting to go on the stack
	// Subgame is how many games deep this one is: 0 for the main game,
	// 1 for its subgame (728).
	Subgame int
}

// StackView is one spell or ability on the stack.
type StackView struct {
	Label      string // "Lightning Bolt#1", "Brothers of Fire#1 ability#1"
	Kind       string // "spell", "activated ability", "triggered ability"
	Text       string // what it does: the ability's text, or the spell's
	Controller string
	Targets    []string
	X          int
	// Named is a spell's name when it isn't its card's: a split card's
	// half, an Adventure (715.3b), a name a sticker changed.
	Named string
}

// PlayerView is one player's side of the board.
type PlayerView struct {
	Name     string
	Life     int
	Poison   int
	Counters string // other player counters: "2 energy"
	Pool     string // "{R}{R}{G}", or "" if empty
	Active   bool
	Lost     bool
	LostBy   string // the rule: "704.5c"
	Left     bool   // has left the game (104.5, 800.4)
	// Team names the player's teammates in seat order, none when the
	// player is a team of their own (102.3).
	Team    []string
	Emperor bool // their team's emperor (809.2)
	Range   int  // range of influence in seats (801.2), 0 if unlimited
	// Commanders are the player's commanders (903.3), and
	// CommanderDamage the combat damage each commander has dealt them
	// this game (903.10a), in the order it was first dealt.
	Commanders      []CommanderView
	CommanderDamage []CommanderHit
	Zones           []ZoneView
}

// CommanderView is one commander of a player.
type CommanderView struct {
	Label string // "Zurgo Helmsmasher#1"
	Tax   string // what casting it from the command zone costs more (903.8): "{4}", or ""
}

// CommanderHit is the combat damage one commander has dealt a player.
type CommanderHit struct {
	Commander string // the commander's label
	Owner     string // whose commander it is
	Damage    int
}

// ZoneView is one zone's cards, bottom to top.
type ZoneView struct {
	Zone  cardtext.Zone
	Name  string // "Battlefield", "In play", "Graveyard"
	Cards []CardView
	// Seen names, for a hidden zone with cards in it, the players who see
	// every card of it: its owner's hand, and the hand of a player
	// controlled by another to that player too (722.4).
	Seen []string
}

// CardView is one object as a judge reads it.
type CardView struct {
	Label     string // "Isamaru#2"
	Name      string
	Cost      string // "{1}{W}", "" for no mana cost
	ManaValue int
	Colors    string // "white and black", "colorless"
	TypeLine  string
	PT        string // "2/2", "" if none
	Keywords  []string
	Tapped    bool
	Token     bool
	Sick      bool
	Damage    int
	Counters  string // "2 +1/+1, 1 storage"
	Owner     string // set only when someone else owns it

	Abilities []string // its abilities as they read on it now (201.5b)
	// PTNotes say which layer and effect made its power and toughness
	// what they are: "7b: set to 0/1 (Turn to Frog#1)", "7c: +1/+1 (1
	// +1/+1 counter)" (613.4).
	PTNotes []string
	// Notes are every layer's changes to it: copy, control, types, color,
	// abilities, power and toughness.
	Notes     []string
	Attached  string // the label of what it's attached to
	Attacking bool
	Blocking  bool
	PhasedOut bool
	// FaceDown: a face-down permanent or spell (708); Seen names the
	// players who may look at its face: its controller, and the player
	// controlling them (722.4).
	FaceDown bool
	Seen     []string
	// Adventure is an adventurer card's inset Adventure (715.2), shown
	// where the card has only its normal characteristics (715.4); nil on
	// the stack as an Adventure (AsAdventure), where it has only those.
	Adventure   *AdventureView
	AsAdventure bool
	// AdventureBy names the player who may cast this card from exile,
	// having exiled it as its Adventure resolved (715.3d).
	AdventureBy string
}

// AdventureView is an adventurer card's Adventure as printed in its inset
// frame (715.2).
type AdventureView struct {
	Name, Cost, TypeLine string
	Abilities            []string
}

// Asked is the choice the rules are waiting for, as a board says it
// ("Alice must choose: …"), or "" if none: without rendering the board.
func (s *State) Asked() string {
	if s.Pending == nil {
		return ""
	}
	return s.Pending.Who(s) + " must choose: " + s.Pending.Prompt
}

// Render lays out a state for display under an edition's words.
func Render(ed *RulesEdition, s State) Board {
	b := Board{Edition: ed.ID, Turn: s.Turn, Step: s.Step.String(), Subgame: s.InSubgame()}
	b.Pending = s.Asked()
	if int(s.Priority) < len(s.Players) {
		b.Priority = s.Players[s.Priority].Name
	}
	st := s.Stack()
	for i := len(st) - 1; i >= 0; i-- {
		b.Stack = append(b.Stack, stackView(&s, st[i]))
	}
	for _, e := range s.Effects {
		if e.Text != "" {
			b.Effects = append(b.Effects, e.SourceName+": "+e.Text)
		}
	}
	for _, w := range s.Waiting {
		b.Waiting = append(b.Waiting, w.SourceName+": "+w.Ability.Display(w.selfName()))
	}
	for i, p := range s.Players {
		id := PlayerID(i)
		v := PlayerView{Name: p.Name, Life: s.LifeTotal(id), Poison: p.Counters.Get("poison"), Pool: p.Pool.String(),
			Active: s.IsActive(id), Lost: p.Lost, LostBy: ed.Rule(p.LostBy).String()}
		var other Counters
		for _, c := range p.Counters {
			if c.Kind != "poison" {
				other = append(other, c)
			}
		}
		v.Counters = other.String()
		v.Left, v.Emperor, v.Range = p.Left, p.Emperor, p.Range
		for i := range p.Commanders {
			c := &p.Commanders[i]
			v.Commanders = append(v.Commanders, CommanderView{Label: c.Card, Tax: c.tax(ed).String()})
		}
		for _, d := range p.CommanderDamage {
			v.CommanderDamage = append(v.CommanderDamage, CommanderHit{Commander: d.Commander, Owner: s.Players[d.Owner].Name, Damage: d.Damage})
		}
		for _, q := range s.TeamOf(id) {
			if q != id {
				v.Team = append(v.Team, s.Players[q].Name)
			}
		}
		for _, z := range []cardtext.Zone{cardtext.Library, cardtext.Hand, cardtext.Battlefield, cardtext.Graveyard} {
			objs := s.In(id, z)
			zv := ZoneView{Zone: z, Name: zoneTitle(ed, z), Cards: cardViews(&s, objs)}
			if (z == cardtext.Library || z == cardtext.Hand) && len(objs) > 0 {
				zv.Seen = s.seeing(objs)
			}
			v.Zones = append(v.Zones, zv)
		}
		if objs := s.In(id, cardtext.Outside); len(objs) > 0 {
			// A sideboard, which only its owner sees (400.11a).
			v.Zones = append(v.Zones, ZoneView{Zone: cardtext.Outside, Name: zoneTitle(ed, cardtext.Outside), Cards: cardViews(&s, objs), Seen: s.seeing(objs)})
		}
		b.Players = append(b.Players, v)
	}
	for _, z := range []cardtext.Zone{cardtext.Stack, cardtext.Exile, cardtext.Command} {
		if objs := s.In(-1, z); len(objs) > 0 {
			b.Shared = append(b.Shared, ZoneView{Zone: z, Name: zoneTitle(ed, z), Cards: cardViews(&s, objs)})
		}
	}
	return b
}

func zoneTitle(ed *RulesEdition, z cardtext.Zone) string {
	switch {
	case z == cardtext.Battlefield && !ed.Battlefield:
		return "In play"
	case z == cardtext.Exile && !ed.Battlefield:
		return "Removed from the game"
	}
	n := z.String()
	if z == cardtext.Outside {
		n = ed.ZoneName(z)
	}
	return strings.ToUpper(n[:1]) + n[1:]
}

// stackView describes one stack object.
func stackView(s *State, o *Object) StackView {
	v := StackView{Label: o.Label, Controller: s.Players[o.Controller].Name}
	it := o.Stack
	if it == nil {
		return v
	}
	v.X = it.X
	switch it.Kind {
	case StackSpell:
		v.Kind = "spell"
		if o.Adventure {
			v.Kind = "spell cast as an Adventure"
		}
	case StackActivated:
		v.Kind = "activated ability"
	case StackTriggered:
		v.Kind = "triggered ability"
	case StackCombatDamage:
		v.Kind = "combat damage"
		var w []string
		for _, h := range it.Damage {
			to := "(gone)"
			if h.to.IsPlayer {
				to = s.Players[h.to.Player].Name
			} else if x := s.Object(h.to.Object); x != nil {
				to = x.Label
			}
			w = append(w, fmt.Sprintf("%d from %s to %s", h.n, h.src.label, to))
		}
		v.Text = strings.Join(w, ", ")
		return v
	}
	name := it.SourceName
	if it.SourceSnap != nil {
		name = it.SourceSnap.Chars.Name
	} else if src := s.Object(it.Source); src != nil {
		name = s.Chars(src).Name
	}
	if it.Kind == StackSpell && name != "" && name != o.Card.Name && !o.FaceDown {
		v.Named = name
	}
	var texts []string
	for _, a := range it.Abilities {
		texts = append(texts, a.Display(name))
	}
	v.Text = strings.Join(texts, " ")
	for _, ts := range it.Targets {
		for _, tg := range ts {
			if tg.IsPlayer {
				v.Targets = append(v.Targets, s.Players[tg.Player].Name)
			} else if x := s.Object(tg.Object); x != nil {
				v.Targets = append(v.Targets, x.Label)
			} else {
				v.Targets = append(v.Targets, "(gone)")
			}
		}
	}
	return v
}

func cardViews(s *State, objs []*Object) []CardView {
	out := make([]CardView, 0, len(objs))
	view := s.computeView()
	for _, o := range objs {
		ch := *view.charsOf(o.ID)
		cv := CardView{
			Label: o.Label, Name: ch.Name, Cost: ch.Cost.String(), ManaValue: ch.ManaValue(),
			Colors: ch.Colors.String(), TypeLine: ch.Types.String(), Keywords: ch.Keywords,
			Tapped: o.Tapped, Token: o.Token, Sick: o.Sick && o.Zone == cardtext.Battlefield, Damage: o.Damage,
			Counters: o.Counters.String(),
		}
		if ch.HasPT {
			cv.PT = strconv.Itoa(ch.Power) + "/" + strconv.Itoa(ch.Toughness)
		}
		if o.Owner != ch.Controller && o.Zone == cardtext.Battlefield {
			cv.Owner = s.Players[o.Owner].Name
		}
		cv.Abilities = ch.AbilityTexts()
		for _, n := range ch.Notes {
			cv.Notes = append(cv.Notes, n.String())
			if n.Char == "power/toughness" {
				cv.PTNotes = append(cv.PTNotes, n.String())
			}
		}
		if o.Attached != 0 {
			if a := s.Object(o.Attached); a != nil {
				cv.Attached = a.Label
			}
		} else if o.AttachedTo > 0 && o.AttachedTo <= len(s.Players) {
			cv.Attached = s.Players[o.AttachedTo-1].Name
		}
		if s.Combat != nil {
			cv.Attacking, cv.Blocking = s.Combat.IsAttacking(o.ID), s.Combat.IsBlocking(o.ID)
		}
		cv.PhasedOut = o.PhasedOut
		if o.FaceDown && (o.Zone == cardtext.Battlefield || o.Zone == cardtext.Stack) {
			cv.FaceDown, cv.Seen = true, s.seeing([]*Object{o})
		}
		if adv := o.Card.Adventure; adv != nil && !o.FaceDown {
			cv.AsAdventure = o.Zone == cardtext.Stack && o.Adventure
			if !cv.AsAdventure {
				av := &AdventureView{Name: adv.Name, Cost: adv.Cost.String(), TypeLine: adv.Types.String()}
				for _, a := range adv.Abilities {
					av.Abilities = append(av.Abilities, a.Display(adv.Name))
				}
				cv.Adventure = av
			}
		}
		if o.AdventureBy > 0 && o.AdventureBy <= len(s.Players) {
			cv.AdventureBy = s.Players[o.AdventureBy-1].Name
		}
		out = append(out, cv)
	}
	return out
}

// seeing names the players who see every one of objs.
func (s *State) seeing(objs []*Object) []string {
	var out []string
	for i, p := range s.Players {
		all := true
		for _, o := range objs {
			if !s.Sees(PlayerID(i), o) {
				all = false
				break
			}
		}
		if all {
			out = append(out, p.Name)
		}
	}
	return out
}
