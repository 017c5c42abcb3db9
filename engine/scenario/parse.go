package scenario

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

// maxErrors stops Parse listing errors after this many.
const maxErrors = 20

type parser struct {
	sc      *Scenario
	errs    ErrorList
	sorted  []nameRef
	face    *CardDecl // the card or face declared last, which text: lines belong to
	section string    // "", "setup", "steps", "expect"
	line    int
	// choiceStep is set while parsing a step that answers a choice.
	choiceStep   bool
	setupObjects int // cards and tokens the setup so far puts into the game
	// resolveAll is set while parsing "resolve all".
	resolveAll bool
	// cur is the step being parsed, whose Mentions the cursor records;
	// body is its text up to any "=>".
	cur  *Step
	body string
	// tried, when set, collects the words every eat tries: how StepForms
	// reads the step reader's own list of forms.
	tried *[]string
	// readingData is set while a card named from the card data has its
	// Oracle text read (carddata.go).
	readingData bool
	cardData    func() (*cards.Set, error)
}

func (p *parser) errorf(format string, args ...any) {
	if len(p.errs) < maxErrors {
		p.errs = append(p.errs, &Error{Name: p.sc.Name, Line: p.line, Msg: fmt.Sprintf(format, args...)})
	}
}

// Parse reads a scenario. name labels errors (a file name, or "" for text
// typed in the sandbox). Every problem found is reported with its line, as
// an ErrorList; edition-dependent checks (type lines against an edition's
// type lists, symbols an edition lacks) happen when the scenario is run.
func Parse(name, text string) (*Scenario, error) { return ParseWith(name, text, nil) }

// ParseWith is Parse with the card data a card line that only names a card
// reads ("card Blood Moon"): cardData is asked for it on first need; nil
// means the embedded data.
func ParseWith(name, text string, cardData func() (*cards.Set, error)) (*Scenario, error) {
	sc := &Scenario{Name: name, Text: text, Life: 20, Seed: engine.DefaultSeed, Players: []string{"Alice", "Bob"}, Short: []string{"A", "B"}, Numbering: engine.Latest()}
	p := &parser{sc: sc, cardData: cardData}
	if p.cardData == nil {
		p.cardData = EmbeddedCards
	}
	if len(text) > MaxBytes {
		p.line = 1
		p.errorf("scenario is %d bytes; the limit is %d (16 KB)", len(text), MaxBytes)
		return nil, p.errs
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, raw := range lines {
		p.line = i + 1
		l := strings.TrimSpace(stripComment(strings.TrimSuffix(raw, "\r")))
		if l == "" {
			continue
		}
		if sc.Title == "" && sc.Line == 0 {
			if !p.scenarioLine(l) {
				p.errorf("a scenario starts with a line like: scenario \"Legend rule\" rule 704.5j")
				return nil, p.errs
			}
			continue
		}
		p.parseLine(l)
		if len(p.errs) >= maxErrors {
			break
		}
	}
	for _, card := range sc.Cards {
		for _, d := range card.faces() {
			if d.CDA && !d.hasCDA() {
				p.line = d.Line
				p.errorf("card %s: a * in power or toughness needs a characteristic-defining ability on a text: line, like: text: ~'s power and toughness are each equal to the number of cards in your hand.", d.Name)
			}
		}
		if card.split[0] != "" && card.Half == nil {
			p.line = card.Line
			p.errorf("split card %s needs its second half: half %s: …", card.Name, card.split[1])
		}
	}
	p.line = len(lines)
	switch {
	case sc.Line == 0:
		p.line = 1
		p.errorf("empty scenario: it starts with a line like: scenario \"Legend rule\" rule 704.5j")
	case len(sc.Expects) == 0 && len(p.errs) == 0:
		p.line = sc.Line
		p.errorf("no expect section: a scenario must check something")
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return sc, nil
}

// stripComment removes a "#" comment: a # at the start of a line or after a
// space ("Isamaru#2" is a reference, not a comment).
func stripComment(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') {
			return s[:i]
		}
		if s[i] == '"' { // no comments inside quotes
			if j := strings.IndexByte(s[i+1:], '"'); j >= 0 {
				i += j + 1
			}
		}
	}
	return s
}

var scenarioRe = regexp.MustCompile(`^scenario\s+"([^"]+)"\s*(?:rules?\s+(.+))?$`)

