package scenario

import (
	"fmt"
	"strings"
	"sync"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

// A card line may name a real card and say nothing more ("card Blood
// Moon"): its mana cost, type line, power and toughness or loyalty, and
// Oracle text then come from the card data, and the card-text grammar
// reads the text as it reads a text: line (issue 26).

// EmbeddedCards is the card data a scenario reads unless ParseWith is
// given other: read once, on first use (0.3 s, 21 MB), for every caller
// that wants the embedded data (arbiter scenarios --run checks the
// scenarios' cards against it too).
var EmbeddedCards = sync.OnceValues(cards.Embedded)

// cardFromData declares the real card name names, as the card data has it.
func (p *parser) cardFromData(name string) {
	if strings.HasSuffix(name, invented) {
		p.errorf("card %s: an invented card needs its characteristics: card %s: {1}{G} Creature — Bear 2/2", name, strings.TrimSpace(strings.TrimSuffix(name, invented)))
		return
	}
	name = strings.Trim(name, `"`)
	set, err := p.cardData()
	if err != nil {
		p.errorf("card %s: no card data to read it from (%v); give its characteristics: card %s: {R} Instant", name, err, name)
		return
	}
	c := set.ByName(name)
	if c == nil {
		if near := set.Named(name); near != nil {
			p.errorf("card %s: no card of that name in the card data (%s); did you mean %s?", name, set.Date, near.Name)
		} else {
			p.errorf("card %s: no card of that name in the card data (%s, Oracle text as of %s); give its characteristics: card %s: {1}{G} Creature — Bear 2/2", name, set.Source, set.Date, name)
		}
		return
	}
	if len(c.Names) > 1 {
		p.errorf("card %s is a %s card: the card data gives single-faced cards by name only; declare its faces with their own lines (card, then back, flip, half, adventure or meld)", c.Name, layoutWord(c.Layout))
		return
	}
	d := &CardDecl{Line: p.line, Name: c.Name, FromData: true}
	if !p.newName(d.Name) {
		return
	}
	if !p.cardSpec(d, dataSpec(c)) {
		return
	}
	p.sc.Cards = append(p.sc.Cards, d)
	p.face = d
	for _, line := range strings.Split(cardtext.TodaysWording(c.Text), "\n") {
		if cardtext.WithoutReminder(line) == "" {
			continue // no text, or only reminder text (a basic land's)
		}
		before := len(p.errs)
		p.readingData = true
		p.textLine(line)
		p.readingData = false
		if len(p.errs) > before {
			return // its first sentence the grammar can't read is enough
		}
	}
}

// declareFromData declares the real card a setup item names that no card
// line declared ("A battlefield: Blood Moon (tapped)"), as "card Blood Moon"
// would, and reports whether it did. A name the data lacks is left to the
// caller's error; one it has but can't read is reported here.
func (p *parser) declareFromData(item string) bool {
	name := strings.TrimSpace(item)
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = strings.TrimSpace(name[:i])
	}
	if name == "" {
		return false
	}
	set, err := p.cardData()
	if err != nil || set.ByName(name) == nil {
		return false
	}
	before := len(p.errs)
	p.cardFromData(name)
	return len(p.errs) == before
}

// dataSpec is what a card line would say of c after its name: "{2}{R}
// Enchantment", "{1}{W} Creature — Human Soldier 2/1", "{2}{U}{U}
// Legendary Planeswalker — Jace, loyalty 3".
func dataSpec(c *cards.Card) string {
	spec := strings.TrimSpace(realCost(c.ManaCost) + " " + c.Type)
	if c.Power != "" || c.Toughness != "" {
		spec += fmt.Sprintf(" %s/%s", c.Power, c.Toughness)
	}
	if c.Loyalty != "" {
		spec += ", loyalty " + string(c.Loyalty)
	}
	if c.Hand != "" || c.Life != "" {
		spec += fmt.Sprintf(", hand %s, life %s", signed(c.Hand), signed(c.Life))
	}
	return spec
}

func layoutWord(layout string) string {
	switch layout {
	case "transform":
		return "double-faced"
	case "":
		return "multi-faced"
	}
	return layout
}

// FromData lists the cards a scenario read from the card data.
func (s *Scenario) FromData() []string {
	var out []string
	for _, d := range s.Cards {
		if d.FromData {
			out = append(out, d.Name)
		}
	}
	return out
}
