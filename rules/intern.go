package rules

import "unique"

// Compact replaces every string e holds with its canonical copy (package
// unique), so editions loaded in the same process share their text: a rule
// that reads the same in 73 editions is stored once, not 73 times. It also
// lets the decoded source go: parsers slice their strings out of one big
// decoded file, and a single surviving slice would keep all of it alive.
// Load calls it on every edition it returns.
//
// Spans are not shared: references and glossary mentions point at entries
// of their own edition, so two editions' spans are never equal values.
// Canonical strings are held weakly by the runtime, so replacing a library
// frees the text no remaining edition uses.
func Compact(e *Edition) {
	if e == nil {
		return
	}
	e.Title = intern(e.Title)
	compactBlocks(e.Intro)
	compactBlocks(e.Credits)
	for _, s := range e.Sections {
		s.Title = intern(s.Title)
		s.Label = intern(s.Label)
	}
	e.Walk(func(r *Rule) bool {
		r.Title = intern(r.Title)
		r.Label = intern(r.Label)
		compactBlocks(r.Body)
		return true
	})
	for _, g := range e.Glossary {
		for i, t := range g.Terms {
			g.Terms[i] = intern(t)
		}
		g.Slug = intern(g.Slug)
		g.Label = intern(g.Label)
		compactBlocks(g.Body)
	}
	for _, t := range e.Topics {
		t.Slug = intern(t.Slug)
		t.Title = intern(t.Title)
		compactBlocks(t.Body)
	}
	for _, r := range e.Refs {
		r.Term = intern(r.Term)
		r.Label = intern(r.Label)
	}
	for i := range e.Diagnostics {
		e.Diagnostics[i].Message = intern(e.Diagnostics[i].Message)
	}
}

func compactBlocks(bs []Block) {
	for i := range bs {
		t := &bs[i].Text
		t.S = intern(t.S)
		for j := range t.Spans {
			if t.Spans[j].Target != "" {
				t.Spans[j].Target = intern(t.Spans[j].Target)
			}
		}
	}
}

func intern(s string) string {
	if s == "" {
		return ""
	}
	return unique.Make(s).Value()
}
