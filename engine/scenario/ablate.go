package scenario

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/registry"
	"github.com/arbiter-rules/arbiter/rules"
)

// Rule ablation (issue 16): switch one registered rule off, run the
// scenarios, and see which break. A scenario that demonstrates a printed
// example proves it only if switching off the example's own rule breaks
// it; otherwise it passes whatever the engine does about that rule.

// Unit is one registered rule: a rule number of an edition and the gated
// keys the engine numbers with it there (usually one; a rule the engine
// splits into several behaviours has more).
type Unit struct {
	Rule engine.RuleNumber
	Keys []registry.Key
}

// Units lists the registered rules of ed in rule order: every gated key
// the edition numbers, grouped by number.
func Units(ed *engine.RulesEdition) []Unit {
	byRule := map[engine.RuleNumber]*Unit{}
	var out []*Unit
	for _, k := range registry.Gated() {
		n := ed.Rule(k)
		if n.IsZero() {
			continue
		}
		u := byRule[n]
		if u == nil {
			u = &Unit{Rule: n}
			byRule[n] = u
			out = append(out, u)
		}
		u.Keys = append(u.Keys, k)
	}
	slices.SortFunc(out, func(a, b *Unit) int { return a.Rule.Compare(b.Rule) })
	units := make([]Unit, len(out))
	for i, u := range out {
		units[i] = *u
	}
	return units
}

// OwnUnit is the registered rule an example printed under rule n belongs
// to: n's own, or its nearest registered parent (702.19c → 702.19). ok is
// false if neither n nor a parent below its chapter is registered.
func OwnUnit(units []Unit, n engine.RuleNumber) (Unit, bool) {
	for ; n.Level() >= rules.LevelRule; n = n.Parent() {
		for _, u := range units {
			if u.Rule == n {
				return u, true
			}
		}
	}
	return Unit{}, false
}

// Broken reports whether a run under ablated rules fails for a reason
// other than its "fired"/"not fired" lines: those check the engine's
// report of a rule, which switching the rule off silences trivially, not
// the outcome the example states.
func (t *Trace) Broken() bool {
	return t.Err != nil || t.Pending != nil || len(t.Expects) == 0 || t.outcomeFailed()
}

// outcomeFailed reports whether an expectation or verify step, other than
// fired/not fired, failed.
func (t *Trace) outcomeFailed() bool {
	for _, r := range t.Expects {
		if !r.OK && !r.IsEventCheck() {
			return true
		}
	}
	return false
}

// BrokenByOutcome reports whether a run with the rules keys name switched
// off broke an outcome the scenario states: a verify step or an
// expectation, other than fired/not fired, that failed; or a refusal the
// scenario states by one of those very rules ("=> rejected 509.1b") that
// did not happen. A run that only stopped at a scripted step (a refusal
// by some other rule or none, a choice that was not asked for, nothing to
// resolve) broke its script, which proves less: the example's point is an
// outcome (issue 25).
func (t *Trace) BrokenByOutcome(off ...registry.Key) bool {
	if t.outcomeFailed() {
		return true
	}
	if t.Allowed == nil || t.Allowed.Rule == "" {
		return false
	}
	if slices.Contains(off, t.Allowed.Rule) {
		return true
	}
	// A refusal is stated by its rule's number, and any of the keys the
	// engine splits that rule into will do for it (run.go): "=> rejected
	// 601.2c" names 601.2c's targets, and switching off its one target per
	// word switches off 601.2c all the same.
	return t.Edition != nil && slices.ContainsFunc(off, func(k registry.Key) bool {
		n := t.Edition.Rule(k)
		return !n.IsZero() && n == t.Edition.Rule(t.Allowed.Rule)
	})
}

// IsEventCheck reports whether the expectation only asks whether a rule
// fired ("fired 704.5j", "not fired 704.5q").
func (r Result) IsEventCheck() bool {
	l := strings.ToLower(strings.TrimSpace(r.Text))
	l = strings.TrimSpace(strings.TrimPrefix(l, "verify "))
	return strings.HasPrefix(l, "fired ") || strings.HasPrefix(l, "not fired ")
}

