package cardtext

import (
	"strconv"
	"strings"
)

// Keyword abilities that stand for other abilities (702.1: "[keyword]
// [cost]" means "…"). What each means is written here in its rule's own
// words and read by the same grammar as printed rules text, so a keyword
// is made of the parts any card's text is made of.
var keywordMeanings = map[string][]string{
	// 702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card."
	"cycling": {"[cost], Discard this card: Draw a card."},
	// 702.97a
	"scavenge": {"[cost], Exile this card from your graveyard: Put a number of +1/+1 counters equal to the power of the card you exiled on target creature. Activate only as a sorcery."},
	// 702.184a
	"station": {"Tap another untapped creature you control: Put a number of charge counters on this permanent equal to the tapped creature's power. Activate only as a sorcery."},
	// 702.30a
	"echo": {"At the beginning of your upkeep, if this permanent came under your control since the beginning of your last upkeep, sacrifice it unless you pay [cost]."},
	// 702.122a
	"crew": {"Tap any number of other untapped creatures you control with total power [n] or greater: This permanent becomes an artifact creature until end of turn."},
	// 702.6a
	"equip": {"[cost]: Attach this permanent to target creature you control. Activate only as a sorcery."},
	// 702.55a: "Haunt" on a permanent.
	"haunt": {"When this permanent is put into a graveyard from the battlefield, exile it haunting target creature."},
	// 702.65a
	"aura swap": {"[cost]: You may exchange this permanent with an Aura card in your hand."},
	// 702.108a
	"prowess": {"Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."},
	// 702.83a
	"exalted": {"Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn."},
	// 702.25a
	"flanking": {"Whenever this creature becomes blocked by a creature without flanking, the blocking creature gets -1/-1 until end of turn."},
	// 702.45a
	"bushido": {"Whenever this creature blocks or becomes blocked, it gets +[n]/+[n] until end of turn."},
	// 702.43a
	"modular": {"This permanent enters with [n] +1/+1 counters on it.",
		"When this permanent is put into a graveyard from the battlefield, you may put a +1/+1 counter on target artifact creature for each +1/+1 counter on this permanent."},
}

// KeywordUncounterable marks a static ability "This spell can't be
// countered." (113.6g: it functions on the stack).
const KeywordUncounterable = "can't be countered"

// sunburstN stands for "Sunburst" as a keyword's number (702.44c): "a
// +1/+1 counter … for each color of mana spent to cast it".
const sunburstN = -1

// keywordCost lists the keywords whose meaning has a cost: those above, and
// flashback (702.34a).
var keywordCost = map[string]bool{"cycling": true, "scavenge": true, "echo": true, "aura swap": true, "flashback": true}

// meaningKeyword reads a keyword of keywordMeanings that has no number at
// the cursor: "cycling {2}", "scavenge {3}{G}{G}", "station". With no cost where one
// is due ("Each creature card in your graveyard has scavenge."), the cost
// is left for the text that grants it to set.
func (p *textParser) meaningKeyword(c *tcur) (*Ability, bool) {
	save := c.i
	for _, kw := range []string{"cycling", "scavenge", "station", "echo", "haunt", "aura swap", "prowess", "exalted", "flanking"} {
		if !c.eatS(kw) {
			continue
		}
		var cost ManaCost
		if keywordCost[kw] {
			cost, _ = c.manaCost()
		}
		a, err := p.meaning(kw, cost, 0)
		if err != nil {
			break
		}
		return a, true
	}
	c.i = save
	return nil, false
}

// meaning reads what keyword kw means with its cost and number filled in.
// A keyword that stands for one ability is that ability, named by the
// keyword; one that stands for several is a keyword ability with them as
// its parts.
func (p *textParser) meaning(kw string, cost ManaCost, n int) (*Ability, error) {
	var parts []*Ability
	for _, m := range keywordMeanings[kw] {
		text := strings.ReplaceAll(m, "[n]", strconv.Itoa(n))
		if n == sunburstN {
			text = strings.ReplaceAll(m, "with [n] +1/+1 counters on it", "with a +1/+1 counter on it for each color of mana spent to cast it")
		}
		costless := len(cost) == 0 && strings.HasPrefix(text, "[cost], ")
		if costless {
			text = strings.TrimPrefix(text, "[cost], ")
		}
		text = strings.ReplaceAll(text, "[cost]", cost.String())
		sub := &textParser{lists: p.lists}
		abs, err := sub.line(text)
		if err != nil {
			return nil, err
		}
		for _, a := range abs {
			if n == sunburstN && a.Replace != nil {
				a.Replace.Sunburst = true
			}
		}
		parts = append(parts, abs...)
	}
	display := strings.ToUpper(kw[:1]) + kw[1:]
	if len(cost) > 0 {
		display += " " + cost.String()
	}
	if n > 0 {
		display += " " + strconv.Itoa(n)
	}
	if n == sunburstN {
		n = 0
	}
	kcost := &Cost{Mana: cost}
	if keywordCost[kw] && len(cost) == 0 {
		kcost = nil // the text granting it says what it is (keywordCostSentence)
	}
	if len(parts) == 1 {
		a := parts[0]
		a.Keyword, a.KCost, a.N, a.Text = kw, kcost, n, display
		return a, nil
	}
	return &Ability{Kind: AbKeyword, Keyword: kw, KCost: kcost, N: n, Text: display, Parts: parts}, nil
}