func (p *parser) scenarioLine(l string) bool {
	m := scenarioRe.FindStringSubmatch(l)
	if m == nil {
		return false
	}
	p.sc.Title, p.sc.Line = strings.TrimSpace(m[1]), p.line
	for _, r := range strings.FieldsFunc(m[2], func(r rune) bool { return r == ',' || r == ' ' }) {
		if r == "and" {
			continue
		}
		if _, err := rules.ParseNumber(r); err != nil {
			p.errorf("%q is not a rule number", r)
			continue
		}
		p.sc.Rules = append(p.sc.Rules, r)
	}
	return true
}

func (p *parser) parseLine(l string) {
	c := p.cursor(l)
	switch {
	case c.eat("setup") && c.end():
		p.enter("setup")
		return
	case c.eat("steps") && c.end():
		p.enter("steps")
		return
	case c.eat("expect"):
		p.enter("expect")
		p.expectHeader(c)
		return
	}
	switch p.section {
	case "":
		p.header(l)
	case "setup":
		p.setup(l)
	case "steps":
		if len(p.sc.Steps) >= MaxSteps {
			p.errorf("more than %d steps", MaxSteps)
			return
		}
		p.step(l)
	case "expect":
		p.expect(l)
	}
}

var sectionOrder = map[string]int{"": 0, "setup": 1, "steps": 2, "expect": 3}

func (p *parser) enter(s string) {
	if sectionOrder[s] < sectionOrder[p.section] || (s == p.section && s != "expect") {
		p.errorf("%s must come before %s", orderName(s), orderName(p.section))
	}
	p.section = s
}

func orderName(s string) string {
	if s == "" {
		return "the header"
	}
	return s
}

func (p *parser) date(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, strings.TrimSpace(s))
	if err != nil {
		p.errorf("%q is not a date like 2009-07-11", s)
		return time.Time{}, false
	}
	return t, true
}

// dateRange reads "from DATE", "before DATE" or both.
func (p *parser) dateRange(c *cursor) (from, before time.Time, ok bool) {
	ok = true
	for !c.end() {
		switch {
		case c.eat("from"):
			from, ok = p.date(c.word())
		case c.eat("before"):
			before, ok = p.date(c.word())
		default:
			p.errorf("expected \"from DATE\" or \"before DATE\", found %q", c.s)
			return from, before, false
		}
		if !ok {
			return from, before, false
		}
	}
	if !from.IsZero() && !before.IsZero() && !from.Before(before) {
		p.errorf("the range is empty: from %s before %s", from.Format(time.DateOnly), before.Format(time.DateOnly))
		ok = false
	}
	return from, before, ok
}

func (p *parser) header(l string) {
	c := p.cursor(l)
	sc := p.sc
	switch {
	case c.eat("example") && c.sym(":"):
		if c.end() {
			p.errorf("example: needs the example's text")
		}
		sc.Examples = append(sc.Examples, c.s)
	case c.eat("quote") && c.sym(":"):
		if c.end() {
			p.errorf("quote: needs a passage of rules text")
		}
		sc.Quotes = append(sc.Quotes, c.s)
	case c.eat("edition"), c.eat("editions"):
		sc.From, sc.Before, _ = p.dateRange(c)
	case c.eat("numbering"):
		ed, err := engine.EditionByID(c.s)
		if err != nil {
			p.errorf("%v", err)
			return
		}
		sc.Numbering = ed
	case c.eat("players"):
		names := strings.Fields(strings.ReplaceAll(c.s, ",", " "))
		if len(names) < 1 || len(names) > MaxPlayers {
			p.errorf("players: name one to %d players", MaxPlayers)
			return
		}
		for _, n := range names {
			if strings.ContainsAny(n, `"#'{}`) {
				p.errorf("%q can't be a player's name", n)
				return
			}
		}
		sc.Players, sc.Short = names, nil
	case c.eat("team"):
		p.team(c)
	case c.eat("variant"):
		v, casual, ok := variants.Parse(c.s)
		if !ok {
			p.errorf("variant: one of %s", strings.Join(variants.Names(), ", "))
			return
		}
		if casual {
			sc.Game.Casual = v
		} else {
			sc.Game.Variant = v
		}
	case c.eat("option"):
		o, n, ok := variants.ParseOption(c.s)
		if !ok {
			p.errorf("option: range of influence N, attack multiple players, attack left, attack right, deploy creatures or shared team turns")
			return
		}
		sc.Game = sc.Game.With(o, n)
	case c.eat("reveal"), c.eat("reveals"):
		p.reveal(c)
	case c.eat("life"):
		n, ok := c.int()
		if !ok || !c.end() {
			p.errorf("life: expected a number, like: life 20")
			return
		}
		sc.Life = n
	case c.eat("seed"):
		n, err := strconv.ParseUint(strings.TrimSpace(c.s), 10, 64)
		if err != nil {
			p.errorf("seed: expected a whole number, like: seed 7")
			return
		}
		sc.Seed, sc.HasSeed = n, true
	case c.eat("card"):
		p.cardLine(c)
	case c.eat("back"):
		p.faceLine(c, faceBack)
	case c.eat("modal", "back"):
		p.faceLine(c, faceModal)
	case c.eat("flip"):
		p.faceLine(c, faceFlip)
	case c.eat("half"):
		p.faceLine(c, faceHalf)
	case c.eat("adventure"):
		p.faceLine(c, faceAdventure)
	case c.eat("meld"):
		p.meldLine(c)
	case c.eat("text") && c.sym(":"):
		p.textLine(c.s)
	default:
		p.errorf("unknown line %q: before setup come example:, quote:, edition, numbering, players, team, variant, option, reveal, life, seed, card and text lines", clip(l))
	}
}

