package views

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/rules"
)

// Sandbox URLs. A bundled scenario's page is addressed by the example it
// demonstrates (/sandbox/2026-01-16/704.5j/1) or, for one that quotes a
// passage instead, by name (/sandbox/scenario/legend-rule); scenario text a
// reader wrote lives in the URL of /sandbox/run.

// SandboxIndexURL lists the bundled scenarios.
func (p Paths) SandboxIndexURL() string { return p.sandboxURL("/sandbox") }

// SandboxScenarioURL is a bundled scenario's page by its name ("legend-rule").
func (p Paths) SandboxScenarioURL(name string) string {
	return p.sandboxURL("/sandbox/scenario/" + url.PathEscape(name))
}

// SandboxScenarioUnderURL runs a bundled scenario under edition ed's
// rules. A static export with no sandbox server has one page for them all,
// which takes no parameters.
func (p Paths) SandboxScenarioUnderURL(name, ed string) string {
	u := p.SandboxScenarioURL(name)
	if p.Static && p.Sandbox == "" {
		return u
	}
	return u + "?rules=" + url.QueryEscape(ed)
}

// NewestRuleURL is a rule number's page in the newest edition that has it.
func (p Paths) NewestRuleURL(number string) string {
	return p.Base + "/rules/" + url.PathEscape(number)
}

// SandboxExampleURL runs the n-th example (from 1) of a rule or, in a
// prose edition, a topic: where is "704.5j" or the topic's slug.
func (p Paths) SandboxExampleURL(ed, where string, n int) string {
	return p.sandboxURL("/sandbox/" + ed + "/" + url.PathEscape(where) + "/" + strconv.Itoa(n))
}

// SandboxRunURL runs scenario text given in the request.
func (p Paths) SandboxRunURL() string { return p.sandboxURL("/sandbox/run") }

// SandboxPage shows a scenario run in the sandbox: what it demonstrates,
// the state after one step, the steps with the rules each applied, the
// expectations, and an editor. Everything the page shows comes from the
// request: the server keeps nothing between requests.
type SandboxPage struct {
	Page
	Title    string   // the scenario's title
	Rules    []string // the rule numbers on its scenario line
	Range    string   // "editions from 2013-07-11"
	Example  *SandboxExample
	Quotes   []string // passages the scenario demonstrates, when not an example
	Others   []Link   // other scenarios for the same example
	Original Link     // for edited text: the bundled page it came from, if any

	// The editor.
	ScenarioText string         // the scenario text
	From         string         // the ex parameter: where the text came from
	Errors       []SandboxError // parse errors, or the line the run stopped at
	Notice       string         // a problem with the whole request: a limit, a bad parameter

	// Whose rules run.
	RunUnder []SandboxEdition
	Running  SandboxEdition // the selected one
	// Seed seeds the run's shuffles (the scenario's seed line, or the
	// seed parameter); Shuffles says whether the run shuffled at all, so
	// the page offers to run it with another seed.
	Seed     uint64
	Shuffles bool

	Board engine.Board
	// Start is the state after setup, for print, which shows every
	// step's state (nil when the run stopped in setup).
	Start *engine.Board
	Table *Table // how boards are shown: in words, hidden zones hidden
	// Invented are the cards whose text the scenario made up.
	Invented []string
	// FromData are the cards the scenario named only, read from the card
	// data.
	FromData CardsFromData
	Step     int // the step whose state is shown; 0 is the state after setup
	Last     int // the last step that ran
	Steps    []SandboxStep
	Expects  []SandboxExpect
	Fired    []SandboxFired // the rules the run applied, in the order first applied
	// Open shows the scenario's source and checks unfolded: text the
	// reader wrote, or one with problems.
	Open bool
	// ExpectNote explains why expectations weren't checked (the run stopped
	// early), or is empty.
	ExpectNote string
	Choice     *SandboxChoice
	Nav        SandboxNav
	Share      string // absolute path of a URL holding the whole state; "" if too long
	ShareNote  string // why there is no share URL
	// Site is the scheme and host the share URL is written with
	// ("https://arbiter.example"), from the request, so the box holds a
	// URL to paste anywhere without script; "" leaves it a path (a static
	// copy, where sandbox.js completes it).
	Site string
}

