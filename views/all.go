package views

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/arbiter-rules/arbiter/rules"
)

// AllPage is an edition on one page (/{edition}/all): every rule, example
// and glossary entry, each with its anchor (#704.5k, #glossary-trample),
// for a judge who searches with the browser's Find. Its Paths.OnePage is
// the edition, so references lead to anchors on the page.
type AllPage struct {
	Page
	// Inline is how many bytes of the body the page writes before it leaves
	// the sections after as placeholders, each fetched whole (AllPart) by
	// all.js as the reader nears it and, once the page has loaded, one after
	// another, so Find finds every rule in the end. 0 writes every section:
	// the whole page is 1.9 MB and 27,800 elements, some 9 s to usable on a
	// slow phone (issue 28), where the first sections alone are under 2 s.
	Inline int
}

// AllInline is about how much of the one-page edition its first load
// holds: the contents and the chapters that fit, at least one (today's
// CR: the contents, 100–103, 7 KB in brotli).
const AllInline = 24 << 10

// allSpill is how much of the page the body gathers before writing it on
// (to templ's buffer, of the same size): the page is some 2 MB, and is
// never held whole.
const allSpill = 4 << 10

// streamer is what a page is rendered into: templ's buffer, whose Flush
// sends what it holds on to the client (through http.Flusher).
type streamer interface{ Flush() error }

// body writes the edition's contents, sections, glossary and topics,
// flushing after each section so the browser shows the first while the
// rest is written. It renders with one scratch buffer reused for every
// entry, and makes no string per entry: the page costs its reader's
// bandwidth, not the server's memory.
func (p AllPage) body() templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		a := &allWriter{p: p, w: w, b: make([]byte, 0, 2*allSpill)}
		e := p.Edition
		a.contents()
		later := false
		for _, s := range e.Sections {
			a.sectionOpen(s)
			for i := 0; i < len(s.Chapters); {
				if p.Inline == 0 || a.n+len(a.b) < p.Inline || !a.wrote {
					a.entry(s.Chapters[i])
					a.wrote = true
					i++
					continue
				}
				j, size := i, 0
				for j < len(s.Chapters) && (j == i || size+weight(s.Chapters[j]) <= allPart) {
					size += weight(s.Chapters[j])
					j++
				}
				a.later(s.Chapters[i:j])
				later = true
				i = j
			}
			a.str(`</section>`)
			if err := a.flush(ctx); err != nil {
				return err
			}
		}
		if len(e.Glossary) > 0 {
			if later {
				a.laterGlossary()
			} else {
				a.glossary()
			}
		}
		for _, t := range e.Topics {
			a.topic(t)
			a.spill()
		}
		return a.flush(ctx)
	})
}

// allPart is about how many bytes of HTML one later part holds: some
// 12 KB in brotli, a quarter of a second on a slow connection.
const allPart = 64 << 10

// weight guesses the HTML a chapter makes, from its text, without writing
// it: its text and a tag or two for each entry and link.
func weight(r *rules.Rule) int {
	w := 120
	for _, b := range r.Body {
		w += len(b.Text.S) * 3 / 2
	}
	for _, c := range r.Children {
		w += weight(c)
	}
	return w
}

// Part is a later part of the one-page edition as the whole page has it,
// for all.js to put in the place of its placeholder: the chapters from
// one to another of a section ("704", "712"), or the glossary when from is
// "glossary"; nil for a part the edition does not have.
func (p AllPage) Part(from, to string) templ.Component {
	e := p.Edition
	var write func(a *allWriter)
	if from == "glossary" {
		if len(e.Glossary) == 0 {
			return nil
		}
		write = (*allWriter).glossaryList
	}
	for _, s := range e.Sections {
		i, j := -1, -1
		for k, c := range s.Chapters {
			if n := c.Number.String(); n == from {
				i = k
			} else if n == to && i >= 0 {
				j = k
			}
		}
		if from == to {
			j = i
		}
		if i >= 0 && j >= i {
			chs := s.Chapters[i : j+1]
			write = func(a *allWriter) {
				for _, c := range chs {
					a.entry(c)
				}
			}
		}
	}
	if write == nil {
		return nil
	}
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		a := &allWriter{p: p, w: w, b: make([]byte, 0, 2*allSpill)}
		write(a)
		return a.flush(ctx)
	})
}

