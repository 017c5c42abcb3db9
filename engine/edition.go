package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
)

// RuleNumber is a Comprehensive Rules number ("704.5j").
type RuleNumber = rules.Number

// LegendRule is how an edition's legend rule resolves (704.5j in 2026).
type LegendRule uint8

const (
	// LegendOldestStays: all but the one that has been legendary with that
	// name the longest go to the graveyard (rules until Champions of
	// Kamigawa, 2004; 420.5e).
	LegendOldestStays LegendRule = iota + 1
	// LegendAllGo: all go to their owners' graveyards (2004–2013; 420.5e,
	// then 704.5k).
	LegendAllGo
	// LegendChoose: the controller chooses one; the rest go (since Magic
	// 2014; 704.5k, then 704.5j).
	LegendChoose
)

// Dates where behaviour changed. The corpus has no file on these dates; the
// engine's tests check that every corpus file on either side reads the way
// the behaviour says (TestBehaviourMatchesCorpus).
var (
	// Champions of Kamigawa: the 2004-06-01 text keeps the oldest legend,
	// the 2004-10-01 text sends all to the graveyard.
	championsRules = date("2004-10-01")
	// Magic 2010 (M10) rules: mana burn abolished, mana pools empty after
	// every step, "in play" renamed "the battlefield" and "removed from the
	// game" "exile". The last corpus text with mana burn is 2009-05-01, the
	// first without 2009-09-04.
	m10Rules = date("2009-07-11")
	// Magic 2014 rules: the legend rule lets the controller choose. The last
	// corpus text with the old wording is effective 2013-05-01, the first
	// with the new 2013-09-27.
	m14Rules = date("2013-07-11")
)

