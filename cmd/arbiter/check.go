package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "check",
		usage: "check [--json] [PATH]...   parse rules files or directories (or the embedded editions) and report counts and diagnostics by document",
		run:   runCheck,
	})
}

// checkReport is one edition as `arbiter check --json` prints it. Tools read
// these names; keep them stable.
type checkReport struct {
	ID            string             `json:"id"`
	Document      string             `json:"document"` // "cr", "mtr", "ipg", "jar"; "" for a file that failed
	Title         string             `json:"title"`
	Format        rules.Format       `json:"format"`
	Kind          rules.Kind         `json:"kind"`
	Encoding      string             `json:"encoding"`
	EffectiveDate string             `json:"effective_date"`
	Files         []string           `json:"files"`
	Counts        checkCounts        `json:"counts"`
	Failed        bool               `json:"failed"`
	Dangling      []danglingRef      `json:"dangling_refs"`
	Diagnostics   []rules.Diagnostic `json:"diagnostics"`
	// Truncated says where a source file that is cut short stops; null
	// for a whole file.
	Truncated *rules.JSONTruncation `json:"truncated"`
}

type checkCounts struct {
	Sections int `json:"sections"`
	Numbered int `json:"numbered"` // chapters + rules + subrules
	Topics   int `json:"topics"`   // prose editions' topics
	Examples int `json:"examples"` // in rules and topics
	Glossary int `json:"glossary"`
	Refs     int `json:"refs"`
	Dangling int `json:"dangling"`
	// CrossRefs counts the references to other documents (among refs),
	// CrossUnresolved those that name nothing in the edition of that
	// document in force on this one's date among the editions checked
	// (all of them when none is).
	CrossRefs       int `json:"cross_refs"`
	CrossUnresolved int `json:"cross_unresolved"`
}

// danglingRef is a reference to something the edition lacks, and where it
// is cited.
type danglingRef struct {
	Text string `json:"text"` // as written: "rule 420.5e"
	From string `json:"from"` // the citing entry: "104.3h", a glossary term or a topic
	File string `json:"file"`
	Line int    `json:"line"`
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	asJSON := fl.Bool("json", false, "print one JSON array with an object per edition")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter check [--json] [PATH]...")
		fmt.Fprintln(stderr, "Reads each file or directory as serve would (CR text, reStructuredText, Markdown; the MTR, IPG and JAR as PDF, HTML or text)")
		fmt.Fprintln(stderr, "and reports each edition by document, then the files skipped and why; the exit status is 1 if any was skipped.")
		fmt.Fprintln(stderr, "With no PATH, checks the embedded editions: the founding documents, every official edition and every judge document's.")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	var eds []*rules.Edition
	status := 0
	if fl.NArg() == 0 {
		l, err := loadContent(contentOptions{official: true}, slog.New(slog.DiscardHandler))
		if err != nil {
			fmt.Fprintf(stderr, "arbiter check: %v\n", err)
			return 1
		}
		eds = append(append(l.official.editions(), l.judges.editions()...), l.seeds...)
	}
	var read []*rules.Edition
	for _, p := range fl.Args() {
		es, err := loadPath(p)
		if err != nil {
			fmt.Fprintf(stderr, "arbiter check: %v\n", err)
			status = 1
			continue
		}
		read = append(read, es...)
	}
	eds = append(eds, read...)
	// IDs as serve gives them (a judge document's below its prefix,
	// "ipg/2024-09-23"; two editions of one date told apart), and a shelf
	// on which references to other documents resolve, as served together.
	libs := byDocument(rules.NewLibrary(eds))
	rules.NewShelf(libs[:]...)
	reports := make([]checkReport, 0, len(eds))
	for _, e := range eds {
		r := report(e)
		if r.Failed {
			status = 1
		}
		reports = append(reports, r)
	}
	reports = byDocumentOrder(reports)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintf(stderr, "arbiter check: %v\n", err)
			return 1
		}
		return status
	}
	printReports(stdout, reports)
	return status
}

// byDocumentOrder puts reports in the order of rules.Docs, each document's
// editions in the order given, then the files that failed.
func byDocumentOrder(reports []checkReport) []checkReport {
	rank := func(r checkReport) int {
		for i, d := range rules.Docs {
			if r.Document == d.Slug() {
				return i
			}
		}
		return len(rules.Docs)
	}
	return slices.SortedStableFunc(slices.Values(reports), func(a, b checkReport) int { return rank(a) - rank(b) })
}

// printReports writes reports (in byDocumentOrder) as text: each
// document's editions under a line naming it and counting them, then the
// files skipped, each with its reasons.
func printReports(w io.Writer, reports []checkReport) {
	first := true
	para := func() {
		if !first {
			fmt.Fprintln(w)
		}
		first = false
	}
	var skipped []checkReport
	for i := 0; i < len(reports); {
		if reports[i].Failed {
			skipped = append(skipped, reports[i:]...)
			break
		}
		j := i
		for j < len(reports) && !reports[j].Failed && reports[j].Document == reports[i].Document {
			j++
		}
		para()
		d, _ := rules.DocBySlug(reports[i].Document)
		fmt.Fprintf(w, "%s (%s): %s\n", d.Title(), d.Slug(), fmt.Sprintf("%d edition%s", j-i, plural(j-i)))
		for _, r := range reports[i:j] {
			fmt.Fprintln(w)
			printReport(w, r)
		}
		i = j
	}
	if len(skipped) == 0 {
		return
	}
	para()
	fmt.Fprintf(w, "Skipped: %d file%s that could not be read as any document\n", len(skipped), plural(len(skipped)))
	for _, r := range skipped {
		why := 0
		for _, d := range r.Diagnostics {
			if d.Severity == rules.SevError {
				fmt.Fprintf(w, "  %s\n", d)
				why++
			}
		}
		if why == 0 {
			fmt.Fprintf(w, "  %s: no reason given\n", strings.Join(r.Files, ", "))
		}
	}
}