// AllPartURL is where all.js fetches the chapters from one to another.
func AllPartURL(p Paths, ed, from, to string) string {
	return p.AllURL(ed) + "?from=" + from + "&to=" + to
}

// AllFullURL is the one-page edition with every part written in, for a
// reader without JavaScript and for a link to print from.
func AllFullURL(p Paths, ed string) string { return p.AllURL(ed) + "?full=1" }

// later writes the placeholder of chapters chs: the chapters it holds
// (data-ids, for an anchor to find its part) and where to fetch them, and
// for a reader whose browser runs no script, a link to each chapter's own
// page and to the whole edition on one page. all.js replaces it with the
// chapters (Part).
func (a *allWriter) later(chs []*rules.Rule) {
	e := a.p.Edition
	from, to := chs[0].Number.String(), chs[len(chs)-1].Number.String()
	a.str(`<div class="later" data-ids="`)
	for i, c := range chs {
		if i > 0 {
			a.str(" ")
		}
		a.num(c.Number)
	}
	a.str(`" data-part="`)
	a.esc(AllPartURL(a.p.Paths, e.ID, from, to))
	a.str(`"><p class="meta">Not on the page yet: it loads as you reach it where scripts run. Read it here: `)
	p := a.p.Paths
	p.OnePage = ""
	for i, c := range chs {
		if i > 0 {
			a.str(", ")
		}
		a.str(`<a href="`)
		a.b = p.appendRuleURL(a.b, e.ID, c.Number)
		a.str(`">`)
		a.heading(c)
		a.str(`</a>`)
		a.spill()
	}
	a.str(`; or <a href="`)
	a.esc(AllFullURL(a.p.Paths, e.ID))
	a.str(`">the whole edition on one page</a>.</p></div>`)
}

// laterGlossary is the glossary's placeholder.
func (a *allWriter) laterGlossary() {
	e := a.p.Edition
	a.str(`<section class="part" id="glossary"><h2>Glossary</h2><div class="later" data-ids="glossary" data-part="`)
	a.esc(a.p.Paths.AllURL(e.ID) + "?from=glossary")
	a.str(`"><p class="meta">Not on the page yet: it loads as you reach it where scripts run. Read it here: <a href="`)
	a.esc(a.p.Paths.GlossaryURL(e.ID))
	a.str(`">the glossary on its own page</a>, or <a href="`)
	a.esc(AllFullURL(a.p.Paths, e.ID))
	a.str(`">the whole edition on one page</a>.</p></div></section>`)
}

// allWriter appends the page to b and writes it on to w in pieces.
type allWriter struct {
	p     AllPage
	w     io.Writer
	b     []byte
	n     int       // bytes written to w
	wrote bool      // a chapter whole
	stack []openTag // appendTextWith's, reused
	err   error
}

// spill writes what b holds once it holds enough.
func (a *allWriter) spill() {
	if len(a.b) >= allSpill {
		a.write()
	}
}

func (a *allWriter) write() {
	if a.err == nil && len(a.b) > 0 {
		_, a.err = a.w.Write(a.b)
		a.n += len(a.b)
	}
	a.b = a.b[:0]
}

// flush writes what b holds and sends it to the client; it stops the page
// when the client has gone.
func (a *allWriter) flush(ctx context.Context) error {
	a.write()
	if a.err == nil {
		if f, ok := a.w.(streamer); ok {
			a.err = f.Flush()
		}
	}
	if a.err == nil {
		a.err = ctx.Err()
	}
	return a.err
}

func (a *allWriter) str(s string) { a.b = append(a.b, s...) }
func (a *allWriter) esc(s string) { a.b = appendEscaped(a.b, s) }
func (a *allWriter) num(n rules.Number) {
	a.b = n.Append(a.b)
}

// contents is the page's table of contents, folded: sections and chapters,
// each a link to its anchor.
func (a *allWriter) contents() {
	e := a.p.Edition
	if len(e.Sections) == 0 {
		return
	}
	a.str(`<details class="alltoc"><summary>Contents</summary><ul class="toc">`)
	for _, s := range e.Sections {
		a.str(`<li class="sec"><a href="#section-`)
		a.b = strconv.AppendInt(a.b, int64(s.Number), 10)
		a.str(`">`)
		a.sectionHeading(s)
		a.str(`</a><ul class="cols">`)
		for _, c := range s.Chapters {
			a.str(`<li><a href="#`)
			a.num(c.Number)
			a.str(`">`)
			a.heading(c)
			a.str(`</a></li>`)
			a.spill()
		}
		a.str(`</ul></li>`)
	}
	if len(e.Glossary) > 0 {
		a.str(`<li><a href="#glossary">Glossary</a></li>`)
	}
	a.str(`</ul></details>`)
}