func date(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// RulesEdition is the Comprehensive Rules of one effective date as the engine
// applies them: which number each rule has, which behaviour applies, which
// types and symbols exist. It is read-only once built and safe to share.
type RulesEdition struct {
	ID        string    // "2026-01-16"
	Effective time.Time // zero for a prose edition (the classic rules)
	Source    string    // where the numbering came from: "built-in table (2026-01-16.txt)" or "rules text"

	Legend   LegendRule
	ManaBurn bool // unused mana costs life as a phase ends (300.3 until M10)
	// EmptyEachStep: mana pools empty as each step ends, not only each phase.
	EmptyEachStep bool
	// Battlefield: zones are called "the battlefield" and "exile"; before M10,
	// "in play" and "removed from the game".
	Battlefield bool
	Symbols     SymbolSet  // mana symbol kinds the edition defines
	Types       *TypeLists // card types, supertypes, subtypes
	Notes       []string   // ambiguities met while building from text

	numbers map[Key]RuleNumber
	keys    map[RuleNumber]Key
}

// Rule returns the number of k's rule in this edition, or the zero Number if
// the edition has no such rule (the rule didn't exist yet, or an excerpt
// lacks it).
func (e *RulesEdition) Rule(k Key) RuleNumber { return e.numbers[k] }

// Has reports whether the edition has k's rule.
func (e *RulesEdition) Has(k Key) bool { return !e.numbers[k].IsZero() }

// KeyOf returns the key whose rule has number n in this edition.
func (e *RulesEdition) KeyOf(n RuleNumber) (Key, bool) { k, ok := e.keys[n]; return k, ok }

// Cite formats k's rule number for a message: "704.5j", or "" if none.
func (e *RulesEdition) Cite(k Key) string { return e.numbers[k].String() }

// String names the edition for messages: "the 2026-01-16 rules".
func (e *RulesEdition) String() string {
	if e.ID == "" {
		return "the rules"
	}
	return "the " + e.ID + " rules"
}

// ZoneName is a shared zone's name in this edition's words, as it reads
// after "in" or "to": "the battlefield", "exile"; before M10 "play" and "the
// removed-from-the-game zone".
func (e *RulesEdition) ZoneName(z Zone) string {
	switch {
	case z == Battlefield && e.Battlefield:
		return "the battlefield"
	case z == Battlefield:
		return "play"
	case z == Exile && !e.Battlefield:
		return "the removed-from-the-game zone"
	case z == Stack:
		return "the stack"
	case z == Command:
		return "the command zone"
	}
	return z.String()
}

func newEdition(id string, eff time.Time) *RulesEdition {
	e := &RulesEdition{ID: id, Effective: eff, numbers: map[Key]RuleNumber{}, keys: map[RuleNumber]Key{}}
	e.setBehaviour()
	return e
}

// setBehaviour derives the date-switched behaviour. A zero date is a prose
// edition from before the Comprehensive Rules (the classic rules page), which
// played by the oldest rules.
func (e *RulesEdition) setBehaviour() {
	t := e.Effective
	switch {
	case t.Before(championsRules):
		e.Legend = LegendOldestStays
	case t.Before(m14Rules):
		e.Legend = LegendAllGo
	default:
		e.Legend = LegendChoose
	}
	old := t.Before(m10Rules)
	e.ManaBurn, e.EmptyEachStep, e.Battlefield = old, !old, !old
}

// set gives k the number n (zero: none). Call reindex when done.
func (e *RulesEdition) set(k Key, n RuleNumber) {
	if n.IsZero() {
		delete(e.numbers, k)
		return
	}
	e.numbers[k] = n
}

// reindex rebuilds the number → key map. Where two keys share a number
// (mana burn and mana pools emptying were one rule, 300.3, until M10), the
// number maps to the key Keys lists first.
func (e *RulesEdition) reindex() {
	e.keys = make(map[RuleNumber]Key, len(e.numbers))
	for _, k := range Keys() {
		if n, ok := e.numbers[k]; ok {
			if _, taken := e.keys[n]; !taken {
				e.keys[n] = k
			}
		}
	}
}

// builtin is the table in numbering.go, expanded once.
var builtin = sync.OnceValue(func() []*RulesEdition {
	var out []*RulesEdition
	var prev *RulesEdition
	for _, c := range corpusEditions {
		e := newEdition(c.file, date(c.date))
		e.Source = "built-in table (" + c.file + ".txt)"
		types := &TypeLists{Subtypes: defaultSubtypes}
		e.Symbols = SymbolSet(c.symbols)
		if prev != nil {
			for k, n := range prev.numbers {
				e.set(k, n)
			}
			types.CardTypes, types.Supertypes = prev.Types.CardTypes, prev.Types.Supertypes
			if c.symbols == 0 {
				e.Symbols = prev.Symbols
			}
		}
		for _, f := range strings.Fields(c.set) {
			k, num, _ := strings.Cut(f, "=")
			n, err := rules.ParseNumber(num)
			if err != nil {
				panic("numbering.go: " + f)
			}
			e.set(Key(k), n)
		}
		for _, k := range strings.Fields(c.drop) {
			e.set(Key(k), RuleNumber{})
		}
		if c.cardTypes != "" {
			types.CardTypes = strings.Split(c.cardTypes, ",")
		}
		if c.supertypes != "" {
			types.Supertypes = strings.Split(c.supertypes, ",")
		}
		e.Types = types.index()
		e.reindex()
		out = append(out, e)
		prev = e
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Effective.Before(out[j].Effective) })
	return out
})

// Editions returns the built-in editions, one per corpus file, oldest first.
func Editions() []*RulesEdition { return builtin() }

// Latest is the newest built-in edition.
func Latest() *RulesEdition { eds := builtin(); return eds[len(eds)-1] }

// EditionAt returns the rules in force on day t: the newest built-in
// edition effective on or before t, with the date-switched behaviour of t
// itself. A zero t (a prose edition with no date) gets the oldest edition's
// numbering and the oldest behaviour.
func EditionAt(t time.Time) *RulesEdition {
	eds := builtin()
	base := eds[0]
	for _, e := range eds {
		if !e.Effective.After(t) {
			base = e
		}
	}
	if base.Effective.Equal(t) {
		return base
	}
	e := *base
	e.Effective = t
	if t.IsZero() {
		e.ID = "classic"
	} else {
		e.ID = t.Format(time.DateOnly)
	}
	e.Source = base.Source + ", behaviour of " + e.ID
	e.setBehaviour()
	return &e
}

