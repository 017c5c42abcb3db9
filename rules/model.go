// Package rules reads the Magic: The Gathering Comprehensive Rules from every
// source format (Wizards' plain text, the 2011 reStructuredText rendering,
// Arbiter's Markdown dialect), and the judge documents (the Magic
// Tournament Rules, the Infraction Procedure Guide, Judging at Regular REL
// and their forerunners: judge*.go) from their PDFs' extracted text, Word
// text, hard-wrapped text and web pages, into one model, and links their
// cross-references.
//
// Every parser produces the same tree: an Edition holds Sections (1–9) that
// hold chapters (100, 101, …), each a Rule whose Children are rules (100.1)
// whose Children are subrules (100.1a). Prose editions with no numbers (the
// classic rules page) hold Topics instead. Link then resolves references both
// ways, so nothing downstream knows which format an edition came from.
package rules

import (
	"math"
	"sync/atomic"
	"time"
	"unique"
)

// Format names the source format an edition was read from.
type Format string

const (
	FormatText     Format = "txt" // Wizards' MagicCompRules.txt
	FormatRST      Format = "rst" // the 2011 Sphinx rendering
	FormatMarkdown Format = "md"  // Arbiter's Markdown dialect (content/README.md)
	FormatPDF      Format = "pdf" // a judge document's PDF, read through rules/pdftext
	FormatHTML     Format = "html"
	FormatWord     Format = "doc" // a Word 97 file, converted to text when the archive is built
)

// Kind says how much of the Comprehensive Rules an edition holds.
type Kind string

const (
	KindFull    Kind = "full"    // a whole published CR
	KindExcerpt Kind = "excerpt" // part of one (the 2007 seed, an RST chapter)
	KindProse   Kind = "prose"   // an unnumbered document addressed by topic
)

// Edition is one version of the rules as read from its source files.
type Edition struct {
	ID        string    // permalink id: the effective date ("2026-01-16"), or a slug ("classic"); other documents' prefixed: "mtr/2025-04-21" (Doc.Prefix)
	Doc       Doc       // the document this is an edition of; zero for the Comprehensive Rules (Document)
	Title     string    // "Magic: The Gathering Comprehensive Rules"
	Effective time.Time // UTC midnight of the effective date; zero if the source has none
	Format    Format
	Kind      Kind
	Encoding  string   // as detected: "utf-8", "utf-8-bom", "utf-16le", "utf-16be", or a code page: "windows-1252", "cp437", "cp850", "mac-roman"
	Files     []string // source file names, in reading order

	Intro    []Block // the introduction before the contents
	Sections []*Section
	Glossary []*GlossaryEntry
	Topics   []*Topic // prose editions only
	Credits  []Block

	Diagnostics []Diagnostic
	// Truncated is set when the source file stops short of a whole CR
	// (truncation.go): what it lacks is missing from the file, not from
	// the rules. Excerpts are partial by design and never truncated.
	Truncated *Truncation

	// Filled by Link.
	Refs     []*Ref    // every reference in the edition, in document order
	Dangling []*Ref    // references to numbers, sections or terms the edition lacks
	cited    citations // who cites each entry (CitedBy)
	// labels are the reStructuredText or Markdown targets of the numbered
	// and glossary entries that have one (LabelOf): a handful, in the
	// editions read from those sources.
	labels map[any]string
	index  *index
	shelf  atomic.Pointer[Shelf] // where references to other documents resolve (NewShelf)
}

// Section is a top-level division of the rules, "7. Additional Rules".
type Section struct {
	Number   int // 1–9 in the CR; 1–10 in a judge document, 0–3 in one numbered in hundreds (chapter 101 in 1, 10 in 0)
	Title    string
	Label    string // reStructuredText target, if any
	Pos      Pos
	Chapters []*Rule
	// head is what its untitled entries point at (Rule.Section), made
	// the first time one does.
	head *ruleHead
}

