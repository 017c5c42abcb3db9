package scenario

import (
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
)

// cursor reads a line left to right: words, numbers, player names, object
// references, zones. Each method consumes what it recognises and reports
// whether it did; on failure it consumes nothing.
type cursor struct {
	s    string
	p    *parser
	last string // the words the last successful eat consumed, lower case
}

func (p *parser) cursor(s string) *cursor { return &cursor{s: strings.TrimSpace(s), p: p} }

func (c *cursor) end() bool { return c.s == "" }

// boundary reports whether s starts at a word boundary.
func boundary(s string) bool {
	if s == "" {
		return true
	}
	switch s[0] {
	case ' ', '\t', ',', ':', '=', '(', ')', '.', ';', '/':
		return true
	}
	return false
}

// possessiveNext reports whether s starts with a possessive: "'s", or a
// bare apostrophe after a name ending in s ("Durkwood Boars' damage").
func possessiveNext(s string) bool {
	for _, a := range []string{"'", "’"} {
		if rest, ok := strings.CutPrefix(s, a); ok && (strings.HasPrefix(rest, "s") && boundary(rest[1:]) || rest != "" && boundary(rest)) {
			return true
		}
	}
	return false
}

// eat consumes the words, case-insensitively, as whole words.
func (c *cursor) eat(words ...string) bool {
	if c.p != nil && c.p.tried != nil {
		*c.p.tried = append(*c.p.tried, strings.Join(words, " "))
	}
	return c.eatQuiet(words...)
}

// eatQuiet is eat, unrecorded (parser.tried).
func (c *cursor) eatQuiet(words ...string) bool {
	s := c.s
	for _, w := range words {
		if len(s) < len(w) || !strings.EqualFold(s[:len(w)], w) || !boundary(s[len(w):]) {
			return false
		}
		s = strings.TrimLeft(s[len(w):], " \t")
	}
	c.s = s
	c.last = strings.ToLower(strings.Join(words, " "))
	return true
}

// eatAny consumes the first of the alternatives that matches (each may be
// several words) and returns it.
func (c *cursor) eatAny(alts ...string) (string, bool) {
	for _, a := range alts {
		if c.eat(strings.Fields(a)...) {
			return a, true
		}
	}
	return "", false
}

// sym consumes a punctuation string such as "=" or ":".
func (c *cursor) sym(p string) bool {
	if strings.HasPrefix(c.s, p) {
		c.s = strings.TrimLeft(c.s[len(p):], " \t")
		return true
	}
	return false
}

// count consumes a non-negative integer, or "a", "an" or "one" for 1. Only
// where a player's name can't follow: a player may be called A.
func (c *cursor) count() (int, bool) {
	if c.eat("a") || c.eat("an") {
		return 1, true
	}
	return c.int()
}

// int consumes a non-negative integer, or "one".
func (c *cursor) int() (int, bool) {
	if c.eatQuiet("one") { // a number, not a step's word: StepForms leaves it out
		return 1, true
	}
	i := 0
	for i < len(c.s) && c.s[i] >= '0' && c.s[i] <= '9' {
		i++
	}
	if i == 0 || i > 7 || !boundary(c.s[i:]) {
		return 0, false
	}
	n, _ := strconv.Atoi(c.s[:i])
	c.s = strings.TrimLeft(c.s[i:], " \t")
	return n, true
}

// signedInt consumes an integer that may start with "-".
func (c *cursor) signedInt() (int, bool) {
	if strings.HasPrefix(c.s, "-") {
		save := c.s
		c.s = c.s[1:]
		if n, ok := c.int(); ok {
			return -n, true
		}
		c.s = save
		return 0, false
	}
	return c.int()
}

// word consumes one whitespace-delimited word.
func (c *cursor) word() string {
	i := strings.IndexAny(c.s, " \t")
	if i < 0 {
		w := c.s
		c.s = ""
		return w
	}
	w := c.s[:i]
	c.s = strings.TrimLeft(c.s[i:], " \t")
	return w
}

// player consumes a declared player's name, or its short form ("A" for
// Alice), and returns the name.
func (c *cursor) player() (string, bool) {
	start := len(c.s)
	for i, n := range c.p.sc.Players {
		for _, w := range []string{n, c.p.sc.Written(i)} {
			if c.eat(w) {
				c.mention(start, start-len(w), i, "")
				return n, true
			}
			// "A's graveyard"
			if len(c.s) > len(w)+1 && strings.EqualFold(c.s[:len(w)], w) && (c.s[len(w):len(w)+2] == "'s" || strings.HasPrefix(c.s[len(w):], "\u2019s")) {
				rest := c.s[len(w):]
				rest = rest[strings.IndexByte(rest, 's')+1:]
				if boundary(rest) {
					c.mention(start, start-len(w), i, "")
					c.s = strings.TrimLeft(rest, " \t")
					return n, true
				}
			}
		}
	}
	return "", false
}

// mention records, while a step is parsed, that the text from where the
// cursor had rest bytes left to where it has end bytes left names player i
// or object obj. Positions count from the end, since a cursor's text is
// always a tail of the step's.
func (c *cursor) mention(rest, end, player int, obj string) {
	st, body := c.p.cur, c.p.body
	if st == nil || rest > len(body) || end < 0 || end > rest {
		return
	}
	m := Mention{Start: len(body) - rest, End: len(body) - end, Player: player, Object: obj}
	for m.End > m.Start && (body[m.End-1] == ' ' || body[m.End-1] == '\t') {
		m.End--
	}
	if n := len(st.Mentions); n > 0 && st.Mentions[n-1].End > m.Start {
		return // read again after backing up
	}
	st.Mentions = append(st.Mentions, m)
}

