package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// The JSON API, for bots and tools (README.md documents it). Field names are
// a contract: add fields, never rename them.

type apiEdition struct {
	ID            string  `json:"id"`
	Document      string  `json:"document"` // "cr", "mtr", "ipg", "jar"
	Title         string  `json:"title"`
	EffectiveDate *string `json:"effective_date"` // null when the source has none
	Format        string  `json:"format"`
	Kind          string  `json:"kind"`
	// Truncated says where the edition's source file stops when it is cut
	// short; null for a whole file.
	Truncated *rules.JSONTruncation `json:"truncated"`
}

type apiRef struct {
	Number   string `json:"number"`
	Resolved bool   `json:"resolved"`
	// A reference to another document ("MTR section 4.3" in the IPG)
	// names it, and the edition of it in force on the citing edition's
	// date that holds the number; both are absent for the citing
	// edition's own numbers.
	Document string `json:"document,omitempty"`
	Edition  string `json:"edition,omitempty"`
}

type apiRule struct {
	Number   string    `json:"number"`
	Title    string    `json:"title,omitempty"` // chapters, and the judge documents' entries
	Text     string    `json:"text"`
	Examples []string  `json:"examples"`
	Subrules []apiRule `json:"subrules"`
	Refs     []apiRef  `json:"refs"`
	CitedBy  []string  `json:"cited_by"`
	// CitedFrom lists the entries of other documents that cite this one
	// (the IPG's infractions citing a CR rule).
	CitedFrom []apiCiter `json:"cited_from"`
	// A judge document's entry: its penalty as printed ("Game Loss", an
	// IPG infraction's), and its headed parts in order ("Definition",
	// "Philosophy", …) when it has any.
	Penalty string    `json:"penalty,omitempty"`
	Parts   []apiPart `json:"parts,omitempty"`
}

// apiPart is one headed part of a judge document's entry or topic: the
// heading, and the paragraphs and examples under it.
type apiPart struct {
	Heading string `json:"heading,omitempty"`
	// Anchor reaches the heading on the entry's page
	// (/ipg/2024-09-23/2.1#philosophy).
	Anchor   string   `json:"anchor,omitempty"`
	Text     string   `json:"text"`
	Examples []string `json:"examples"`
}

// apiCiter is an entry of another document's edition citing something.
type apiCiter struct {
	Document string `json:"document"`
	Edition  string `json:"edition"`
	Number   string `json:"number,omitempty"` // a numbered entry
	Topic    string `json:"topic,omitempty"`  // or a topic: its slug
	Term     string `json:"term,omitempty"`   // or a glossary entry: its slug
	URL      string `json:"url"`
}

// apiTopic is a topic: an appendix of a judge document, a section of
// Judging at Regular REL, a subject of a prose edition.
type apiTopic struct {
	Slug      string     `json:"slug"`
	Title     string     `json:"title"`
	Text      string     `json:"text"`
	Examples  []string   `json:"examples"`
	Parts     []apiPart  `json:"parts,omitempty"`
	Refs      []apiRef   `json:"refs"`
	CitedBy   []string   `json:"cited_by"`
	CitedFrom []apiCiter `json:"cited_from"`
}

type apiTerm struct {
	Term     string   `json:"term"`
	Terms    []string `json:"terms"`
	Slug     string   `json:"slug"`
	Text     string   `json:"text"`
	Obsolete bool     `json:"obsolete"`
	Refs     []apiRef `json:"refs"`
	CitedBy  []string `json:"cited_by"`
}

// apiEditions serves GET /api/editions.
func (s *Server) apiEditions(c echo.Context) error {
	lib := siteOf(c).lib
	out := make([]apiEdition, 0, len(lib.Editions))
	for _, e := range lib.Editions {
		a := apiEdition{ID: e.ID, Document: e.Document().Slug(), Title: e.Title, Format: string(e.Format), Kind: string(e.Kind), Truncated: e.Truncated.JSON()}
		if d := e.EffectiveDate(); d != "" {
			a.EffectiveDate = &d
		}
		out = append(out, a)
	}
	return s.renderAs(c, jsonBody(out), echo.MIMEApplicationJSON)
}

