package cardtext

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/registry"
)

// ParseAbilities reads one line of an object's rules text in the engine's
// dialect of Oracle wording (content/scenarios/README.md lists it) and
// returns its abilities: a line of keywords ("Flying, first strike"), an
// activated ability ("{2}, {T}: You gain 1 life."), a triggered ability
// ("Whenever a creature dies, you gain 1 life."), a static ability ("White
// creatures you control get +1/+1."), or, for an instant or sorcery (spell
// set), the spell's instructions. The object's own name in the text is read
// as a reference to the object itself (201.5b). lists are the edition's
// types, used to tell a creature type from a word.
func ParseAbilities(name, line string, spell bool, lists *TypeLists) ([]*Ability, error) {
	text := strings.TrimSpace(registry.StraightenQuotes(line)) // the lexer reads both kinds of quote; Text keeps one
	byName := false
	// A card named for a keyword (the Aura Vigilance: "Enchanted creature
	// has vigilance.") means the keyword by the word, not itself.
	if name != "" && !IsKeyword(strings.ToLower(name)) {
		named := replaceName(text, name)
		byName, text = named != text, named
		// 201.5c: a legendary card may call itself by the part of its
		// name before the comma ("Minsc" for "Minsc, Beloved Ranger").
		if short, _, ok := strings.Cut(name, ","); ok && len(short) > 2 {
			text = replaceName(text, short)
		}
	}
	p := &textParser{lists: lists, spell: spell}
	abs, err := p.line(abilityWord(text))
	if err != nil {
		return nil, err
	}
	setOrigin(abs, name)
	for _, a := range abs {
		a.ByName = byName
	}
	return abs, nil
}

// setOrigin marks abilities, their parts and the abilities they grant as
// read from the card named name.
func setOrigin(abs []*Ability, name string) {
	for _, a := range abs {
		if a == nil || a.Origin != "" {
			continue
		}
		a.Origin = name
		setOrigin(a.Parts, name)
		for _, sp := range a.Static {
			setOrigin(sp.Gain, name)
		}
	}
}