// ShareURL is the URL the share box offers.
func (p SandboxPage) ShareURL() string { return p.Site + p.Share }

// Link is a label and where it leads.
type Link struct {
	Label, URL string
}

// SandboxExample is the printed example a scenario demonstrates.
type SandboxExample struct {
	Edition *rules.Edition
	Where   Link // the rule ("704.5j") or prose topic that prints it
	N       int  // 1-based among its examples
	Text    rules.Text
}

// SandboxError is a problem at one line of the scenario text.
type SandboxError struct {
	Line   int
	Msg    string
	Source string // the line's text, trimmed
}

// SandboxEdition is an edition whose rules a scenario can run under.
type SandboxEdition struct {
	ID, Name string
}

// SandboxStep is one step of the scenario. The scenario's verify lines,
// which check something rather than do it, are not steps here.
type SandboxStep struct {
	N        int // 1-based
	Line     int
	Text     string        // as the scenario writes it
	Say      string        // what happens, in words: "Alice casts Shock targeting Bob."
	Asked    string        // the choice it answers: "Alice must choose: …"
	Board    *engine.Board // the state after it, for print; nil if not printed
	Ran      bool          // the run reached and performed it
	Failed   string
	Rejected string // the engine refused it, as the scenario expected
	Events   []SandboxEvent
	More     int // events not listed
}

// SandboxEvent is one thing a step made happen.
type SandboxEvent struct {
	Text string
	Rule string // "704.5j", "" if the edition has no number for it
	URL  string // the rule's page in the edition run, "" if not loaded there
	SBA  bool
}

// SandboxFired is a rule the run applied and how often.
type SandboxFired struct {
	Rule  string
	URL   string
	Times int
}

// SandboxExpect is one expectation's result.
type SandboxExpect struct {
	Line int
	Text string
	OK   bool
	Got  string
	Rule string
	URL  string
}

// SandboxChoice is a choice the rules asked for that the scenario doesn't
// answer: each option is the step that would answer it.
type SandboxChoice struct {
	Prompt  string
	Options []SandboxOption
	After   int // the line the answer goes after
}

// SandboxOption is one answer to a choice: the step that gives it, and
// that step in words.
type SandboxOption struct {
	Step, Say string
}

// Field is a form field's name and value.
type Field struct {
	Name, Value string
}

// SandboxNav says how the page's controls reach another step or edition:
// links to Action with Fields in the query (GET), or, when the state is too
// long for a URL, buttons posting Fields to Action.
type SandboxNav struct {
	Action string
	Post   bool
	Fields []Field // everything but rules and step
	Rules  string  // the rules parameter, "" for the default
	Seed   string  // the seed parameter, "" for the scenario's own seed
}

// URL is the address of step k, "" when the controls post instead. The
// start is the default, so its URL has no step.
func (n SandboxNav) URL(k int) string {
	if n.Post {
		return ""
	}
	v := url.Values{}
	for _, f := range n.Fields {
		v.Set(f.Name, f.Value)
	}
	if n.Rules != "" {
		v.Set("rules", n.Rules)
	}
	if n.Seed != "" {
		v.Set("seed", n.Seed)
	}
	if k != 0 {
		v.Set("step", strconv.Itoa(k))
	}
	if len(v) == 0 {
		return n.Action
	}
	return n.Action + "?" + v.Encode()
}

// SandboxIndex lists the bundled scenarios by section.
type SandboxIndex struct {
	Page
	Games  []SandboxIndexItem // whole games of several turns, offered first
	Groups []SandboxGroup
	NewURL string
}

// SandboxGroup is the scenarios showing rules of one section.
type SandboxGroup struct {
	Key   string // "7", or "other"
	Name  string // "7. Additional Rules"
	Items []SandboxIndexItem
}

// SandboxIndexItem is one bundled scenario: its page (the newest edition
// printing its example, or its own) and what it shows.
type SandboxIndexItem struct {
	Title, URL string
	Name       string
	Rule       string // the first rule on its scenario line
	Range      string
	Printed    int  // editions printing an example it runs
	Passage    bool // it shows a passage (quote:) rather than an example
}