// Breaks runs each scenario under ed with the unit's rules switched off
// and returns the names of those that break (Trace.Broken), in the order
// given, and of those among them that break an outcome they state
// (Trace.BrokenByOutcome). Scenarios that don't apply to ed are skipped.
// It runs on all CPUs; a scenario that fails with every rule on is the
// caller's to find.
func Breaks(ctx context.Context, scs []*Scenario, ed *engine.RulesEdition, u Unit) (broken, byOutcome []string) {
	off := ed.Without(u.Keys...)
	type result struct{ broken, outcome bool }
	res := make([]result, len(scs))
	parallel(len(scs), func(i int) {
		sc := scs[i]
		if !sc.Applies(ed.Effective) {
			return
		}
		t := RunWith(ctx, sc, off, Options{Strict: true, Budget: -1})
		res[i] = result{t.Broken(), t.BrokenByOutcome(u.Keys...)}
	})
	for i, r := range res {
		if r.broken {
			broken = append(broken, scs[i].Name)
		}
		if r.outcome {
			byOutcome = append(byOutcome, scs[i].Name)
		}
	}
	return broken, byOutcome
}

// Passing returns the scenarios that apply to ed and pass under it with
// every rule on: only their breaking under ablation means anything.
func Passing(ctx context.Context, scs []*Scenario, ed *engine.RulesEdition) []*Scenario {
	ok := make([]bool, len(scs))
	parallel(len(scs), func(i int) {
		ok[i] = scs[i].Applies(ed.Effective) && RunWith(ctx, scs[i], ed, Options{Strict: true, Budget: -1}).Passed()
	})
	var out []*Scenario
	for i, sc := range scs {
		if ok[i] {
			out = append(out, sc)
		}
	}
	return out
}

// parallel calls fn(0…n-1) on as many goroutines as there are CPUs.
func parallel(n int, fn func(int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// ExampleProof is one printed example with scenarios, and whether switching
// off its own rule breaks one of them.
type ExampleProof struct {
	Rule      engine.RuleNumber // where the example is printed
	Text      string
	Scenarios []string
	Runs      bool // one of Scenarios is meant for the edition and passes under it
	Own       Unit // its registered rule; zero Rule if none
	Broken    []string
	ByOutcome []string // those of Broken that break an outcome they state
}

// Proven reports whether ablating the example's own rule breaks one of
// its scenarios.
func (p ExampleProof) Proven() bool { return len(p.Broken) > 0 }

// ProvenByOutcome reports whether ablating the example's own rule changes
// an outcome one of its scenarios states, not only stops its script.
func (p ExampleProof) ProvenByOutcome() bool { return len(p.ByOutcome) > 0 }

// ProveExamples checks every printed example of e that lib has a scenario
// for: it switches off the example's own rule (OwnUnit) under ed and runs
// the example's scenarios. Only those scenarios run, so it is cheap.
func ProveExamples(ctx context.Context, e *rules.Edition, lib *Library, ed *engine.RulesEdition) []ExampleProof {
	units := Units(ed)
	var out []ExampleProof
	e.Walk(func(r *rules.Rule) bool {
		for _, ex := range r.Examples() {
			scs := lib.ForExample(ex.S)
			if len(scs) == 0 {
				continue
			}
			p := ExampleProof{Rule: r.Number, Text: ex.S}
			for _, sc := range scs {
				p.Scenarios = append(p.Scenarios, sc.Name)
			}
			passing := Passing(ctx, scs, ed)
			p.Runs = len(passing) > 0
			if u, ok := OwnUnit(units, r.Number); ok {
				p.Own = u
				p.Broken, p.ByOutcome = Breaks(ctx, passing, ed, u)
			}
			out = append(out, p)
		}
		return true
	})
	return out
}

// OfficialEdition parses the official rules text embedded in the binary
// (content.OpenCorpus) that was in force on ed's date: the newest file
// effective on or before it.
func OfficialEdition(ed *engine.RulesEdition) (*rules.Edition, error) {
	rd, err := content.OpenCorpus()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	day := ed.Effective.Format(time.DateOnly)
	for {
		f, b, err := rd.Next()
		if err == io.EOF {
			return nil, fmt.Errorf("no official rules file is effective on %s", day)
		}
		if err != nil {
			return nil, err
		}
		if f.Effective <= day {
			return rules.Parse(rules.Source{Name: f.Name, Data: b}), nil
		}
	}
}

// ProofKey names an example for a list of known results: its rule and the
// start of its text, enough to tell apart the examples of one rule.
func ProofKey(p ExampleProof) string {
	r := []rune(p.Text)
	if len(r) > 160 {
		r = r[:160]
	}
	return p.Rule.String() + ": " + string(r)
}
