package views

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/history"
)

// Page is what every full page's layout needs.
type Page struct {
	Paths
	Title     string
	Edition   *rules.Edition // the edition the page belongs to, nil for site pages
	Canonical string         // path of the page's canonical URL, if it differs from the request's
	Query     string         // the jump box's contents
	// NoJump leaves the jump box out of the header, on a page with a search
	// box of its own (the search page): one search box a page.
	NoJump bool
	Extra  []string // more static assets for this page only: "sandbox.css"
	// Async are scripts for this page only that nothing waits for, not even
	// DOMContentLoaded: "all.js", which fetches the one-page edition's later
	// parts, while the page is read already; "sandbox.js".
	Async []string
	// WasmScript is the URL of a static export's script that runs
	// WebAssembly on this page (its search, static/search.js); "" for none.
	WasmScript string
}

// staticCSP is a static export's content security policy, in a meta
// element since a static host sets headers of its own choosing: the
// server's policy, less what a meta element cannot say (frame-ancestors),
// plus WebAssembly on the search page, which runs Go's search code.
func (p Page) staticCSP() string {
	script := "script-src 'self' " + ThemeScriptSource
	if p.WasmScript != "" {
		script += " 'wasm-unsafe-eval'"
	}
	return "default-src 'none'; " + script + "; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'"
}

// EditionName is a short name for an edition: "CR 2026-01-16", "CR
// 2007-02-01 (excerpt)" for part of one, or a prose edition's title.
func EditionName(e *rules.Edition) string {
	if d := e.Document(); d != rules.DocCR {
		if date := e.EffectiveDate(); date != "" {
			return d.Short() + " " + date
		}
		return d.Short() + " " + rules.SplitIDRest(e.ID)
	}
	if e.Kind == rules.KindProse {
		return e.Title
	}
	name := "CR " + e.ID
	if d := e.EffectiveDate(); d != "" {
		name = "CR " + d
	}
	if e.Kind == rules.KindExcerpt {
		name += " (excerpt)"
	}
	return name
}

// EditionLabel names an edition in words, where a page says once which
// edition it belongs to (its breadcrumbs, the home page's heading):
// "Comprehensive Rules, effective 2026-01-16", "Comprehensive Rules
// excerpt, effective 2007-02-01", a second rendering of a date with its ID
// after, or a prose edition's title.
func EditionLabel(e *rules.Edition) string {
	d := e.EffectiveDate()
	if doc := e.Document(); doc != rules.DocCR {
		name := DocumentName(e)
		if d == "" {
			return name
		}
		return name + ", effective " + d
	}
	if e.Kind == rules.KindProse || d == "" {
		return e.Title
	}
	if e.Kind == rules.KindExcerpt {
		return "Comprehensive Rules excerpt, effective " + d
	}
	s := "Comprehensive Rules, effective " + d
	if e.ID != d {
		s += " (" + e.ID + ")"
	}
	return s
}

// labelHead and labelDate split EditionLabel before its date, which a
// narrow screen must not break at a hyphen ("2026-01-" and "16").
func labelHead(e *rules.Edition) string {
	head, _ := splitLabel(e)
	return head
}

func labelDate(e *rules.Edition) string {
	_, date := splitLabel(e)
	return date
}

func splitLabel(e *rules.Edition) (head, date string) {
	l := EditionLabel(e)
	if i := strings.LastIndex(l, "effective "); i >= 0 {
		i += len("effective ")
		return l[:i], l[i:]
	}
	return l, ""
}

// jumpLabel is the jump box's accessible name, which says the edition it
// looks in, since the header no longer shows it.
func jumpLabel(e *rules.Edition) string {
	if e == nil || e.Kind == rules.KindProse {
		return "Rule number or search words"
	}
	return "Rule number or search words, in " + EditionLabel(e)
}

// Effective is the date an edition took effect, or its id if it has none.
func Effective(e *rules.Edition) string {
	if d := e.EffectiveDate(); d != "" {
		return d
	}
	return e.ID
}

// Citation is how a judge cites an entry: "CR 704.5k (2026-01-16)",
// "MTR 2.3 (2025-04-21)".
func Citation(e *rules.Edition, r *rules.Rule) string {
	return e.Document().Short() + " " + r.Number.String() + " (" + Effective(e) + ")"
}

