package scenario

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// Options control a run.
type Options struct {
	// Strict makes a choice the scenario didn't script an error (tests).
	// Otherwise the run stops at the choice and the trace's Pending says
	// what is asked, so the sandbox can ask the user.
	Strict bool
	// Budget bounds the run's time; 0 means DefaultBudget, negative none.
	Budget time.Duration
	// Clock, if set, is what Budget is measured by: the time the run has
	// taken so far. A server under load passes the CPU time the run used,
	// so that time spent waiting for a CPU doesn't count; nil means the
	// wall clock.
	Clock func() time.Duration
	// Seed, if set, seeds the game's random source instead of the
	// scenario's seed line: the same scenario shuffled another way.
	Seed *uint64
	// stepped, if set, sees each step's state as the step is done (a
	// test's look at what later steps must leave alone).
	stepped func(engine.State)
}

// ErrBudget is wrapped by the error of a run that took too long.
var ErrBudget = errors.New("scenario exceeded its time budget")

// ErrNotApplicable is wrapped when a scenario is run under an edition
// outside its edition line.
var ErrNotApplicable = errors.New("scenario doesn't apply to these rules")

// Trace is what a run did: the state after setup, then each step's state and
// events, then each expectation's result.
type Trace struct {
	Scenario *Scenario
	Edition  *engine.RulesEdition
	Start    engine.State
	Steps    []StepResult
	Expects  []Result
	// Pending is a choice the rules asked for that the scenario didn't
	// script (non-strict runs stop there).
	Pending *engine.Choice
	Err     error // the run failed: a bad step, a rejection that didn't happen, the budget
	// Allowed is the step the scenario says the engine refuses, when it
	// did not: Err says so too.
	Allowed *Step
	Elapsed time.Duration
}

// StepResult is one step's outcome.
type StepResult struct {
	Line     int
	Text     string
	State    engine.State // after the step (unchanged if rejected)
	Events   []engine.Event
	Rejected string // the engine's refusal, for a step expected to be rejected
}

// Result is one expectation's outcome.
type Result struct {
	Line int
	Text string
	OK   bool
	Got  string
	Key  registry.Key
	Rule engine.RuleNumber // the rule that decides it, in the run's edition; zero if none
}

// Final is the state after the last step that ran.
func (t *Trace) Final() engine.State {
	if len(t.Steps) == 0 {
		return t.Start
	}
	return t.Steps[len(t.Steps)-1].State
}

// Passed reports whether the run finished and every expectation held.
func (t *Trace) Passed() bool {
	if t.Err != nil || t.Pending != nil || len(t.Expects) == 0 {
		return false
	}
	for _, r := range t.Expects {
		if !r.OK {
			return false
		}
	}
	return true
}

// Failures lists what went wrong, one line each, for test output and the
// command line.
func (t *Trace) Failures() []string {
	var out []string
	if t.Err != nil {
		out = append(out, t.Err.Error())
	}
	if t.Pending != nil {
		out = append(out, "waiting for a choice: "+t.Pending.Prompt)
	}
	for _, r := range t.Expects {
		if !r.OK {
			out = append(out, fmt.Sprintf("line %d: expected %s; got %s", r.Line, r.Text, r.Got))
		}
	}
	return out
}

// Run runs a scenario under an edition's rules to its end, with no time
// budget: the budget is for text a server is sent (RunWith), and a test
// must not fail because its machine is busy (TestVocabulary did, at 50 ms
// of wall-clock time).
func Run(sc *Scenario, ed *engine.RulesEdition, strict bool) *Trace {
	return RunWith(context.Background(), sc, ed, Options{Strict: strict, Budget: -1})
}

// run is one run in progress.
type run struct {
	sc     *Scenario
	ed     *engine.RulesEdition
	st     engine.State
	cards  map[string]*cardtext.Card
	events []engine.Event
	later  []func() error // setup done once every object exists (attachments)
}

