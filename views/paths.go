// Package views renders Arbiter's pages and fragments. Components take typed
// values from package rules and never look anything up themselves: handlers
// gather what a page needs and pass it in.
package views

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/static"
)

// Paths builds every URL a page links to, so the server and a static export
// agree on the site's shape. Base is prepended to each path: "" when the site
// is served at the root of its host, "/arbiter" when it lives below one.
type Paths struct {
	Base string
	// Static is a static export (arbiter export --site): no server answers,
	// so every page's path ends in .html (a static host types files by
	// their names), search runs in the browser, forms that would ask the
	// server become links, and sandbox links go to Sandbox or are left out.
	Static bool
	// Sandbox is the server whose sandbox a static export's "Run in
	// sandbox" links open ("https://arbiter.example.org"); "" leaves them
	// out. The server keeps its own sandbox whatever this says.
	Sandbox string
	// OnePage is the ID of the edition a page shows whole (/{edition}/all):
	// references in its text to its own rules, sections and glossary
	// entries lead to their anchors on the page (#704.5k, AnchorOf) rather
	// than to their own pages, so the page reads on its own, saved or
	// printed. "" on every other page.
	OnePage string
	// Cards finds the card names in an edition's text (rules/cards), as
	// SpanCard spans, which CardText links to the cards' pages. Nil: no
	// card pages (a static export), no card links.
	Cards func(ed *rules.Edition, s string) []rules.Span
}

// page is the URL of the page at path (below Base).
func (p Paths) page(path string) string {
	if p.Static {
		return p.Base + path + ".html"
	}
	return p.Base + path
}

func (p Paths) HomeURL() string              { return p.Base + "/" }
func (p Paths) HelpURL() string              { return p.page("/help") }
func (p Paths) StaticURL(name string) string { return p.Base + static.URL(name) }
func (p Paths) TOCURL(ed string) string      { return p.page("/" + ed) }
func (p Paths) GlossaryURL(ed string) string { return p.page("/" + ed + "/glossary") }
func (p Paths) KeywordsURL(ed string) string { return p.page("/" + ed + "/keywords") }

// JumpURL is where the jump box goes: the server's /jump, or in a static
// export the search page, which jumps to a rule number itself.
func (p Paths) JumpURL() string {
	if p.Static {
		return p.SearchFormURL()
	}
	return p.Base + "/jump"
}

// DocURL is a page below a document's own path: /mtr, /mtr/2.3, /cr/704.5k.
func (p Paths) DocURL(d rules.Doc, rest string) string {
	if rest == "" {
		return p.page("/" + d.Slug())
	}
	return p.page("/" + d.Slug() + "/" + rest)
}

// Section is a section's page: /2026-01-16/section/7.
func (p Paths) SectionURL(ed string, n int) string {
	return p.page("/" + ed + "/section/" + strconv.Itoa(n))
}

// Rule is a numbered entry's page: /2026-01-16/704.5k (chapters too: /2026-01-16/704).
func (p Paths) RuleURL(ed string, n rules.Number) string {
	b := make([]byte, 0, len(p.Base)+len(ed)+10)
	b = append(b, p.Base...)
	b = append(b, '/')
	b = append(b, ed...)
	b = append(b, '/')
	b = n.Append(b)
	if p.Static {
		b = append(b, ".html"...)
	}
	return string(b)
}

// AllURL is an edition on one page: /2026-01-16/all.
func (p Paths) AllURL(ed string) string { return p.page("/" + ed + "/all") }

// PrintURL is an entry and everything below it, laid out for printing:
// /2026-01-16/704/print.
func (p Paths) PrintURL(ed string, n rules.Number) string {
	return p.page("/" + ed + "/" + n.String() + "/print")
}

// Term is a glossary entry's page: /2026-01-16/glossary/trample.
func (p Paths) TermURL(ed, slug string) string { return p.page("/" + ed + "/glossary/" + slug) }

// Topic is a prose edition's topic page: /classic/topic/poison.
func (p Paths) TopicURL(ed, slug string) string { return p.page("/" + ed + "/topic/" + slug) }

// Search is the search page for q in edition ed.
func (p Paths) SearchURL(ed, q string) string {
	v := url.Values{"q": {q}}
	if ed != "" {
		v.Set("e", ed)
	}
	return p.SearchFormURL() + "?" + v.Encode()
}

// Sandbox runs the n-th (1-based) example of rule num in the sandbox.
func (p Paths) SandboxURL(ed string, num rules.Number, n int) string {
	return p.sandboxURL("/sandbox/" + ed + "/" + num.String() + "/" + strconv.Itoa(n))
}

// sandboxURL is the URL of the sandbox's page at path: on this site, or in
// a static export on the server named by Sandbox. A static export with no
// sandbox server has one page for them all instead (sandbox.html), which
// says how to run the scenarios and shows their text.
func (p Paths) sandboxURL(path string) string {
	switch {
	case !p.Static:
		return p.Base + path
	case p.Sandbox != "":
		return strings.TrimSuffix(p.Sandbox, "/") + path
	}
	return p.page("/sandbox")
}

// Preview is the fragment a hover over a link to path shows; app.js builds
// the same URL from a link's href.
func (p Paths) PreviewURL(path string) string { return p.Base + "/preview" + path[len(p.Base):] }