// replaceName replaces whole-word occurrences of the object's name with "~",
// case-insensitively.
func replaceName(text, name string) string {
	// Compare in place with EqualFold rather than on a lowered copy: lowering
	// changes the length of text that is not UTF-8, so indexes into a copy
	// would not be indexes into text.
	ln := registry.StraightenQuotes(name)
	var b strings.Builder
	for i := 0; i < len(text); {
		end := i + len(ln)
		if ln != "" && end <= len(text) && strings.EqualFold(text[i:end], ln) && (i == 0 || !IsWordByte(text[i-1])) && (end == len(text) || !IsWordByte(text[end])) {
			b.WriteByte('~')
			i = end
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

// textParser reads one line.
type textParser struct {
	lists   *TypeLists
	spell   bool
	nested  bool // inside a quoted ability granted by another: "~" is that other object
	targets []TargetSpec
	words   int    // "target" words so far
	milled  Amount // what millWords read: how many cards
	it      ORef   // what "it" and "that creature" refer to
	spellIt ORef   // what "that spell" refers to in a cast trigger
	itP     *PRef
	// event is the event of the replacement effect being read: its
	// amount is "that much", "that many" (614.1a).
	event  *EventSpec
	itZone Zone // the zone "it" means: the hand just revealed
	// inEach: reading the instructions of "For each of them, …", where
	// "that permanent or player" is the one they're followed for.
	inEach bool
	extra  []*Ability // abilities a copy exception gives ("it has '…'")
	// copyMore is a copy exception's effects and conditional parts.
	copyMore *CopyMore
	// manaWant is what a mana part expected where it stopped.
	manaWant string
	// counting: reading what an amount counts, where a relative clause
	// may name what objects did earlier this turn (Filter.Past).
	counting bool
	// static: reading a static ability's effect, which no one makes
	// choices for as it begins.
	static bool
}

// parseError is a problem reading rules text.
type parseError struct {
	text, rest, want string
}

func (e *parseError) Error() string {
	if e.rest == "" {
		return fmt.Sprintf("can't read %q: %s", e.text, e.want)
	}
	return fmt.Sprintf("can't read %q at %q: %s", e.text, clip(e.rest), e.want)
}

// StoppedAt returns, for an error ParseAbilities gave, the text it read
// (the object's name written ~, reminder text left out) and the part of it
// where reading stopped: so a report can name the sentence that stopped
// it. ok is false for an error of another kind.
func StoppedAt(err error) (text, rest string, ok bool) {
	var pe *parseError
	if !errors.As(err, &pe) {
		return "", "", false
	}
	return pe.text, pe.rest, true
}

// WithoutReminder is a line of rules text without its reminder text
// (207.2): empty for a line that is only reminder text, such as a basic
// land's "({T}: Add {G}.)".
func WithoutReminder(line string) string {
	t := withoutReminder(line)
	if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") && !strings.ContainsAny(t[1:len(t)-1], "()") {
		return ""
	}
	return t
}

const textHelp = "the engine reads keywords, \"COST: EFFECT\", \"When/Whenever/At …, EFFECT\" and static abilities in Oracle wording (see the scenario README)"

func (p *textParser) fail(c *tcur, text, want string) error {
	return &parseError{text: text, rest: c.rest(), want: want}
}

func (p *textParser) line(text string) ([]*Ability, error) {
	text = withoutReminder(text)
	c := &tcur{toks: lexRules(text), src: text}
	if c.end() {
		return nil, fmt.Errorf("empty rules text")
	}
	// A line of keywords.
	if abs, ok := p.keywords(c); ok && c.end() {
		for _, a := range abs {
			if a.Text == "" {
				a.Text = text
			}
			if keywordCost[a.Keyword] && a.KCost == nil {
				return nil, fmt.Errorf("can't read %q: %s needs its cost, like %q", text, a.Keyword, a.Keyword+" {2}")
			}
		}
		return abs, nil
	}
	c.i = 0
	p.targets, p.words, p.it, p.spellIt = nil, 0, ORef{}, ORef{}
	if abs, ok, err := p.linkedParagraph(c, text); ok || err != nil {
		return abs, err
	}
	a, err := p.ability(c, text)
	if err != nil {
		return nil, err
	}
	a.Text = text
	return []*Ability{a}, nil
}

// ability reads one non-keyword ability.
func (p *textParser) ability(c *tcur, text string) (*Ability, error) {
	// A modal spell's "Choose one —" and its modes (700.2).
	if c.peek() == "•" {
		return p.mode(c, text)
	}
	if a, ok, err := p.modalHeader(c, text); ok || err != nil {
		return a, err
	}
	// Triggered: "When…", "Whenever…", "At…".
	if w := c.peek(); w == "when" || w == "whenever" || w == "at" {
		return p.triggered(c, text)
	}
	// Activated: a cost, a colon, an effect.
	if colon := topLevel(c, ":"); colon >= 0 {
		return p.activated(c, text, colon)
	}
	if a, ok, err := p.staticAbility(c, text); ok || err != nil {
		return a, err
	}
	// A failed attempt may have noted targets: start the spell afresh.
	c.i = 0
	p.targets, p.words, p.it, p.itP, p.itZone = nil, 0, ORef{}, nil, 0
	if !p.spell {
		// A permanent's sentence that is neither: read it as a static
		// ability's effect to give the best message.
		return nil, p.fail(c, text, textHelp)
	}
	eff, err := p.effect(c, text)
	if err != nil {
		return nil, err
	}
	return &Ability{Kind: AbSpell, Effect: eff, Targets: p.targets}, nil
}

// topLevel finds the first token w outside quotes, or -1.
func topLevel(c *tcur, w string) int {
	depth := 0
	for i := c.i; i < len(c.toks); i++ {
		t := c.toks[i].w
		if t == `"` || t == "'" {
			depth ^= 1
			continue
		}
		if depth == 0 && t == w {
			return i
		}
	}
	return -1
}

// keywordList are the keyword abilities without parameters the engine knows.
var keywordList = []string{
	"first strike", "double strike", "deathtouch", "defender", "flash", "flying", "haste", "hexproof",
	"indestructible", "infect", "lifelink", "menace", "reach", "shroud", "trample over planeswalkers", "trample", "vigilance", "wither",
	"fear", "intimidate", "shadow", "horsemanship", "changeling", "undying", "persist", "devoid", "phasing", "convoke",
	"split second", "banding", "snow forestwalk", "snow islandwalk", "snow mountainwalk", "snow plainswalk", "snow swampwalk",
	"landwalk", "forestwalk", "islandwalk", "mountainwalk", "plainswalk", "swampwalk",
}

// IsKeyword reports whether k (lower case) is a keyword ability the engine
// knows without a parameter.
func IsKeyword(k string) bool {
	for _, x := range keywordList {
		if x == k {
			return true
		}
	}
	return false
}

// keywords reads "Flying, first strike, protection from white, toxic 2".
func (p *textParser) keywords(c *tcur) ([]*Ability, bool) {
	var out []*Ability
	for {
		start := c.i
		a, ok := p.keyword(c)
		if !ok {
			return nil, false
		}
		a.Text = c.textBetween(start, c.i)
		out = append(out, a)
		if c.end() {
			return out, true
		}
		if c.eat(".") && c.end() {
			return out, true
		}
		if !c.eat(",") && !c.eat(";") {
			return nil, false
		}
	}
}

func (p *textParser) keyword(c *tcur) (*Ability, bool) {
	save := c.i
	if a, ok := p.meaningKeyword(c); ok {
		return a, true
	}
	for _, k := range keywordList {
		if c.eatS(k) {
			a := &Ability{Kind: AbKeyword, Keyword: k}
			if k == "undying" || k == "persist" {
				a.Parts = []*Ability{UndyingParts(k)}
			}
			if k == "changeling" {
				// 702.73a: changeling is a characteristic-defining ability.
				a.CDA = true
			}
			return a, true
		}
	}
	switch {
	case c.eat("protection", "from"):
		w := c.next()
		if col, ok := ParseColor(w); ok && len(w) > 1 {
			return &Ability{Kind: AbKeyword, Keyword: "protection", Param: w, Parts: nil, N: int(col)}, true
		}
		if w == "everything" || w == "creatures" || w == "artifacts" {
			return &Ability{Kind: AbKeyword, Keyword: "protection", Param: w}, true
		}
		// "protection from Demons and from Dragons" (702.16g: one ability
		// with each quality): creature types, plural, the Param listing
		// each type as the type list spells it, "Demon|Dragon".
		if st, ok := p.pluralCreatureType(w); ok {
			types := []string{st}
			for c.peek() == "and" && c.peekAt(1) == "from" {
				save := c.i
				c.next()
				c.next()
				more, ok := p.pluralCreatureType(c.next())
				if !ok {
					c.i = save
					break
				}
				types = append(types, more)
			}
			return &Ability{Kind: AbKeyword, Keyword: "protection", Param: strings.Join(types, "|")}, true
		}
		// "protection from the chosen color" (607.2a): linked to an "As
		// this enters, choose a color" ability; bound when granted.
		if w == "the" && c.eat("chosen", "color") {
			return &Ability{Kind: AbKeyword, Keyword: "protection", Param: ChosenColor}, true
		}
	case c.eat("toxic"):
		if n, ok := c.num(); ok {
			return &Ability{Kind: AbKeyword, Keyword: "toxic", N: n}, true
		}
	case c.eat("fading"):
		if n, ok := c.num(); ok {
			return &Ability{Kind: AbKeyword, Keyword: "fading", N: n, Parts: fadingParts(n)}, true
		}
	case c.eat("cumulative", "upkeep"):
		// "Cumulative upkeep—Pay 1 life" (702.24a).
		c.eat("—")
		c.eat("-")
		start := c.i
		end := len(c.toks)
		for j := c.i; j < len(c.toks); j++ {
			if w := c.toks[j].w; w == "." || w == "," || w == ";" {
				end = j
				break
			}
		}
		words := c.textBetween(start, end)
		if c.eat("draw", "a", "card") && c.i == end {
			// Psychic Vortex: a cost no activated ability has.
			return &Ability{Kind: AbKeyword, Keyword: "cumulative upkeep", Parts: cumulativeUpkeepParts(nil, words)}, true
		}
		if m, ok := upkeepMana(c); ok && c.i == end {
			return &Ability{Kind: AbKeyword, Keyword: "cumulative upkeep", Parts: cumulativeUpkeepParts(&Cost{Mana: m}, words)}, true
		}
		c.i = start
		cost, err := p.cost(&tcur{toks: c.toks[:end], src: c.src, i: start}, c.src)
		if err != nil || (cost.Life == 0) == (cost.Sac == nil) || len(cost.Mana) > 0 || cost.Tap || cost.Discard > 0 || cost.SacSelf {
			break // only "Pay N life", "Sacrifice a creature" and "Draw a card" so far
		}
		c.i = end
		return &Ability{Kind: AbKeyword, Keyword: "cumulative upkeep", N: cost.Life, Parts: cumulativeUpkeepParts(cost, words)}, true
	case c.eat("crew"):
		if n, ok := c.num(); ok {
			if a, err := p.meaning("crew", nil, n); err == nil {
				return a, true
			}
		}
	case c.eat("bushido"):
		// "Bushido N" (702.45a).
		if n, ok := c.num(); ok {
			if a, err := p.meaning("bushido", nil, n); err == nil {
				return a, true
			}
		}
	case c.eat("modular"):
		// "Modular N", or "Modular—Sunburst": sunburst sets modular's
		// number (702.44c).
		if n, ok := c.num(); ok {
			if a, err := p.meaning("modular", nil, n); err == nil {
				return a, true
			}
		} else if (c.eat("—") || c.eat("-")) && c.eat("sunburst") {
			if a, err := p.meaning("modular", nil, sunburstN); err == nil {
				a.Text = "Modular—Sunburst"
				return a, true
			}
		}
	case c.eat("kicker"), c.eat("multikicker"):
		m, ok := c.manaCost()
		if ok {
			a := &Ability{Kind: AbKeyword, Keyword: "kicker", KCost: &Cost{Mana: m}}
			if c.eat("and/or") || c.eat("and", "/", "or") {
				if m2, ok := c.manaCost(); ok {
					a.Parts = []*Ability{{Kind: AbKeyword, Keyword: "kicker", KCost: &Cost{Mana: m2}}}
				}
			}
			return a, true
		}
	case c.eat("splice", "onto"):
		sub := c.next()
		if m, ok := c.manaCost(); ok {
			return &Ability{Kind: AbKeyword, Keyword: "splice", Param: sub, KCost: &Cost{Mana: m}}, true
		}
	case c.eat("morph"), c.eat("megamorph"):
		// 702.37a: "Morph [cost]"; the cost turns it face up (702.37e).
		kw := c.toks[c.i-1].w
		if m, ok := c.manaCost(); ok {
			return &Ability{Kind: AbKeyword, Keyword: kw, KCost: &Cost{Mana: m}}, true
		}
	case c.eat("bestow"):
		// 702.103a: "Bestow [cost]": cast it bestowed for that cost.
		if m, ok := c.manaCost(); ok {
			return &Ability{Kind: AbKeyword, Keyword: "bestow", KCost: &Cost{Mana: m}}, true
		}
	case c.eat("flashback"):
		kw := c.toks[c.i-1].w
		if m, ok := c.manaCost(); ok {
			return &Ability{Kind: AbKeyword, Keyword: kw, KCost: &Cost{Mana: m}}, true
		}
	case c.eat("enchant", "player"):
		// 702.5: an Aura that enchants a player (303.4).
		return &Ability{Kind: AbKeyword, Keyword: "enchant", Param: "player", Targets: []TargetSpec{{Players: true, Count: 1, Text: "target player"}}}, true
	case c.eat("enchant"):
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); ok {
			return &Ability{Kind: AbKeyword, Keyword: "enchant", Param: f.String(), Targets: []TargetSpec{{Filter: *f, Objects: true, Count: 1, Text: "target " + f.String()}}}, true
		}
	case c.eat("equip"):
		if m, ok := c.manaCost(); ok {
			if a, err := p.meaning("equip", m, 0); err == nil {
				return a, true
			}
		}
	}
	c.i = save
	return nil, false
}

// fadingParts is what fading N means (702.32a): "This permanent enters
// with N fade counters on it." and "At the beginning of your upkeep, remove
// a fade counter from this permanent. If you can't, sacrifice it."
func fadingParts(n int) []*Ability {
	return []*Ability{
		{Kind: AbStatic, Text: fmt.Sprintf("This permanent enters with %d fade counters on it.", n), Replace: &Replacement{Kind: ReplEntersWith, Kind2: "fade", N: n}},
		{Kind: AbTriggered, Text: "At the beginning of your upkeep, remove a fade counter from this permanent. If you can't, sacrifice it.",
			Trigger: &Trigger{Event: TrigStep, Step: StepUpkeep, Whose: Yours},
			Effect: []*Instr{{Op: OpRemCounters, What: ORef{Kind: RefSelf}, Kind: "fade", N: Amount{N: 1},
				Else: []*Instr{{Op: OpSacrifice, What: ORef{Kind: RefSelf}}}}}},
	}
}

// cumulativeUpkeepParts is what "Cumulative upkeep—COST" means
// (702.24a): "At the beginning of your upkeep, if this permanent is on the
// battlefield, put an age counter on this permanent. Then you may pay
// [COST] for each age counter on it. If you don't, sacrifice it." COST is
// "Pay N life", "Sacrifice a creature", or (cost nil) "Draw a card".
func cumulativeUpkeepParts(cost *Cost, words string) []*Ability {
	self := ORef{Kind: RefSelf}
	pay := &Instr{Who: PRef{Kind: PYou}, May: true, Cost: true,
		Text: "you may " + strings.ToLower(words) + " for each age counter on ~",
		N:    Amount{CountersOf: &self, Kind: "age", Cumulative: true},
		Else: []*Instr{{Op: OpSacrifice, What: self}}}
	switch {
	case cost == nil:
		pay.Op = OpDraw
	case len(cost.Mana) > 0:
		pay.Op, pay.Pays = OpPayMana, cost.Mana
		pay.Text = "you may pay " + words + " for each age counter on ~"
	case cost.Sac != nil:
		pay.Op, pay.What = OpSacrifice, ORef{Kind: RefGroup, Group: cost.Sac}
	default:
		pay.Op, pay.N.Per = OpPayLife, cost.Life
	}
	return []*Ability{{Kind: AbTriggered, Keyword: "cumulative upkeep",
		Text:    "At the beginning of your upkeep, put an age counter on this permanent. Then " + pay.Text + ". If you don't, sacrifice it.",
		Trigger: &Trigger{Event: TrigStep, Step: StepUpkeep, Whose: Yours},
		Effect: []*Instr{
			{Op: OpPutCounters, What: self, Kind: "age", N: Amount{N: 1}},
			pay,
		}}}
}

// upkeepMana reads a cumulative upkeep's mana cost: "{1}", or a choice
// between two colored symbols, "{W} or {U}". The choice is made separately
// for each age counter (702.24a), which is what paying one two-color
// hybrid symbol per counter does (107.4e), so it is read as {W/U}.
func upkeepMana(c *tcur) (ManaCost, bool) {
	save := c.i
	m, ok := c.manaCost()
	if !ok {
		return nil, false
	}
	if !c.eat("or") {
		return m, true
	}
	m2, ok := c.manaCost()
	if !ok || len(m) != 1 || len(m2) != 1 || m[0].Kind != SymColored || m2[0].Kind != SymColored || m[0].Color == m2[0].Color {
		c.i = save
		return nil, false
	}
	return ManaCost{{Kind: SymHybrid, Color: m[0].Color | m2[0].Color}}, true
}

// UndyingParts is undying (702.93a) or persist (702.79a): "When this
// permanent dies, if it had no +1/+1 counters on it, return it to the
// battlefield under its owner's control with a +1/+1 counter on it."
func UndyingParts(k string) *Ability {
	kind := "+1/+1"
	if k == "persist" {
		kind = "-1/-1"
	}
	return &Ability{Kind: AbTriggered,
		Text:    "When this permanent dies, if it had no " + kind + " counters on it, return it to the battlefield under its owner's control with a " + kind + " counter on it.",
		Trigger: &Trigger{Event: TrigDies, What: &Filter{Self: true}},
		If:      &Cond{Kind: CondNoCounters, Kind2: kind, Ref: ORef{Kind: RefTriggered}},
		Effect:  []*Instr{{Op: OpReturn, What: ORef{Kind: RefTriggered}, Kind: kind, N: Amount{N: 1}}},
	}
}

// manaCost consumes a run of mana symbols.
func (c *tcur) manaCost() (ManaCost, bool) {
	var out ManaCost
	save := c.i
	for !c.end() && strings.HasPrefix(c.peek(), "{") {
		sym, err := ParseSymbol(strings.Trim(c.peek(), "{}"))
		if err != nil {
			c.i = save
			return nil, false
		}
		out = append(out, sym)
		c.i++
	}
	if len(out) == 0 {
		return nil, false
	}
	return out, true
}

// activated reads "COST: EFFECT[ Activate only …]".
func (p *textParser) activated(c *tcur, text string, colon int) (*Ability, error) {
	costEnd := colon
	cost, err := p.cost(&tcur{toks: c.toks[c.i:costEnd], src: c.src}, text)
	if err != nil {
		return nil, err
	}
	c.i = colon + 1
	a := &Ability{Kind: AbActivated, Cost: cost}
	// Restrictions at the end.
	toks := c.toks
	if i := findPhrase(toks, c.i, "activate only"); i >= 0 {
		if err := p.activateOnly(&tcur{toks: toks, i: i, src: c.src}, text, a); err != nil {
			return nil, err
		}
		c.toks = toks[:i]
	}
	eff, err := p.effect(c, text)
	c.toks = toks
	if err != nil {
		return nil, err
	}
	a.Effect, a.Targets = eff, p.targets
	// A cost that discards or exiles the card itself is paid from the
	// hand (cycling, 702.29a) or the graveyard (scavenge, 702.97a).
	switch {
	case cost.DiscardSelf:
		a.From = Hand
	case cost.ExileSelf:
		a.From = Graveyard
	}
	// 605.1a: an activated ability without a target that could add mana
	// as it resolves is a mana ability.
	if len(a.Targets) == 0 && addsMana(eff) {
		a.Mana = true
	}
	// 113.6m: an ability that returns its card from a graveyard works there.
	for _, in := range eff {
		if in.Op == OpReturn && in.What.Kind == RefSelf {
			a.From = Graveyard
		}
	}
	return a, nil
}

// activateOnly reads an activated ability's restrictions on its use
// (602.5b): "Activate only as a sorcery." (602.5d), "Activate only once
// each turn.", or both joined by "and only".
func (p *textParser) activateOnly(c *tcur, text string, a *Ability) error {
	c.eatS("activate only")
	for {
		switch r, _ := c.eatAny("as a sorcery", "once each turn", "during your turn", "during your upkeep", "before attackers are declared"); r {
		case "as a sorcery":
			a.Sorcery = true
		case "once each turn":
			a.OncePerTurn = true
		case "during your turn", "during your upkeep", "before attackers are declared":
			if a.During == nil {
				a.During = &ActivateWhen{}
			}
			a.During.OwnTurn = a.During.OwnTurn || r != "before attackers are declared"
			if r == "during your upkeep" {
				a.During.Step = StepUpkeep
			}
			if r == "before attackers are declared" {
				a.During.BeforeAttackers = true
			}
			if r == "during your turn" && c.eat(",") {
				continue // "during your turn, before attackers are declared"
			}
		default:
			return p.fail(c, text, `a restriction: "as a sorcery", "once each turn", "during your turn", "during your upkeep", "before attackers are declared"`)
		}
		if !c.eat("and", "only") {
			break
		}
	}
	c.eat(".")
	if !c.end() {
		return p.fail(c, text, "the end of the ability after its restriction")
	}
	return nil
}

func findPhrase(toks []token, from int, phrase string) int {
	ws := phraseWords(phrase)
	for i := from; i+len(ws) <= len(toks); i++ {
		ok := true
		for k, w := range ws {
			if toks[i+k].w != w {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

func addsMana(eff []*Instr) bool {
	for _, in := range eff {
		if in.Op == OpAddMana || in.Op == OpDoubleMana || addsMana(in.Then) || addsMana(in.Else) {
			return true
		}
	}
	return false
}

// cost reads an activation cost: "{2}{R}, {T}, Sacrifice a creature, Pay 2
// life, Discard a card, Remove a fade counter from ~".
func (p *textParser) cost(c *tcur, text string) (*Cost, error) {
	cost := &Cost{}
	for !c.end() {
		if n, ok := loyaltyCost(c); ok {
			cost.Loyalty, cost.HasLoyalty = n, true
			if !c.end() && !c.eat(",") {
				return nil, p.fail(c, text, "costs are separated by commas")
			}
			continue
		}
		switch {
		case c.eat("{t}"):
			cost.Tap = true
		case c.eat("{q}"):
			cost.Untap = true
		case strings.HasPrefix(c.peek(), "{"):
			m, ok := c.manaCost()
			if !ok {
				return nil, p.fail(c, text, "a mana cost like {2}{R}")
			}
			cost.Mana = append(cost.Mana, m...)
		case c.eat("sacrifice"):
			if p.self(c) {
				cost.SacSelf = true
				// "Sacrifice this creature: It deals 1 damage to any
				// target": the effect's "it" is the object the cost named.
				p.it = ORef{Kind: RefSelf}
				break
			}
			f := &Filter{}
			if c.eat("another") {
				f.Other = true
			} else if !c.eat("a") && !c.eat("an") {
				return nil, p.fail(c, text, "sacrifice a creature, another creature, or ~")
			}
			if _, ok := p.nounPhrase(c, f); !ok {
				return nil, p.fail(c, text, "what to sacrifice")
			}
			cost.Sac = f
		case c.eat("pay", "half", "your", "life", ",", "rounded", "up"):
			cost.LifeHalf = true
		case c.eat("pay"):
			if strings.HasPrefix(c.peek(), "{") {
				// "… or pay {3}": a mana cost written as a payment.
				m, ok := c.manaCost()
				if !ok {
					return nil, p.fail(c, text, "a mana cost like {2}{R}")
				}
				cost.Mana = append(cost.Mana, m...)
				break
			}
			n, ok := c.num()
			if !ok || !c.eat("life") {
				return nil, p.fail(c, text, "pay N life, pay {N}, or pay half your life, rounded up")
			}
			cost.Life = n
		case c.eat("reveal"):
			// "reveal a Merfolk card from your hand" (701.20a)
			f := &Filter{Card: true}
			if !c.eat("a") && !c.eat("an") {
				return nil, p.fail(c, text, "reveal a KIND card from your hand")
			}
			// The noun phrase may read "from your hand" itself.
			if _, ok := p.nounPhrase(c, f); !ok || !c.eat("from", "your", "hand") && f.Zone != Hand {
				return nil, p.fail(c, text, "reveal a KIND card from your hand")
			}
			f.Zone = 0
			cost.Reveal = f
		case c.eat("discard"):
			if p.self(c) {
				cost.DiscardSelf = true
			} else if c.eat("a", "card") {
				cost.Discard = 1
			} else if n, ok := c.num(); ok && c.eat("cards") {
				cost.Discard = n
			} else {
				return nil, p.fail(c, text, "discard a card")
			}
		case c.eat("remove"):
			if c.eat("any", "number", "of") {
				cost.RemoveX = true
			} else if n, ok := c.num(); ok {
				cost.RemoveN = n
			} else {
				return nil, p.fail(c, text, "remove N counters")
			}
			kind := c.next()
			if !c.eat("counter") && !c.eat("counters") {
				return nil, p.fail(c, text, "remove N KIND counters from ~")
			}
			if !c.eat("from") || !p.self(c) {
				return nil, p.fail(c, text, "counters are removed from ~ itself")
			}
			cost.Remove = kind
		case c.eat("waterbend"):
			// 701.67a: "Waterbend [cost]" means "Pay [cost]. For each
			// generic mana in that cost, you may tap an untapped artifact
			// or creature you control rather than pay that mana."
			m, ok := c.manaCost()
			if !ok {
				return nil, p.fail(c, text, "a waterbend cost like {6}")
			}
			cost.Waterbend = append(cost.Waterbend, m...)
		case c.eat("exile", "the", "top"):
			n, ok := c.num()
			if !ok || !c.eat("cards", "of", "your", "library") {
				return nil, p.fail(c, text, "exile the top N cards of your library")
			}
			cost.ExileTop = n
		case c.eat("exile"):
			if !p.self(c) || !c.eat("from", "your", "graveyard") {
				return nil, p.fail(c, text, "exile this card from your graveyard")
			}
			cost.ExileSelf = true
		case c.eat("tap"):
			// "Tap another untapped creature you control" (station), "Tap
			// any number of untapped creatures you control with total
			// power N or greater" (crew).
			f := &Filter{Tapped: -1}
			switch {
			case c.eat("another"):
				f.Other = true
			case c.eat("any", "number", "of"):
				cost.TapPower = -1
				f.Other = c.eat("other")
			default:
				return nil, p.fail(c, text, "tap another untapped creature you control")
			}
			if _, ok := p.nounPhrase(c, f); !ok {
				return nil, p.fail(c, text, "what to tap")
			}
			if cost.TapPower < 0 {
				n, ok := 0, c.eat("with", "total", "power")
				if ok {
					n, ok = c.num()
				}
				if !ok || !c.eat("or", "greater") {
					return nil, p.fail(c, text, "with total power N or greater")
				}
				cost.TapPower = n
			}
			cost.TapOther = f
		default:
			return nil, p.fail(c, text, "a cost: mana, {T}, {Q}, sacrifice …, pay N life, discard a card, remove N KIND counters from ~, reveal a KIND card from your hand")
		}
		if c.eat("or") {
			// "reveal a Merfolk card from your hand or pay {3}": two
			// costs, of which the payer pays one.
			or, err := p.cost(c, text)
			if err != nil {
				return nil, err
			}
			cost.Or = or
			return cost, nil
		}
		if !c.end() && !c.eat(",") {
			return nil, p.fail(c, text, "costs are separated by commas")
		}
	}
	return cost, nil
}

// self consumes a reference to the object itself: "~", "this creature",
// "this permanent", "this artifact", "this land", "this enchantment", "it"
// (in a cost).
func (p *textParser) self(c *tcur) bool {
	if p.nested && c.peek() == "~" {
		return false
	}
	if c.eat("~") {
		return true
	}
	for _, w := range []string{"creature", "permanent", "artifact", "land", "enchantment", "card", "spell", "token", "vehicle", "aura", "equipment"} {
		if c.eat("this", w) {
			return true
		}
	}
	return false
}

// triggered reads "When/Whenever/At TRIGGER, [if COND,] EFFECT".
func (p *textParser) triggered(c *tcur, text string) (*Ability, error) {
	c.next()
	comma := topLevel(c, ",")
	if comma < 0 {
		return nil, p.fail(c, text, "a comma after the trigger condition")
	}
	tc := c.upTo(comma)
	tr, err := p.trigger(tc, text)
	if err != nil {
		return nil, err
	}
	c.i = comma + 1
	a := &Ability{Kind: AbTriggered, Trigger: tr}
	switch {
	case (tr.Event == TrigBlocks || tr.Event == TrigBlocked) && tr.By != nil, tr.Event == TrigCrews:
		p.it = ORef{Kind: RefTrigOther}
	case tr.Event == TrigCast:
		p.it = ORef{Kind: RefStackSpell} // "that spell", "it"
		p.spellIt = p.it
	case tr.What != nil && !tr.What.Self:
		p.it = ORef{Kind: RefTriggered}
	default:
		p.it = ORef{Kind: RefSelf}
	}
	if c.eat("if") {
		cond, err := p.condToComma(c, text, "the \"if\" condition")
		if err != nil {
			return nil, err
		}
		a.If = cond
	}
	eff, err := p.effect(c, text)
	if err != nil {
		return nil, err
	}
	a.Effect, a.Targets = eff, p.targets
	if tr.Event == TrigTapForMana {
		a.Mana = true // 605.1b: a triggered mana ability
	}
	return a, nil
}

var stepWords = []struct {
	words string
	step  Step
}{
	{"upkeep", StepUpkeep}, {"draw step", StepDraw}, {"combat", StepBeginCombat}, {"end step", StepEnd},
	{"end of turn step", StepEnd}, {"precombat main phase", StepMain1}, {"end of combat", StepEndCombat},
}

func (p *textParser) trigger(c *tcur, text string) (*Trigger, error) {
	start := c.i
	t, err := p.trigger1(c, text)
	if err == nil {
		return t, nil
	}
	// Two trigger conditions of one ability: "When this creature enters
	// or the creature it haunts dies" (113.6k).
	for j := start + 1; j < len(c.toks)-1; j++ {
		if c.toks[j].w != "or" {
			continue
		}
		l, err1 := p.trigger1(&tcur{toks: c.toks[:j], src: c.src, i: start}, text)
		if err1 != nil {
			continue
		}
		r, err2 := p.trigger1(&tcur{toks: c.toks, src: c.src, i: j + 1}, text)
		if err2 != nil {
			// "Whenever this creature blocks or becomes blocked"
			// (bushido, 702.45a): the second event is about the
			// first's object.
			r, err2 = p.sharedSubject(c, text, start, j)
		}
		if err2 == nil {
			l.Or = r
			c.i = len(c.toks)
			return l, nil
		}
	}
	return nil, err
}

// sharedSubject reads the trigger condition after the "or" at j as an
// event of the object the condition from start names: each shorter run of
// the first condition's words is tried as that object.
func (p *textParser) sharedSubject(c *tcur, text string, start, j int) (*Trigger, error) {
	for k := start + 1; k < j; k++ {
		toks := append(append([]token(nil), c.toks[start:k]...), c.toks[j+1:]...)
		if r, err := p.trigger1(&tcur{toks: toks, src: c.src}, text); err == nil {
			return r, nil
		}
	}
	return nil, p.fail(c, text, "a second trigger condition")
}

func (p *textParser) trigger1(c *tcur, text string) (*Trigger, error) {
	switch {
	case c.eat("end", "of", "turn"):
		return &Trigger{Event: TrigStep, Step: StepEnd, Whose: AnyOnes, Next: true}, nil
	case c.eat("the", "beginning", "of"):
		t := &Trigger{Event: TrigStep}
		switch {
		case c.eat("your"):
			t.Whose = Yours
		case c.eat("each", "opponent", "'s"):
			t.Whose = Opponents
		case c.eat("each", "player", "'s"):
			t.Whose, t.EachPlayer = AnyOnes, true
		case c.eat("each"):
			t.Whose = AnyOnes
		case c.eat("the", "next"):
			t.Whose, t.Next = AnyOnes, true
		case c.eat("the"):
			t.Whose = AnyOnes
		}
		for _, s := range stepWords {
			if c.eatS(s.words) {
				t.Step = s.step
				c.eat("on", "your", "turn")
				if c.end() {
					return t, nil
				}
			}
		}
		return nil, p.fail(c, text, "a step: upkeep, draw step, combat, end step")
	case c.eat("you", "gain", "life"):
		return &Trigger{Event: TrigGainLife, Who: Yours}, nil
	case c.eat("a", "player", "gains", "life"):
		return &Trigger{Event: TrigGainLife, Who: AnyOnes}, nil
	case c.eat("you", "have", "no", "cards", "in", "hand"):
		return &Trigger{Event: TrigNoHand, Who: Yours}, nil
	case c.peekAt(1) == "taps" || c.peekAt(2) == "taps" || c.peekAt(1) == "tap":
		// "Whenever a player taps a land for mana" (605.1b, 106.12a)
		at := c.i
		if who, f, ok := p.tapsForMana(c); ok {
			return &Trigger{Event: TrigTapForMana, Who: who, What: f}, nil
		}
		if c.i != at {
			return nil, p.fail(c, text, "what is tapped for mana: a land, a permanent, a kind of permanent, then \"for mana\"")
		}
	case c.eat("you", "reveal"):
		// "Whenever you reveal a basic land card this way" (603.11)
		if tr, ok := p.revealTrigger(c); ok {
			return tr, nil
		}
	case c.eat("you", "cycle"):
		if p.self(c) && c.end() {
			return &Trigger{Event: TrigCycle, What: &Filter{Self: true}}, nil
		}
		if c.eat("a", "card") && c.end() {
			return &Trigger{Event: TrigCycle, Who: Yours}, nil
		}
	case c.eat("a", "player", "cycles", "a", "card"):
		if c.end() {
			return &Trigger{Event: TrigCycle, Who: AnyOnes}, nil
		}
	case c.eat("you", "expend"):
		if n, ok := c.num(); ok && c.end() {
			return &Trigger{Event: TrigCast, Who: Yours, N: n}, nil
		}
	}
	// Cast triggers: "a player casts a spell", "you cast a spell of the
	// chosen color".
	save := c.i
	who := Whose(255)
	switch {
	case c.eat("a", "player", "casts"):
		who = AnyOnes
	case c.eat("you", "cast"):
		who = Yours
	case c.eat("an", "opponent", "casts"):
		who = Opponents
	}
	if who != 255 {
		f := &Filter{Zone: Stack, Spell: true}
		c.eat("a")
		c.eat("an")
		if _, ok := p.nounPhrase(c, f); ok {
			tr := &Trigger{Event: TrigCast, Who: who, Spell: f}
			if c.eat("that", "targets", "only", "a", "single") {
				g := &Filter{}
				if _, ok := p.nounPhrase(c, g); !ok {
					return nil, p.fail(c, text, "targets only a single creature, player, …")
				}
				tr.Targets = g
			}
			if c.end() {
				return tr, nil
			}
		}
		return nil, p.fail(c, text, "a spell: \"a player casts a spell\", \"you cast a white spell\"")
	}
	c.i = save
	// Object events: "this creature enters", "a creature dies", "a land is
	// put into a graveyard from the battlefield".
	f := &Filter{}
	oneOrMore := false
	if p.self(c) && c.eat("or", "another") {
		// Blood Artist: "Whenever ~ or another creature dies": the other
		// objects the noun names, or this one.
		f.Other = true
		if _, ok := p.nounPhrase(c, f); !ok {
			return nil, p.fail(c, text, "what the trigger is about: this creature or another creature")
		}
		f.Or = &Filter{Self: true}
	} else if c.i = save; p.self(c) || c.eat("it") {
		f.Self = true
	} else if c.eat("enchanted", "creature") || c.eat("equipped", "creature") {
		f.Enchanted = true
		f.AnyOf = []string{"creature"}
	} else if c.eat("the", "creature", "it", "haunts") {
		// 702.55b: the object its haunt ability targeted.
		f.Haunted = true
	} else {
		c.eat("a")
		c.eat("an")
		oneOrMore = c.eat("one", "or", "more")
		if c.eat("another") || oneOrMore && c.eat("other") {
			f.Other = true
		}
		if _, ok := p.nounPhrase(c, f); !ok {
			return nil, p.fail(c, text, "what the trigger is about: this creature, a creature, a land, …")
		}
	}
	t := &Trigger{What: f, OneOrMore: oneOrMore}
	switch {
	case c.eat("enters"), c.eat("enter"):
		c.eat("the", "battlefield")
		t.Event = TrigEnters
		if c.eat("under", "your", "control") {
			f.Control = Yours
		}
	case c.eat("dies"), c.eat("die"):
		t.Event = TrigDies
	case c.eat("leaves", "the", "battlefield"):
		t.Event = TrigLeaves
	case c.eat("is", "put", "into"), c.eat("are", "put", "into"):
		// "a card is put into your graveyard from your library": a
		// graveyard, or the controller's (a card goes to its owner's,
		// 400.3), from a zone or from anywhere.
		t.Event = TrigToGraveyard
		switch {
		case c.eat("a", "graveyard"):
		case c.eat("your", "graveyard"):
			f.Owned = true
		default:
			return nil, p.fail(c, text, "put into a graveyard or your graveyard")
		}
		switch {
		case c.eat("from", "the", "battlefield"):
			t.From = Battlefield
		case c.eat("from", "your", "library"):
			t.From, f.Owned = Library, true
		case c.eat("from", "your", "hand"):
			t.From, f.Owned = Hand, true
		default:
			c.eat("from", "anywhere")
		}
	case c.eat("becomes", "tapped"):
		t.Event = TrigTapped
	case c.eat("becomes", "untapped"):
		t.Event = TrigUntapped
	case c.eat("attacks"):
		t.Event = TrigAttacks
		// 506.5: the only creature declared as an attacker.
		t.Alone = c.eat("alone")
	case c.eat("blocks"):
		t.Event = TrigBlocks
		if c.eat("a", "creature") {
			t.By = &Filter{AnyOf: []string{"creature"}}
		}
	case c.eat("becomes", "blocked"):
		t.Event = TrigBlocked
		if c.eat("by") {
			by := &Filter{}
			c.eat("a")
			c.eat("an")
			if _, ok := p.nounPhrase(c, by); !ok {
				return nil, p.fail(c, text, "blocked by what")
			}
			t.By = by
		}
	case c.eat("deals", "combat", "damage", "to", "a", "player"), c.eat("deal", "combat", "damage", "to", "a", "player"):
		t.Event = TrigDamagePlayer
	case c.eat("deals", "damage", "to", "an", "opponent"):
		// "Whenever Akki Lavarunner deals damage to an opponent"
		t.Event, t.Who = TrigDealsDamage, Opponents
	case c.eat("deals", "damage"):
		t.Event = TrigDealsDamage
	case c.eat("is", "turned", "face", "up"):
		// 708.8: a face-down permanent turned face up.
		t.Event = TrigTurnedUp
	case c.eat("crews", "a", "vehicle"):
		// 702.122b: tapped to pay the cost of a Vehicle's crew ability.
		t.Event = TrigCrews
	default:
		return nil, p.fail(c, text, "an event: enters, dies, leaves the battlefield, is put into a graveyard, becomes tapped, attacks, blocks, becomes blocked, is turned face up")
	}
	if !c.end() {
		return nil, p.fail(c, text, "the trigger condition ends at the comma")
	}
	return t, nil
}

// pluralCreatureType reads a creature type's plural ("Demons", "Elves")
// and gives the type as its list spells it.
func (p *textParser) pluralCreatureType(w string) (string, bool) {
	if len(w) < 3 {
		return "", false
	}
	for _, sing := range []string{strings.TrimSuffix(w, "s"), strings.TrimSuffix(w, "ves") + "f", strings.TrimSuffix(w, "es")} {
		if sing == w {
			continue
		}
		if n, ok := p.lists.Subtype(CreatureType, sing); ok {
			return n, true
		}
	}
	return "", false
}

// seqAt finds words as a sequence of tokens at or after the cursor, outside
// quotes, and returns where it begins, or -1.
func seqAt(c *tcur, words ...string) int {
	for i := c.i; i+len(words) <= len(c.toks); i++ {
		match := true
		for j, w := range words {
			if c.toks[i+j].w != w {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// condToComma reads the condition before the next comma outside quotes
// ("if you control a Swamp,", "as long as it's your turn,") and steps past
// the comma; what names the condition when the comma is missing.
func (p *textParser) condToComma(c *tcur, text, what string) (*Cond, error) {
	comma := topLevel(c, ",")
	if comma < 0 {
		return nil, p.fail(c, text, "a comma after "+what)
	}
	cond, err := p.cond(c.upTo(comma), text)
	if err != nil {
		return nil, err
	}
	c.i = comma + 1
	return cond, nil
}

// cond reads a condition: "you have 40 or more life", "~ is tapped".
func (p *textParser) cond(c *tcur, text string) (*Cond, error) {
	save := c.i
	// "a creature you control has flying", "you control a creature with
	// flying".
	if c.eat("a") || c.eat("an") {
		f := &Filter{}
		if _, ok := p.nounPhrase(c, f); ok && (c.eat("has") || c.eat("have")) {
			if kw, ok := p.keywordName(c); ok && c.end() {
				f.With = append(f.With, kw)
				return &Cond{Kind: CondControls, Filter: f}, nil
			}
		}
		c.i = save
	}
	if c.eat("you", "control") {
		// "you control four or more Demons with different names", "you
		// control two or fewer other lands" (not three or more).
		if n, ok := c.num(); ok && (c.eat("or", "more") || c.eat("or", "fewer")) {
			fewer := c.toks[c.i-1].w == "fewer"
			f := &Filter{Control: Yours}
			if c.eat("other") {
				f.Other = true
			}
			if _, ok := p.nounPhrase(c, f); ok {
				names := c.eat("with", "different", "names")
				if c.end() && !(fewer && names) {
					if fewer {
						return &Cond{Kind: CondControlsAtLeast, N: n + 1, Filter: f, Negated: true}, nil
					}
					return &Cond{Kind: CondControlsAtLeast, N: n, Filter: f, Names: names}, nil
				}
			}
		}
		c.i = save
	}
	if c.eat("you", "control", "a") || c.eat("you", "control", "an") {
		f := &Filter{Control: Yours}
		if _, ok := p.nounPhrase(c, f); ok && c.end() {
			// "you control a creature with flying", "you control a
			// Forest" (Kird Ape)
			return &Cond{Kind: CondControls, Filter: f}, nil
		}
		c.i = save
	}
	switch {
	case c.eat("no", "spells", "were", "cast", "last", "turn"):
		if c.end() {
			return &Cond{Kind: CondCastLastTurn, Negated: true}, nil
		}
	case c.eat("a", "player", "cast"):
		n, ok := c.num()
		if ok && c.eat("or", "more", "spells", "last", "turn") && c.end() {
			return &Cond{Kind: CondCastLastTurn, N: n}, nil
		}
	case c.eat("you", "have"):
		n, ok := c.num()
		if ok && c.eat("or", "more", "life") && c.end() {
			return &Cond{Kind: CondLifeAtLeast, N: n}, nil
		}
		if ok && c.eat("or", "more", "cards", "in", "hand") && c.end() {
			return &Cond{Kind: CondHandAtLeast, N: n}, nil
		}
	case c.eat("it", "was", "kicked"), c.eat("this", "spell", "was", "kicked"):
		cond := &Cond{Kind: CondKicked}
		if c.eat("with", "its") {
			m, ok := c.manaCost()
			if !ok || !c.eat("kicker") {
				return nil, p.fail(c, text, "kicked with its {W} kicker")
			}
			cond.Kind2 = m.String()
		}
		if c.end() {
			return cond, nil
		}
	case p.self(c):
		if c.eat("is", "tapped") && c.end() {
			return &Cond{Kind: CondTapped, Ref: ORef{Kind: RefSelf}}, nil
		}
		if c.eat("is", "untapped") && c.end() {
			return &Cond{Kind: CondTapped, Ref: ORef{Kind: RefSelf}, Negated: true}, nil
		}
		if cond, ok, err := p.controlSince(c, text, ORef{Kind: RefSelf}); ok {
			return cond, err
		}
	case (p.it.Kind == RefTriggered || p.it.Kind == RefSelf) && (c.eat("it") || c.eat("that", "creature") || c.eat("that", "permanent")):
		if cond, ok, err := p.controlSince(c, text, p.it); ok {
			return cond, err
		}
	case c.eat("a", "card", "exiled", "with"):
		// Duplicant: "a card exiled with ~ is a creature card" (607.2a).
		if (c.peek() == "~" && c.next() != "") || p.self(c) {
			if c.eat("is", "a", "creature", "card") && c.end() {
				return &Cond{Kind: CondExiledCreature}, nil
			}
		}
	case c.eat("you", "both", "own", "and", "control"):
		// Graf Rats: "if you both own and control ~ and a creature named
		// Midnight Scavengers": "them" are those two.
		f := &Filter{Control: Yours, Owned: true}
		if p.self(c) && c.eat("and") && (c.eat("a") || c.eat("an")) {
			if _, ok := p.nounPhrase(c, f); ok && c.eat("named") && !c.end() {
				start := c.i
				c.i = len(c.toks)
				f.Named = c.textBetween(start, c.i)
				p.it = ORef{Kind: RefSelfAnd, Group: f}
				return &Cond{Kind: CondOwnControl, Filter: f}, nil
			}
		}
	case c.eat("your", "devotion", "to"):
		// "your devotion to red is less than five", "your devotion to
		// white and black is seven or greater" (700.5)
		col, each, ok := devotionTo(c)
		if !ok || each {
			return nil, p.fail(c, text, "devotion to which colors: red, black and red")
		}
		if !c.eat("is") {
			return nil, p.fail(c, text, "\"is less than N\", \"is N or greater\"")
		}
		less := c.eat("less", "than")
		n, ok := c.num()
		if !ok || !less && !c.eat("or", "greater") && !c.eat("or", "more") || !c.end() {
			return nil, p.fail(c, text, "\"is less than N\", \"is N or greater\"")
		}
		return &Cond{Kind: CondDevotion, Color: col, N: n, Negated: less}, nil
	}
	return nil, p.fail(c, text, "a condition: you have N or more life, you control N or more creatures, ~ is tapped, it was kicked, no spells were cast last turn")
}

// controlSince reads "OBJECT came under your control since MOMENT" after
// the object (echo, 702.30a): MOMENT is "the beginning of your last
// upkeep", the one moment the game keeps for a player. ok=false: not that
// verb.
func (p *textParser) controlSince(c *tcur, text string, r ORef) (*Cond, bool, error) {
	if !c.eat("came", "under") {
		return nil, false, nil
	}
	if !c.eat("your") {
		return nil, true, p.fail(c, text, `whose control: "your control"`)
	}
	if !c.eat("control") || !c.eat("since") {
		return nil, true, p.fail(c, text, `"control since MOMENT"`)
	}
	if !c.eat("the") || !c.eat("beginning") || !c.eat("of") || !c.eat("your") {
		return nil, true, p.fail(c, text, `the moment: "the beginning of your last upkeep"`)
	}
	if !c.eat("last") {
		return nil, true, p.fail(c, text, `which of your upkeeps: "last"`)
	}
	if !c.eat("upkeep") {
		return nil, true, p.fail(c, text, `the step whose beginning: "upkeep" (the only one the game keeps)`)
	}
	if !c.end() {
		return nil, true, p.fail(c, text, "the end of the condition")
	}
	return &Cond{Kind: CondControlSince, Ref: r}, true, nil
}

// staticAbility reads a static ability, or reports ok=false if the line
// isn't one.
func (p *textParser) staticAbility(c *tcur, text string) (*Ability, bool, error) {
	save := c.i
	fail := func(want string) (*Ability, bool, error) { return nil, true, p.fail(c, text, want) }
	switch {
	case c.eat("as", "an", "additional", "cost", "to", "cast", "this", "spell", ","):
		toks := c.toks
		end := len(toks)
		if toks[end-1].w == "." {
			end--
		}
		cost, err := p.cost(&tcur{toks: toks[:end], src: c.src, i: c.i}, text)
		if err != nil {
			return nil, true, err
		}
		return &Ability{Kind: AbStatic, AddCost: cost}, true, nil
	case c.eat("you", "may"):
		// "You may cast creature spells from the top of your library."
		if mod, turn, ok := p.permission(c); ok && !p.spell {
			if turn {
				return fail("a permanent's permission lasts as long as it does, not \"this turn\"")
			}
			return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: mod}}}, true, nil
		}
		// "You may pay 1 life rather than pay this spell's mana cost."
		// "You may choose not to untap ~ during your untap step."
		// "You may have ~ enter as a copy of any creature on the battlefield."
		// "You may play an additional land on each of your turns." (305.2)
		if at := c.i; c.eat("play") {
			if n, ok := additionalLands(c); ok && c.eat("on", "each", "of", "your", "turns") {
				c.eat(".")
				if !c.end() {
					return fail("the end of the sentence")
				}
				return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleExtraLand, N: n}}}}, true, nil
			}
			c.i = at
		}
		if c.eat("choose", "not", "to", "untap") {
			if p.self(c) && c.eat("during", "your", "untap", "step") {
				c.eat(".")
				if c.end() {
					return &Ability{Kind: AbStatic, Keyword: "may not untap"}, true, nil
				}
			}
			return fail("you may choose not to untap ~ during your untap step")
		}
		if c.eat("have") {
			if p.self(c) && c.eat("enter", "as", "a", "copy", "of") {
				_, _ = c.eatAny("any", "a", "an")
				f := &Filter{}
				if _, ok := p.nounPhrase(c, f); !ok {
					return fail("a copy of any creature on the battlefield")
				}
				r := &Replacement{Kind: ReplEnterAsCopy, Filter: f}
				if c.eat(",", "except") {
					p.extra, p.copyMore = nil, nil
					if err := p.copyExcept(c, text, &r.CopyPT, &r.CopyAdd, &r.CopyHasThis, &r.CopyNoColor); err != nil {
						return nil, true, err
					}
					r.CopyExtra, r.CopyMore = p.extra, p.copyMore
				}
				c.eat(".")
				if !c.end() {
					return fail("the end of the sentence")
				}
				return &Ability{Kind: AbStatic, Replace: r}, true, nil
			}
			return fail("you may have ~ enter as a copy of …")
		}
		rather := findPhrase(c.toks, c.i, "rather than pay this spell's mana cost")
		if rather < 0 {
			c.i = save
			return nil, false, nil
		}
		cost, err := p.cost(c.upTo(rather), text)
		if err != nil {
			return nil, true, err
		}
		return &Ability{Kind: AbStatic, AltCost: cost}, true, nil
	case c.eat("as") && p.self(c) && c.eat("enters", ","):
		c.eat("the", "battlefield")
		c.eat(",")
		if c.eat("choose") {
			var what ChoiceWhat
			switch {
			case c.eat("a", "color"):
				what = ChooseColor
			case c.eat("an", "opponent"):
				what = ChooseOpponent
			case c.eat("a", "creature", "type"):
				what = ChooseCreatureType
			case c.eat("a", "player"):
				what = ChoosePlayer
			default:
				return fail("choose a color, an opponent, a creature type")
			}
			c.eat(".")
			if c.end() {
				return &Ability{Kind: AbStatic, Linked: &LinkedChoice{What: what}}, true, nil
			}
			return fail("As ~ enters, choose a color / an opponent / a creature type.")
		}
		// "As this creature enters, exile any number of creature cards
		// from your graveyard.": instructions followed as it enters, a
		// replacement effect modifying how it enters (614.1c).
		ins, err := p.effect(c, text)
		if err != nil {
			return nil, true, err
		}
		return &Ability{Kind: AbStatic, Replace: &Replacement{Kind: ReplAsEnters, As: ins}}, true, nil
	}
	c.i = save
	// "Prevent all damage that would be dealt by creatures.": a static
	// prevention effect (615.1a), the instruction's effect for as long as
	// its object is on the battlefield.
	if c.eat("prevent", "all") && !p.spell {
		mod, thisTurn, err := p.preventAll(c, text)
		if err != nil {
			return nil, true, err
		}
		c.eat(".")
		if !c.end() {
			return fail("the end of the sentence")
		}
		if thisTurn {
			// A permanent's prevention lasts as long as it does.
			return nil, true, &parseError{text: text, rest: "this turn", want: "a static ability's prevention has no \"this turn\" (an instruction's lasts the turn)"}
		}
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: mod}}}, true, nil
	}
	c.i = save
	// "If a source would deal damage to a Cleric creature you control,
	// prevent 1 of that damage." (615.10) "If a creature you control would
	// deal damage to a permanent or player, it deals double that damage to
	// that permanent or player instead." (614.1a)
	if a, ok, err := p.damageReplacementStatic(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	// "If you tap a permanent for mana, it produces twice as much of that
	// mana instead." (106.12b)
	if a, ok, err := p.manaReplacementStatic(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	// "If EVENT, EFFECT instead." (614.1a)
	if a, ok, err := p.replacementStatic(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	// "If an effect would create one or more tokens under your control,
	// it creates twice that many of those tokens instead." (614.1a)
	if a, ok, err := p.tokenReplacementStatic(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	// "If ~ would die, put it on top of its owner's library instead." "If
	// a card would be put into a graveyard from anywhere, instead exile
	// it." (614.1a)
	if a, ok, err := p.graveReplacementStatic(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	// "If a creature would enter the battlefield under an opponent's
	// control this turn, it enters under your control instead." (614.1a)
	if a, ok, err := p.enterControlReplacement(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	// "This creature can block an additional creature each combat."
	// (509.1a)
	if p.self(c) && c.eat("can", "block") && c.peek() != "only" {
		a, err := p.blockMore(c, text, true)
		if err != nil {
			return nil, true, err
		}
		c.eat(".")
		if !c.end() {
			return fail("the end of the sentence")
		}
		return a, true, nil
	}
	c.i = save
	// "Lands can't enter the battlefield." "Permanents enter tapped."
	// "~ enters tapped." "This creature enters with N KIND counters on it."
	if a, ok := p.entersStatic(c); ok {
		a.Text = text
		return a, true, nil
	}
	c.i = save
	// "Planeswalkers' loyalty abilities you control cost an additional [+1]
	// to activate."
	if a, ok := p.abilityCostStatic(c); ok {
		return a, true, nil
	}
	c.i = save
	// "You can't lose the game and your opponents can't win the game."
	if a, ok := p.gameStatic(c); ok {
		return a, true, nil
	}
	c.i = save
	// "Your devotion to each color and each combination of colors is
	// increased by one." (700.5a)
	if a, ok, err := p.devotionStatic(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	if a, ok, err := p.selfCostStatic(c, text); ok || err != nil {
		return a, ok, err
	}
	c.i = save
	// Rule-changing statics about spells and lands.
	if a, ok := p.ruleStatic(c); ok {
		return a, true, nil
	}
	c.i = save
	// "As long as COND, STATIC."
	var cond *Cond
	if c.eat("as", "long", "as") {
		cc, err := p.condToComma(c, text, "the condition")
		if err != nil {
			return nil, true, err
		}
		cond = cc
		if specs, ok, err := p.characteristicsOf(c, text); ok {
			if err != nil {
				return nil, true, err
			}
			return &Ability{Kind: AbStatic, Static: specs, Cond: cond}, true, nil
		}
	}
	// "STATIC as long as COND." (Kird Ape: "~ gets +1/+2 as long as you
	// control a Forest."): the condition read from the end.
	if cond == nil {
		if i := seqAt(c, "as", "long", "as"); i > c.i {
			end := len(c.toks)
			if c.toks[end-1].w == "." {
				end--
			}
			cc, err := p.cond(&tcur{toks: c.toks[:end], src: c.src, i: i + 3}, text)
			if err != nil {
				return nil, true, err
			}
			specs, ok, err := p.continuousStatic(c.upTo(i), text)
			if err != nil {
				return nil, true, err
			}
			if ok {
				return &Ability{Kind: AbStatic, Static: specs, Cond: cc}, true, nil
			}
			c.i = save
		}
	}
	// Continuous effects: SUBJECT get(s)/has/is/are/lose(s) … ; CDAs.
	specs, ok, err := p.continuousStatic(c, text)
	if err != nil {
		return nil, true, err
	}
	if !ok {
		if cond != nil {
			return fail("a static ability after the condition")
		}
		c.i = save
		return nil, false, nil
	}
	a := &Ability{Kind: AbStatic, Static: specs, Cond: cond}
	for _, s := range specs {
		if s.CDAPT != nil {
			a.CDA = true
		}
	}
	return a, true, nil
}

// entersStatic reads statics about entering the battlefield.
func (p *textParser) entersStatic(c *tcur) (*Ability, bool) {
	if p.self(c) {
		switch {
		case c.eat("enters", "tapped"), c.eat("enters", "the", "battlefield", "tapped"):
			if c.eat(".") || c.end() {
				return &Ability{Kind: AbStatic, Replace: &Replacement{Kind: ReplEntersTapped}}, c.end()
			}
			if c.eat("unless") {
				// "~ enters tapped unless you control two or fewer
				// other lands." (614.1c, checked as it would enter)
				toks := c.toks[c.i:]
				if n := len(toks); n > 0 && toks[n-1].w == "." {
					toks = toks[:n-1]
				}
				cond, err := p.cond(&tcur{toks: toks, src: c.src}, "")
				if err != nil {
					return nil, false
				}
				c.i = len(c.toks)
				return &Ability{Kind: AbStatic, Replace: &Replacement{Kind: ReplEntersTapped, Unless: cond}}, true
			}
		case c.eat("enters", "with"), c.eat("enters", "the", "battlefield", "with"):
			n, ok := c.num()
			kind := c.next()
			if ok && (c.eat("counters") || c.eat("counter")) && c.eat("on", "it") {
				r := &Replacement{Kind: ReplEntersWith, Kind2: kind, N: n}
				// "… for each color of mana spent to cast it" (702.44):
				// an amount counted for the permanent as it enters.
				if c.eat("for", "each") {
					if p.it.Kind == RefNone {
						p.it = ORef{Kind: RefSelf} // "on it … to cast it"
					}
					a, _, ok := p.spentToCast(c, true)
					if !ok || a.SpentToCast.Kind != RefSelf {
						return nil, false
					}
					r.PerColor = true
				}
				c.eat(".")
				return &Ability{Kind: AbStatic, Replace: r}, c.end()
			}
		case c.eat("can't", "be", "countered"):
			// "This spell can't be countered.": a static ability that
			// functions on the stack (113.6g).
			c.eat(".")
			return &Ability{Kind: AbStatic, Keyword: KeywordUncounterable}, c.end()
		case c.eat("can't", "block"):
			c.eat(".")
			return &Ability{Kind: AbStatic, Static: []*ContSpec{{Affects: ORef{Kind: RefSelf}, Rules: &RuleMod{Kind: RuleCantBlock}}}}, c.end()
		case c.eat("can't", "be", "blocked"):
			c.eat(".")
			return &Ability{Kind: AbStatic, Static: []*ContSpec{{Affects: ORef{Kind: RefSelf}, Rules: &RuleMod{Kind: RuleUnblockable}}}}, c.end()
		case c.eat("can't", "attack", "alone"):
			c.eat(".")
			return &Ability{Kind: AbStatic, Static: []*ContSpec{{Affects: ORef{Kind: RefSelf}, Rules: &RuleMod{Kind: RuleCantAttackAlone}}}}, c.end()
		case c.eat("attacks", "each", "combat", "if", "able"):
			c.eat(".")
			return &Ability{Kind: AbStatic, Static: []*ContSpec{{Affects: ORef{Kind: RefSelf}, Rules: &RuleMod{Kind: RuleAttacksIfAble}}}}, c.end()
		case c.eat("blocks", "each", "combat", "if", "able"):
			c.eat(".")
			return &Ability{Kind: AbStatic, Static: []*ContSpec{{Affects: ORef{Kind: RefSelf}, Rules: &RuleMod{Kind: RuleBlocksIfAble}}}}, c.end()
		}
		return nil, false
	}
	f := &Filter{}
	if _, ok := p.nounPhrase(c, f); !ok {
		return nil, false
	}
	switch {
	case c.eat("enter", "tapped"), c.eat("enter", "the", "battlefield", "tapped"):
		c.eat(".")
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleEntersTapped, Filter: f}}}}, c.end()
	case c.eat("can't", "enter", "the", "battlefield"):
		c.eat(".")
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleCantEnter, Filter: f}}}}, c.end()
	case c.eat("enter", "as", "a", "copy", "of"), c.eat("enter", "the", "battlefield", "as", "a", "copy", "of"):
		// Essence of the Wild: "Creatures you control enter as a copy of
		// this creature."
		if !p.self(c) {
			return nil, false
		}
		c.eat(".")
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleEnterAsSource, Filter: f}}}}, c.end()
	}
	return nil, false
}