// RunWith runs a scenario with options and a context (cancellation stops it
// between steps).
func RunWith(ctx context.Context, sc *Scenario, ed *engine.RulesEdition, opt Options) *Trace {
	start := time.Now()
	t := &Trace{Scenario: sc, Edition: ed}
	defer func() { t.Elapsed = time.Since(start) }()
	budget := opt.Budget
	if budget == 0 {
		budget = DefaultBudget
	}
	took := opt.Clock
	if took == nil {
		took = func() time.Duration { return time.Since(start) }
	}
	over := func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if budget > 0 && took() > budget {
			return fmt.Errorf("%w: ran for more than %v", ErrBudget, budget)
		}
		return nil
	}
	if !sc.Applies(ed.Effective) {
		t.Err = fmt.Errorf("%w: %q is for %s, not %s", ErrNotApplicable, sc.Title, sc.Range(), ed)
		return t
	}
	seed := sc.Seed
	if opt.Seed != nil {
		seed = *opt.Seed
	}
	r := &run{sc: sc, ed: ed, st: engine.NewState(sc.Life, sc.Players...).Seeded(seed).Under(ed), cards: map[string]*cardtext.Card{}}
	for _, team := range sc.Teams {
		for _, i := range team {
			r.st = r.st.EditPlayer(engine.PlayerID(i), func(pl *engine.Player) { pl.Team = team[0] })
		}
	}
	r.st.Game = sc.Game
	st, err := r.st.Begin(ed)
	if err != nil {
		t.Err = &Error{Name: sc.Name, Line: sc.Line, Msg: err.Error(), Err: err}
		return t
	}
	r.st = st
	for _, d := range sc.Cards {
		if _, err := r.card(d.Name); err != nil {
			t.Err = err
			return t
		}
	}
	r.st.Reference = r.cards // the scenario's cards are its Oracle card reference (111.11)
	for _, s := range sc.Setup {
		if err := over(); err != nil {
			t.Err = r.lineErr(s.line, err)
			return t
		}
		if err := s.apply(r); err != nil {
			t.Err = r.lineErr(s.line, err)
			return t
		}
	}
	for _, f := range r.later {
		if err := f(); err != nil {
			t.Err = &Error{Name: sc.Name, Line: sc.Line, Msg: err.Error(), Err: err}
			return t
		}
	}
	r.st = r.st.TurnBegun() // the turn the game is set up in began with this seating (801.2c)
	t.Start = r.st
	for i, s := range sc.Steps {
		if err := over(); err != nil {
			t.Err = r.lineErr(s.Line, err)
			return t
		}
		if s.verify != nil {
			ok, got, k := s.verify(r)
			t.Expects = append(t.Expects, Result{Line: s.Line, Text: s.Text, OK: ok, Got: got, Key: k, Rule: ed.Rule(k)})
			// A step that changed nothing, so steps and results stay in
			// step.
			t.Steps = append(t.Steps, StepResult{Line: s.Line, Text: s.Text, State: r.st})
			continue
		}
		res, err := r.step(s)
		if err != nil {
			t.Err = err
			if errors.Is(err, errRejectionAllowed) {
				t.Allowed = s
			}
			return t
		}
		t.Steps = append(t.Steps, res)
		if opt.stepped != nil {
			opt.stepped(res.State)
		}
		if p := r.st.Pending; p != nil {
			next := i + 1
			if next < len(sc.Steps) && sc.Steps[next].choice {
				continue
			}
			if opt.Strict {
				t.Err = r.lineErr(s.Line, fmt.Errorf("the rules ask %s to choose (%s%s), but the scenario doesn't say what; add a step like: %s",
					p.Who(&r.st), p.Prompt, r.citeParen(p.Key), answerStep(sc, p, r.hint(p))))
			} else {
				t.Pending = p
			}
			return t
		}
	}
	var blocks int
	for _, b := range sc.Expects {
		if !inRange(ed.Effective, b.From, b.Before) {
			continue
		}
		blocks++
		for _, e := range b.Items {
			if err := over(); err != nil {
				t.Err = r.lineErr(e.Line, err)
				return t
			}
			ok, got, k := e.check(r)
			t.Expects = append(t.Expects, Result{Line: e.Line, Text: e.Text, OK: ok, Got: got, Key: k, Rule: ed.Rule(k)})
		}
	}
	if blocks == 0 {
		t.Err = &Error{Name: sc.Name, Line: sc.Line, Msg: fmt.Sprintf("no expect section applies to %s", ed)}
	}
	return t
}

var errRejectionAllowed = errors.New("expected the engine to reject this step, but it was allowed")