// untitled is the head s's untitled entries share.
func (s *Section) untitled() *ruleHead {
	if s.head == nil {
		s.head = &ruleHead{section: s}
	}
	return s.head
}

// Rule is a numbered entry at any level: a chapter (Title set, Body usually
// empty), a rule or a subrule. In the judge documents an entry such as the
// MTR's "2.3 Pregame Procedures" is a rule with a title (Number 2.3) under
// the chapter of its section ("2. Tournament Mechanics", Number 2), and a
// forerunner's "101. Format and Ratings Categories" is a chapter.
//
// The editions served hold a quarter of a million entries, of which one in
// eighteen has a title, so the title and the section are behind one
// pointer (head), which every untitled entry of a section shares: a Rule
// is 80 bytes, not 96 (issue 23).
type Rule struct {
	Number   Number
	Body     []Block // text paragraphs and examples in source order
	Children []*Rule
	Parent   *Rule // nil for a chapter
	head     *ruleHead
	Pos      Pos
}

// ruleHead is an entry's section and title: its section's own (Section.head)
// for an untitled entry, one of its own for a titled one.
type ruleHead struct {
	section *Section
	title   string
}

// Title is a chapter's title ("State-Based Actions"), or a judge
// document's entry's ("Pregame Procedures"); "" for a rule.
func (r *Rule) Title() string {
	if r.head == nil {
		return ""
	}
	return r.head.title
}

// Section is the section the entry is in, nil if none.
func (r *Rule) Section() *Section {
	if r.head == nil {
		return nil
	}
	return r.head.section
}

// SetTitle sets the entry's title ("" for none).
func (r *Rule) SetTitle(t string) { r.setHead(r.Section(), t) }

// Heading sets the entry's section and title at once and returns it, for
// trees built by hand: (&Rule{Number: n}).Heading(s, "General").
func (r *Rule) Heading(s *Section, title string) *Rule {
	r.setHead(s, title)
	return r
}

// SetSection sets the section the entry is in (nil for none).
func (r *Rule) SetSection(s *Section) { r.setHead(s, r.Title()) }

// setHead points r at the head of s and title: s's shared one when the
// entry has no title.
func (r *Rule) setHead(s *Section, title string) {
	switch {
	case title != "":
		// Never changed in place: a Rule copied by value shares it.
		r.head = &ruleHead{section: s, title: title}
	case s != nil:
		r.head = s.untitled()
	default:
		r.head = nil
	}
}

// BlockKind tells paragraphs from examples.
type BlockKind uint8

const (
	BlockText    BlockKind = iota // a paragraph of rule or definition text
	BlockExample                  // "Example: …", stored without the "Example:" label
	BlockSeeAlso                  // a "see also" note (RST ".. seealso::"): its text holds references
	// The judge documents' parts. A heading names a part of an entry that a
	// link can reach (the IPG's "Definition", "Philosophy", an appendix's
	// subheading): its anchor is Slug of its text.
	BlockHeading
	BlockItem    // one item of a list, without its bullet ("Standard"), or with its own label ("1. Players may …")
	BlockPenalty // an IPG infraction's penalty, as printed under its heading ("Warning", "Game Loss")
	BlockRow     // one row of a table: its cells separated by tabs
)

// Block is one paragraph of an entry's body. The editions served hold
// millions of them, so Sense is 32 bits, which Kind shares a word with: a
// Block is 56 bytes, not 64 (issue 23).
type Block struct {
	Kind  BlockKind
	Sense int32 // glossary only: the numbered sense ("1. …") this paragraph belongs to, 0 if none
	Text  Text
	Pos   Pos
}

// senseOf is sense number n as Block.Sense holds it: a number past what
// 32 bits hold (a source numbering a sense 9999999999, which none does)
// is kept as the last they hold rather than wrapped round, and one below
// zero is none.
func senseOf(n int) int32 { return int32(min(max(n, 0), math.MaxInt32)) }