func (a *allWriter) sectionHeading(s *rules.Section) {
	a.b = strconv.AppendInt(a.b, int64(s.Number), 10)
	a.str(". ")
	a.esc(s.Title)
}

// heading is RuleHeading(r): "704. State-Based Actions", or the number.
func (a *allWriter) heading(r *rules.Rule) {
	a.num(r.Number)
	if r.Title() != "" {
		a.str(". ")
		a.esc(r.Title())
	}
}

// sectionOpen opens a section and writes its heading.
func (a *allWriter) sectionOpen(s *rules.Section) {
	a.str(`<section class="part" id="section-`)
	a.b = strconv.AppendInt(a.b, int64(s.Number), 10)
	a.str(`"><h2>`)
	a.sectionHeading(s)
	a.str(`</h2>`)
}

// entry writes r and everything below it as the rule page does
// (RulePage.entry), so one stylesheet serves both, with each number a
// link to the entry's own page, where its history is.
func (a *allWriter) entry(r *rules.Rule) {
	a.str(`<div class="rule" id="`)
	a.num(r.Number)
	a.str(`">`)
	switch {
	case r.Title() != "":
		if r.Parent == nil {
			a.str(`<h3>`)
		} else {
			a.str(`<h4>`)
		}
		a.numLink(r)
		a.heading(r)
		if r.Parent == nil {
			a.str(`</a></h3>`)
		} else {
			a.str(`</a></h4>`)
		}
	case len(r.Body) == 0 || r.Body[0].Kind != rules.BlockText:
		a.str(`<p>`)
		a.numLink(r)
		a.label(r)
		a.str(`</a></p>`)
	}
	for i, bl := range r.Body {
		switch {
		case bl.Kind == rules.BlockExample && !a.judge():
			a.example(bl.Text)
		case i == 0 && r.Title() == "":
			a.str(`<p>`)
			a.numLink(r)
			a.label(r)
			a.str(`</a> `)
			a.text(bl.Text)
			a.str(`</p>`)
		default:
			a.block(r.Body, i)
		}
	}
	a.spill()
	for _, c := range r.Children {
		a.entry(c)
	}
	a.str(`</div>`)
}

// numLink opens the link of an entry's number to its own page.
func (a *allWriter) numLink(r *rules.Rule) {
	a.str(`<a class="num" href="`)
	p := a.p.Paths
	p.OnePage = ""
	a.b = p.appendRuleURL(a.b, a.p.Edition.ID, r.Number)
	a.str(`">`)
}

// label is Label(r): "704." for a chapter, "704.5." for a rule, "704.5k".
func (a *allWriter) label(r *rules.Rule) {
	a.num(r.Number)
	if r.Number.Level() != rules.LevelSubrule {
		a.str(".")
	}
}

func (a *allWriter) example(t rules.Text) {
	a.str(`<div class="ex"><p><b>Example:</b> `)
	a.text(a.p.withCards(a.p.Edition, t))
	a.str(`</p></div>`)
}

// text appends a paragraph, first writing out what b holds if the
// paragraph might not fit beside it (its HTML, with links, runs to some
// three times its text, and a mana symbol's to 150 bytes): b is never grown
// but for a paragraph larger than it.
func (a *allWriter) text(t rules.Text) {
	if len(a.b)+3*len(t.S)+150*strings.Count(t.S, "{") > cap(a.b) {
		a.write()
	}
	a.b, a.stack = a.p.appendTextWith(a.b, a.stack, a.p.Edition, t, true)
}

// glossary writes every entry, its term the anchor "glossary-" + its slug
// and a link to its own page.
func (a *allWriter) glossary() {
	a.str(`<section class="part" id="glossary"><h2>Glossary</h2>`)
	a.glossaryList()
	a.str(`</section>`)
}