// DocumentName is what an edition's document was called then: the
// document's name ("Magic Tournament Rules"), or a forerunner's own ("DCI
// Floor Rules", "DCI Universal Penalty Guidelines").
func DocumentName(e *rules.Edition) string {
	d := e.Document()
	if d == rules.DocCR {
		return d.Title()
	}
	for _, f := range forerunners {
		if strings.Contains(strings.ToLower(e.Title), f.key) {
			return f.name
		}
	}
	return d.Title()
}

// forerunners are the names the judge documents had before their own.
var forerunners = []struct{ key, name string }{
	{"floor rules", "DCI Floor Rules"},
	{"universal penalty guidelines", "DCI Universal Penalty Guidelines"},
	{"penalty guidelines", "DCI Penalty Guidelines"},
	{"penalty guide", "DCI Penalty Guide and Procedures"},
}

// TermCitation cites a glossary entry: "CR Glossary, “Trample” (2026-01-16)".
func TermCitation(e *rules.Edition, g *rules.GlossaryEntry) string {
	return "CR Glossary, “" + g.Term() + "” (" + Effective(e) + ")"
}

// titleOf names an entry in a sentence: "704. State-Based Actions" or
// "rule 704.5k".
func titleOf(r *rules.Rule) string {
	if r.Title() != "" {
		return RuleHeading(r)
	}
	return "rule " + r.Number.String()
}

// RuleHeading is a rule's number and title for lists and breadcrumbs:
// "704. State-Based Actions", or "704.5k" for untitled rules.
func RuleHeading(r *rules.Rule) string {
	if r.Title() != "" {
		if r.Number.Level() != rules.LevelChapter {
			return r.Number.String() + " " + r.Title() // a judge document's "2.3 Pregame Procedures"
		}
		return r.Number.String() + ". " + r.Title()
	}
	return r.Number.String()
}

// SectionHeading is "7. Additional Rules".
func SectionHeading(s *rules.Section) string {
	switch {
	case s.Title != "":
		return strconv.Itoa(s.Number) + ". " + s.Title
	case s.Number == 0:
		return "General" // a forerunner's entries numbered below 100 (the 2001 guidelines' 10–40)
	}
	return "Section " + strconv.Itoa(s.Number)
}

// Snippet is the start of a rule's first paragraph, cut at a word boundary
// near max bytes, for lists of rules.
func Snippet(r *rules.Rule, max int) string {
	for _, b := range r.Body {
		if b.Kind == rules.BlockText {
			return cut(b.Text.S, max)
		}
	}
	return ""
}

func cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	i := strings.LastIndexByte(s[:max], ' ')
	if i < max/2 {
		i = max
		for i > 0 && s[i]&0xC0 == 0x80 { // don't split a UTF-8 sequence
			i--
		}
	}
	return strings.TrimRight(s[:i], " ,;:") + "…"
}

// Citer is one entry citing another, ready to link.
type Citer struct {
	Label, URL string
}

// CitedBy lists the distinct entries whose text cites something, in the
// order given (document order after Link), rules by number and glossary
// entries and topics by name.
func (p Paths) CitedBy(ed string, refs []*rules.Ref) []Citer {
	var out []Citer
	seen := map[string]bool{}
	for _, r := range refs {
		var c Citer
		switch f := r.From(); {
		case f.Rule != nil:
			c = Citer{f.Rule.Number.String(), p.RuleURL(ed, f.Rule.Number)}
		case f.Entry != nil:
			c = Citer{"Glossary: " + f.Entry.Term(), p.TermURL(ed, f.Entry.Slug)}
		case f.Topic != nil:
			c = Citer{f.Topic.Title, p.TopicURL(ed, f.Topic.Slug)}
		default:
			continue
		}
		if !seen[c.URL] {
			seen[c.URL] = true
			out = append(out, c)
		}
	}
	return out
}

// CrossCitedBy lists the entries of other documents that cite something,
// each named with its document and edition: "IPG 2.1 (2024-09-23)".
func (p Paths) CrossCitedBy(refs []rules.CrossRef) []Citer {
	var out []Citer
	seen := map[string]bool{}
	for _, x := range refs {
		e := x.Edition
		var c Citer
		switch f := x.Ref.From(); {
		case f.Rule != nil:
			c = Citer{Citation(e, f.Rule), p.RuleURL(e.ID, f.Rule.Number)}
		case f.Topic != nil:
			c = Citer{e.Document().Short() + ", " + f.Topic.Title + " (" + Effective(e) + ")", p.TopicURL(e.ID, f.Topic.Slug)}
		case f.Entry != nil:
			c = Citer{e.Document().Short() + " Glossary, “" + f.Entry.Term() + "” (" + Effective(e) + ")", p.TermURL(e.ID, f.Entry.Slug)}
		default:
			continue
		}
		if !seen[c.URL] {
			seen[c.URL] = true
			out = append(out, c)
		}
	}
	return out
}