// apiRule serves GET /api/{edition}/rules/{number}.
func (s *Server) apiRule(c echo.Context) error {
	e, n, r, err := editionRule(c)
	if err != nil {
		return err
	}
	if r == nil {
		return notFound("Rule %s is not in edition %s.", n, e.ID)
	}
	return s.renderAs(c, jsonBody(s.ruleJSON(siteOf(c), e, r)), echo.MIMEApplicationJSON)
}

// apiTopic serves GET /api/{edition}/topics/{slug}.
func (s *Server) apiTopic(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	slug := param(c, "slug")
	t := e.Topic(slug)
	if t == nil {
		return notFound("Edition %s has no topic %q.", e.ID, clip(slug))
	}
	text, examples, parts := bodyJSON(t.Body)
	out := apiTopic{
		Slug: t.Slug, Title: t.Title, Text: text, Examples: examples, Parts: parts,
		Refs:      refsJSON(e, t.Body),
		CitedBy:   citersJSON(e.CitedBy(rules.Citer{Topic: t})),
		CitedFrom: s.crossCitersJSON(siteOf(c).shelf.books.CitedFrom(e, t)),
	}
	return s.renderAs(c, jsonBody(out), echo.MIMEApplicationJSON)
}

// apiTerm serves GET /api/{edition}/glossary/{term}; term may be the term
// as printed ("Mana Burn", any case) or its slug ("mana-burn").
func (s *Server) apiTerm(c echo.Context) error {
	e, err := edition(c)
	if err != nil {
		return err
	}
	name := param(c, "term")
	g := e.Term(name)
	if g == nil {
		return notFound("Edition %s's glossary has no term %q.", e.ID, clip(name))
	}
	t := apiTerm{
		Term:     g.Term(),
		Terms:    append([]string{}, g.Terms...),
		Slug:     g.Slug,
		Obsolete: g.Obsolete,
		Refs:     refsJSON(e, g.Body),
		CitedBy:  citersJSON(e.CitedBy(rules.Citer{Entry: g})),
	}
	var paras []string
	for _, b := range g.Body {
		p := b.Text.S
		if b.Sense > 0 {
			p = strconv.Itoa(int(b.Sense)) + ". " + p
		}
		paras = append(paras, p)
	}
	t.Text = strings.Join(paras, "\n\n")
	return s.renderAs(c, jsonBody(t), echo.MIMEApplicationJSON)
}

func (s *Server) ruleJSON(st *site, e *rules.Edition, r *rules.Rule) apiRule {
	a := apiRule{
		Number:    r.Number.String(),
		Title:     r.Title(),
		Subrules:  []apiRule{},
		Refs:      refsJSON(e, r.Body),
		CitedBy:   citersJSON(e.CitedBy(rules.Citer{Rule: r})),
		CitedFrom: s.crossCitersJSON(st.shelf.books.CitedFrom(e, r)),
	}
	a.Text, a.Examples, a.Parts = bodyJSON(r.Body)
	for _, b := range r.Body {
		if b.Kind == rules.BlockPenalty && a.Penalty == "" {
			a.Penalty = b.Text.S
		}
	}
	for _, c := range r.Children {
		a.Subrules = append(a.Subrules, s.ruleJSON(st, e, c))
	}
	return a
}