// step runs one step and checks a rejection it expects. A player who acts
// without priority gets it first from the players before them passing in
// turn (117.3d), as long as that doesn't resolve anything.
func (r *run) step(s *Step) (StepResult, error) {
	res := StepResult{Line: s.Line, Text: s.Text}
	a, err := s.build(r)
	if err == nil {
		st, evs := r.st, []engine.Event(nil)
		if p, ok := engine.NeedsPriority(st, a); ok && st.Pending == nil {
			st, evs, err = r.giveTo(st, p)
		}
		if err == nil {
			var more []engine.Event
			st, more, err = engine.Apply(r.ed, st, a)
			evs = append(evs, more...)
			for n := 0; err == nil && s.all && st.StackTop() != nil && st.Pending == nil && n < 100; n++ {
				st, more, err = engine.Apply(r.ed, st, engine.ResolveTop{})
				evs = append(evs, more...)
			}
		}
		if err == nil {
			if s.Reject {
				return res, r.lineErr(s.Line, errRejectionAllowed)
			}
			r.st = st
			r.events = append(r.events, evs...)
			res.State, res.Events = st, evs
			return res, nil
		}
	}
	if !s.Reject {
		return res, r.lineErr(s.Line, err)
	}
	if s.Rule != "" {
		var re *engine.RuleError
		// Keys that share a number in this edition are the same rule
		// for the reader (601.2c's targets and its one-per-word).
		if !errors.As(err, &re) || re.Key != s.Rule && (re.Rule.IsZero() || re.Rule != r.ed.Rule(s.Rule)) {
			return res, r.lineErr(s.Line, fmt.Errorf("rejected, but not by %s as expected: %v", r.cite(s.Rule), err))
		}
	}
	res.State, res.Rejected = r.st, err.Error()
	return res, nil
}

// giveTo passes priority around until player p has it.
func (r *run) giveTo(st engine.State, p engine.PlayerID) (engine.State, []engine.Event, error) {
	var evs []engine.Event
	for i := 0; !st.HasPriority(p) && i < len(st.Players); i++ {
		if st.Passes+1 >= st.PassesToEnd() {
			what := "the step would end"
			if st.StackTop() != nil {
				what = st.StackTop().Label + " would resolve"
			}
			return st, nil, fmt.Errorf("%s doesn't have priority: %s has it, and if %s passed %s; write \"resolve\" or \"%s passes\" first",
				st.Players[p].Name, st.Players[st.Priority].Name, st.Players[st.Priority].Name, what, r.sc.Written(int(st.Priority)))
		}
		var more []engine.Event
		var err error
		var pass engine.Action = engine.PassPriority{Player: st.Priority}
		if by := st.Decider(st.Priority); by != st.Priority {
			pass = engine.ActFor{By: by, Action: pass} // 722.5
		}
		st, more, err = engine.Apply(r.ed, st, pass)
		if err != nil {
			return st, nil, err
		}
		evs = append(evs, more...)
	}
	return st, evs, nil
}

func (r *run) lineErr(line int, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Name: r.sc.Name, Line: line, Msg: err.Error(), Err: err}
}

// player maps a declared name to its ID; Parse only accepts declared names.
func (r *run) player(name string) engine.PlayerID {
	id, _ := r.st.Player(name)
	return id
}

// card builds a declared card's characteristics under this run's edition:
// its type line against the edition's type lists, its mana symbols against
// those the edition has.
func (r *run) card(name string) (*cardtext.Card, error) {
	if c, ok := r.cards[strings.ToLower(name)]; ok {
		return c, nil
	}
	var d *CardDecl
	for _, x := range r.sc.Cards {
		if strings.EqualFold(x.Name, name) {
			d = x
		}
	}
	if d == nil {
		return nil, fmt.Errorf("no card %q is declared", name)
	}
	if m := meldDecl(r.sc, d.Name); m != nil || d.MeldOf != nil {
		return r.meldCard(d, m)
	}
	first := d.Name
	if d.split[0] != "" {
		first = d.split[0] // the card line is its first half
	}
	c, err := r.face(d, first)
	if err != nil {
		return nil, err
	}
	switch {
	case d.Back != nil:
		back, err := r.face(d.Back, d.Back.Name)
		if err != nil {
			return nil, err
		}
		c = cardtext.DoubleFaced(c, back, d.Modal)
	case d.Flip != nil:
		flip, err := r.face(d.Flip, d.Flip.Name)
		if err != nil {
			return nil, err
		}
		c = cardtext.FlipCard(c, flip)
	case d.Half != nil:
		right, err := r.face(d.Half, d.Half.Name)
		if err != nil {
			return nil, err
		}
		c = cardtext.SplitCard(c, right)
	case d.Adventure != nil:
		adv, err := r.face(d.Adventure, d.Adventure.Name)
		if err != nil {
			return nil, err
		}
		if !adv.Types.Is("instant") && !adv.Types.Is("sorcery") || !adv.Types.HasSubtype("Adventure") {
			return nil, &Error{Name: r.sc.Name, Line: d.Adventure.Line, Msg: fmt.Sprintf("adventure %s: an Adventure is an instant or sorcery with the subtype Adventure (715.2), not %s", adv.Name, adv.Types)}
		}
		c = cardtext.AdventurerCard(c, adv)
	}
	r.cards[strings.ToLower(name)] = c
	return c, nil
}