// loadPath loads a file or directory given on the command line. Diagnostics
// name files relative to the path's parent, so "cr/2026-01-16.txt".
func loadPath(p string) ([]*rules.Edition, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, err
	}
	es, err := rules.Load(os.DirFS(filepath.Dir(abs)), filepath.Base(abs))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("%s: no rules files (.txt, .md, .rst) found", p)
	}
	return es, nil
}

func report(e *rules.Edition) checkReport {
	r := checkReport{
		ID:            e.ID,
		Document:      e.Document().Slug(),
		Title:         e.Title,
		Format:        e.Format,
		Kind:          e.Kind,
		Encoding:      e.Encoding,
		EffectiveDate: e.EffectiveDate(),
		Files:         e.Files,
		Failed:        e.Failed(),
		Dangling:      []danglingRef{},
		Diagnostics:   e.Diagnostics,
		Truncated:     e.Truncated.JSON(),
	}
	if r.Failed {
		r.Document = "" // it is no document Arbiter could read
	}
	if r.Files == nil {
		r.Files = []string{}
	}
	if r.Diagnostics == nil {
		r.Diagnostics = []rules.Diagnostic{}
	}
	c, x := e.Counts(), e.CountRefs()
	r.Counts = checkCounts{Sections: c.Sections, Numbered: c.Numbered, Topics: c.Topics, Examples: c.Examples,
		Glossary: c.Glossary, Refs: c.Refs, Dangling: c.Dangling, CrossRefs: x.Cross, CrossUnresolved: x.CrossUnresolved}
	for _, ref := range e.Dangling {
		r.Dangling = append(r.Dangling, dangling(ref))
	}
	return r
}

func dangling(ref *rules.Ref) danglingRef {
	d := danglingRef{}
	if ref.Text != nil && ref.Start >= 0 && ref.End <= int32(len(ref.Text.S)) && ref.Start < ref.End {
		d.Text = ref.Text.S[ref.Start:ref.End]
	}
	if d.Text == "" {
		d.Text = refTarget(ref)
	}
	var pos rules.Pos
	switch f := ref.From(); {
	case f.Rule != nil:
		d.From, pos = f.Rule.Number.String(), f.Rule.Pos
	case f.Entry != nil:
		d.From, pos = f.Entry.Term(), f.Entry.Pos
	case f.Topic != nil:
		d.From, pos = f.Topic.Title, f.Topic.Pos
	}
	d.File, d.Line = pos.File(), pos.Line()
	// The paragraph's own line, if the reference is in a later paragraph.
	if ref.Line > 0 {
		d.Line = int(ref.Line)
	}
	return d
}

// refTarget names what a reference points at, for one without source text.
func refTarget(r *rules.Ref) string {
	ref := r.Cited()
	switch ref.Kind {
	case rules.RefRule:
		return "rule " + ref.Number.String()
	case rules.RefRange:
		return "rules " + ref.Number.String() + "–" + ref.Last.String()
	case rules.RefSection:
		return fmt.Sprintf("section %d", ref.Section)
	case rules.RefGlossary:
		return ref.Term
	}
	return ref.Label
}

func printReport(w io.Writer, r checkReport) {
	status := "ok"
	if r.Failed {
		status = "FAILED"
	}
	eff := r.EffectiveDate
	if eff == "" {
		eff = "unknown"
	}
	fmt.Fprintf(w, "%s: %s\n", orDash(r.ID), status)
	fmt.Fprintf(w, "  document %s, format %s, kind %s, encoding %s, effective %s\n", r.Document, r.Format, r.Kind, orDash(r.Encoding), eff)
	if r.Title != "" {
		fmt.Fprintf(w, "  title: %s\n", r.Title)
	}
	fmt.Fprintf(w, "  files: %s\n", strings.Join(r.Files, ", "))
	if t := r.Truncated; t != nil {
		fmt.Fprintf(w, "  INCOMPLETE: the source file stops at %s (%s); missing from the file: %s\n", t.StopsAt, place(t.File, t.Line), t.Missing)
	}
	c := r.Counts
	fmt.Fprintf(w, "  sections %d, numbered %d, examples %d, glossary %d, references %d, dangling %d",
		c.Sections, c.Numbered, c.Examples, c.Glossary, c.Refs, c.Dangling)
	if c.Topics > 0 {
		fmt.Fprintf(w, ", topics %d", c.Topics)
	}
	fmt.Fprintln(w)
	if c.CrossRefs > 0 {
		fmt.Fprintf(w, "  references to other documents %d, unresolved %d among the editions checked\n", c.CrossRefs, c.CrossUnresolved)
	}
	if len(r.Dangling) > 0 {
		fmt.Fprintf(w, "  dangling references:\n")
		for _, d := range r.Dangling {
			fmt.Fprintf(w, "    %s: %q cited in %s\n", place(d.File, d.Line), d.Text, d.From)
		}
	}
	if len(r.Diagnostics) > 0 {
		fmt.Fprintf(w, "  diagnostics:\n")
		for _, d := range r.Diagnostics {
			fmt.Fprintf(w, "    %s\n", d)
		}
	}
}

func place(file string, line int) string {
	if line > 0 {
		return fmt.Sprintf("%s:%d", file, line)
	}
	return file
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