// bodyJSON is an entry's or topic's body as the API gives it: its
// paragraphs, blank-line separated (a list's items and a table's rows,
// its cells tab-separated, are paragraphs too), and its examples, without
// a judge document's part headings and penalty; and, when it has headings,
// the same cut into its parts, text before the first heading a part with
// no heading.
func bodyJSON(body []rules.Block) (text string, examples []string, parts []apiPart) {
	var all, cur []string // paragraphs: the whole body's, the current part's
	examples = []string{}
	headed := slices.ContainsFunc(body, func(b rules.Block) bool { return b.Kind == rules.BlockHeading })
	flush := func() {
		if n := len(parts); n > 0 {
			parts[n-1].Text = strings.Join(cur, "\n\n")
		}
		cur = nil
	}
	for _, b := range body {
		switch {
		case b.Kind == rules.BlockHeading:
			flush()
			parts = append(parts, apiPart{Heading: b.Text.S, Anchor: views.PartAnchor(b.Text.S), Examples: []string{}})
			continue
		case b.Kind == rules.BlockPenalty:
			continue
		case headed && len(parts) == 0:
			parts = append(parts, apiPart{Examples: []string{}})
		}
		if b.Kind == rules.BlockExample {
			examples = append(examples, b.Text.S)
			if headed {
				parts[len(parts)-1].Examples = append(parts[len(parts)-1].Examples, b.Text.S)
			}
			continue
		}
		all, cur = append(all, b.Text.S), append(cur, b.Text.S)
	}
	flush()
	return strings.Join(all, "\n\n"), examples, parts
}

// refsJSON lists the rule numbers cited in body, ranges expanded, each once,
// in order, with whether the edition has it; another document's numbers
// with that document, resolved in its edition in force on e's date.
func refsJSON(e *rules.Edition, body []rules.Block) []apiRef {
	out := []apiRef{}
	type key struct {
		doc rules.Doc
		n   rules.Number
	}
	seen := map[key]bool{}
	for _, b := range body {
		for _, sp := range b.Text.Spans {
			if sp.Kind != rules.SpanRef {
				continue
			}
			c := sp.Cited()
			doc := c.Doc
			if doc == e.Document() {
				doc = 0
			}
			for _, n := range c.Numbers() {
				if seen[key{doc, n}] {
					continue
				}
				seen[key{doc, n}] = true
				ref := apiRef{Number: n.String()}
				if doc == 0 {
					ref.Resolved = e.Rule(n) != nil
				} else {
					ref.Document = doc.Slug()
					t, ok := e.Resolve(rules.Cite{Kind: rules.RefRule, Doc: doc, Number: n})
					ref.Resolved = ok
					if ok && t.Edition != nil {
						ref.Edition = t.Edition.ID
					}
				}
				out = append(out, ref)
			}
		}
	}
	return out
}

// crossCitersJSON lists the entries of other documents that cite
// something, once each.
func (s *Server) crossCitersJSON(refs []rules.CrossRef) []apiCiter {
	out := []apiCiter{}
	seen := map[apiCiter]bool{}
	for _, x := range refs {
		e := x.Edition
		a := apiCiter{Document: e.Document().Slug(), Edition: e.ID}
		switch f := x.Ref.From(); {
		case f.Rule != nil:
			a.Number, a.URL = f.Rule.Number.String(), s.paths.RuleURL(e.ID, f.Rule.Number)
		case f.Topic != nil:
			a.Topic, a.URL = f.Topic.Slug, s.paths.TopicURL(e.ID, f.Topic.Slug)
		case f.Entry != nil:
			a.Term, a.URL = f.Entry.Slug, s.paths.TermURL(e.ID, f.Entry.Slug)
		default:
			continue
		}
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out
}

// citersJSON lists the numbers of the rules whose text cites an entry.
func citersJSON(refs []*rules.Ref) []string {
	out := []string{}
	seen := map[*rules.Rule]bool{}
	for _, r := range refs {
		if f := r.From().Rule; f != nil && !seen[f] {
			seen[f] = true
			out = append(out, f.Number.String())
		}
	}
	return out
}

// jsonBody is v as a component, so JSON goes through the same page cache
// and validators as HTML.
func jsonBody(v any) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return err
		}
		_, err := w.Write(b.Bytes())
		return err
	})
}