var ptRe = regexp.MustCompile(`\s(-?\d{1,4}|\*|\d{1,2}\+\*)/(-?\d{1,4}|\*|\d{1,2}\+\*)$`)

// textLine reads a "text:" line: one ability of the card declared last, in
// the engine's dialect of Oracle wording. It is checked now against the
// newest rules' types, and read again under each edition run.
func (p *parser) textLine(text string) {
	d := p.face
	if d == nil {
		p.errorf("a text: line follows the card line it belongs to")
		return
	}
	if d.FromData && !p.readingData {
		p.errorf("card %s is read from the card data: to change its text, give the whole card and mark it invented (card %s (invented): …)", d.Name, d.Name)
		return
	}
	text = strings.TrimSpace(text)
	if text == "" {
		p.errorf("text: needs the ability's wording")
		return
	}
	name := d.Name
	if d.split[0] != "" {
		name = d.split[0] // the first half's text names the first half
	}
	if _, err := cardtext.ParseAbilities(name, text, d.spell(), engine.Latest().Types); err != nil {
		p.errorf("card %s: %v", name, err)
		return
	}
	d.Text = append(d.Text, TextLine{Line: p.line, Text: text})
}

// hasCDA reports whether the card's text has a characteristic-defining
// ability (604.3).
func (d *CardDecl) hasCDA() bool {
	for _, l := range d.Text {
		abs, _ := cardtext.ParseAbilities(d.Name, l.Text, d.spell(), engine.Latest().Types)
		for _, a := range abs {
			if a.CDA {
				return true
			}
		}
	}
	return false
}

// spell reports whether the card is an instant or sorcery, whose text is
// its spell's instructions.
func (d *CardDecl) spell() bool {
	tl := strings.ToLower(d.TypeLine)
	return strings.Contains(tl, "instant") || strings.Contains(tl, "sorcery")
}

// invented marks a card line whose card isn't the real card of that name:
// card Bear (invented): …
const invented = "(invented)"

// card reads "NAME: COST TYPE-LINE P/T, keyword, …".
func (p *parser) cardLine(c *cursor) {
	if !strings.Contains(c.s, ":") {
		p.cardFromData(strings.TrimSpace(c.s)) // "card Blood Moon"
		return
	}
	d := &CardDecl{Line: p.line}
	name, inv, rest, ok := p.cardName(c.s)
	if !ok {
		return
	}
	d.Name, d.Invented = name, inv
	if !p.newName(d.Name) {
		return
	}
	if left, right, split := strings.Cut(d.Name, "//"); split {
		// 709.1: a split card is named for both halves; this line is its
		// first half, and a "half" line declares the second.
		left, right = strings.TrimSpace(left), strings.TrimSpace(right)
		if left == "" || right == "" || strings.Contains(right, "//") {
			p.errorf("a split card's name is its halves' names: card Fire // Ice: …")
			return
		}
		d.Name = left + " // " + right
		d.split = [2]string{left, right}
	}
	if !p.cardSpec(d, rest) {
		return
	}
	p.sc.Cards = append(p.sc.Cards, d)
	p.face = d
}