func scenarioCount(n int) string {
	if n == 1 {
		return "1 scenario"
	}
	return strconv.Itoa(n) + " scenarios"
}

// stepLabel heads the state shown: "After step 3", or "Start" for the
// state after setup.
func stepLabel(k int) string {
	if k == 0 {
		return "Start"
	}
	return "After step " + strconv.Itoa(k)
}

func stepClass(s SandboxStep, current int) string {
	switch {
	case s.Failed != "":
		return "failed"
	case !s.Ran:
		return "todo"
	case s.N == current:
		return "current"
	case s.N < current:
		return "done"
	}
	return "next"
}

// cardCount is "3 cards".
func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return strconv.Itoa(n) + " cards"
}

// maxCards is how many cards of one zone a page lists; a scenario may
// hold thousands of tokens, which no one reads one by one.
const maxCards = 60

func shownCards(z engine.ZoneView) []engine.CardView {
	if len(z.Cards) > maxCards {
		return z.Cards[len(z.Cards)-maxCards:]
	}
	return z.Cards
}

func hiddenCards(z engine.ZoneView) int {
	if len(z.Cards) > maxCards {
		return len(z.Cards) - maxCards
	}
	return 0
}

func passedCount(es []SandboxExpect) (ok int) {
	for _, e := range es {
		if e.OK {
			ok++
		}
	}
	return ok
}

func expectSummary(es []SandboxExpect) string {
	ok := passedCount(es)
	if ok == len(es) {
		return "All " + strconv.Itoa(len(es)) + " expectations hold after the last step."
	}
	return strconv.Itoa(len(es)-ok) + " of " + strconv.Itoa(len(es)) + " expectations fail after the last step."
}

// current marks the step shown.
func current(on bool) templ.Attributes {
	if on {
		return templ.Attributes{"aria-current": "step"}
	}
	return nil
}

func navMethod(n SandboxNav) string {
	if n.Post {
		return "post"
	}
	return "get"
}

func lineRef(n int) string { return "line " + strconv.Itoa(n) }

// now says what the state shown follows: the step in words, or the setup.
func (p SandboxPage) now() string {
	if p.Step > 0 {
		for _, s := range p.Steps {
			if s.N == p.Step {
				return s.Say
			}
		}
	}
	return "The game as the scenario sets it up, before anything happens."
}

// detailsSummary labels the folded source and checks with how the checks
// went, so a failing scenario shows without unfolding it.
func (p SandboxPage) detailsSummary() string {
	const s = "The scenario's text and checks"
	switch {
	case len(p.RunUnder) == 0:
		return "The scenario's text"
	case p.ExpectNote != "" || len(p.Expects) == 0:
		return s
	case passedCount(p.Expects) == len(p.Expects):
		return s + " (all " + strconv.Itoa(len(p.Expects)) + " hold)"
	}
	return s + " (" + strconv.Itoa(len(p.Expects)-passedCount(p.Expects)) + " of " + strconv.Itoa(len(p.Expects)) + " fail)"
}

// inventedNote explains the invented label: "Grizzly Bears is not the real
// card: the scenario wrote its text for the example."
// CardsFromData are the cards a scenario read from the card data, and the
// data's date.
type CardsFromData struct {
	Names []string
	Date  string
}

func inventedNote(names []string) string {
	switch len(names) {
	case 1:
		return names[0] + " here is not the real card of that name: the scenario made up its text to show the example."
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] +
		" here are not the real cards of those names: the scenario made up their text to show the example."
}

// unprinted counts the steps that ran whose state the page leaves out of
// print (SandboxStep.Board nil).
func unprinted(steps []SandboxStep) int {
	n := 0
	for _, s := range steps {
		if s.Ran && s.Board == nil {
			n++
		}
	}
	return n
}

func utoa(n uint64) string { return strconv.FormatUint(n, 10) }

// reshuffle is the address of the same step run with the next seed: the
// same scenario, shuffled another way.
func (p SandboxPage) reshuffle() string {
	n := p.Nav
	n.Seed = utoa(p.Seed + 1)
	return n.URL(p.Step)
}