// face builds one declared face's characteristics, named name.
func (r *run) face(d *CardDecl, name string) (*cardtext.Card, error) {
	fail := func(err error) error {
		return &Error{Name: r.sc.Name, Line: d.Line, Msg: fmt.Sprintf("card %s under %s: %v", name, r.ed, err)}
	}
	if err := r.ed.CheckCost(d.Cost); err != nil {
		return nil, fail(err)
	}
	tl, err := cardtext.ParseTypeLine(d.TypeLine, r.ed.Types)
	if err != nil {
		return nil, fail(err)
	}
	// 208.3: a Vehicle (or a Spacecraft) is a noncreature card with a
	// power and toughness printed on it.
	if d.HasPT && !tl.Is("creature") && !tl.HasSubtype("Vehicle") && !tl.HasSubtype("Spacecraft") {
		return nil, fail(errors.New("only creatures, Vehicles and Spacecraft have a power and toughness printed on them"))
	}
	if d.Modifiers && !tl.Is("vanguard") {
		return nil, fail(errors.New("only vanguard cards have hand and life modifiers"))
	}
	if d.Loyalty > 0 && !tl.Is("planeswalker") {
		return nil, fail(errors.New("only planeswalkers have loyalty"))
	}
	c := &cardtext.Card{Name: name, Cost: d.Cost, Types: tl, Power: d.Power, Toughness: d.Toughness, HasPT: d.HasPT,
		Loyalty: d.Loyalty, Keywords: d.Keywords, Color: d.Color, HasColor: d.HasColor, HandMod: d.HandMod, LifeMod: d.LifeMod}
	cda := false
	for _, l := range d.Text {
		abs, err := cardtext.ParseAbilities(name, l.Text, d.spell(), r.ed.Types)
		if err != nil {
			return nil, &Error{Name: r.sc.Name, Line: l.Line, Msg: fmt.Sprintf("card %s under %s: %v", name, r.ed, err)}
		}
		for _, a := range abs {
			cda = cda || a.CDA
		}
		c.Abilities = append(c.Abilities, abs...)
	}
	if c.Abilities, err = engine.FoldModes(c.Abilities); err != nil {
		return nil, fail(err)
	}
	if d.CDA && !cda {
		return nil, fail(errors.New("a * in power or toughness needs a characteristic-defining ability on a text: line, like \"~'s power and toughness are each equal to …\""))
	}
	return c, nil
}

// object finds the object a reference means now. A bare name must be
// unambiguous; if several objects have it, those in prefer count first.
func (r *run) object(ref ref, prefer cardtext.Zone) (*engine.Object, error) {
	if ref.Index != 0 {
		if o := r.st.ByLabel(ref.String()); o != nil {
			return o, nil
		}
		return nil, fmt.Errorf("%s doesn't exist (any more)", ref)
	}
	var all []*engine.Object
	for i := range r.st.Objects {
		if ref.matches(r.st.Objects[i].Label) {
			all = append(all, r.st.Objects[i])
		}
	}
	if len(all) > 1 && ref.Face != "" {
		// Written with another face's name: the objects with that face up.
		var up []*engine.Object
		for _, o := range all {
			if strings.EqualFold(r.st.Chars(o).Name, ref.Face) {
				up = append(up, o)
			}
		}
		if len(up) > 0 {
			all = up
		}
	}
	if len(all) > 1 && prefer != 0 {
		var in []*engine.Object
		for _, o := range all {
			if o.Zone == prefer {
				in = append(in, o)
			}
		}
		if len(in) > 0 {
			all = in
		}
	}
	switch len(all) {
	case 0:
		return nil, fmt.Errorf("there is no %s in the game", ref.Name)
	case 1:
		return all[0], nil
	}
	var where []string
	for _, o := range all {
		where = append(where, o.Label+" ("+r.where(o)+")")
	}
	return nil, fmt.Errorf("%q could be %s; write which, like %s", ref.Name, strings.Join(where, " or "), all[0].Label)
}

// chars is an object's current characteristics; a declared card with no
// object in the game answers with its printed characteristics.
func (r *run) chars(ref ref) (engine.Chars, *engine.Object, error) {
	o, err := r.object(ref, 0)
	if err == nil {
		return r.st.Chars(o), o, nil
	}
	if ref.Index == 0 {
		found := false
		for _, x := range r.st.Objects {
			found = found || ref.matches(x.Label)
		}
		if !found {
			c, cerr := r.card(ref.Name)
			if cerr != nil {
				return engine.Chars{}, nil, cerr
			}
			tmp := engine.Object{Card: c, Zone: cardtext.Library}
			return r.st.Chars(&tmp), nil, nil
		}
	}
	return engine.Chars{}, nil, err
}