// EditionByID returns the built-in edition whose ID (corpus file date) is id,
// or, for any other date "2006-01-02", EditionAt that day; "latest" is the
// newest.
func EditionByID(id string) (*RulesEdition, error) {
	if id == "latest" || id == "" {
		return Latest(), nil
	}
	for _, e := range builtin() {
		if e.ID == id {
			return e, nil
		}
	}
	t, err := time.Parse(time.DateOnly, id)
	if err != nil {
		return nil, fmt.Errorf("unknown edition %q: want a date like 2026-01-16, or latest", id)
	}
	return EditionAt(t), nil
}

// Overlay returns a copy of e, named after o, with the rule numbers o's text
// gave and o's type lists if they are complete. It serves editions that
// print only part of the rules (an excerpt): the table supplies what the
// excerpt lacks, the excerpt's own text wins where it speaks.
func (e *RulesEdition) Overlay(o *RulesEdition) *RulesEdition {
	c := *e
	c.ID, c.Source = o.ID, e.Source+" + "+o.Source
	c.numbers = make(map[Key]RuleNumber, len(e.numbers))
	for k, n := range e.numbers {
		c.numbers[k] = n
	}
	for k, n := range o.numbers {
		c.numbers[k] = n
	}
	if o.Types != nil && o.Types.Complete {
		c.Types = o.Types
	}
	c.Notes = append(append([]string(nil), e.Notes...), o.Notes...)
	c.reindex()
	return &c
}

// RuleText is one numbered entry's text (Number set: a chapter's is its
// title, "Damage"), or one glossary entry's (Term set), as handed to
// FromRules.
type RuleText struct {
	Number RuleNumber
	Term   string
	Text   string
}

// FromRules builds an edition from its own rule texts: each key's number is
// found by what the rule says, the type lists are read from the rules that
// list them (or the glossary entries "Creature Type" and the like, in
// editions before 2009), and the mana symbols from the rule that lists them.
// Behaviour comes from the effective date. Rules the text lacks keep no
// number; rules found more than once are noted in Notes.
func FromRules(id string, effective time.Time, texts []RuleText) *RulesEdition {
	e := newEdition(id, effective)
	e.Source = "rules text"
	found := FindKeys(texts)
	for _, k := range Keys() {
		ns := found[k]
		if len(ns) == 0 {
			continue
		}
		if len(ns) > 1 && !(k == KeyManaEmpty && len(ns) == 2) {
			e.Notes = append(e.Notes, fmt.Sprintf("%s: %d rules match (%s); using the first", k, len(ns), joinNumbers(ns)))
		}
		e.set(k, ns[0].Number)
	}
	types := &TypeLists{Subtypes: map[SubtypeKind][]string{}, Complete: true}
	byKey := map[Key]string{}
	for k, ns := range found {
		byKey[k] = ns[0].Text
	}
	types.CardTypes = lowerAll(ParseTypeList(byKey[KeyCardTypes]))
	types.Supertypes = lowerAll(ParseTypeList(byKey[KeySupertypes]))
	for k, kind := range map[Key]SubtypeKind{
		KeyCreatureTypes: CreatureType, KeyLandTypes: LandType, KeyArtifactTypes: ArtifactType,
		KeyEnchantTypes: EnchantmentType, KeyWalkerTypes: PlaneswalkerType, KeySpellTypes: SpellType,
		KeyPlanarTypes: PlanarType,
	} {
		if l := ParseTypeList(byKey[k]); len(l) > 0 {
			types.Subtypes[kind] = l
		}
	}
	for _, t := range texts {
		if t.Term == "" {
			continue
		}
		if kind, ok := glossaryKinds[fold(t.Term)]; ok && len(types.Subtypes[kind]) == 0 {
			types.Subtypes[kind] = ParseTypeList(t.Text)
		}
	}
	fallbackTypes(types, effective)
	if len(types.Subtypes[CreatureType]) == 0 {
		types.Complete = false
		for k, l := range defaultSubtypes {
			if len(types.Subtypes[k]) == 0 {
				types.Subtypes[k] = l
			}
		}
		e.Notes = append(e.Notes, "no creature type list in the text; using the engine's short list")
	}
	e.Types = types.index()
	e.Symbols = SymbolsIn(byKey[KeyManaSymbols])
	e.reindex()
	return e
}

