package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "scenarios",
		usage: "scenarios [--dir DIR] [--run] [--edition DATE] [--trace NAME] [--coverage PATH|all] [--ablate] [--suggest DATE] [--time N]   list, run or trace engine scenarios; report which printed examples have one and which are proven by ablation; time them",
		run:   runScenarios,
	})
}

func runScenarios(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("scenarios", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dir := fl.String("dir", "", "read scenarios (*.scn) from this directory instead of the bundled ones")
	runAll := fl.Bool("run", false, "run every scenario (strictly) and report failures")
	edition := fl.String("edition", "", "run under this edition only (a date like 2007-02-01, or latest); default: every edition each applies to")
	trace := fl.String("trace", "", "print the step-by-step trace of one scenario (file name) under --edition (default latest)")
	coverage := fl.String("coverage", "", "load rules from PATH and report, per section, how many printed examples have a scenario, and how many of those ablating their own rule proves (and by an outcome a scenario states); \"all\": one line for each official edition in the binary")
	ablate := fl.Bool("ablate", false, "switch each registered rule off in turn under --edition (default latest), run every scenario, and report which break and which covered examples their own rule's ablation proves")
	suggest := fl.String("suggest", "", "for each printed example of this edition (a date) that no scenario runs under its rules, name the newest edition's counterpart and its scenarios: the work list for covering an older edition")
	timeN := fl.Int("time", 0, "run each scenario N times under --edition (default latest) and print median, p90 and max per scenario and for all of them")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "scenarios: unexpected argument %q\n", fl.Arg(0))
		return 2
	}
	lib, err := loadScenarios(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "scenarios: %v\n", err)
		return 1
	}
	var eds []*engine.RulesEdition
	if *edition != "" {
		ed, err := engine.EditionByID(*edition)
		if err != nil {
			fmt.Fprintf(stderr, "scenarios: %v\n", err)
			return 2
		}
		eds = []*engine.RulesEdition{ed}
	}
	switch {
	case *trace != "":
		ed := engine.Latest()
		if eds != nil {
			ed = eds[0]
		}
		return traceScenario(lib, *trace, ed, stdout, stderr)
	case *suggest != "":
		ed, err := engine.EditionByID(*suggest)
		if err != nil {
			fmt.Fprintf(stderr, "scenarios: %v\n", err)
			return 2
		}
		return suggestExamples(lib, ed, stdout, stderr)
	case *coverage != "":
		return scenarioCoverage(lib, *coverage, stdout, stderr)
	case *ablate:
		ed := engine.Latest()
		if eds != nil {
			ed = eds[0]
		}
		return ablateScenarios(lib, ed, stdout, stderr)
	case *timeN != 0:
		ed := engine.Latest()
		if eds != nil {
			ed = eds[0]
		}
		return timeScenarios(lib, ed, *timeN, stdout, stderr)
	case *runAll:
		return runScenarioSet(lib, eds, stdout)
	}
	listScenarios(lib, stdout)
	return 0
}

func loadScenarios(dir string) (*scenario.Library, error) {
	if dir == "" {
		return scenario.Bundled()
	}
	scs, err := scenario.LoadFS(os.DirFS(dir), ".")
	if err != nil {
		return nil, err
	}
	if len(scs) == 0 {
		return nil, fmt.Errorf("no %s files in %s", scenario.Ext, dir)
	}
	return scenario.NewLibrary(scs), nil
}

func listScenarios(lib *scenario.Library, w io.Writer) {
	for _, sc := range lib.Scenarios {
		attached := fmt.Sprintf("%d example(s), %d quote(s)", len(sc.Examples), len(sc.Quotes))
		fmt.Fprintf(w, "%-32s %-8s %-40s %s; %s\n", sc.Name, strings.Join(sc.Rules, ","), clipText(sc.Title, 40), sc.Range(), attached)
	}
	fmt.Fprintf(w, "%d scenarios\n", len(lib.Scenarios))
}