// gameStatic reads static abilities about players: winning and losing the
// game ("You can't lose the game and your opponents can't win the game.",
// "You don't lose the game for having 0 or less life.") and their hands
// ("Your opponents play with their hands revealed.").
func (p *textParser) gameStatic(c *tcur) (*Ability, bool) {
	var specs []*ContSpec
	for {
		mod := &RuleMod{}
		switch {
		case c.eat("you"):
			mod.Who = Yours
		case c.eat("your", "opponents"):
			mod.Who = Opponents
		case c.eat("each", "player"), c.eat("players"):
			mod.Who = AnyOnes
		default:
			return nil, false
		}
		switch {
		case c.eat("can't", "lose", "the", "game"), c.eat("don't", "lose", "the", "game"), c.eat("doesn't", "lose", "the", "game"):
			mod.Kind = RuleCantLose
			if c.eat("for", "having", "0", "or", "less", "life") {
				mod.N = 1
			}
		case c.eat("can't", "win", "the", "game"):
			mod.Kind = RuleCantWin
		case c.eat("play", "with", "their", "hands", "revealed"), c.eat("play", "with", "your", "hand", "revealed"):
			mod.Kind = RuleHandsRevealed
		default:
			return nil, false
		}
		specs = append(specs, &ContSpec{Rules: mod})
		if !c.eat("and") {
			break
		}
	}
	c.eat(".")
	return &Ability{Kind: AbStatic, Static: specs}, c.end()
}