// Letter groups glossary entries under an initial for the A–Z page.
type Letter struct {
	Letter  string
	Entries []*rules.GlossaryEntry
}

// Letters groups entries by the first letter of their folded term, A–Z,
// with anything else (digits, symbols) under "#" first.
func Letters(entries []*rules.GlossaryEntry) []Letter {
	sorted := append([]*rules.GlossaryEntry(nil), entries...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return rules.FoldTerm(sorted[i].Term()) < rules.FoldTerm(sorted[j].Term())
	})
	var out []Letter
	for _, g := range sorted {
		l := "#"
		if f := rules.FoldTerm(g.Term()); f != "" && f[0] >= 'a' && f[0] <= 'z' {
			l = strings.ToUpper(f[:1])
		}
		if len(out) == 0 || out[len(out)-1].Letter != l {
			out = append(out, Letter{Letter: l})
		}
		out[len(out)-1].Entries = append(out[len(out)-1].Entries, g)
	}
	return out
}

// Label is an entry's number as the rules print it: "704." for a chapter,
// "704.5." for a rule, "704.5k" for a subrule.
func Label(r *rules.Rule) string {
	if r.Number.Level() == rules.LevelSubrule {
		return r.Number.String()
	}
	return r.Number.String() + "."
}

// EditionYear is the whole official editions of one year, newest first.
type EditionYear struct {
	Year     string
	Editions []*rules.Edition
}

// officialEdition reports whether e is a whole Comprehensive Rules in
// Wizards' own text, which the home page lists by year.
func officialEdition(e *rules.Edition) bool {
	if e.Document() != rules.DocCR {
		return e.Kind != rules.KindExcerpt && e.EffectiveDate() != ""
	}
	return e.Kind == rules.KindFull && e.Format == rules.FormatText && e.EffectiveDate() != ""
}

// editionYears groups the whole official editions of eds (newest first)
// by year.
func editionYears(eds []*rules.Edition) []EditionYear {
	var out []EditionYear
	for _, e := range eds {
		if !officialEdition(e) {
			continue
		}
		y := e.EffectiveDate()[:4]
		if len(out) == 0 || out[len(out)-1].Year != y {
			out = append(out, EditionYear{Year: y})
		}
		out[len(out)-1].Editions = append(out[len(out)-1].Editions, e)
	}
	return out
}

// otherEditions are the editions of eds editionYears leaves out: excerpts,
// other renderings, prose.
func otherEditions(eds []*rules.Edition) []*rules.Edition {
	var out []*rules.Edition
	for _, e := range eds {
		if !officialEdition(e) {
			out = append(out, e)
		}
	}
	return out
}

// HomePage lists the editions and the newest one's contents.
type HomePage struct {
	Page
	Doc      rules.Doc        // the document whose editions these are
	Root     bool             // the site's home page, which leads to every document first
	Docs     []DocSummary     // Root: every document served
	Editions []*rules.Edition // newest first
	Latest   *rules.Edition   // may be nil when nothing loaded
	// Sets are the codes of the sets whose release brought each edition,
	// by effective date: "2009-07-11": "M10".
	Sets map[string]string
}

// DocSummary is one document as the home page offers it.
type DocSummary struct {
	Doc      rules.Doc
	Latest   *rules.Edition // nil when none is loaded
	Editions int
}

// EditionPage is an edition's table of contents.
type EditionPage struct {
	Page
	Cross []rules.CrossRef // references other documents make to this one as a whole
	Sets  []string         // the sets whose release brought it: "Magic 2010 (M10)"
}

// SectionPage lists a section's chapters and their rules.
type SectionPage struct {
	Page
	Section    *rules.Section
	Prev, Next *rules.Section
}

// RulePage shows a chapter, rule or subrule with everything below it.
type RulePage struct {
	Page
	Rule       *rules.Rule
	Crumbs     []*rules.Rule // ancestors, chapter first
	Prev, Next *rules.Rule   // neighbours to step to with j/k
	// Places are the rule in each edition with numbered rules, newest
	// first, followed through its history: the "this rule in" picker.
	Places []Placement
	// Others are the other rules its number has named in other editions
	// (jump.go), latest first.
	Others []Meaning
	// Sandbox reports whether a printed example has a scenario the sandbox
	// can run; nil when no sandbox is wired.
	Sandbox func(example rules.Text) bool
	// History is the entry across the loaded editions (history.go); nil
	// when it is in no whole edition.
	History *history.History
	// Scenarios are the sandbox scenarios that show this rule or a rule
	// on its page: its examples, or a passage of its text.
	Scenarios []Link
	// Cross are the references other documents make to this entry.
	Cross []rules.CrossRef
}

