package rules

import (
	"encoding/json"
	"io"
	"strings"
)

// ExportJSON writes e as one JSON object of type JSONEdition (see there for
// the shape). Numbers are written as the rules cite them ("704.5k"), dates as
// "YYYY-MM-DD", and span offsets count bytes of the UTF-8 text.
func ExportJSON(w io.Writer, e *Edition) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(NewJSONEdition(e))
}

// JSONEdition is the JSON form of an edition:
//
//	{"id": "2026-01-16", "title": "Magic: The Gathering Comprehensive Rules",
//	 "effective_date": "2026-01-16", "format": "txt", "kind": "full",
//	 "encoding": "utf-8-bom", "files": ["2026-01-16.txt"],
//	 "intro": [block…],
//	 "sections": [{"number": 1, "title": "Game Concepts", "chapters": [
//	   {"number": "100", "title": "General", "rules": [
//	     {"number": "100.1", "body": [block…], "subrules": [
//	       {"number": "100.1a", "body": [block…]}]}]}]}],
//	 "glossary": [{"terms": ["You", "Your"], "slug": "you", "obsolete": false, "body": [block…]}],
//	 "topics": [{"slug": "tokens", "title": "Tokens", "body": [block…]}],
//	 "credits": [block…],
//	 "truncated": {"part": "glossary", "file": "cr/2013-02-01.txt", "line": 4609, …}}
//
// A block is {"kind": "text" | "example" | "see_also" | "heading" | "item" |
// "penalty" | "row", "sense": 2, "text": "…", "anchor": "…", "cells": […],
// "spans": [span…]} ("sense" only for a glossary entry's numbered sense;
// examples without their "Example:" label; "anchor" for a heading, "cells"
// for a table row). A span marks text[start:end] (byte offsets):
// {"kind": "italic" | "mana" | "ref" | "term" | "link", "start": 0, "end": 3,
// "target": "…", "ref": {…}}; "target" is a link's URL or a term's slug, and
// "ref" describes a reference: {"kind": "rule" | "range" | "section" |
// "glossary" | "label" | "topic", "number", "last", "section", "term",
// "label", "resolved"}. "truncated" (JSONTruncation) is only there for a
// source file that is cut short. Empty fields are left out.
type JSONEdition struct {
	ID            string          `json:"id"`
	Title         string          `json:"title,omitempty"`
	EffectiveDate string          `json:"effective_date,omitempty"`
	Format        Format          `json:"format"`
	Kind          Kind            `json:"kind"`
	Encoding      string          `json:"encoding,omitempty"`
	Files         []string        `json:"files"`
	Intro         []JSONBlock     `json:"intro,omitempty"`
	Sections      []JSONSection   `json:"sections,omitempty"`
	Glossary      []JSONEntry     `json:"glossary,omitempty"`
	Topics        []JSONTopic     `json:"topics,omitempty"`
	Credits       []JSONBlock     `json:"credits,omitempty"`
	Truncated     *JSONTruncation `json:"truncated,omitempty"`
}

// JSONTruncation is Edition.Truncated: where a source file that is cut
// short stops, and what it therefore lacks, also in words ("stops_at",
// "missing") for a reader.
type JSONTruncation struct {
	Part    TruncPart `json:"part"` // "rules", "glossary" or "credits"
	File    string    `json:"file"`
	Line    int       `json:"line"`
	Last    string    `json:"last,omitempty"`    // the last entry the file has: a rule number or a headword
	Dropped string    `json:"dropped,omitempty"` // a last headword with no definition, not kept as an entry
	Partial bool      `json:"partial,omitempty"` // the last entry's text stops mid-sentence
	StopsAt string    `json:"stops_at"`
	Missing string    `json:"missing"`
}

// JSON is t in JSON form; nil for a whole file.
func (t *Truncation) JSON() *JSONTruncation {
	if t == nil {
		return nil
	}
	return &JSONTruncation{Part: t.Part, File: t.Pos.File(), Line: t.Pos.Line(), Last: t.Last, Dropped: t.Dropped,
		Partial: t.Partial, StopsAt: t.StopsAt(), Missing: t.Missing()}
}

// JSONSection is a section with its chapters.
type JSONSection struct {
	Number   int        `json:"number"`
	Title    string     `json:"title"`
	Chapters []JSONRule `json:"chapters"`
}

// JSONRule is a chapter (with Title and Rules), a rule (with Subrules) or a
// subrule.
type JSONRule struct {
	Number   Number      `json:"number"`
	Title    string      `json:"title,omitempty"`
	Body     []JSONBlock `json:"body,omitempty"`
	Rules    []JSONRule  `json:"rules,omitempty"`
	Subrules []JSONRule  `json:"subrules,omitempty"`
}

// JSONEntry is a glossary entry.
type JSONEntry struct {
	Terms     []string    `json:"terms"`
	Slug      string      `json:"slug"`
	Obsolete  bool        `json:"obsolete"`
	Recovered bool        `json:"recovered,omitempty"`
	Body      []JSONBlock `json:"body"`
}

// JSONTopic is a prose edition's topic.
type JSONTopic struct {
	Slug  string      `json:"slug"`
	Title string      `json:"title"`
	Body  []JSONBlock `json:"body"`
}

