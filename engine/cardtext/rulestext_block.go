package cardtext

import "fmt"

// KeywordBlockMore marks a creature's "can block N additional creatures
// each combat" (509.1a); its N is how many more, BlockAnyNumber for "can
// block any number of creatures".
const (
	KeywordBlockMore = "block additional"
	BlockAnyNumber   = -1
)

// blockCount reads how many creatures a creature can block after "can
// block": "an additional creature", "an additional two creatures", "two
// additional creatures", "any number of creatures" (BlockAnyNumber).
func (p *textParser) blockCount(c *tcur, text string) (int, error) {
	switch {
	case c.eat("any", "number", "of", "creatures"):
		return BlockAnyNumber, nil
	case c.eat("an", "additional"):
		// "an additional creature", "an additional two creatures"
		if c.eat("creature") {
			return 1, nil
		}
		if n, ok := c.num(); ok && n > 1 && c.eat("creatures") {
			return n, nil
		}
	default:
		if n, ok := c.num(); ok && n > 0 && c.eat("additional") && (n == 1 && c.eat("creature") || n > 1 && c.eat("creatures")) {
			return n, nil
		}
	}
	return 0, p.fail(c, text, "how many it can block: an additional creature, N additional creatures, any number of creatures")
}

// blockMore reads "can block …" and its frequency after a creature:
// "each combat" for a static ability (each), "this turn" for an
// instruction's effect.
func (p *textParser) blockMore(c *tcur, text string, each bool) (*Ability, error) {
	n, err := p.blockCount(c, text)
	if err != nil {
		return nil, err
	}
	switch {
	case each && c.eat("each", "combat"):
	case !each && c.eat("this", "turn"):
	case each:
		return nil, p.fail(c, text, "how often: each combat")
	default:
		return nil, p.fail(c, text, "how long: this turn")
	}
	return &Ability{Kind: AbStatic, Keyword: KeywordBlockMore, N: n, Text: "~ can block " + blockText(n) + " each combat."}, nil
}

// blockText says how many more creatures a KeywordBlockMore ability lets
// its creature block.
func blockText(n int) string {
	switch {
	case n == BlockAnyNumber:
		return "any number of creatures"
	case n <= 1:
		return "an additional creature"
	}
	return fmt.Sprintf("%d additional creatures", n)
}