// GlossaryPage is the A–Z list of terms.
type GlossaryPage struct {
	Page
	Letters []Letter
}

// TermPage is one glossary entry.
type TermPage struct {
	Page
	Entry      *rules.GlossaryEntry
	Prev, Next *rules.GlossaryEntry
	// Cited are the rules the definition cites, quoted on the page so
	// "See rule 702.2" is not a dead end (for an obsolete term, those its
	// last definition cited, in that edition).
	Cited []QuotedRule
	// Across is the term in every edition whose glossary has it, oldest
	// first, in runs of editions that agree on whether it is obsolete.
	Across []TermRun
	// LastDefined is, for an obsolete term, the entry of the last edition
	// that defined it (with its edition), quoted whole.
	LastDefined     *rules.GlossaryEntry
	LastDefinedFrom *rules.Edition
	// Switch is the sandbox's rules switch of the same name ("Mana burn"),
	// if there is one: the engine plays each edition by its own text.
	Switch *SwitchLink
}

// TermRun is a run of consecutive editions whose glossaries have a term,
// all defining it or all marking it obsolete.
type TermRun struct {
	Obsolete bool
	From, To *rules.Edition
	N        int
}

// QuotedRule is a rule a term page quotes, and the edition it is from.
type QuotedRule struct {
	Edition *rules.Edition
	Rule    *rules.Rule
}

func termRunLabel(r TermRun) string {
	if r.Obsolete {
		return "Obsolete in"
	}
	return "Defined in"
}

// SwitchLink names a rules switch for a link to its section of the
// switches page.
type SwitchLink struct{ ID, Name string }

// QuotedBlocks is what a term page quotes of a rule it cites: the rule's
// own paragraphs and, for a rule that is little more than a name (702.2
// "Deathtouch"), the first paragraph of each of its first subrules, with
// their numbers.
func QuotedBlocks(r *rules.Rule) []QuotedBlock {
	var out []QuotedBlock
	size := 0
	for _, b := range r.Body {
		if b.Kind == rules.BlockText && len(out) < 3 {
			out = append(out, QuotedBlock{Text: b.Text})
			size += len(b.Text.S)
		}
	}
	if size >= 60 {
		return out
	}
	for _, c := range r.Children {
		for _, b := range c.Body {
			if b.Kind == rules.BlockText {
				out = append(out, QuotedBlock{Number: c.Number, Text: b.Text})
				break
			}
		}
		if len(out) == 4 {
			break
		}
	}
	return out
}

// QuotedBlock is one paragraph a term page quotes; Number is set for a
// subrule's.
type QuotedBlock struct {
	Number rules.Number
	Text   rules.Text
}

// Keyword is one keyword action or ability and the rule that defines it.
type Keyword struct {
	Name string
	Rule *rules.Rule
}

// KeywordsPage indexes keyword actions (701) and abilities (702).
type KeywordsPage struct {
	Page
	Actions, Abilities []Keyword
}

// TopicPage is one subject of a prose edition.
type TopicPage struct {
	Page
	Topic      *rules.Topic
	Prev, Next *rules.Topic
	// Sandbox reports whether a printed example has a scenario; nil when
	// no sandbox is wired.
	Sandbox func(example rules.Text) bool
	Cross   []rules.CrossRef // references other documents make to this topic
}

// ErrorPage explains a failed request: what was wrong, and for a rule
// number that does not exist, the nearest numbers that do.
type ErrorPage struct {
	Page
	Status  int
	Message string
	Nearest []rules.Number // in Page.Edition
	// Elsewhere is another edition that has the number asked for.
	Elsewhere *rules.Edition
	Number    rules.Number
}

// HelpPage is the help text, rendered from Markdown.
type HelpPage struct {
	Page
	HTML string
}

// exampleIndex is the 1-based number of the example at body[i] among the
// entry's examples, as the sandbox addresses them.
func exampleIndex(body []rules.Block, i int) int {
	n := 0
	for _, b := range body[:i+1] {
		if b.Kind == rules.BlockExample {
			n++
		}
	}
	return n
}

