package main

import (
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/locate"
	"github.com/arbiter-rules/arbiter/views"
)

// A destination is where a query goes outright, from the jump box, the
// search page and the suggestions alike: the entry a number names in any
// form ("704 5j", "MTR 4.2"), a part of one ("IPG 2.1 philosophy"), a
// section, an appendix, or an entry named by its title or a judge's
// shorthand ("GRV", "missed trigger": locate.Infraction).
type destination struct {
	url     string
	ed      *rules.Edition
	rule    *rules.Rule    // an entry, or nil
	part    string         // the heading of rule's part named, if any
	topic   *rules.Topic   // an appendix, or nil
	section *rules.Section // a section of the CR, or nil
	// named is set for an entry found by its title or shorthand rather
	// than its number: what the query called it.
	named string
}

// placed finds the destination of place p read from edition e (the
// jump box's edition, or the one searched), when it exists. A number of
// e's own document is looked up in e; another document's in its newest
// edition that has it.
func (s *Server) placed(st *site, e *rules.Edition, p locate.Place) (destination, bool) {
	ed := e
	if p.Doc != e.Document() {
		ed = st.of(p.Doc).lib.Latest()
		if !p.Number.IsZero() {
			if o, r := st.of(p.Doc).lib.Newest(p.Number); r != nil {
				ed = o
			}
		}
	}
	if ed == nil {
		return destination{}, false
	}
	d := destination{ed: ed}
	switch {
	case !p.Number.IsZero():
		if d.rule = ed.Rule(p.Number); d.rule == nil {
			return destination{}, false
		}
		if p.Part != "" {
			h, ok := locate.PartOf(d.rule, p.Part)
			if !ok {
				return destination{}, false
			}
			d.part = h
		}
	case p.Section != 0:
		if d.section = ed.Section(p.Section); d.section == nil {
			return destination{}, false
		}
	case p.Appendix != "":
		if d.topic = locate.Appendix(ed, p.Appendix); d.topic == nil {
			return destination{}, false
		}
	case p.Words != "" && p.Doc != rules.DocCR:
		// "MTR taking notes", "IPG GRV": an entry titled so.
		if d.rule, d.part = locate.Titled(ed, p.Words); d.rule == nil {
			return destination{}, false
		}
		d.named = p.Words
	default:
		return destination{}, false
	}
	d.url = s.destinationURL(d)
	return d, true
}

// titled finds the entry a query names by its title from edition e: in a
// judge document, any of its own entries' titles ("taking notes" on an
// MTR page); from anywhere, an IPG infraction by its name or a judge's
// shorthand, in the IPG edition read or else the newest.
func (s *Server) titled(st *site, e *rules.Edition, q string) (destination, bool) {
	if len(q) > maxJump {
		return destination{}, false
	}
	d := destination{ed: e, named: strings.TrimSpace(q)}
	if e.Document() != rules.DocCR {
		if d.rule, d.part = locate.Titled(e, q); d.rule != nil {
			d.url = s.destinationURL(d)
			return d, true
		}
	}
	if e.Document() != rules.DocIPG {
		if d.ed = st.of(rules.DocIPG).lib.Latest(); d.ed == nil {
			return destination{}, false
		}
		if d.rule, d.part = locate.Infraction(d.ed, q); d.rule != nil {
			d.url = s.destinationURL(d)
			return d, true
		}
	}
	return destination{}, false
}

// destinationURL is d's page, at its part's anchor if it names one.
func (s *Server) destinationURL(d destination) string {
	switch {
	case d.section != nil:
		return s.paths.SectionURL(d.ed.ID, d.section.Number)
	case d.topic != nil:
		return s.paths.TopicURL(d.ed.ID, d.topic.Slug)
	case d.part != "":
		return s.paths.RuleURL(d.ed.ID, d.rule.Number) + "#" + views.PartAnchor(d.part)
	}
	return s.paths.RuleURL(d.ed.ID, d.rule.Number)
}

// destinationOf is where q goes outright from edition e: a place that
// exists, or an entry named by title or shorthand.
func (s *Server) destinationOf(st *site, e *rules.Edition, q string) (destination, bool) {
	if p, ok := locate.Read(q, e.Document()); ok {
		return s.placed(st, e, p)
	}
	return s.titled(st, e, q)
}
