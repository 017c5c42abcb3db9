package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "check",
		usage: "check [--json] PATH...   parse rules files or directories and report counts and diagnostics",
		run:   runCheck,
	})
}

// checkReport is one edition as `arbiter check --json` prints it. Tools read
// these names; keep them stable.
type checkReport struct {
	ID            string             `json:"id"`
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
		fmt.Fprintln(stderr, "usage: arbiter check [--json] PATH...")
		fmt.Fprintln(stderr, "With no PATH, checks the embedded editions: the founding documents and every official edition.")
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
		eds = append(l.official.editions(), l.seeds...)
	}
	for _, p := range fl.Args() {
		es, err := loadPath(p)
		if err != nil {
			fmt.Fprintf(stderr, "arbiter check: %v\n", err)
			status = 1
			continue
		}
		eds = append(eds, es...)
	}
	reports := make([]checkReport, 0, len(eds))
	for _, e := range eds {
		r := report(e)
		if r.Failed {
			status = 1
		}
		reports = append(reports, r)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(reports); err != nil {
			fmt.Fprintf(stderr, "arbiter check: %v\n", err)
			return 1
		}
		return status
	}
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		printReport(stdout, r)
	}
	return status
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
	if r.Files == nil {
		r.Files = []string{}
	}
	if r.Diagnostics == nil {
		r.Diagnostics = []rules.Diagnostic{}
	}
	c := e.Counts()
	r.Counts = checkCounts{Sections: c.Sections, Numbered: c.Numbered, Topics: c.Topics, Examples: c.Examples,
		Glossary: c.Glossary, Refs: c.Refs, Dangling: c.Dangling}
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
	switch f := ref.From; {
	case f.Rule != nil:
		d.From, pos = f.Rule.Number.String(), f.Rule.Pos
	case f.Entry != nil:
		d.From, pos = f.Entry.Term(), f.Entry.Pos
	case f.Topic != nil:
		d.From, pos = f.Topic.Title, f.Topic.Pos
	}
	// The paragraph's own line, if the reference is in a later paragraph.
	if ref.Line > 0 {
		pos.Line = int(ref.Line)
	}
	d.File, d.Line = pos.File, pos.Line
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
	fmt.Fprintf(w, "  format %s, kind %s, encoding %s, effective %s\n", r.Format, r.Kind, orDash(r.Encoding), eff)
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