// cardName reads a card line's "NAME:" or "\"NAME\" (invented):" and
// returns the name and what follows the colon.
func (p *parser) cardName(rest string) (name string, inv bool, after string, ok bool) {
	if strings.HasPrefix(rest, `"`) {
		end := strings.IndexByte(rest[1:], '"')
		if end < 0 {
			p.errorf("unclosed quote in the card's name")
			return "", false, "", false
		}
		name, rest = rest[1:end+1], strings.TrimSpace(rest[end+2:])
		if r, ok := strings.CutPrefix(rest, invented); ok {
			inv, rest = true, strings.TrimSpace(r)
		}
		if !strings.HasPrefix(rest, ":") {
			p.errorf("expected \":\" after the card's name")
			return "", false, "", false
		}
		rest = rest[1:]
	} else {
		i := strings.IndexByte(rest, ':')
		if i < 0 {
			p.errorf("a card line reads: card Isamaru: {W} Legendary Creature — Dog 2/2")
			return "", false, "", false
		}
		name, rest = strings.TrimSpace(rest[:i]), rest[i+1:]
		if n, ok := strings.CutSuffix(name, invented); ok {
			name, inv = strings.TrimSpace(n), true
		}
	}
	if name == "" || len(name) > 100 || strings.ContainsAny(name, "#{}\"") {
		p.errorf("%q can't be a card's name", name)
		return "", false, "", false
	}
	return name, inv, rest, true
}

// newName checks that a card or face name is new: not a player's, not a
// card's or face's declared before.
func (p *parser) newName(name string) bool {
	for i, n := range p.sc.Players {
		if strings.EqualFold(n, name) || strings.EqualFold(p.sc.Written(i), name) {
			p.errorf("card %q has a player's name", name)
			return false
		}
	}
	if d, _ := p.faceNamed(name); d != nil {
		p.errorf("card %q is declared twice", name)
		return false
	}
	return true
}

// cardSpec reads what follows a card's or a face's name: "COST TYPE-LINE
// P/T, keyword, …".
func (p *parser) cardSpec(d *CardDecl, rest string) bool {
	parts := strings.Split(rest, ",")
	main := p.cursor(parts[0])
	cost, err := cardtext.ParseManaCost(main.mana())
	if err == nil && strings.HasPrefix(main.s, "{") {
		_, err = cardtext.ParseManaCost(main.word())
	}
	if err != nil {
		p.errorf("%v", err)
		return false
	}
	d.Cost = cost
	tl := main.s
	if m := ptRe.FindStringSubmatchIndex(" " + tl); m != nil {
		pw, tg := (" " + tl)[m[2]:m[3]], (" " + tl)[m[4]:m[5]]
		d.PT = pw + "/" + tg
		if strings.Contains(pw, "*") || strings.Contains(tg, "*") {
			// 208.2a: * is defined by a characteristic-defining ability,
			// given on a text: line; the printed number is 0.
			d.CDA = true
			pw, tg = strings.TrimSuffix(pw, "+*"), strings.TrimSuffix(tg, "+*")
			if pw == "*" {
				pw = "0"
			}
			if tg == "*" {
				tg = "0"
			}
		}
		d.Power, _ = strconv.Atoi(pw)
		d.Toughness, _ = strconv.Atoi(tg)
		d.HasPT = true
		tl = strings.TrimSpace((" " + tl)[:m[0]])
	}
	if tl == "" {
		p.errorf("card %s has no type line", d.Name)
		return false
	}
	if f := strings.Fields(tl); strings.Contains(f[len(f)-1], "/") {
		// No type has a slash: this is a power/toughness that ptRe refused.
		p.errorf("card %s: %q is not a power/toughness; write it like 2/2, */3 or 1+*/1+*", d.Name, f[len(f)-1])
		return false
	}
	d.TypeLine = tl
	for _, written := range parts[1:] {
		written = strings.TrimSpace(written)
		kw := strings.ToLower(written)
		switch {
		case kw == "colorless":
			d.HasColor, d.Color = true, 0
		case isColor(kw):
			col, _ := cardtext.ParseColor(kw)
			d.HasColor = true
			d.Color |= col
		case cardtext.IsKeyword(kw):
			d.Keywords = append(d.Keywords, kw)
		case strings.HasPrefix(kw, "hand ") || strings.HasPrefix(kw, "life "):
			// A vanguard card's hand or life modifier (313.6, 313.7):
			// "hand +2", "life -3".
			f := strings.Fields(kw)
			n, err := strconv.Atoi(strings.TrimPrefix(strings.ReplaceAll(f[len(f)-1], "−", "-"), "+"))
			if len(f) != 2 || err != nil || n < -20 || n > 20 {
				p.errorf("a vanguard card's modifiers: hand +2, life -3")
				return false
			}
			if f[0] == "hand" {
				d.HandMod = n
			} else {
				d.LifeMod = n
			}
			d.Modifiers = true
		case strings.HasPrefix(kw, "loyalty "):
			// A planeswalker's printed loyalty (306.5a): "loyalty 3".
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(kw, "loyalty ")))
			if err != nil || n < 0 || n > 1000 {
				p.errorf("loyalty: a number, like: loyalty 3")
				return false
			}
			d.Loyalty = n
		default:
			// A keyword with a parameter (protection from white, toxic 2,
			// splice onto Arcane {1}{R}) is read as rules text.
			abs, err := cardtext.ParseAbilities(d.Name, kw, false, engine.Latest().Types)
			if err != nil || len(abs) != 1 || abs[0].Keyword == "" {
				p.errorf("unknown keyword %q (the engine knows: %s; or give a color)", kw, keywordList())
				return false
			}
			d.Text = append(d.Text, TextLine{Line: p.line, Text: written})
		}
	}
	return true
}