// runScenarioSet runs each scenario under eds, or every built-in edition it
// applies to, and prints one line per scenario and each failure.
func runScenarioSet(lib *scenario.Library, eds []*engine.RulesEdition, w io.Writer) int {
	all := eds == nil
	if all {
		eds = engine.Editions()
	}
	failed, runs := 0, 0
	for _, sc := range lib.Scenarios {
		n, bad := 0, 0
		var msgs []string
		for _, ed := range eds {
			if !sc.Applies(ed.Effective) {
				continue
			}
			n++
			tr := scenario.RunWith(context.Background(), sc, ed, scenario.Options{Strict: true, Budget: -1})
			if !tr.Passed() {
				bad++
				if len(msgs) < 3 {
					msgs = append(msgs, "under "+ed.ID+": "+strings.Join(tr.Failures(), "; "))
				}
			}
		}
		runs += n
		switch {
		case n == 0:
			fmt.Fprintf(w, "skip %s: not for these editions (%s)\n", sc.Name, sc.Range())
		case bad == 0:
			fmt.Fprintf(w, "ok   %s (%d edition%s)\n", sc.Name, n, plural(n))
		default:
			failed++
			fmt.Fprintf(w, "FAIL %s (%d of %d editions)\n", sc.Name, bad, n)
			for _, m := range msgs {
				fmt.Fprintf(w, "       %s\n", m)
			}
		}
	}
	fmt.Fprintf(w, "%d scenarios, %d runs, %d failed\n", len(lib.Scenarios), runs, failed)
	if !checkScenarioCards(lib, w) {
		failed++
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// checkScenarioCards reports each card line that names a real card (the
// embedded card data) with other characteristics or text and isn't marked
// invented (issue 26), and reports whether there was none.
func checkScenarioCards(lib *scenario.Library, w io.Writer) bool {
	set, err := scenario.EmbeddedCards()
	if err != nil {
		fmt.Fprintf(w, "FAIL card data: %v\n", err)
		return false
	}
	var total scenario.RealCardCount
	naming, differing, faces := 0, 0, 0
	for _, sc := range lib.Scenarios {
		ms, n := scenario.CheckRealCards(sc, set)
		total.Real += n.Real
		total.Invented += n.Invented
		if n.Real > 0 {
			naming++
		}
		if len(ms) > 0 {
			differing++
		}
		for _, m := range ms {
			faces++
			fmt.Fprintf(w, "FAIL %s\n", m)
		}
	}
	fmt.Fprintf(w, "card data (%s, %s): %d scenarios name %d real cards' faces (%d marked invented); %d faces in %d scenarios differ from it\n",
		set.Source, set.Date, naming, total.Real, total.Invented, faces, differing)
	return faces == 0
}

func traceScenario(lib *scenario.Library, name string, ed *engine.RulesEdition, w, stderr io.Writer) int {
	sc := lib.ByName(name)
	if sc == nil {
		sc = lib.ByName(name + scenario.Ext)
	}
	if sc == nil {
		fmt.Fprintf(stderr, "scenarios: no scenario %q\n", name)
		return 2
	}
	tr := scenario.RunWith(context.Background(), sc, ed, scenario.Options{Strict: true, Budget: -1})
	fmt.Fprintf(w, "%s under %s (%s)\n", sc.Title, ed, ed.Source)
	for _, s := range tr.Steps {
		fmt.Fprintf(w, "line %d: %s\n", s.Line, s.Text)
		if s.Rejected != "" {
			fmt.Fprintf(w, "    rejected: %s\n", s.Rejected)
		}
		for _, e := range s.Events {
			fmt.Fprintf(w, "    %s\n", e)
		}
	}
	for _, r := range tr.Expects {
		mark := "ok  "
		if !r.OK {
			mark = "FAIL"
		}
		rule := ""
		if !r.Rule.IsZero() {
			rule = " [" + r.Rule.String() + "]"
		}
		fmt.Fprintf(w, "%s line %d: %s — %s%s\n", mark, r.Line, r.Text, r.Got, rule)
	}
	if f := tr.Failures(); len(f) > 0 {
		fmt.Fprintf(w, "FAILED: %s\n", strings.Join(f, "; "))
		return 1
	}
	fmt.Fprintf(w, "passed in %v\n", tr.Elapsed)
	return 0
}

// sectionCoverage counts one section's printed examples and those with a
// scenario.
type sectionCoverage struct {
	Section   int
	Title     string
	Total     int
	Covered   int
	Proven    int      // covered, and broken by ablating its own rule
	ByOutcome int      // proven, by an outcome a scenario states
	Uncovered []string // "704.5j: example text…"
}

// exampleCoverage walks an edition's numbered rules and counts, per section,
// the examples a scenario in lib runs under the edition's rules: one that
// attaches to the example's text, is meant for the edition (its edition
// line) and passes there. A scenario that attaches but does not run
// covers nothing.
func exampleCoverage(e *rules.Edition, lib *scenario.Library) []sectionCoverage {
	runs, proven, byOutcome := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, p := range scenario.ProveExamples(context.Background(), e, lib, scenario.EditionFor(e)) {
		runs[p.Text] = p.Runs
		proven[p.Text] = p.Proven()
		byOutcome[p.Text] = p.ProvenByOutcome()
	}
	var out []sectionCoverage
	for _, s := range e.Sections {
		c := sectionCoverage{Section: s.Number, Title: s.Title}
		for _, ch := range s.Chapters {
			walkRules(ch, func(r *rules.Rule) {
				for _, ex := range r.Examples() {
					c.Total++
					if runs[ex.S] {
						c.Covered++
						if proven[ex.S] {
							c.Proven++
						}
						if byOutcome[ex.S] {
							c.ByOutcome++
						}
					} else if len(lib.ForExample(ex.S)) > 0 {
						c.Uncovered = append(c.Uncovered, r.Number.String()+" (its scenario does not run under this edition): "+clipText(ex.S, 60))
					} else {
						c.Uncovered = append(c.Uncovered, r.Number.String()+": "+clipText(ex.S, 90))
					}
				}
			})
		}
		if c.Total > 0 {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Section < out[j].Section })
	return out
}

func walkRules(r *rules.Rule, fn func(*rules.Rule)) {
	fn(r)
	for _, c := range r.Children {
		walkRules(c, fn)
	}
}

func scenarioCoverage(lib *scenario.Library, path string, w, stderr io.Writer) int {
	if path == "all" {
		return coverageTable(lib, w, stderr)
	}
	eds, err := loadPath(path)
	if err != nil {
		fmt.Fprintf(stderr, "scenarios: %v\n", err)
		return 1
	}
	for _, e := range eds {
		cov := exampleCoverage(e, lib)
		total, covered, proven := 0, 0, 0
		for _, c := range cov {
			total += c.Total
			covered += c.Covered
			proven += c.Proven
		}
		byOutcome := 0
		for _, c := range cov {
			byOutcome += c.ByOutcome
		}
		fmt.Fprintf(w, "%s (%s): %d of %d examples have a scenario (%s); %d proven by ablation (%s), %d of them by an outcome a scenario states (%s of the covered)\n",
			e.ID, strings.Join(e.Files, ", "), covered, total, percent(covered, total), proven, percent(proven, total), byOutcome, percent(byOutcome, covered))
		for _, c := range cov {
			fmt.Fprintf(w, "  section %d %-32s %3d/%-3d %4s  proven %3d %4s  by outcome %3d\n", c.Section, clipText(c.Title, 32), c.Covered, c.Total,
				percent(c.Covered, c.Total), c.Proven, percent(c.Proven, c.Total), c.ByOutcome)
		}
		for _, c := range cov {
			for _, u := range c.Uncovered {
				fmt.Fprintf(w, "  uncovered %s\n", u)
			}
		}
	}
	return 0
}

// coverageTable prints one line for each official edition embedded in the
// binary, oldest first: its examples, those with a scenario, and those
// proven by ablation and by an outcome, each under the edition's own rules.
func coverageTable(lib *scenario.Library, w, stderr io.Writer) int {
	rd, err := content.OpenCorpus()
	if err != nil {
		fmt.Fprintf(stderr, "scenarios: %v\n", err)
		return 1
	}
	defer rd.Close()
	type row struct {
		id                                string
		total, covered, proven, byOutcome int
	}
	var rows []row
	for {
		f, b, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(stderr, "scenarios: %v\n", err)
			return 1
		}
		e := parseOfficial(f, b)
		r := row{id: f.Effective}
		for _, c := range exampleCoverage(e, lib) {
			r.total += c.Total
			r.covered += c.Covered
			r.proven += c.Proven
			r.byOutcome += c.ByOutcome
		}
		rows = append(rows, r)
	}
	slices.SortFunc(rows, func(a, b row) int { return strings.Compare(a.id, b.id) })
	fmt.Fprintf(w, "%-10s  %8s  %15s  %22s  %22s\n", "edition", "examples", "covered", "proven (of covered)", "by outcome (of covered)")
	var sum row
	for _, r := range rows {
		fmt.Fprintf(w, "%-10s  %8d  %9d %5s  %16d %5s  %16d %5s\n", r.id, r.total, r.covered, percent(r.covered, r.total),
			r.proven, percent(r.proven, r.covered), r.byOutcome, percent(r.byOutcome, r.covered))
		sum.total += r.total
		sum.covered += r.covered
		sum.proven += r.proven
		sum.byOutcome += r.byOutcome
	}
	fmt.Fprintf(w, "%-10s  %8d  %9d %5s  %16d %5s  %16d %5s\n", fmt.Sprintf("%d eds", len(rows)), sum.total, sum.covered, percent(sum.covered, sum.total),
		sum.proven, percent(sum.proven, sum.covered), sum.byOutcome, percent(sum.byOutcome, sum.covered))
	return 0
}

func percent(n, total int) string {
	if total == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(n)/float64(total))
}

func clipText(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
