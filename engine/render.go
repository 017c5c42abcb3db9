package engine

import (
	"strconv"
	"strings"
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
	Zones    []ZoneView
}

// ZoneView is one zone's cards, bottom to top.
type ZoneView struct {
	Zone  Zone
	Name  string // "Battlefield", "In play", "Graveyard"
	Cards []CardView
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
}

// Render lays out a state for display under an edition's words.
func Render(ed *RulesEdition, s State) Board {
	b := Board{Edition: ed.ID}
	if s.Pending != nil {
		b.Pending = s.Players[s.Pending.Player].Name + " must choose: " + s.Pending.Prompt
	}
	for i, p := range s.Players {
		id := PlayerID(i)
		v := PlayerView{Name: p.Name, Life: p.Life, Poison: p.Counters.Get("poison"), Pool: p.Pool.String(),
			Active: s.Active == id, Lost: p.Lost, LostBy: ed.Rule(p.LostBy).String()}
		var other Counters
		for _, c := range p.Counters {
			if c.Kind != "poison" {
				other = append(other, c)
			}
		}
		v.Counters = other.String()
		for _, z := range []Zone{Library, Hand, Battlefield, Graveyard} {
			v.Zones = append(v.Zones, ZoneView{Zone: z, Name: zoneTitle(ed, z), Cards: cardViews(&s, s.In(id, z))})
		}
		b.Players = append(b.Players, v)
	}
	for _, z := range []Zone{Stack, Exile, Command} {
		if objs := s.In(-1, z); len(objs) > 0 {
			b.Shared = append(b.Shared, ZoneView{Zone: z, Name: zoneTitle(ed, z), Cards: cardViews(&s, objs)})
		}
	}
	return b
}

func zoneTitle(ed *RulesEdition, z Zone) string {
	switch {
	case z == Battlefield && !ed.Battlefield:
		return "In play"
	case z == Exile && !ed.Battlefield:
		return "Removed from the game"
	}
	n := z.String()
	return strings.ToUpper(n[:1]) + n[1:]
}

func cardViews(s *State, objs []*Object) []CardView {
	out := make([]CardView, 0, len(objs))
	for _, o := range objs {
		ch := s.Chars(o)
		v := CardView{
			Label: o.Label, Name: ch.Name, Cost: ch.Cost.String(), ManaValue: ch.ManaValue(),
			Colors: ch.Colors.String(), TypeLine: ch.Types.String(), Keywords: ch.Keywords,
			Tapped: o.Tapped, Token: o.Token, Sick: o.Sick && o.Zone == Battlefield, Damage: o.Damage,
			Counters: o.Counters.String(),
		}
		if ch.HasPT {
			v.PT = strconv.Itoa(ch.Power) + "/" + strconv.Itoa(ch.Toughness)
		}
		if o.Owner != o.Controller && o.Zone == Battlefield {
			v.Owner = s.Players[o.Owner].Name
		}
		out = append(out, v)
	}
	return out
}