// ref is a reference to a card or token by name, optionally numbered:
// "Isamaru" or "Isamaru#2" (the second Isamaru the game has seen).
type ref struct {
	Name  string // the declared card's name
	Index int    // 0: any
	// Face is the name of another face of the card, when the reference
	// is written with it ("Ravager of the Fells" for the card Huntmaster
	// of the Fells): objects with that face up are meant first.
	Face string
}

func (r ref) String() string {
	if r.Index == 0 {
		return r.Name
	}
	return r.Name + "#" + strconv.Itoa(r.Index)
}

// ref consumes a declared card name (the longest that fits), or a name in
// quotes, and an optional "#n".
func (c *cursor) ref() (ref, bool) {
	start := len(c.s)
	r, ok := c.readRef()
	if ok {
		obj := r.String()
		if r.Face != "" && r.Index == 0 {
			obj = r.Face // "Ravager of the Fells", as written
		}
		c.mention(start, len(c.s), -1, obj)
	}
	return r, ok
}

func (c *cursor) readRef() (ref, bool) {
	if strings.HasPrefix(c.s, `"`) {
		end := strings.IndexByte(c.s[1:], '"')
		if end < 0 {
			return ref{}, false
		}
		name := c.s[1 : end+1]
		d, face := c.p.faceNamed(name)
		if d == nil {
			// A name the game made, in quotes: a token an effect
			// created ("Dwarf Berserker Token#1").
			if c.p.section != "steps" && c.p.section != "expect" || strings.TrimSpace(name) == "" {
				return ref{}, false
			}
			r := ref{Name: name}
			if i := strings.LastIndexByte(name, '#'); i > 0 {
				if n, err := strconv.Atoi(name[i+1:]); err == nil && n > 0 {
					r = ref{Name: name[:i], Index: n}
				}
			}
			c.s = c.s[end+2:]
			if r.Index != 0 {
				c.s = strings.TrimLeft(c.s, " \t")
				return r, true
			}
			return c.index(r)
		}
		c.s = c.s[end+2:]
		return c.index(ref{Name: d.Name, Face: face})
	}
	for _, d := range c.p.names() {
		n := d.name
		if len(c.s) >= len(n) && strings.EqualFold(c.s[:len(n)], n) && (boundary(c.s[len(n):]) || c.s[len(n)] == '#' || possessiveNext(c.s[len(n):])) {
			c.s = c.s[len(n):]
			r := ref{Name: d.card}
			if d.name != d.card {
				r.Face = d.name
			}
			return c.index(r)
		}
	}
	return ref{}, false
}

func (c *cursor) index(r ref) (ref, bool) {
	if strings.HasPrefix(c.s, "#") {
		i := 1
		for i < len(c.s) && c.s[i] >= '0' && c.s[i] <= '9' {
			i++
		}
		if n, err := strconv.Atoi(c.s[1:i]); err == nil && n > 0 && (boundary(c.s[i:]) || possessiveNext(c.s[i:])) {
			r.Index = n
			c.s = c.s[i:]
		} else {
			return ref{}, false
		}
	}
	c.s = strings.TrimLeft(c.s, " \t")
	return r, true
}

// refs consumes "X", "X, Y" or "X and Y".
func (c *cursor) refs() ([]ref, bool) {
	var out []ref
	for {
		r, ok := c.ref()
		if !ok {
			return nil, false
		}
		out = append(out, r)
		if !c.sym(",") && !c.eat("and") {
			return out, true
		}
	}
}

// zone consumes a zone: "the battlefield", "play", "graveyard", "A's hand",
// "its owner's library", "exile". It returns the player named, if any.
func (c *cursor) zone() (cardtext.Zone, string, bool) {
	save := c.s
	c.eatAny("onto", "into", "to", "in", "on")
	who := ""
	if p, ok := c.player(); ok {
		who = p
	} else {
		c.eatAny("its owner's", "its owner\u2019s", "their", "his or her", "his", "her", "its", "the")
	}
	for _, alt := range []string{"the battlefield", "battlefield", "in play", "play", "removed from the game", "exile",
		"library", "hand", "graveyard", "stack", "command zone", "command", "outside the game", "sideboard"} {
		if c.eat(strings.Fields(alt)...) {
			z, _ := engine.ParseZone(alt)
			return z, who, true
		}
	}
	c.s = save
	return 0, "", false
}

// mana consumes a run of symbols in braces.
func (c *cursor) mana() string {
	i := 0
	for i < len(c.s) && c.s[i] == '{' {
		j := strings.IndexByte(c.s[i:], '}')
		if j < 0 {
			break
		}
		i += j + 1
		for i < len(c.s) && c.s[i] == ' ' && i+1 < len(c.s) && c.s[i+1] == '{' {
			i++
		}
	}
	m := c.s[:i]
	c.s = strings.TrimLeft(c.s[i:], " \t")
	return m
}

// card finds a declared card by name, case-insensitively.
func (p *parser) card(name string) *CardDecl {
	for _, d := range p.sc.Cards {
		if strings.EqualFold(d.Name, name) {
			return d
		}
	}
	return nil
}
