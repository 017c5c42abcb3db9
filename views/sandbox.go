package views

import (
	"context"
	"io"
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

	Board   engine.Board
	Step    int // the step whose state is shown; 0 is the state after setup
	Last    int // the last step that ran
	Steps   []SandboxStep
	Expects []SandboxExpect
	// ExpectNote explains why expectations weren't checked (the run stopped
	// early), or is empty.
	ExpectNote string
	Choice     *SandboxChoice
	Nav        SandboxNav
	Share      string // absolute path of a URL holding the whole state; "" if too long
	ShareNote  string // why there is no share URL
}

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

// SandboxStep is one step of the scenario.
type SandboxStep struct {
	N        int // 1-based
	Line     int
	Text     string
	Ran      bool // the run reached and performed it
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
	Options []string
	After   int // the line the answer goes after
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
}

// URL is the address of step k, "" when the controls post instead. The
// last step is the default, so its URL has no step.
func (n SandboxNav) URL(k, last int) string {
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
	if k != last {
		v.Set("step", strconv.Itoa(k))
	}
	if len(v) == 0 {
		return n.Action
	}
	return n.Action + "?" + v.Encode()
}

// SandboxIndex lists the bundled scenarios.
type SandboxIndex struct {
	Page
	Scenarios []SandboxIndexItem
	NewURL    string
}

// SandboxIndexItem is one bundled scenario and what it demonstrates.
type SandboxIndexItem struct {
	Title, URL string
	Name       string
	Rules      []string
	Range      string
	Examples   []SandboxIndexExample
	Quotes     []string
}

// SandboxIndexExample is an example a scenario demonstrates and where the
// loaded editions print it.
type SandboxIndexExample struct {
	Text  string
	Where []Link // newest first
	More  int    // older editions not listed
}

// Symbols draws a run of braced symbols ("{1}{W}") as the rules pages do.
func Symbols(s string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		var b []byte
		for s != "" {
			i := strings.IndexByte(s, '{')
			j := strings.IndexByte(s, '}')
			if i != 0 || j < 0 {
				b = appendEscaped(b, s)
				break
			}
			b = appendSymbol(b, s[:j+1])
			s = s[j+1:]
		}
		_, err := w.Write(b)
		return err
	})
}

// stepLabel is "Step 3 of 5", or "Start" for the state after setup.
func stepLabel(k, n int) string {
	if k == 0 {
		return "Start (after setup)"
	}
	return "After step " + strconv.Itoa(k) + " of " + strconv.Itoa(n)
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