// selfCostStatic reads a spell's own cost reduction, which applies as it
// is cast (601.2f): "This spell costs {1} less to cast [for each creature
// you attacked with this turn]."
func (p *textParser) selfCostStatic(c *tcur, text string) (*Ability, bool, error) {
	if !c.eat("this", "spell", "costs") {
		return nil, false, nil
	}
	m, ok := c.manaCost()
	if !ok || !c.eat("less", "to", "cast") {
		return nil, true, p.fail(c, text, "This spell costs {N} less to cast")
	}
	mod := &RuleMod{Kind: RuleCostLess, Mana: m, Self: true}
	if c.eat("for", "each") {
		f := &Filter{}
		if !p.counted(c, f) {
			return nil, true, p.fail(c, text, "for each what")
		}
		mod.Per = f
	}
	c.eat(".")
	if !c.end() {
		return nil, true, p.fail(c, text, "the end of the sentence")
	}
	return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: mod}}}, true, nil
}

// ruleStatic reads static abilities that change rules about spells.
func (p *textParser) ruleStatic(c *tcur) (*Ability, bool) {
	mod := &RuleMod{}
	f := &Filter{Zone: Stack, Spell: true}
	switch {
	case c.eat("no", "more", "than"):
		// "No more than one creature can attack each turn." (508.1c)
		n, ok := c.num()
		if !ok || !(c.eat("creature") || c.eat("creatures")) || !c.eat("can", "attack", "each", "turn") {
			return nil, false
		}
		c.eat(".")
		return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: &RuleMod{Kind: RuleAttackLimit, N: n}}}}, c.end()
	case c.eat("your", "opponents", "can't", "cast"):
		mod.Kind, mod.Who = RuleCantCast, Opponents
		if _, ok := p.nounPhrase(c, f); !ok {
			return nil, false
		}
	case c.eat("your"):
		// "Your black spells cost {1} less to cast."
		if _, ok := p.nounPhrase(c, f); !ok || !c.eat("cost") {
			return nil, false
		}
		mod.Who = Yours
	default:
		// "Creature spells you cast cost {2} less to cast."
		if _, ok := p.nounPhrase(c, f); !ok || !f.Spell {
			return nil, false
		}
		if c.eat("you", "cast") {
			mod.Who = Yours
		}
		if !c.eat("cost") {
			if c.eat("can't", "be", "cast") {
				// "Creature spells can't be cast."
				mod.Kind, mod.Filter = RuleCantCast, f
				c.eat(".")
				return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: mod}}}, c.end()
			}
			return nil, false
		}
	}
	if mod.Kind == 0 {
		m, ok := c.manaCost()
		if !ok {
			return nil, false
		}
		mod.Mana = m
		switch {
		case c.eat("less", "to", "cast"):
			mod.Kind = RuleCostLess
		case c.eat("more", "to", "cast"):
			mod.Kind = RuleCostMore
		default:
			return nil, false
		}
	}
	mod.Filter = f
	c.eat(".")
	if !c.end() {
		return nil, false
	}
	return &Ability{Kind: AbStatic, Static: []*ContSpec{{Rules: mod}}}, true
}