// Text is a paragraph: its plain text with inline markup as spans over it.
// Mana symbols are always written in braces in S ("{2}{W/P}") whatever the
// source spelling, so S is also what search and the engine read.
type Text struct {
	S     string
	Spans []Span // ordered by Start; spans may nest but never cross
}

// SpanKind is the kind of inline markup a Span marks.
type SpanKind uint8

const (
	SpanItalic SpanKind = iota + 1 // *Magic*, _Magic_
	SpanMana                       // one mana or other symbol: S[Start:End] is "{W}", "{T}", "{2/B}"
	SpanRef                        // a cross-reference; Cite says to what
	SpanTerm                       // a mention of a glossary term; Target is the entry's slug
	SpanLink                       // a hyperlink; Target is the URL
	// SpanCard is a card's name; Target is the card's face name. The
	// parsers make none: rules/cards finds them when a page is rendered.
	SpanCard
)

// Span marks S[Start:End] of a Text. A span says what it points at in
// words that mean the same in every edition (a rule number, a term's slug),
// never as a pointer into one edition: paragraphs that read alike in many
// editions then share one Text (Compact), and Edition.Resolve finds what a
// reference names in the edition at hand.
type Span struct {
	Start, End int32
	Kind       SpanKind
	Target     string              // SpanLink: the URL; SpanTerm: the glossary entry's slug
	Cite       unique.Handle[Cite] // SpanRef: what the reference names
}

// RefSpan marks s[start:end] as a reference to c.
func RefSpan(start, end int32, c Cite) Span {
	return Span{Start: start, End: end, Kind: SpanRef, Cite: citeHandle(c)}
}

// Cited is what a SpanRef span names; the zero Cite for other spans.
func (sp Span) Cited() Cite {
	if sp.Cite == (unique.Handle[Cite]{}) {
		return Cite{}
	}
	return sp.Cite.Value()
}

// GlossaryEntry is one glossary definition.
type GlossaryEntry struct {
	Terms     []string // usually one; "You, Your" lists two
	Slug      string   // URL form of Terms[0]: "active-player"
	Body      []Block  // definition paragraphs; numbered senses carry Block.Sense
	Obsolete  bool     // the entry says the term is obsolete
	Recovered bool     // the source lacked the term line; Terms were inferred
	Pos       Pos
}

// Term is the entry's headword as printed ("You, Your").
func (g *GlossaryEntry) Term() string {
	if len(g.Terms) == 1 {
		return g.Terms[0]
	}
	s := ""
	for i, t := range g.Terms {
		if i > 0 {
			s += ", "
		}
		s += t
	}
	return s
}

// Topic is one subject of a prose edition, addressed by slug.
type Topic struct {
	Slug  string
	Title string
	Body  []Block
	Pos   Pos
}

// Examples returns the entry's examples in order.
func (r *Rule) Examples() []Text { return blocksOf(r.Body, BlockExample) }

// Paragraphs returns the entry's text paragraphs (no examples) in order.
func (r *Rule) Paragraphs() []Text { return blocksOf(r.Body, BlockText) }

func blocksOf(body []Block, k BlockKind) []Text {
	var out []Text
	for _, b := range body {
		if b.Kind == k {
			out = append(out, b.Text)
		}
	}
	return out
}

// Walk calls fn for every numbered entry of e in document order (each chapter,
// then its rules, each followed by its subrules). It stops if fn returns false.
func (e *Edition) Walk(fn func(*Rule) bool) {
	for _, s := range e.Sections {
		for _, c := range s.Chapters {
			if !walkRule(c, fn) {
				return
			}
		}
	}
}

func walkRule(r *Rule, fn func(*Rule) bool) bool {
	if !fn(r) {
		return false
	}
	for _, c := range r.Children {
		if !walkRule(c, fn) {
			return false
		}
	}
	return true
}

// EffectiveDate formats the effective date as "2006-01-02", or "" if unknown.
func (e *Edition) EffectiveDate() string {
	if e.Effective.IsZero() {
		return ""
	}
	return e.Effective.Format(time.DateOnly)
}
