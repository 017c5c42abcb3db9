package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
)

// The JSON API, for bots and tools (README.md documents it). Field names are
// a contract: add fields, never rename them.

type apiEdition struct {
	ID            string  `json:"id"`
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
}

type apiRule struct {
	Number   string    `json:"number"`
	Title    string    `json:"title,omitempty"` // chapters only
	Text     string    `json:"text"`
	Examples []string  `json:"examples"`
	Subrules []apiRule `json:"subrules"`
	Refs     []apiRef  `json:"refs"`
	CitedBy  []string  `json:"cited_by"`
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
		a := apiEdition{ID: e.ID, Title: e.Title, Format: string(e.Format), Kind: string(e.Kind), Truncated: e.Truncated.JSON()}
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
	return s.renderAs(c, jsonBody(ruleJSON(e, r)), echo.MIMEApplicationJSON)
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
		CitedBy:  citersJSON(g.CitedBy),
	}
	var paras []string
	for _, b := range g.Body {
		p := b.Text.S
		if b.Sense > 0 {
			p = strconv.Itoa(b.Sense) + ". " + p
		}
		paras = append(paras, p)
	}
	t.Text = strings.Join(paras, "\n\n")
	return s.renderAs(c, jsonBody(t), echo.MIMEApplicationJSON)
}

func ruleJSON(e *rules.Edition, r *rules.Rule) apiRule {
	a := apiRule{
		Number:   r.Number.String(),
		Title:    r.Title,
		Examples: []string{},
		Subrules: []apiRule{},
		Refs:     refsJSON(e, r.Body),
		CitedBy:  citersJSON(r.CitedBy),
	}
	var paras []string
	for _, b := range r.Body {
		if b.Kind == rules.BlockExample {
			a.Examples = append(a.Examples, b.Text.S)
		} else {
			paras = append(paras, b.Text.S)
		}
	}
	a.Text = strings.Join(paras, "\n\n")
	for _, c := range r.Children {
		a.Subrules = append(a.Subrules, ruleJSON(e, c))
	}
	return a
}

// refsJSON lists the rule numbers cited in body, ranges expanded, each once,
// in order, with whether the edition has it.
func refsJSON(e *rules.Edition, body []rules.Block) []apiRef {
	out := []apiRef{}
	seen := map[rules.Number]bool{}
	for _, b := range body {
		for _, sp := range b.Text.Spans {
			if sp.Kind != rules.SpanRef {
				continue
			}
			for _, n := range sp.Cited().Numbers() {
				if !seen[n] {
					seen[n] = true
					out = append(out, apiRef{Number: n.String(), Resolved: e.Rule(n) != nil})
				}
			}
		}
	}
	return out
}

// citersJSON lists the numbers of the rules whose text cites an entry.
func citersJSON(refs []*rules.Ref) []string {
	out := []string{}
	seen := map[*rules.Rule]bool{}
	for _, r := range refs {
		if f := r.From.Rule; f != nil && !seen[f] {
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
