// Package views renders Arbiter's pages and fragments. Components take typed
// values from package rules and never look anything up themselves: handlers
// gather what a page needs and pass it in.
package views

import (
	"net/url"
	"strconv"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/static"
)

// Paths builds every URL a page links to, so the server and a static export
// agree on the site's shape. Base is prepended to each path: "" when the site
// is served at the root of its host, "/arbiter" when it lives below one.
type Paths struct {
	Base string
}

func (p Paths) HomeURL() string              { return p.Base + "/" }
func (p Paths) HelpURL() string              { return p.Base + "/help" }
func (p Paths) JumpURL() string              { return p.Base + "/jump" }
func (p Paths) StaticURL(name string) string { return p.Base + static.URL(name) }
func (p Paths) TOCURL(ed string) string      { return p.Base + "/" + ed }
func (p Paths) GlossaryURL(ed string) string { return p.Base + "/" + ed + "/glossary" }
func (p Paths) KeywordsURL(ed string) string { return p.Base + "/" + ed + "/keywords" }

// Section is a section's page: /2026-01-16/section/7.
func (p Paths) SectionURL(ed string, n int) string {
	return p.Base + "/" + ed + "/section/" + strconv.Itoa(n)
}

// Rule is a numbered entry's page: /2026-01-16/704.5k (chapters too: /2026-01-16/704).
func (p Paths) RuleURL(ed string, n rules.Number) string {
	b := make([]byte, 0, len(p.Base)+len(ed)+10)
	b = append(b, p.Base...)
	b = append(b, '/')
	b = append(b, ed...)
	b = append(b, '/')
	return string(n.Append(b))
}

// Term is a glossary entry's page: /2026-01-16/glossary/trample.
func (p Paths) TermURL(ed, slug string) string { return p.GlossaryURL(ed) + "/" + slug }

// Topic is a prose edition's topic page: /classic/topic/poison.
func (p Paths) TopicURL(ed, slug string) string { return p.Base + "/" + ed + "/topic/" + slug }

// Search is the search page for q in edition ed.
func (p Paths) SearchURL(ed, q string) string {
	v := url.Values{"q": {q}}
	if ed != "" {
		v.Set("e", ed)
	}
	return p.Base + "/search?" + v.Encode()
}

// Sandbox runs the n-th (1-based) example of rule num in the sandbox.
func (p Paths) SandboxURL(ed string, num rules.Number, n int) string {
	return p.Base + "/sandbox/" + ed + "/" + num.String() + "/" + strconv.Itoa(n)
}

// Preview is the fragment a hover over a link to path shows; app.js builds
// the same URL from a link's href.
func (p Paths) PreviewURL(path string) string { return p.Base + "/preview" + path[len(p.Base):] }
