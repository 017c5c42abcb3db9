package cardtext

// colorOf reads a color an object becomes (or is) that isn't a color word
// (105.3, layer 5): "the color of your choice" or "the color or colors of
// your choice", chosen as the effect begins, or "the color of OBJECT",
// that object's colors then. read is
// false, and the cursor unmoved, when the words aren't "the color …";
// want says what was expected where reading stopped inside them.
func (p *textParser) colorOf(c *tcur, spec *ContSpec) (read bool, want string) {
	save := c.i
	if c.eat("the", "color", "or", "colors", "of") {
		// "the color or colors of your choice": one or more colors.
		if p.static {
			c.i = save
			return true, "a color a static ability can state: white, colorless (not a choice, nor an object's color)"
		}
		if !c.eat("your", "choice") {
			return true, `"of your choice"`
		}
		spec.ColorChoice, spec.ColorsChoice = true, true
		return true, ""
	}
	if !c.eat("the", "color", "of") {
		if c.eat("the", "color") || c.eat("the", "colors") {
			return true, `"the color of your choice", "the color or colors of your choice" or "the color of OBJECT"`
		}
		c.i = save
		return false, ""
	}
	if p.static {
		// A static ability's effect has no moment it begins at (611.3a)
		// to choose a color or look at an object's then.
		c.i = save
		return true, "a color a static ability can state: white, colorless (not a choice, nor an object's color)"
	}
	if c.eat("your", "choice") {
		spec.ColorChoice = true
		return true, ""
	}
	r, ok := p.objects(c)
	if !ok {
		return true, `the color of your choice, or of an object: "the color of target permanent"`
	}
	spec.ColorOf = &r
	return true, ""
}