var glossaryKinds = map[string]SubtypeKind{
	"creature type": CreatureType, "creature types": CreatureType,
	"land type": LandType, "land types": LandType,
	"artifact type": ArtifactType, "artifact types": ArtifactType,
	"enchantment type": EnchantmentType, "enchantment types": EnchantmentType,
	"planeswalker type": PlaneswalkerType, "planeswalker types": PlaneswalkerType,
	"spell type": SpellType, "spell types": SpellType, "instant type": SpellType, "sorcery type": SpellType,
}

// fallbackTypes fills card types and supertypes for editions that don't list
// them (supertypes were first listed in 2009; card types in 2004).
func fallbackTypes(l *TypeLists, t time.Time) {
	if len(l.CardTypes) == 0 {
		l.CardTypes = []string{"artifact", "creature", "enchantment", "instant", "land", "sorcery"}
	}
	if len(l.Supertypes) == 0 {
		l.Supertypes = []string{"basic", "legendary", "world"}
		if !t.Before(date("2006-07-15")) {
			l.Supertypes = append(l.Supertypes, "snow")
		}
	}
}

func lowerAll(s []string) []string {
	for i := range s {
		s[i] = strings.ToLower(s[i])
	}
	return s
}

func joinNumbers(rs []RuleText) string {
	var b []string
	for _, r := range rs {
		b = append(b, r.Number.String())
	}
	return strings.Join(b, ", ")
}

// FindKeys runs every recognizer over numbered rule texts (chapters give
// their titles) and returns, for each key, the rules that match it in
// document order.
func FindKeys(texts []RuleText) map[Key][]RuleText {
	out := map[Key][]RuleText{}
	titles := map[uint16]string{}
	for _, t := range texts {
		if t.Number.Level() == rules.LevelChapter {
			titles[t.Number.Chapter] = fold(t.Text)
		}
	}
	for _, t := range texts {
		if t.Number.Level() < rules.LevelRule {
			continue
		}
		f := fold(t.Text)
		for i := range recognizers {
			r := &recognizers[i]
			if r.matches(t.Number, f, titles) {
				out[r.key] = append(out[r.key], t)
			}
		}
	}
	return out
}

// SymbolsIn reads which kinds of mana symbol a rule listing them ("The mana
// symbols are {W}, …") names. Colored, generic and variable symbols are
// assumed even when the text predates braces.
func SymbolsIn(text string) SymbolSet {
	s := SymbolSet(1<<SymColored | 1<<SymGeneric | 1<<SymVariable)
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			break
		}
		if sym, err := ParseSymbol(text[i+1 : i+j]); err == nil {
			s |= 1 << sym.Kind
		}
		text = text[i+j+1:]
	}
	return s
}

// symbolFeature names a symbol kind for messages.
var symbolFeature = map[SymbolKind]string{
	SymColorless: "the colorless mana symbol {C}", SymSnow: "the snow symbol {S}",
	SymHybrid: "hybrid mana symbols", SymMonoHybrid: "monocolored hybrid symbols",
	SymPhyrexian: "Phyrexian mana symbols", SymHybridPhyrexian: "hybrid Phyrexian mana symbols",
}

// CheckCost reports a mana symbol the edition doesn't have (the rules of 2007
// have no Phyrexian mana).
func (e *RulesEdition) CheckCost(c ManaCost) error {
	for _, s := range c {
		if s.Kind == SymTap || s.Kind == SymUntap || e.Symbols.Has(s.Kind) {
			continue
		}
		return fmt.Errorf("%s: %s don't exist in %s", s, symbolFeature[s.Kind], e)
	}
	return nil
}
