package main

import (
	"html"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/locate"
	"github.com/arbiter-rules/arbiter/rules/search"
)

// apiSearchResults is GET /api/{edition}/search's answer (README.md
// documents it). Field names are a contract: add fields, never rename them.
type apiSearchResults struct {
	Query       string              `json:"query"`   // the query as understood, in query syntax
	Edition     string              `json:"edition"` // the edition searched, or "all"
	Editions    []string            `json:"editions"`
	Total       int                 `json:"total"`
	Hits        []apiHit            `json:"hits"`
	Jump        *apiJump            `json:"jump,omitempty"`
	DidYouMean  string              `json:"did_you_mean,omitempty"`
	Corrections []search.Correction `json:"corrections,omitempty"`
	Message     string              `json:"message,omitempty"`
	Notes       []string            `json:"notes,omitempty"`
}

type apiHit struct {
	Kind        string   `json:"kind"`             // "rule", "glossary" or "topic"
	Number      string   `json:"number,omitempty"` // rules
	Slug        string   `json:"slug,omitempty"`   // glossary entries and topics
	Title       string   `json:"title,omitempty"`
	Chapter     string   `json:"chapter,omitempty"`
	URL         string   `json:"url"`
	Snippet     string   `json:"snippet"`      // plain text
	SnippetHTML string   `json:"snippet_html"` // escaped, matches in <mark>
	Example     bool     `json:"example,omitempty"`
	Score       float64  `json:"score"`
	Editions    []string `json:"editions"`
	// With edition "all" a hit is an entry through time: Edition holds the
	// version shown (the newest, today's if Current), History its numbers
	// (glossary entries: headwords) newest first, and SnippetFrom the
	// edition whose wording the snippet quotes when that version did not
	// match.
	Edition     string   `json:"edition,omitempty"`
	Current     bool     `json:"current,omitempty"`
	History     []apiEra `json:"history,omitempty"`
	SnippetFrom string   `json:"snippet_from,omitempty"`
}

// apiEra is a run of editions, from the oldest to the newest, in which an
// entry had one number or headword.
type apiEra struct {
	Number string `json:"number,omitempty"`
	Term   string `json:"term,omitempty"`
	From   string `json:"from"`
	To     string `json:"to"`
}

type apiJump struct {
	Edition string `json:"edition"`
	Number  string `json:"number"`
	URL     string `json:"url"`
}

// apiSearch serves GET /api/{edition}/search?q=…&limit=…; edition may be
// "latest" or "all". Problems with the query itself come back as a message
// with status 200; an unknown edition is a 404 and a bad limit a 400.
func (s *Server) apiSearch(c echo.Context) error {
	ed := param(c, "edition")
	if ed != search.AllEditions {
		e, err := edition(c)
		if err != nil {
			return err
		}
		ed = e.ID
	}
	limit := search.DefaultLimit
	if v := c.QueryParam("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > search.MaxLimit {
			return badRequest("limit: want a whole number from 1 to %d, got %q.", search.MaxLimit, clip(v))
		}
		limit = n
	}
	r, err := siteOf(c).search.Search(ed, c.QueryParam("q"), search.Options{Limit: limit})
	if err != nil {
		return notFound("There is no edition %q.", clip(ed))
	}
	out := apiSearchResults{
		Query: r.Query, Edition: r.Edition, Editions: r.Editions, Total: r.Total, Hits: []apiHit{},
		DidYouMean: r.DidYouMean, Corrections: r.Corrections, Message: r.Message, Notes: r.Notes,
	}
	if r.Jump == nil {
		r.Jump = numberJump(siteOf(c), ed, c.QueryParam("q"))
	}
	if r.Jump != nil {
		out.Jump = &apiJump{Edition: r.Jump.Edition, Number: r.Jump.Number.String(), URL: s.paths.RuleURL(r.Jump.Edition, r.Jump.Number)}
	}
	for _, h := range r.Hits {
		a := apiHit{
			Kind: string(h.Kind), Slug: h.Slug, Title: h.Title, Chapter: h.Chapter,
			URL: s.paths.HitURL(h), Snippet: h.Snippet.String(), SnippetHTML: snippetHTML(h.Snippet),
			Example: h.Snippet.Example, Score: h.Score, Editions: h.Editions,
			Edition: h.Edition, Current: h.Current, SnippetFrom: h.SnippetFrom,
		}
		for _, e := range h.Eras {
			a.History = append(a.History, apiEra{Number: numberString(e.Number), Term: e.Term, From: e.From, To: e.To})
		}
		if h.Kind == search.HitRule {
			a.Number = h.Number.String()
		}
		out.Hits = append(out.Hits, a)
	}
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	c.Response().WriteHeader(200)
	return jsonBody(out).Render(c.Request().Context(), c.Response())
}

// numberJump is the rule q names by number in a form the search does not
// read as one ("704 5j", "r. 704.5j"), in edition ed of st's document (in
// every edition: the newest that has it); nil if it names none.
func numberJump(st *site, ed, q string) *search.Jump {
	p, ok := locate.Read(q, st.doc)
	if !ok || p.Doc != st.doc || p.Number.IsZero() || p.Part != "" {
		return nil
	}
	if ed == search.AllEditions {
		if e, r := st.lib.Newest(p.Number); r != nil {
			return &search.Jump{Edition: e.ID, Number: p.Number}
		}
		return nil
	}
	if e := st.lib.Edition(ed); e != nil && e.Rule(p.Number) != nil {
		return &search.Jump{Edition: e.ID, Number: p.Number}
	}
	return nil
}

// snippetHTML is a snippet escaped for HTML with its matches in <mark>.
func snippetHTML(sn search.Snippet) string {
	var b strings.Builder
	for _, p := range sn.Parts {
		if p.Mark {
			b.WriteString("<mark>" + html.EscapeString(p.Text) + "</mark>")
		} else {
			b.WriteString(html.EscapeString(p.Text))
		}
	}
	return b.String()
}

// numberString is n as written, "" for no number.
func numberString(n rules.Number) string {
	if n.IsZero() {
		return ""
	}
	return n.String()
}
