package cardtext

// devotionTo reads the colors after "devotion to" (700.5): "red", "black
// and red" (a combination: symbols of either color count, 700.5), or
// "each color and each combination of colors" (each: every one of them).
func devotionTo(c *tcur) (col Color, each, ok bool) {
	if c.eat("each", "color", "and", "each", "combination", "of", "colors") {
		for _, x := range AllColors {
			col |= x
		}
		return col, true, true
	}
	save := c.i
	for {
		x, ok := ParseColor(c.peek())
		if !ok || len(c.peek()) < 2 {
			c.i = save
			return 0, false, false
		}
		c.next()
		col |= x
		if !c.eat("and") {
			return col, false, true
		}
	}
}

// devotionStatic reads a static ability that changes a player's devotion
// (700.5a): "Your devotion to each color and each combination of colors is
// increased by one." (Altar of the Pantheon), "Your devotion to black is
// increased by two." ok=false: not about devotion.
func (p *textParser) devotionStatic(c *tcur, text string) (*Ability, bool, error) {
	if !c.eat("your", "devotion", "to") {
		return nil, false, nil
	}
	fail := func(want string) (*Ability, bool, error) { return nil, true, p.fail(c, text, want) }
	col, each, ok := devotionTo(c)
	if !ok {
		return fail("devotion to which colors: red, black and red, each color and each combination of colors")
	}
	if !c.eat("is", "increased", "by") {
		return fail("how it changes: \"is increased by N\"")
	}
	n, ok := c.num()
	if !ok || n < 1 {
		return fail("a number: is increased by one")
	}
	c.eat(".")
	if !c.end() {
		return fail("the end of the sentence")
	}
	return &Ability{Kind: AbStatic, Keyword: KeywordDevotionMod, N: n, Devotion: col, DevotionEach: each}, true, nil
}
