package views

import (
	"context"
	"encoding/xml"
	"io"
	"strconv"

	"github.com/a-h/templ"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/search"
)

// SearchPage is the results page: the query's results in one edition or
// in all of them (Scope "all"), with the form to search again.
type SearchPage struct {
	Page
	Doc      rules.Doc        // the document searched
	Scope    string           // the edition ID searched, or search.AllEditions
	Editions []*rules.Edition // the editions the form offers
	Results  *search.Results
	// Browser is set in a static export, whose search page has no results:
	// static/search.js runs the query in the browser (cmd/searchwasm).
	Browser *BrowserSearch
	// Loading is how many editions are still being read at start: a search
	// of every edition searches those read so far.
	Loading int
	// Named are the documents the query names outright ("IPG").
	Named []rules.Doc
	// Card is the card the query names ("Flash", "assassins trophy"),
	// offered above the hits; "" for none.
	Card string
	// Elsewhere are the best hits of the other documents' newest editions.
	Elsewhere []DocHits
	// Answer is the entry shown whole above the hits; nil for none. When
	// it is one of Results' hits, it is no longer among them.
	Answer *Answer
}

// listHeading heads the hits below an answer: "More results" when the
// answer was the best of them, the document searched when it is from
// another.
func (p SearchPage) listHeading() string {
	switch {
	case p.Answer == nil:
		return ""
	case p.Answer.Listed || !p.Answer.Elsewhere:
		return "More results"
	}
	return "In the " + p.Doc.Title()
}

// answered is how many of Results' hits the answer stands for: one when
// it was among them.
func (p SearchPage) answered() int {
	if p.Answer != nil && p.Answer.Listed {
		return 1
	}
	return 0
}

// Suggestion is a place the jump box's words name outright, listed first
// under it: "704.5j", "IPG 2.5 Game Play Error — Game Rule Violation".
type Suggestion struct {
	URL   string
	Label string // its number, with its document's abbreviation if not the CR's
	Title string
	Text  string // the start of its text
}

// DocHits are the hits of one other document's newest edition.
type DocHits struct {
	Edition *rules.Edition
	Results *search.Results
}

// BrowserSearch is what a static export's search page needs to search in
// the browser.
type BrowserSearch struct {
	ScriptURL string // static/search.js, which runs it
	WasmURL   string // the search code, Go compiled to WebAssembly
	ExecURL   string // Go's wasm_exec.js, which runs it
	DataURL   string // the directory of each edition's sources: DataURL + id + ".zip"
	Latest    string // the edition searched when the URL names none
	// RuleExample is the address of a rule of it, which the page shows
	// readers without JavaScript as the way to a rule; "" for none.
	RuleExample string
}

// All reports whether the page shows hits from every edition.
func (p SearchPage) All() bool { return p.Scope == search.AllEditions }

// SearchFormURL is where the search form submits (its fields make the query string).
func (p Paths) SearchFormURL() string { return p.page("/search") }

// OpenSearchURL is the OpenSearch description, for browsers' address bars;
// "" in a static export, which does not know its own host.
func (p Paths) OpenSearchURL() string {
	if p.Static {
		return ""
	}
	return p.Base + "/opensearch.xml"
}

// SuggestURL is the search-as-you-type fragment the jump box fetches.
func (p Paths) SuggestURL() string { return p.Base + "/suggest" }

// HitURL is the page of a search hit: in a search of every edition, the
// version it shows (today's, if the entry is still in the rules); else in
// the edition searched.
func (p Paths) HitURL(h search.Hit) string {
	ed := h.Edition
	if ed == "" && len(h.Editions) > 0 {
		ed = h.Editions[0]
	}
	switch h.Kind {
	case search.HitGlossary:
		return p.TermURL(ed, h.Slug)
	case search.HitTopic:
		return p.TopicURL(ed, h.Slug)
	}
	return p.RuleURL(ed, h.Number)
}

// HitLabel is what a hit's link says: its rule number, "Glossary: Trample",
// or a topic's title.
func HitLabel(h search.Hit) string {
	switch h.Kind {
	case search.HitGlossary:
		return "Glossary: " + h.Title
	case search.HitTopic:
		return h.Title
	}
	return h.Number.String()
}