// keywordCostSentence reads what follows a grant of a keyword written
// without its cost: "The scavenge cost is equal to its mana cost." That
// cost is the keyword's variable cost only (702.1a); the rest of the
// ability's cost is the keyword's own.
func (p *textParser) keywordCostSentence(c *tcur, text string, abs []*Ability) error {
	for _, a := range abs {
		if a.Keyword == "" || !keywordCost[a.Keyword] || a.KCost != nil {
			continue
		}
		save := c.i
		c.eat(".")
		if !c.eat("the") || !c.eatS(a.Keyword) || !c.eat("cost", "is", "equal", "to", "its", "mana", "cost") {
			c.i = save
			return p.fail(c, text, "what the "+a.Keyword+" cost is: \"The "+a.Keyword+" cost is equal to its mana cost.\"")
		}
		a.KCost = &Cost{SelfMana: true}
		if a.Cost != nil {
			a.Cost.SelfMana = true
		}
	}
	return nil
}

// keywordFamilies are keywords named without their variant: "landwalk"
// stands for swampwalk, snow forestwalk and the rest, "protection" for
// protection from anything (702.1c).
var keywordFamilies = []string{"landwalk", "protection"}

// keywordsBare are keywords with a cost that a quality names without it:
// "a creature card with morph" (702.37a).
var keywordsBare = []string{"megamorph", "morph", "bestow"}

// keywordsMeant are keywords of keywordMeanings a quality names: "a
// creature without flanking" (702.25a).
var keywordsMeant = []string{"flanking", "prowess", "exalted", "bushido"}

// keywordName reads the name of a keyword ability: one the engine knows
// without a parameter ("first strike"), or a family ("protection").
func (p *textParser) keywordName(c *tcur) (string, bool) {
	for _, k := range keywordList {
		if c.eatS(k) {
			return k, true
		}
	}
	for _, k := range keywordFamilies {
		if c.eatS(k) {
			return k, true
		}
	}
	for _, k := range keywordsBare {
		if c.eatS(k) {
			return k, true
		}
	}
	return "", false
}

// qualityKeyword reads a keyword as a quality names it ("with flying",
// "without flanking"): any keywordName, or one of keywordsMeant.
func (p *textParser) qualityKeyword(c *tcur) (string, bool) {
	if k, ok := p.keywordName(c); ok {
		return k, true
	}
	for _, k := range keywordsMeant {
		if c.eatS(k) {
			return k, true
		}
	}
	return "", false
}

// keywordAt reports whether a keyword's name starts n tokens ahead.
func (p *textParser) keywordAt(c *tcur, n int) bool {
	d := &tcur{toks: c.toks, src: c.src, i: c.i + n}
	_, ok := p.qualityKeyword(d)
	return ok
}

// InFamily reports whether ability a is keyword kw or one of its variants.
func InFamily(a *Ability, kw string) bool {
	if a.Keyword == kw {
		return true
	}
	return kw == "landwalk" && a.Kind == AbKeyword && strings.HasSuffix(a.Keyword, "walk")
}

// loyaltyCost consumes a loyalty symbol in a cost: "+1", "−4", "0", as
// Oracle text writes them, or bracketed as the rules do ("[+1]").
func loyaltyCost(c *tcur) (int, bool) {
	save := c.i
	br := c.eat("[")
	w := c.next()
	n, ok := 0, false
	switch {
	case w == "0":
		ok = true
	case len(w) > 1 && (w[0] == '+' || w[0] == '-'):
		n, ok = Signed(w)
	}
	if ok && br && !c.eat("]") {
		ok = false
	}
	if !ok {
		c.i = save
		return 0, false
	}
	return n, true
}

// abilityCostStatic reads a static ability that changes what activated
// abilities cost: "Planeswalkers' loyalty abilities you control cost an
// additional [+1] to activate." (Carth the Lion, 606.4).
func (p *textParser) abilityCostStatic(c *tcur) (*Ability, bool) {
	save := c.i
	f := &Filter{}
	if _, ok := p.nounPhrase(c, f); !ok || !(c.eat("'") || c.eat("'s")) {
		c.i = save
		return nil, false
	}
	mod := &RuleMod{Kind: RuleAbilityCostMore, Filter: f}
	switch {
	case c.eat("loyalty", "abilities"):
		mod.LoyaltyOnly = true
	default:
		c.i = save
		return nil, false
	}
	if c.eat("you", "control") {
		mod.Who = Yours
	}
	n, ok := 0, false
	if c.eat("cost", "an", "additional") {
		n, ok = loyaltyCost(c)
	}
	if !ok || !c.eat("to", "activate") {
		c.i = save
		return nil, false
	}
	mod.Loyalty = n
	c.eat(".")
	return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: mod}}}, c.end()
}
