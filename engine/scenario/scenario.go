// Package scenario reads Arbiter's scenario language, a small line-oriented
// text a judge can read and edit, and runs scenarios on the engine: setup,
// steps, and expectations, under any edition's rules. See
// content/scenarios/README.md for the language.
//
// A scenario attaches to the printed examples it demonstrates by their text
// (Normalize), so it follows an example into every edition that prints it.
package scenario

import (
	"fmt"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/engine/variants"
)

// Limits on user scenarios: beyond them Parse or Run fails with a clear
// error instead of tying up the server.
const (
	MaxBytes = 16 << 10 // scenario text
	MaxSteps = 500
	// MaxSetup bounds the cards and tokens a setup puts into the game:
	// setup is not a game action, so the time budget can't stop it early
	// enough, and every step copies every object.
	MaxSetup = 200
	// MaxPlayers bounds the players line: a Grand Melee game (807) of
	// sixteen players has four turn markers.
	MaxPlayers = 16
	// DefaultBudget is Run's wall-clock budget unless Options say
	// otherwise. A scenario runs on one goroutine without blocking, so its
	// wall time is its CPU time.
	DefaultBudget = 50 * time.Millisecond
)

// Scenario is one parsed scenario. It is read-only once parsed, and can be
// run any number of times under any edition.
type Scenario struct {
	Name     string   // file name, or what the caller called it
	Title    string   // scenario "…"
	Rules    []string // rule numbers on the scenario line, as written
	Examples []string // example: lines, as written
	Quotes   []string // quote: lines (glossary or prose passages), as written
	From     time.Time
	Before   time.Time // zero: no upper bound
	// Numbering is the edition whose rule numbers "fired" and "rejected"
	// are written in (numbering DATE; default the newest).
	Numbering *engine.RulesEdition
	// Players are the players' names in the game: "Alice" and "Bob"
	// unless a players line names others. Short is how the text may also
	// write each ("A" and "B" for the default players; "" for none).
	Players []string
	Short   []string
	// Teams are the team lines: each a list of indexes into Players
	// (102.3). A player on none is a team of their own.
	Teams [][]int
	// Game is the variant and the multiplayer options the game is
	// played with (variant and option lines).
	Game variants.Game
	// Revealed are the hidden zones (400.2) the scenario shows face up to
	// whoever watches it (reveal lines); the sandbox otherwise shows the
	// game as the first player sees it.
	Revealed []Zone
	Life     int
	// Seed seeds the game's random source (seed N; default
	// engine.DefaultSeed), so shuffles come out the same every run.
	Seed    uint64
	HasSeed bool // the text has a seed line
	Cards   []*CardDecl
	Setup   []setupLine
	Steps   []*Step
	Expects []*ExpectBlock
	Text    string
	Line    int // the scenario line
}

// CardDecl is a card line: card NAME: COST TYPE-LINE P/T, keywords.
type CardDecl struct {
	Line      int
	Name      string
	Cost      cardtext.ManaCost
	TypeLine  string // checked against each edition's type lists when run
	Power     int
	Toughness int
	HasPT     bool
	PT        string // as written: "2/2", "*/1+*" (realcards.go compares it with the card data's)
	Loyalty   int    // a planeswalker's printed loyalty: "loyalty 3"
	// A vanguard card's modifiers: "hand +2", "life -3" (313.6, 313.7).
	HandMod, LifeMod int
	Modifiers        bool
	Keywords         []string
	Color            cardtext.Color
	HasColor         bool
	// Text is the card's rules text, one ability per "text:" line, read
	// by cardtext.ParseAbilities under each edition the scenario runs in.
	Text []TextLine
	// CDA: the printed power or toughness has a *, defined by a
	// characteristic-defining ability in the text (208.2a).
	CDA bool
	// Invented: the card line says "(invented)": its text or
	// characteristics are not the real card's Oracle text, so a page
	// showing it says so.
	Invented bool
	// FromData: the card line only named the card ("card Blood Moon"):
	// its characteristics and text are the card data's (carddata.go).
	FromData bool
	// The card's other face (faces.go): a double-faced card's back face
	// (Modal: a modal double-faced card's), a flip card's flipped half, a
	// split card's second half, an adventurer card's Adventure. A melded
	// permanent's face names the two cards it is melded from (MeldOf).
	Back, Flip, Half, Adventure *CardDecl
	Modal                       bool
	MeldOf                      []string
	split                       [2]string // a split card's halves' names
}