// hitTitle is the heading shown after a rule's number; glossary entries and
// topics already show theirs in the label.
func hitTitle(h search.Hit) string {
	if h.Kind != search.HitRule || h.Number.Level() == rules.LevelChapter && h.Title == "" {
		return ""
	}
	return h.Title
}

// resultCount says how many entries matched: "1 entry", "57 entries".
func resultCount(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return strconv.Itoa(n) + " entries"
}

// resultSummary is "57 entries", or "1703 entries, the best 50 shown".
func resultSummary(total, shown int) string {
	if total > shown {
		return resultCount(total) + ", the best " + strconv.Itoa(shown) + " shown"
	}
	return resultCount(total)
}

// hitChapter is the chapter a hit is in, left out for a chapter itself,
// whose label and title already say it.
func hitChapter(h search.Hit) string {
	if h.Kind == search.HitRule && h.Number.Level() == rules.LevelChapter {
		return ""
	}
	return h.Chapter
}

// HitHistory says where a hit of a search of every edition stands through
// time, from its eras (newest first): "today; as 704.5k 2009–2017, as
// 420.5e 2003–2009", "today; since 2024" for an entry that has kept its
// number, "2003–2009, since removed" for one no longer in the rules.
func HitHistory(h search.Hit) string {
	if len(h.Eras) == 0 {
		return ""
	}
	first := h.Eras[0]
	var s string
	switch {
	case h.Current && len(h.Eras) == 1:
		s = "today; since " + year(first.From)
	case h.Current:
		s = "today"
	default:
		s = years(first) + ", since removed"
	}
	for i, e := range h.Eras[1:] {
		if i == 0 {
			s += "; as "
		} else {
			s += ", as "
		}
		s += eraName(e) + " " + years(e)
	}
	return s
}

// eraName is what an entry was called in an era: its number, or its
// glossary headword.
func eraName(e search.Era) string {
	if e.Term != "" {
		return e.Term
	}
	return e.Number.String()
}

// years is an era's span in years: "2009–2017", "2009".
func years(e search.Era) string {
	a, b := year(e.From), year(e.To)
	if a == b {
		return a
	}
	return a + "–" + b
}

// year is the year of an edition ID that is a date ("2009-09-04"), else
// the ID ("classic").
func year(id string) string {
	if len(id) >= 4 && id[0] >= '0' && id[0] <= '9' {
		return id[:4]
	}
	return id
}

// loadingNote says that a search of every edition could search only the
// editions read so far.
func loadingNote(n int) string {
	if n == 1 {
		return "1 edition is still loading: these results are from the editions read so far."
	}
	return strconv.Itoa(n) + " editions are still loading: these results are from the editions read so far."
}

// editionChoice is an option of the search form's edition menu.
type editionChoice struct {
	Value, Label string
	Selected     bool
}

func (p SearchPage) editionChoices() []editionChoice {
	out := make([]editionChoice, 0, len(p.Editions)+1)
	for _, e := range p.Editions {
		out = append(out, editionChoice{Value: e.ID, Label: EditionName(e), Selected: e.ID == p.Scope})
	}
	if p.Browser != nil {
		return out // the browser searches one edition at a time
	}
	return append(out, editionChoice{Value: p.Doc.Prefix() + search.AllEditions, Label: "All editions", Selected: p.All()})
}

// OpenSearch describes the site's search to browsers, so Arbiter can be
// searched from the address bar. site is the site's absolute URL without a
// trailing slash. It is XML, so it is written here rather than in templ.
func OpenSearch(site string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		if _, err := io.WriteString(w, xml.Header+`<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">`+
			`<ShortName>Arbiter</ShortName>`+
			`<Description>Search the Magic: The Gathering Comprehensive Rules</Description>`+
			`<InputEncoding>UTF-8</InputEncoding>`+
			`<Url type="text/html" method="get" template="`); err != nil {
			return err
		}
		if err := xml.EscapeText(w, []byte(site+"/search?q={searchTerms}")); err != nil {
			return err
		}
		_, err := io.WriteString(w, `"/></OpenSearchDescription>`+"\n")
		return err
	})
}