// JSONBlock is a paragraph, an example, or one of a judge document's
// blocks: a part's heading (with the anchor that reaches it on the entry's
// page, "philosophy"), a list item, an infraction's penalty, a table row
// (its cells also split out, in order).
type JSONBlock struct {
	Kind   string     `json:"kind"`
	Sense  int        `json:"sense,omitempty"`
	Text   string     `json:"text"`
	Anchor string     `json:"anchor,omitempty"`
	Cells  []string   `json:"cells,omitempty"`
	Spans  []JSONSpan `json:"spans,omitempty"`
}

// JSONSpan marks Text[Start:End] of a block.
type JSONSpan struct {
	Kind   string   `json:"kind"`
	Start  int32    `json:"start"`
	End    int32    `json:"end"`
	Target string   `json:"target,omitempty"`
	Ref    *JSONRef `json:"ref,omitempty"`
}

// JSONRef is what a reference span cites and whether it resolved.
type JSONRef struct {
	Kind     string  `json:"kind"`
	Number   *Number `json:"number,omitempty"`
	Last     *Number `json:"last,omitempty"`
	Section  int     `json:"section,omitempty"`
	Term     string  `json:"term,omitempty"`
	Label    string  `json:"label,omitempty"`
	Doc      string  `json:"doc,omitempty"` // another document's: "mtr", "ipg", "cr"
	Resolved bool    `json:"resolved"`
}

// NewJSONEdition converts e to its JSON form.
func NewJSONEdition(e *Edition) JSONEdition {
	j := JSONEdition{
		ID: e.ID, Title: e.Title, EffectiveDate: e.EffectiveDate(),
		Format: e.Format, Kind: e.Kind, Encoding: e.Encoding, Files: e.Files,
		Intro: jsonBlocks(e, e.Intro), Credits: jsonBlocks(e, e.Credits), Truncated: e.Truncated.JSON(),
	}
	if j.Files == nil {
		j.Files = []string{}
	}
	for _, s := range e.Sections {
		js := JSONSection{Number: s.Number, Title: s.Title, Chapters: []JSONRule{}}
		for _, c := range s.Chapters {
			js.Chapters = append(js.Chapters, jsonRule(e, c))
		}
		j.Sections = append(j.Sections, js)
	}
	for _, g := range e.Glossary {
		j.Glossary = append(j.Glossary, JSONEntry{Terms: g.Terms, Slug: g.Slug, Obsolete: g.Obsolete, Recovered: g.Recovered, Body: jsonBlocks(e, g.Body)})
	}
	for _, t := range e.Topics {
		j.Topics = append(j.Topics, JSONTopic{Slug: t.Slug, Title: t.Title, Body: jsonBlocks(e, t.Body)})
	}
	return j
}

func jsonRule(e *Edition, r *Rule) JSONRule {
	j := JSONRule{Number: r.Number, Title: r.Title(), Body: jsonBlocks(e, r.Body)}
	for _, c := range r.Children {
		if r.Number.Level() == LevelChapter {
			j.Rules = append(j.Rules, jsonRule(e, c))
		} else {
			j.Subrules = append(j.Subrules, jsonRule(e, c))
		}
	}
	return j
}

func jsonBlocks(e *Edition, bs []Block) []JSONBlock {
	out := []JSONBlock{}
	for _, b := range bs {
		jb := JSONBlock{Kind: blockKindNames[b.Kind], Sense: int(b.Sense), Text: b.Text.S}
		switch b.Kind {
		case BlockHeading:
			jb.Anchor = Slug(b.Text.S)
		case BlockRow:
			jb.Cells = strings.Split(b.Text.S, "\t")
		}
		for _, sp := range b.Text.Spans {
			jb.Spans = append(jb.Spans, jsonSpan(e, sp))
		}
		out = append(out, jb)
	}
	return out
}

// blockKindNames names every BlockKind: a judge document's headed parts,
// list items, penalty and table rows are told apart from its paragraphs,
// as its pages show them.
var blockKindNames = map[BlockKind]string{BlockText: "text", BlockExample: "example", BlockSeeAlso: "see_also",
	BlockHeading: "heading", BlockItem: "item", BlockPenalty: "penalty", BlockRow: "row"}

var spanKindNames = map[SpanKind]string{SpanItalic: "italic", SpanMana: "mana", SpanRef: "ref", SpanTerm: "term", SpanLink: "link"}

var refKindNames = map[RefKind]string{RefRule: "rule", RefRange: "range", RefSection: "section", RefGlossary: "glossary", RefLabel: "label", RefTopic: "topic", RefDocument: "document"}

func jsonSpan(e *Edition, sp Span) JSONSpan {
	j := JSONSpan{Kind: spanKindNames[sp.Kind], Start: sp.Start, End: sp.End, Target: sp.Target}
	if sp.Kind == SpanRef {
		c := sp.Cited()
		_, resolved := e.Resolve(c)
		jr := &JSONRef{Kind: refKindNames[c.Kind], Section: c.Section, Term: c.Term, Label: c.Label, Doc: c.Doc.Slug(), Resolved: resolved}
		if !c.Number.IsZero() {
			n := c.Number
			jr.Number = &n
		}
		if !c.Last.IsZero() {
			n := c.Last
			jr.Last = &n
		}
		j.Ref = jr
	}
	return j
}