// Zone is one player's zone: "B hand".
type Zone struct {
	Player int // index into Players
	Zone   cardtext.Zone
}

// TextLine is one "text:" line of a card.
type TextLine struct {
	Line int
	Text string
}

// Step is one line of the steps section.
type Step struct {
	Line   int
	Text   string
	Reject bool         // "=> rejected": the engine must refuse the step
	Rule   registry.Key // "=> rejected 701.21a": the refusal must cite this rule
	build  func(*run) (engine.Action, error)
	choice bool // answers a choice the rules ask for ("A chooses Isamaru#1")
	all    bool // "resolve all": again until the stack is empty
	// verify is an expectation checked at this point of the run
	// ("verify Grizzly Bears types = land"), not a game action.
	verify check
	// Mentions are where the step's text names a player or an object,
	// in order, so a page can say them in its own words.
	Mentions []Mention
}

// IsCheck reports whether the step is a verify line: a check at that
// point of the run, not something that happens in the game.
func (s *Step) IsCheck() bool { return s.verify != nil }

// Mention is a player or object named in a step: Text[Start:End].
type Mention struct {
	Start, End int
	Player     int    // index into Players, or -1 for an object
	Object     string // the object as written: "Isamaru", "Isamaru#2", "Dwarf Berserker Token#1"
}

// Written is how the scenario's text writes player i: its short form if it
// has one ("A"), else its name.
func (s *Scenario) Written(i int) string {
	if i < len(s.Short) && s.Short[i] != "" {
		return s.Short[i]
	}
	return s.Players[i]
}

// IsRevealed reports whether a reveal line shows player i's zone z.
func (s *Scenario) IsRevealed(i int, z cardtext.Zone) bool {
	for _, r := range s.Revealed {
		if r.Player == i && r.Zone == z {
			return true
		}
	}
	return false
}

// Invented lists the cards whose line says "(invented)".
func (s *Scenario) Invented() []string {
	var out []string
	for _, d := range s.Cards {
		if d.Invented {
			out = append(out, d.Name)
		}
	}
	return out
}

// ExpectBlock is an expect section, applying to editions in [From, Before).
type ExpectBlock struct {
	Line   int
	From   time.Time
	Before time.Time
	Items  []*Expect
}

// Expect is one expectation line.
type Expect struct {
	Line  int
	Text  string
	check func(*run) (ok bool, got string, rule registry.Key)
}

// Applies reports whether the scenario is meant for editions in force at t
// (its edition line); a zero t is a prose edition older than any numbered one.
func (s *Scenario) Applies(t time.Time) bool { return inRange(t, s.From, s.Before) }

func inRange(t, from, before time.Time) bool {
	if !from.IsZero() && t.Before(from) {
		return false
	}
	if !before.IsZero() && !t.Before(before) {
		return false
	}
	return true
}

// Range describes the editions a scenario applies to: "editions from
// 2013-07-11", "all editions".
func (s *Scenario) Range() string { return rangeText(s.From, s.Before) }

func rangeText(from, before time.Time) string {
	switch {
	case from.IsZero() && before.IsZero():
		return "all editions"
	case before.IsZero():
		return "editions from " + from.Format(time.DateOnly)
	case from.IsZero():
		return "editions before " + before.Format(time.DateOnly)
	}
	return "editions from " + from.Format(time.DateOnly) + " before " + before.Format(time.DateOnly)
}

// MatchesExample reports whether the scenario demonstrates a printed example
// with this text.
func (s *Scenario) MatchesExample(text string) bool {
	n := Normalize(text)
	for _, e := range s.Examples {
		if Normalize(e) == n {
			return true
		}
	}
	return false
}

// MatchesText reports whether one of the scenario's quote: lines appears in
// a paragraph (a glossary definition or a prose topic).
func (s *Scenario) MatchesText(paragraph string) bool {
	n := Normalize(paragraph)
	for _, q := range s.Quotes {
		if strings.Contains(n, Normalize(q)) {
			return true
		}
	}
	return false
}

// Error is a problem at one line of a scenario.
type Error struct {
	Name string // scenario name, if known
	Line int
	Msg  string
	Err  error // the underlying error, if any (ErrBudget, an *engine.RuleError)
}

func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	if e.Name != "" {
		return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// ErrorList is every problem Parse found, in line order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}
