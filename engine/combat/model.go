package combat

import (
	"slices"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

type (
	// ObjectID, PlayerID and Target are the game's identifiers, which
	// package cardtext declares.
	ObjectID = cardtext.ObjectID
	PlayerID = cardtext.PlayerID
	Target   = cardtext.Target
)

// Combat is the current combat (506): attackers, what each attacks, and
// the creatures blocking it.
type Combat struct {
	Attackers []Attacker
	// pending: attackers chosen (Declare) for the declare attackers
	// step's turn-based action, and what each attacks.
	pending   []ObjectID
	pendingAt []Target
	// pendingBands are the attacking bands declared with the attackers
	// (702.22c).
	pendingBands [][]ObjectID
	// pendingBlocks are the blocks declared so far, made together as the
	// declare blockers step begins; declared lists the defending players
	// who have declared theirs (802.4: each in turn).
	pendingBlocks [][2]ObjectID
	declared      []PlayerID
	Assign        []Assignment // how attackers assign combat damage, if chosen
	// struck are the attackers and blockers that had first strike or
	// double strike as the first combat damage step began; firstStep
	// says there was one (510.4).
	struck    []ObjectID
	firstStep bool
	// Ordering is true from the moment blockers are declared until a
	// player acts: damage assignment orders may be announced (509.2,
	// 509.3); orders are those announced for blockers (an attacker's is
	// its Blockers).
	Ordering bool
	orders   []Block
}

// Attacker is one attacking creature and what it attacks: a player, or a
// planeswalker (506.2, 508.1b).
type Attacker struct {
	ID ObjectID
	// Defender is the defending player it attacks: the player, or the
	// planeswalker's controller (802.2a).
	Defender PlayerID
	// Walker is the planeswalker it attacks; 0 if it attacks a player.
	Walker   ObjectID
	Blockers []ObjectID
	Blocked  bool
	// Band numbers the attacking band it's in (702.22c); 0: none.
	Band int
}

// Attacked is what the attacker attacks, as a target of its damage.
func (a Attacker) Attacked() Target {
	if a.Walker != 0 {
		return cardtext.ObjectTarget(a.Walker)
	}
	return cardtext.PlayerTarget(a.Defender)
}

// Assignment is how one attacking creature assigns its combat damage
// (510.1c), or a blocking creature divides it (510.1d): to blockers and,
// with trample, the player; to the attackers it blocks.
type Assignment struct {
	Attacker ObjectID
	To       []Target
	N        []int
}

// Count adds (sign 1) or takes away (-1) the damage the assignment gives
// each creature to m.
func (as *Assignment) Count(m map[ObjectID]int, sign int) {
	for i, tg := range as.To {
		if !tg.IsPlayer {
			m[tg.Object] += sign * as.N[i]
		}
	}
}

// Block is one blocking creature and the attackers it blocks, in the order
// it was declared blocking them, or the damage assignment order announced
// for it (509.3).
type Block struct {
	Blocker   ObjectID
	Attackers []ObjectID
}

// Clone copies the combat so that changing the copy leaves c as it was:
// states are values.
func (c Combat) Clone() Combat {
	c.Attackers = slices.Clone(c.Attackers)
	for i := range c.Attackers {
		c.Attackers[i].Blockers = slices.Clone(c.Attackers[i].Blockers)
	}
	c.pending = slices.Clone(c.pending)
	c.pendingAt = slices.Clone(c.pendingAt)
	c.pendingBands = slices.Clone(c.pendingBands)
	c.pendingBlocks = slices.Clone(c.pendingBlocks)
	c.declared = slices.Clone(c.declared)
	c.Assign = slices.Clone(c.Assign)
	c.struck = slices.Clone(c.struck)
	c.orders = slices.Clone(c.orders)
	return c
}

// Remove takes an object out of combat (506.4).
func (c *Combat) Remove(id ObjectID) {
	c.Attackers = slices.DeleteFunc(c.Attackers, func(a Attacker) bool { return a.ID == id })
	for i := range c.Attackers {
		c.Attackers[i].Blockers = slices.DeleteFunc(c.Attackers[i].Blockers, func(b ObjectID) bool { return b == id })
	}
}

// IsAttacking reports whether creature id is attacking.
func (c *Combat) IsAttacking(id ObjectID) bool {
	return c.Attacker(id) != nil
}

// Attacker returns the attacker with id, or nil; c may be nil (no combat).
func (c *Combat) Attacker(id ObjectID) *Attacker {
	if c == nil {
		return nil
	}
	for i := range c.Attackers {
		if c.Attackers[i].ID == id {
			return &c.Attackers[i]
		}
	}
	return nil
}

// IsBlockingIt reports whether creature b blocks attacking creature a (509.1).
func (c *Combat) IsBlockingIt(b, a ObjectID) bool {
	at := c.Attacker(a)
	return at != nil && slices.Contains(at.Blockers, b)
}

// IsBlocking reports whether creature id is blocking.
func (c *Combat) IsBlocking(id ObjectID) bool {
	for _, a := range c.Attackers {
		if slices.Contains(a.Blockers, id) {
			return true
		}
	}
	return false
}

// Defending lists the defending players: those attacked, or whose
// planeswalkers are, in apnap's order (the players in APNAP order).
func (c *Combat) Defending(apnap []PlayerID) []PlayerID {
	var out []PlayerID
	for _, p := range apnap {
		for _, a := range c.Attackers {
			if a.Defender == p {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// DefendingFor is the defending player an attacking creature's abilities
// mean: the one it attacks (802.2a), not every defending player (those of
// apnap, the players in APNAP order, who are attacked).
func (c *Combat) DefendingFor(g Game, id ObjectID, apnap []PlayerID) []PlayerID {
	at := c.Attacker(id)
	if at == nil {
		return nil
	}
	if g.Applies(registry.DefendingOne) {
		return []PlayerID{at.Defender}
	}
	return c.Defending(apnap)
}

// Declare records the attackers chosen for the declare attackers step's
// turn-based action (508.1): what each attacks (at, in order) and the
// attacking bands among them (702.22c).
func (c *Combat) Declare(ids []ObjectID, at []Target, bands [][]ObjectID) {
	c.pending, c.pendingAt, c.pendingBands = ids, at, bands
}

// TakeDeclared returns the attackers Declare recorded, with what each
// attacks and their bands, as the step begins, and forgets them.
func (c *Combat) TakeDeclared() (ids []ObjectID, at []Target, bands [][]ObjectID) {
	ids, at, bands = c.pending, c.pendingAt, c.pendingBands
	c.pending, c.pendingAt, c.pendingBands = nil, nil, nil
	return ids, at, bands
}

// DeclareBlocks records defending player p's blocks, each a blocker and
// the attacker it blocks; they are made with the other defending players'
// as the declare blockers step begins (802.4).
func (c *Combat) DeclareBlocks(p PlayerID, blocks [][2]ObjectID) {
	c.pendingBlocks = append(c.pendingBlocks, blocks...)
	c.declared = append(c.declared, p)
}

// HasDeclared reports whether defending player p has declared blocks.
func (c *Combat) HasDeclared(p PlayerID) bool { return slices.Contains(c.declared, p) }

// TakeBlocks returns the blocks DeclareBlocks recorded and forgets them.
func (c *Combat) TakeBlocks() [][2]ObjectID {
	blocks := c.pendingBlocks
	c.pendingBlocks, c.declared = nil, nil
	return blocks
}

// AddBlock makes creature b block attacker a, which becomes blocked (509.1h).
func (c *Combat) AddBlock(b, a ObjectID) {
	for i := range c.Attackers {
		if c.Attackers[i].ID == a {
			c.Attackers[i].Blockers = append(c.Attackers[i].Blockers, b)
			c.Attackers[i].Blocked = true
		}
	}
}

// BeginFirstStrike records, as the first combat damage step begins, the
// attackers and blockers that have first strike or double strike: 510.4
// decides by what they had then who deals damage in the second step, not
// by what they have when it comes.
func (c *Combat) BeginFirstStrike(g Game) {
	c.firstStep = true
	c.struck = c.struck[:0]
	for _, a := range c.Attackers {
		for _, id := range append([]ObjectID{a.ID}, a.Blockers...) {
			if (g.HasKeyword(id, "first strike") || g.HasKeyword(id, "double strike")) && !slices.Contains(c.struck, id) {
				c.struck = append(c.struck, id)
			}
		}
	}
}

// Chosen returns the assignment chosen for creature id's combat damage,
// or nil.
func (c *Combat) Chosen(id ObjectID) *Assignment {
	for i := range c.Assign {
		if c.Assign[i].Attacker == id {
			return &c.Assign[i]
		}
	}
	return nil
}

// Choose records an assignment, replacing any chosen before for the same
// creature.
func (c *Combat) Choose(as Assignment) {
	c.Assign = append(slices.DeleteFunc(c.Assign, func(x Assignment) bool { return x.Attacker == as.Attacker }), as)
}

// Blocks lists the blocking creatures, each with the attackers it blocks
// in its damage assignment order.
func (c *Combat) Blocks() []Block {
	var out []Block
	for _, at := range c.Attackers {
		for _, b := range at.Blockers {
			i := slices.IndexFunc(out, func(x Block) bool { return x.Blocker == b })
			if i < 0 {
				i = len(out)
				out = append(out, Block{Blocker: b})
			}
			out[i].Attackers = append(out[i].Attackers, at.ID)
		}
	}
	return c.ordered(out)
}

// SetOrder records the damage assignment order the defending player
// announced for blocking creature b (509.3): the attackers it blocks,
// first first.
func (c *Combat) SetOrder(b ObjectID, order []ObjectID) {
	c.orders = append(slices.DeleteFunc(c.orders, func(x Block) bool { return x.Blocker == b }),
		Block{Blocker: b, Attackers: slices.Clone(order)})
}

// ordered puts the attackers each blocker blocks in the damage assignment
// order the defending player announced for it (509.3).
func (c *Combat) ordered(bs []Block) []Block {
	for i := range bs {
		for _, o := range c.orders {
			if o.Blocker != bs[i].Blocker {
				continue
			}
			// 509.3a: an attacker removed from combat leaves the order;
			// the others keep theirs.
			now := bs[i].Attackers
			bs[i].Attackers = slices.DeleteFunc(slices.Clone(o.Attackers), func(id ObjectID) bool { return !slices.Contains(now, id) })
		}
	}
	return bs
}