// glossaryList is the glossary's entries, a part of their own for all.js.
func (a *allWriter) glossaryList() {
	e := a.p.Edition
	a.str(`<dl class="gloss">`)
	p := a.p.Paths
	p.OnePage = ""
	for _, g := range e.Glossary {
		a.str(`<dt`)
		if g.Slug != "" {
			a.str(` id="`)
			a.str(termAnchorPrefix)
			a.esc(g.Slug)
			a.str(`"`)
		}
		a.str(`>`)
		if g.Slug != "" {
			a.b = p.appendTermLink(a.b, e.ID, g.Slug, `<a href="`)
		}
		for i, t := range g.Terms {
			if i > 0 {
				a.str(", ")
			}
			a.esc(t)
		}
		if g.Slug != "" {
			a.str(`</a>`)
		}
		if g.Obsolete {
			a.str(` <span class="obsolete">obsolete</span>`)
		}
		a.str(`</dt><dd>`)
		for _, bl := range g.Body {
			if bl.Kind == rules.BlockExample {
				a.example(bl.Text)
				continue
			}
			a.str(`<p>`)
			if bl.Sense > 0 {
				a.str(`<b>`)
				a.b = strconv.AppendInt(a.b, int64(bl.Sense), 10)
				a.str(`.</b> `)
			}
			a.text(a.p.withCards(e, bl.Text))
			a.str(`</p>`)
		}
		a.str(`</dd>`)
		a.spill()
	}
	a.str(`</dl>`)
}

// topic writes a prose edition's topic, anchored "topic-" + its slug.
func (a *allWriter) topic(t *rules.Topic) {
	a.str(`<section class="part" id="topic-`)
	a.esc(t.Slug)
	a.str(`"><h2>`)
	a.esc(t.Title)
	a.str(`</h2>`)
	for i, bl := range t.Body {
		if bl.Kind == rules.BlockExample && !a.judge() {
			a.example(bl.Text)
			continue
		}
		a.block(t.Body, i)
	}
	a.str(`</section>`)
}

// judge says whether the edition is a judge document's, whose examples
// carry their own labels ("A. Knight of Infamy …", "Example: …").
func (a *allWriter) judge() bool { return a.p.Edition.Document() != rules.DocCR }

// block writes body[i] as an entry's or a topic's own page does
// (docBlocks), without the anchors, which repeat on this page: a part's
// heading, a penalty, an item of a list or a row of a table (the list or
// table opened at the first of a run and closed after the last), an
// example, a paragraph.
func (a *allWriter) block(body []rules.Block, i int) {
	bl := body[i]
	first := i == 0 || body[i-1].Kind != bl.Kind
	last := i+1 == len(body) || body[i+1].Kind != bl.Kind
	switch bl.Kind {
	case rules.BlockHeading:
		a.str(`<h5 class="part">`)
		a.esc(bl.Text.S)
		a.str(`</h5>`)
	case rules.BlockPenalty:
		a.str(`<p class="penalty"><span class="meta">Penalty</span> <strong>`)
		a.esc(bl.Text.S)
		a.str(`</strong></p>`)
	case rules.BlockExample:
		a.str(`<div class="ex"><p>`)
		a.text(bl.Text)
		a.str(`</p></div>`)
	case rules.BlockItem:
		if first {
			end := i + 1
			for end < len(body) && body[end].Kind == rules.BlockItem {
				end++
			}
			a.str(`<ul class="items`)
			if labelled(body[i:end]) {
				a.str(` labelled`)
			}
			a.str(`">`)
		}
		a.str(`<li>`)
		a.text(bl.Text)
		a.str(`</li>`)
		if last {
			a.str(`</ul>`)
		}
	case rules.BlockRow:
		if first {
			a.str(`<div class="rows"><table>`)
		}
		a.str(`<tr>`)
		for _, c := range cells(bl.Text) {
			a.str(`<td>`)
			a.esc(c)
			a.str(`</td>`)
		}
		a.str(`</tr>`)
		if last {
			a.str(`</table></div>`)
		}
		a.spill()
	default:
		a.str(`<p>`)
		a.text(bl.Text)
		a.str(`</p>`)
	}
}

// AllCounts counts an edition's rules and subrules (not its chapters) and
// printed examples, for the one-page edition's summary line, walking the
// tree (Edition.Entries would build a slice of them all).
func AllCounts(e *rules.Edition) (entries, examples int) {
	var walk func(r *rules.Rule)
	walk = func(r *rules.Rule) {
		if r.Parent != nil {
			entries++
		}
		for _, b := range r.Body {
			if b.Kind == rules.BlockExample {
				examples++
			}
		}
		for _, c := range r.Children {
			walk(c)
		}
	}
	for _, s := range e.Sections {
		for _, c := range s.Chapters {
			walk(c)
		}
	}
	return entries, examples
}