// SectionNumber is a section's number as text.
func SectionNumber(s *rules.Section) string { return strconv.Itoa(s.Number) }

// formatName says which source an edition was read from.
func formatName(e *rules.Edition) string {
	switch e.Format {
	case rules.FormatText:
		return "official text"
	case rules.FormatRST:
		return "reStructuredText"
	case rules.FormatMarkdown:
		return "Markdown"
	case rules.FormatPDF:
		return "PDF"
	case rules.FormatHTML:
		return "web page"
	case rules.FormatWord:
		return "Word document"
	}
	return string(e.Format)
}

// hasKeywords reports whether e has a keyword chapter to index.
func hasKeywords(e *rules.Edition) bool {
	return e.Rule(rules.Number{Chapter: 701}) != nil || e.Rule(rules.Number{Chapter: 702}) != nil
}

// letterID is the anchor of a glossary initial: "A" → "a", "#" → "num".
func letterID(l string) string {
	if l == "#" {
		return "num"
	}
	return strings.ToLower(l)
}

func senseLabel(n int32) string { return strconv.Itoa(int(n)) + ". " }

// subruleCount says how much lies below r: "14 subrules", "40 rules".
func subruleCount(r *rules.Rule) string {
	kind := "subrule"
	if r.Number.Level() == rules.LevelChapter {
		kind = "rule"
	}
	if len(r.Children) != 1 {
		kind += "s"
	}
	return strconv.Itoa(len(r.Children)) + " " + kind
}

// asOfKey keys the note a page names a day with (WithAsOf).
type asOfKey struct{}

// AsOf is a page asked for by a day no edition took effect on, answered
// from the edition in force that day.
type AsOf struct {
	Day     string // as asked: "2009-07-12"
	Edition *rules.Edition
}

// WithAsOf marks ctx's page as asked for by day and answered from e.
func WithAsOf(ctx context.Context, day string, e *rules.Edition) context.Context {
	return context.WithValue(ctx, asOfKey{}, AsOf{Day: day, Edition: e})
}

// asOfNote is the AsOf a page is rendered under, if any.
func asOfNote(ctx context.Context) (AsOf, bool) {
	a, ok := ctx.Value(asOfKey{}).(AsOf)
	return a, ok
}

// sectionEntries is the entries a judge document's section lists: the
// children of its one chapter, which is the section itself ("2.
// Tournament Mechanics" holds 2.1 … 2.13). It is nil for a section of
// chapters (every CR, and the forerunners numbered 100, 101 …).
func sectionEntries(s *rules.Section) []*rules.Rule {
	if len(s.Chapters) != 1 || int(s.Chapters[0].Number.Chapter) != s.Number || len(s.Chapters[0].Children) == 0 {
		return nil
	}
	return s.Chapters[0].Children
}

// editionCount is "1 edition", "63 editions".
func editionCount(n int) string {
	if n == 1 {
		return "1 edition"
	}
	return strconv.Itoa(n) + " editions"
}

// forerunnerNote names, after a judge document's name, the documents its
// earliest editions were.
func forerunnerNote(d rules.Doc) string {
	switch d {
	case rules.DocMTR:
		return " and its forerunners, the DCI Floor Rules"
	case rules.DocIPG:
		return " and its forerunners, the DCI Penalty Guidelines and the Penalty Guide and Procedures"
	}
	return ""
}

// docLink is where the home page leads for a document: the CR's newest
// edition's contents (the home page shows the rest of /cr), another
// document's own page.
func docLink(p Paths, d DocSummary) string {
	if d.Doc == rules.DocCR {
		return p.TOCURL(d.Latest.ID)
	}
	return p.DocURL(d.Doc, "")
}

// jumpPlaceholder shows what the jump box takes on a page of e's
// document.
func jumpPlaceholder(e *rules.Edition) string {
	if e != nil {
		switch e.Document() {
		case rules.DocMTR:
			return "MTR 2.3, 704.5k or a word"
		case rules.DocIPG:
			return "IPG 2.1, 704.5k or a word"
		case rules.DocJAR:
			return "a word, or 704.5k"
		}
	}
	return "704.5k or a word"
}

// keepTitle is how a bookmark or a recently read rule is listed on the
// home page: the citation, then the entry's title or the start of its
// text, so a list of numbers says what each one was about.
func keepTitle(e *rules.Edition, r *rules.Rule) string {
	what := r.Title()
	if what == "" {
		what = Snippet(r, 60)
	}
	if what == "" {
		return Citation(e, r)
	}
	return Citation(e, r) + " · " + what
}
