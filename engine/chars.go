package engine

// Chars is what an object looks like now: its printed characteristics with
// everything that modifies them applied. Issue 7's continuous effects
// (613's layers) will be applied here, from base each time; for now the only
// modifiers are +X/+Y counters (613.4c in current rules).
type Chars struct {
	Name      string
	Cost      ManaCost
	Colors    Color
	Types     TypeLine
	Power     int
	Toughness int
	HasPT     bool
	Keywords  []string
}

// Chars computes o's current characteristics.
func (s *State) Chars(o *Object) Chars {
	c := o.Card
	ch := Chars{
		Name: c.Name, Cost: c.Cost, Types: c.Types, Keywords: c.Keywords,
		Power: c.Power, Toughness: c.Toughness, HasPT: c.HasPT && (c.Types.Is("creature") || o.Zone != Battlefield),
	}
	// 202.2: an object is the color or colors of its mana cost, unless a
	// color indicator or the effect that made it says otherwise.
	if c.HasColor {
		ch.Colors = c.Color
	} else {
		ch.Colors = c.Cost.Colors()
	}
	// 122.1a (2026): +X/+Y counters on a creature modify its power and
	// toughness; a noncreature permanent has none (208.3), but keeps them.
	if ch.HasPT {
		for _, x := range o.Counters {
			if p, t, ok := ptCounter(x.Kind); ok {
				ch.Power += p * x.N
				ch.Toughness += t * x.N
			}
		}
	}
	return ch
}

// HasKeyword reports whether the object has keyword k now.
func (ch Chars) HasKeyword(k string) bool {
	for _, x := range ch.Keywords {
		if x == k {
			return true
		}
	}
	return false
}

// ManaValue is the object's mana value (202.3); X counts 0 off the stack.
func (ch Chars) ManaValue() int { return ch.Cost.ManaValue(0) }

// ptCounter reads a power/toughness counter kind: "+1/+1" → 1, 1; "-1/-1" →
// -1, -1; "+1/+0" → 1, 0.
func ptCounter(kind string) (p, t int, ok bool) {
	var slash int
	for slash = 0; slash < len(kind) && kind[slash] != '/'; slash++ {
	}
	if slash == len(kind) {
		return 0, 0, false
	}
	p, ok1 := signed(kind[:slash])
	t, ok2 := signed(kind[slash+1:])
	return p, t, ok1 && ok2
}

func signed(s string) (int, bool) {
	if len(s) < 2 || (s[0] != '+' && s[0] != '-') {
		return 0, false
	}
	n, ok := number(s[1:])
	if !ok || n > 1000 {
		return 0, false
	}
	if s[0] == '-' {
		n = -n
	}
	return n, true
}