// where names an object's zone for messages: "A's graveyard", "the battlefield".
func (r *run) where(o *engine.Object) string {
	if o.Zone.Private() {
		return r.st.Players[o.Owner].Name + "'s " + o.Zone.String()
	}
	return r.ed.ZoneName(o.Zone)
}

// answerStep is a step that answers a pending choice with what: "A chooses
// Isamaru#1", or for an order "A orders triggers: Soul Net#1, Dingus Egg#1".
func answerStep(sc *Scenario, p *engine.Choice, what string) string {
	who := sc.Written(int(p.Player))
	if p.By != p.Player {
		// The player controlling them decides (722.5).
		who = sc.Written(int(p.By)) + " for " + who
	}
	if p.Order {
		return who + " orders triggers: " + what
	}
	return who + " chooses " + what
}

// hint is one answer a pending choice accepts, for the message that asks
// for it: an object, a word ("yes"), a player, or an order.
func (r *run) hint(p *engine.Choice) string {
	switch {
	case p.Order:
		return strings.Join(p.Words, ", ")
	case len(p.Labels) > 0:
		return p.Labels[0]
	case len(p.Options) > 0:
		return r.label(p.Options[0])
	case len(p.Words) > 0:
		return p.Words[0]
	case len(p.Players) > 0:
		return r.sc.Written(int(p.Players[0]))
	}
	return "nothing"
}

func (r *run) label(id cardtext.ObjectID) string {
	if o := r.st.Object(id); o != nil {
		return o.Label
	}
	return "?"
}

// cite names a key's rule in this edition: "704.5j", or the key itself if
// the edition has no number for it.
func (r *run) cite(k registry.Key) string {
	if n := r.ed.Rule(k); !n.IsZero() {
		return n.String()
	}
	return string(k)
}

func (r *run) citeParen(k registry.Key) string {
	if n := r.ed.Rule(k); !n.IsZero() {
		return ", " + n.String()
	}
	return ""
}

// ChoiceSteps are the steps that would answer the pending choice, one per
// option ("A chooses Isamaru#1"), for the sandbox to offer; insert the one
// picked after the last step run (InsertStep) and run again.
func (t *Trace) ChoiceSteps() []string {
	p := t.Pending
	if p == nil {
		return nil
	}
	st := t.Final()
	var out []string
	if p.Order {
		// The order they triggered in, and the reverse.
		rev := slices.Clone(p.Words)
		slices.Reverse(rev)
		return []string{answerStep(t.Scenario, p, strings.Join(p.Words, ", ")), answerStep(t.Scenario, p, strings.Join(rev, ", "))}
	}
	for i, id := range p.Options {
		switch o := st.Object(id); {
		case i < len(p.Labels) && p.Labels[i] != "":
			out = append(out, answerStep(t.Scenario, p, p.Labels[i]))
		case o != nil:
			out = append(out, answerStep(t.Scenario, p, o.Label))
		}
	}
	return out
}

// LastLine is the line of the last step that ran, 0 if none.
func (t *Trace) LastLine() int {
	if len(t.Steps) == 0 {
		return 0
	}
	return t.Steps[len(t.Steps)-1].Line
}

// InsertStep returns a scenario's text with step inserted as a new line after
// line after (1-based), indented like that line.
func InsertStep(text string, after int, step string) string {
	lines := strings.Split(text, "\n")
	if after < 1 || after > len(lines) {
		return text
	}
	prev := lines[after-1]
	indent := prev[:len(prev)-len(strings.TrimLeft(prev, " \t"))]
	out := make([]string, 0, len(lines)+1)
	out = append(out, lines[:after]...)
	out = append(out, indent+step)
	return strings.Join(append(out, lines[after:]...), "\n")
}

// option finds the pending choice's option a reference names, by the
// option's label as the choice was asked: it may be an object the paused
// action made, such as a card it drew. ok is false if no option has that
// name.
func (r *run) option(ref ref) (cardtext.ObjectID, bool, error) {
	p := r.st.Pending
	if p == nil {
		return 0, false, nil
	}
	var found []int
	for i, l := range p.Labels {
		if i < len(p.Options) && ref.matches(l) {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 0:
		return 0, false, nil
	case 1:
		return p.Options[found[0]], true, nil
	}
	var ls []string
	for _, i := range found {
		ls = append(ls, p.Labels[i])
	}
	return 0, false, fmt.Errorf("%q could be %s; write which", ref.Name, strings.Join(ls, " or "))
}