func isColor(s string) bool {
	_, ok := cardtext.ParseColor(s)
	return ok && len(s) > 1
}

func keywordList() string {
	return "deathtouch, defender, double strike, first strike, flash, flying, haste, hexproof, indestructible, infect, lifelink, menace, reach, shroud, trample, vigilance, wither, …"
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// setupLine is one line of the setup section, applied in order.
type setupLine struct {
	line  int
	apply func(*run) error
}

func (p *parser) setup(l string) {
	c := p.cursor(l)
	line := p.line
	add := func(f func(*run) error) { p.sc.Setup = append(p.sc.Setup, setupLine{line, f}) }
	if c.eat("active") {
		who, ok := c.player()
		if !ok || !c.end() {
			p.errorf("active: name a player")
			return
		}
		add(func(r *run) error { r.st.Active, r.st.Priority = r.player(who), r.player(who); return nil })
		return
	}
	if c.eat("turn") {
		// "turn B" (B's precombat main phase), "turn B upkeep", "turn 3 B end step"
		n, hasN := c.int()
		who, ok := c.player()
		if !ok {
			p.errorf("turn: name the active player, like: turn B upkeep")
			return
		}
		c.sym(",")
		step := cardtext.StepMain1
		if !c.end() {
			st, ok := cardtext.ParseStep(c.s)
			if !ok {
				p.errorf("%q is not a step: upkeep, draw step, main phase, beginning of combat, end step, …", c.s)
				return
			}
			step = st
		}
		add(func(r *run) error {
			r.st.Active, r.st.Priority, r.st.Step = r.st.TurnHolder(r.player(who)), r.player(who), step
			if hasN {
				r.st.Turn = n
			}
			return nil
		})
		return
	}
	who, ok := c.player()
	if !ok {
		p.errorf("setup lines start with a player: %s", strings.Join(p.sc.written(), ", "))
		return
	}
	switch {
	case c.eat("team", "life"):
		c.sym("=")
		n, ok := c.signedInt()
		if !ok || !c.end() {
			p.errorf("expected: %s team life 30", who)
			return
		}
		add(func(r *run) error {
			id := r.player(who)
			if !r.st.SharesLife(id) {
				return fmt.Errorf("%s's team has no shared life total (variant two-headed giant)", who)
			}
			r.st = r.st.EditTeamLife(id, n)
			return nil
		})
	case c.eat("vanguard"), c.eat("commander"):
		// "A vanguard: Sisay" (902.3: in the command zone; the game began
		// with it, 902.4), "A commander: Wort, the Raidmother" (903.6).
		what := c.last
		if !c.sym(":") {
			p.errorf("expected: %s %s: CARD", who, what)
			return
		}
		r, ok := c.ref()
		if !ok || !c.end() || r.Index != 0 {
			p.errorf("%s %s: name one declared card", who, what)
			return
		}
		add(func(rn *run) error {
			card, err := rn.card(r.Name)
			if err != nil {
				return err
			}
			pl := rn.player(who)
			var id cardtext.ObjectID
			rn.st, id = rn.st.AddObject(card, pl, cardtext.Command, false)
			if what == "vanguard" {
				if !card.Types.Is("vanguard") {
					return fmt.Errorf("%s isn't a vanguard card", r.Name)
				}
				rn.st = rn.st.StartVanguard(pl, id)
				return nil
			}
			rn.st = rn.st.Designate(pl, id)
			return nil
		})
	case c.eat("name", "stickers"):
		// "A name stickers: Dark, Eldrazi": the name stickers A has
		// access to (123.2c).
		c.sym(":")
		var words []string
		for _, w := range strings.Split(c.s, ",") {
			if w = strings.Trim(strings.TrimSpace(w), `"“”`); w != "" {
				words = append(words, w)
			}
		}
		if len(words) == 0 {
			p.errorf("expected: %s name stickers: Dark, Eldrazi", who)
			return
		}
		c.s = ""
		add(func(r *run) error {
			r.st = r.st.EditPlayer(r.player(who), func(pl *engine.Player) { pl.NameStickers = words })
			return nil
		})
	case c.eat("range"):
		c.eatAny("of influence")
		c.sym("=")
		n, ok := c.int()
		if !ok || !c.end() || n < 1 || n > variants.MaxRange {
			p.errorf("expected: %s range 2 (a range of influence of 1 to %d seats)", who, variants.MaxRange)
			return
		}
		add(func(r *run) error {
			r.st = r.st.EditPlayer(r.player(who), func(pl *engine.Player) { pl.Range = n })
			return nil
		})
	case c.eat("life"):
		c.sym("=")
		n, ok := c.signedInt()
		if !ok || !c.end() {
			p.errorf("expected: %s life 20", who)
			return
		}
		add(func(r *run) error {
			r.st = r.st.EditPlayer(r.player(who), func(pl *engine.Player) { pl.Life = n })
			return nil
		})
	case c.eat("poison"), c.eat("counters"):
		kind := "poison"
		if !strings.EqualFold(strings.Fields(l)[1], "poison") {
			kind = strings.ToLower(c.word())
		}
		c.sym("=")
		n, ok := c.int()
		if !ok || !c.end() || kind == "" {
			p.errorf("expected: %s poison 3, or %s counters KIND 3", who, who)
			return
		}
		add(func(r *run) error {
			r.st = r.st.EditPlayer(r.player(who), func(pl *engine.Player) { pl.Counters = pl.Counters.With(kind, n) })
			return nil
		})
	case c.eat("mana", "pool"), c.eat("mana"):
		c.sym("=")
		m, err := cardtext.ParseMana(c.mana())
		if err != nil || !c.end() {
			p.errorf("expected: %s mana {R}{R}{G}", who)
			return
		}
		add(func(r *run) error {
			r.st = r.st.EditPlayer(r.player(who), func(pl *engine.Player) { pl.Pool = pl.Pool.Add(m) })
			return nil
		})
	default:
		z, _, ok := c.zone()
		if !ok && c.eat("outside") {
			// "A outside: Craw Wurm": cards outside the game, a sideboard
			// (400.11a).
			z, ok = cardtext.Outside, true
		}
		if !ok || !c.sym(":") {
			p.errorf("expected a zone and a list, like: %s battlefield: Isamaru, Forest (tapped)", who)
			return
		}
		if z == cardtext.Stack {
			p.errorf("the stack can't be set up yet (issue 7)")
			return
		}
		for _, item := range splitList(c.s) {
			p.setupItem(who, z, item)
		}
	}
}

// splitList splits "a, b (c, d), \"e, f\"" at top-level commas.
func splitList(s string) []string {
	var out []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 && !quoted {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// setupItem reads "[N x] [token] NAME [(tapped, 2 damage, 1 +1/+1 counter, sick, owned by B)]".
func (p *parser) setupItem(who string, z cardtext.Zone, item string) {
	c := p.cursor(item)
	n := 1
	if k, ok := c.int(); ok {
		if !c.eat("x") && !c.eat("×") {
			p.errorf("write a count as: 3 x Forest")
			return
		}
		n = k
	}
	if n < 1 || n > 100 {
		p.errorf("%d copies: between 1 and 100, please", n)
		return
	}
	if p.setupObjects += n; p.setupObjects > MaxSetup {
		if p.setupObjects-n <= MaxSetup {
			p.errorf("the setup puts more than %d cards into the game", MaxSetup)
		}
		return
	}
	token := c.eat("token")
	r, ok := c.ref()
	if !ok && !token && p.declareFromData(c.s) {
		r, ok = c.ref() // "A battlefield: Blood Moon" with no card line: the real card
	}
	if !ok {
		p.errorf("%q is not a declared card (declare it with a card line)", clip(item))
		return
	}
	if r.Index != 0 {
		p.errorf("setup names cards without #numbers; they are numbered in order")
		return
	}
	var mods []func(*engine.Object, *run) error
	if r.Face != "" {
		// "A battlefield: Ravager of the Fells": the card with that face up.
		f, ok := p.setupFace(r, z)
		if !ok {
			return
		}
		mods = append(mods, f)
	}
	loyaltyGiven := false
	if strings.HasPrefix(c.s, "(") && strings.HasSuffix(c.s, ")") {
		for _, m := range strings.Split(c.s[1:len(c.s)-1], ",") {
			loyaltyGiven = loyaltyGiven || strings.Contains(strings.ToLower(m), "loyalty")
			f, ok := p.modifier(strings.TrimSpace(m), z)
			if !ok {
				return
			}
			mods = append(mods, f)
		}
		c.s = ""
	}
	if !c.end() {
		p.errorf("unexpected %q after %s (status goes in parentheses: Isamaru (tapped))", c.s, r.Name)
		return
	}
	if token && z != cardtext.Battlefield {
		p.errorf("tokens start on the battlefield")
		return
	}
	melded := p.card(r.Name) != nil && p.card(r.Name).MeldOf != nil
	if melded && (z != cardtext.Battlefield || token) {
		// 712.4a: only the two cards on the battlefield are that permanent.
		p.errorf("%s is a melded permanent: it exists only on the battlefield, as its two cards", r.Name)
		return
	}
	p.sc.Setup = append(p.sc.Setup, setupLine{p.line, func(rn *run) error {
		card, err := rn.card(r.Name)
		if err != nil {
			return err
		}
		for range n {
			var id cardtext.ObjectID
			if melded {
				rn.st, id, err = rn.addMelded(r.Name, rn.player(who))
				if err != nil {
					return err
				}
			} else {
				rn.st, id = rn.st.AddObject(card, rn.player(who), z, token)
			}
			if z == cardtext.Battlefield && card.Loyalty > 0 && !loyaltyGiven {
				// A planeswalker set up on the battlefield has its printed
				// loyalty (306.5b), unless its counters are given.
				rn.st = rn.st.Edit(id, func(o *engine.Object) { o.Counters = o.Counters.With("loyalty", card.Loyalty) })
			}
			for _, m := range mods {
				var err error
				rn.st = rn.st.Edit(id, func(o *engine.Object) { err = m(o, rn) })
				if err != nil {
					return err
				}
			}
		}
		return nil
	}})
}

func (p *parser) modifier(m string, z cardtext.Zone) (func(*engine.Object, *run) error, bool) {
	c := p.cursor(m)
	perm := func(what string) bool {
		if z != cardtext.Battlefield {
			p.errorf("only permanents can be %s", what)
			return false
		}
		return true
	}
	switch {
	case c.eat("tapped") && c.end():
		return func(o *engine.Object, _ *run) error { o.Tapped = true; return nil }, perm("tapped")
	case c.eat("sick") && c.end(), c.eat("summoning sick") && c.end():
		return func(o *engine.Object, _ *run) error { o.Sick = true; return nil }, perm("summoning sick")
	case c.eat("phased out") && c.end():
		return func(o *engine.Object, _ *run) error { o.PhasedOut = true; return nil }, perm("phased out")
	case c.eat("transformed") && c.end(), c.eat("back face up") && c.end():
		return faceStatus(faceBack), perm("transformed")
	case c.eat("flipped") && c.end():
		return faceStatus(faceFlip), perm("flipped")
	case c.eat("face down") && c.end():
		return func(o *engine.Object, _ *run) error { o.FaceDown = true; return nil }, perm("face down")
	case c.eat("attached to"):
		if who, ok := c.player(); ok && c.end() {
			// An Aura with enchant player (303.4).
			return func(o *engine.Object, r *run) error { o.AttachedTo = int(r.player(who)) + 1; return nil }, perm("attached")
		}
		to, ok := c.ref()
		if !ok || !c.end() {
			p.errorf("attached to: name a permanent")
			return nil, false
		}
		return func(o *engine.Object, r *run) error {
			id := o.ID
			r.later = append(r.later, func() error {
				host, err := r.object(to, cardtext.Battlefield)
				if err != nil {
					return err
				}
				r.st = r.st.Edit(id, func(x *engine.Object) { x.Attached = host.ID })
				return nil
			})
			return nil
		}, perm("attached")
	case c.eat("chosen color"):
		col, ok := cardtext.ParseColor(c.word())
		if !ok || !c.end() {
			p.errorf("chosen color: a color")
			return nil, false
		}
		return func(o *engine.Object, _ *run) error { o.Chosen.Color, o.Chosen.HasColor = col, true; return nil }, true
	case c.eat("chosen player"):
		who, ok := c.player()
		if !ok || !c.end() {
			p.errorf("chosen player: a player")
			return nil, false
		}
		return func(o *engine.Object, r *run) error {
			o.Chosen.Player, o.Chosen.HasPlayer = r.player(who), true
			return nil
		}, true
	case c.eat("commander") && c.end():
		// A card designated as its owner's commander (903.3), set up
		// anywhere.
		return func(o *engine.Object, r *run) error {
			id := o.ID
			r.later = append(r.later, func() error {
				x := r.st.Object(id)
				if x == nil {
					return nil
				}
				r.st = r.st.Designate(x.Owner, id)
				return nil
			})
			return nil
		}, true
	case c.eat("owned by"):
		who, ok := c.player()
		if !ok || !c.end() {
			p.errorf("owned by: name a player")
			return nil, false
		}
		return func(o *engine.Object, r *run) error { o.Owner = r.player(who); return nil }, true
	}
	n, ok := c.int()
	if !ok {
		p.errorf("unknown status %q: tapped, sick, owned by B, attached to X, phased out, transformed, flipped, face down, chosen color red, 2 damage, 1 +1/+1 counter", m)
		return nil, false
	}
	if c.eat("damage") && c.end() {
		return func(o *engine.Object, _ *run) error { o.Damage = n; return nil }, perm("damaged")
	}
	kind := strings.ToLower(c.word())
	c.eatAny("counters", "counter")
	if kind == "" || !c.end() {
		p.errorf("unknown status %q: tapped, sick, owned by B, 2 damage, 1 +1/+1 counter", m)
		return nil, false
	}
	return func(o *engine.Object, _ *run) error { o.Counters = o.Counters.With(kind, n); return nil }, true
}

// ruleRef reads a rule number in the scenario's numbering, or a key name,
// and returns the key.
func (p *parser) ruleRef(s string) (registry.Key, bool) {
	s = strings.TrimSpace(s)
	if n, err := rules.ParseNumber(s); err == nil {
		if k, ok := p.sc.Numbering.KeyOf(n); ok {
			return k, true
		}
		p.errorf("%s is not a rule the engine applies in %s numbering (write \"numbering DATE\" for another edition's numbers)", s, p.sc.Numbering.ID)
		return "", false
	}
	for _, k := range registry.Keys() {
		if string(k) == s {
			return k, true
		}
	}
	p.errorf("%q is neither a rule number nor a rule the engine knows", s)
	return "", false
}

// reveal reads a reveal line's zones: "reveal B hand, A library". Only
// hidden zones (400.2) need revealing; every other zone is public.
func (p *parser) reveal(c *cursor) {
	for {
		who, ok := c.player()
		z, _, zok := c.zone()
		if !ok || !zok || (z != cardtext.Hand && z != cardtext.Library) {
			p.errorf("reveal names hidden zones, a player's hand or library: reveal B hand, A library")
			return
		}
		i := p.sc.playerIndex(who)
		if !p.sc.IsRevealed(i, z) {
			p.sc.Revealed = append(p.sc.Revealed, Zone{Player: i, Zone: z})
		}
		if c.end() {
			return
		}
		if !c.sym(",") && !c.eat("and") {
			p.errorf("unexpected %q: reveal zones are separated by commas: reveal B hand, A library", clip(c.s))
			return
		}
	}
}

// team reads a team line: "team Alex, Bianca" seats those players as
// teammates (102.3); players on no team line are each a team of their own.
func (p *parser) team(c *cursor) {
	var members []int
	for !c.end() {
		who, ok := c.player()
		if !ok {
			p.errorf("team names players: team %s, %s", p.sc.Written(0), p.sc.Written(len(p.sc.Players)-1))
			return
		}
		i := p.sc.playerIndex(who)
		for _, t := range p.sc.Teams {
			if slices.Contains(t, i) || slices.Contains(members, i) {
				p.errorf("%s is on two teams", who)
				return
			}
		}
		members = append(members, i)
		if !c.sym(",") {
			c.eat("and")
		}
	}
	if len(members) == 0 {
		p.errorf("team names players: team %s, %s", p.sc.Written(0), p.sc.Written(len(p.sc.Players)-1))
		return
	}
	p.sc.Teams = append(p.sc.Teams, members)
}

// written lists the players as the text writes them.
func (s *Scenario) written() []string {
	out := make([]string, len(s.Players))
	for i := range s.Players {
		out[i] = s.Written(i)
	}
	return out
}

// playerIndex is the index of the player named n (a name cursor.player
// returned).
func (s *Scenario) playerIndex(n string) int {
	for i, x := range s.Players {
		if x == n {
			return i
		}
	}
	return -1
}