// withoutReminder drops the reminder text a line ends with: parenthesized
// sentences that summarize a rule and have no effect on the game (207.2).
func withoutReminder(text string) string {
	for {
		t := strings.TrimSpace(text)
		if !strings.HasSuffix(t, ")") {
			return t
		}
		i := strings.LastIndexByte(t, '(')
		if i <= 0 || strings.ContainsAny(t[i+1:len(t)-1], "()") {
			return t
		}
		text = t[:i]
	}
}

// abilityWordRe is an ability word and its dash before an ability:
// "Imprint — Whenever …" (207.2c).
var abilityWordRe = regexp.MustCompile(`^[A-Z][A-Za-z'-]*(?: [a-z][A-Za-z'-]*){0,2} \x{2014} `)

// abilityWord drops an ability word from the start of an ability: it has
// no rules meaning (207.2c).
func abilityWord(text string) string {
	if m := abilityWordRe.FindString(text); m != "" && len(m) < len(text) {
		return text[len(m):]
	}
	return text
}

// eachMay reads "Each player may …" / "Each opponent may …" as a whole
// sentence. ok=false: the sentence doesn't start so.
func (p *textParser) eachMay(c *tcur, text string) (*Instr, bool, error) {
	start := c.i
	who := PRef{Kind: PEach}
	switch {
	case c.eat("each", "player", "may"):
	case c.eat("each", "opponent", "may"):
		who.Kind = PEachOpponent
	default:
		return nil, false, nil
	}
	you := PRef{Kind: PYou}
	prevP := p.itP
	p.itP = &you
	ins, err := p.clauses(c, text)
	p.itP = prevP
	if err != nil {
		return nil, true, err
	}
	words := c.textBetween(start, len(c.toks))
	may := &Instr{Op: OpSkip, May: true, Then: ins, Text: "you may " + c.textBetween(start+3, len(c.toks))}
	return &Instr{Op: OpEachPlayer, Who: who, Each: []*Instr{may}, Text: words}, true, nil
}

// characteristicsOf reads "~ has the CHARACTERISTICS of OBJECT" (613.1d,
// f): CHARACTERISTICS a list of "power", "toughness" and "creature types"
// ("the power, toughness, and creature types", "the creature types",
// "the power and toughness"), OBJECT "the last creature card exiled with
// ~" (Duplicant, 607.2a). ok=false: not "~ has the" and one of them;
// after that, what it can't read is an error at its word.
func (p *textParser) characteristicsOf(c *tcur, text string) ([]*ContSpec, bool, error) {
	save := c.i
	self := func() bool { return (c.peek() == "~" && c.next() != "") || p.self(c) }
	if !self() || !c.eat("has", "the") {
		c.i = save
		return nil, false, nil
	}
	fail := func(want string) ([]*ContSpec, bool, error) { return nil, true, p.fail(c, text, want) }
	var power, tough, types bool
	for n := 0; ; n++ {
		switch {
		case !power && c.eat("power"):
			power = true
		case !tough && c.eat("toughness"):
			tough = true
		case !types && c.eat("creature", "types"):
			types = true
		case n == 0:
			c.i = save
			return nil, false, nil
		default:
			return fail("a characteristic: power, toughness, creature types")
		}
		if c.eat("of") {
			break
		}
		c.eat(",")
		c.eat("and")
	}
	if power != tough {
		// The effect sets both (613.4b); one alone isn't read.
		return fail(`"power and toughness" together`)
	}
	of, want := p.lastExiled(c)
	if want != "" {
		return fail(want)
	}
	sp := &ContSpec{Affects: ORef{Kind: RefSelf}}
	if power {
		sp.SetPT = &[2]Amount{{PowerOf: &of}, {ToughOf: &of}}
	}
	if types {
		sp.TypesOf = &of
	}
	c.eat(".")
	if c.eat("it", "'s", "still", "a") || c.eat("it", "is", "still", "a") {
		w := c.next()
		kinds := p.lists.KindsOf(w)
		if len(kinds) == 0 {
			c.i--
			return fail("a subtype it still has")
		}
		n, _ := p.lists.Subtype(kinds[0], w)
		sp.AddSubs = append(sp.AddSubs, Subtype{Name: n, Kind: kinds[0]})
		c.eat(".")
	}
	if !c.end() {
		return fail("the end of the sentence")
	}
	return []*ContSpec{sp}, true, nil
}

// lastExiled reads "the last creature card exiled with ~": the one a
// static ability can follow (RefLastExiled). want: what it expected
// where it stopped.
func (p *textParser) lastExiled(c *tcur) (ORef, string) {
	if !c.eat("the", "last") {
		return ORef{}, `the object: "the last creature card exiled with ~"`
	}
	f := &Filter{}
	at := c.i
	if plural, ok := p.nounPhrase(c, f); !ok || plural || !f.Card || !slices.Equal(f.AnyOf, []string{"creature"}) {
		c.i = at
		return ORef{}, `"creature card": the last creature card exiled with ~`
	}
	if !c.eat("exiled", "with") {
		return ORef{}, `"exiled with ~"`
	}
	if !((c.peek() == "~" && c.next() != "") || p.self(c)) {
		return ORef{}, `"~": exiled with this object (607.2a)`
	}
	return ORef{Kind: RefLastExiled}, ""
}
