package rules

import (
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
	"unique"
)

// The reStructuredText reader: the 2011 Sphinx rendering of the
// Comprehensive Rules. rst_block.go reads RST's block structure and
// rst_inline.go its inline markup; this file says what the constructs mean
// for the rules:
//
//   - A level-1 title ("***" over and under in the 2011 files) starts a
//     part: a CR section when rules follow (its number comes from them), the
//     glossary, the credits, or introductory text.
//   - A level-2 title ("===") is a chapter; its number comes from its first
//     rule ("Name" holds 201.1, so it is 201). A title that is a number
//     ("201.4", over "---") is a rule; "2. Title" and "201. Title" are
//     numbered sections and chapters.
//   - An enumerated list "a. …" under a rule holds its subrules; examples
//     are ".. admonition:: Example" at any depth, and belong to the entry
//     they are nested under.
//   - The epilog, customer_service.rst (or a part titled "Customer Service
//     Information"), is back matter: its text and headings go to the
//     credits, as the official text has them after "Credits".
//   - ".. seealso::" (also misspelt ".. _seealso::") becomes BlockSeeAlso
//     paragraphs; ".. glossary::" holds the glossary; ".. _label:" targets
//     label the entry whose title follows; ".. toctree::" reads the files it
//     names in place; ":Date:" is the effective date.
//
// Anything else is reported with its file and line, and its text is kept.

// ParseRST reads a Sphinx project of the Comprehensive Rules (index.rst first
// if present) as one edition. The files an index's toctree names are read
// in toctree order; files no toctree names are read after, and without a
// toctree the files are read in rule-number order (introductions first,
// glossary and credits last). The result is linked.
func ParseRST(srcs []Source) *Edition {
	e := &Edition{Format: FormatRST, Kind: KindExcerpt}
	if len(srcs) == 0 {
		e.Diagnostics = append(e.Diagnostics, Diagnostic{Severity: SevError, Message: "no reStructuredText files given"})
		return e
	}
	p := &rstParser{
		e:      e,
		byKey:  map[string]*rstDoc{},
		rank:   map[string]int{},
		titles: map[string]string{},
		seen:   map[Number]Pos{},
	}
	p.bp = &blockParser{d: &p.d}
	root := rstRoot(srcs)
	for i, s := range srcs {
		p.load(i, s, root)
	}
	for _, d := range p.readingOrder() {
		p.read(d)
	}
	p.finish()
	Link(e)
	return e
}

// rstDoc is one source file of the project.
type rstDoc struct {
	src      Source
	key      string // Sphinx document name: path from the project root, no extension
	nodes    []*rstNode
	encoding string
	done     bool // read (or being read) into the edition
}

type rstParser struct {
	e     *Edition
	d     diags
	bp    *blockParser
	docs  []*rstDoc
	byKey map[string]*rstDoc
	doc   *rstDoc        // the file being read
	rank  map[string]int // file name → reading position, to sort diagnostics

	part   *rstPart
	parts  []*rstPart
	chap   *Rule // the current chapter
	rule   *Rule // the current titled rule (or subrule)
	labels []rstLabel

	titles map[string]string // label → what a :ref: to it shows
	seen   map[Number]Pos    // numbers read so far, to report duplicates
	buf    []byte            // inline scratch
}

// rstPart is what a level-1 title starts.
type rstPart struct {
	title    string
	label    string
	pos      Pos
	num      int  // section number written in the title ("2. Parts of a Card"), 0 if none
	credits  bool // titled "Credits"
	epilog   bool // the customer service information (see isEpilog)
	glossary bool // holds the glossary
	sect     *Section
	loose    []Block // paragraphs outside any rule, placed by flushPart
	doc      *rstDoc
}

type rstLabel struct {
	name string
	line int
}

// rstOwner says where the blocks being read go.
type rstOwner struct {
	rule   *Rule
	entry  *GlossaryEntry
	sense  int
	kind   BlockKind // BlockText, or BlockExample/BlockSeeAlso inside those directives
	prefix *string   // a list marker or admonition title the next paragraph starts with
}

// rstRoot is the project's source directory: where index.rst is, else the
// directory of the first file.
func rstRoot(srcs []Source) string {
	for _, s := range srcs {
		if path.Base(s.Name) == "index.rst" {
			return path.Dir(s.Name)
		}
	}
	return path.Dir(srcs[0].Name)
}

func (p *rstParser) load(i int, s Source, root string) {
	key := strings.TrimSuffix(s.Name, path.Ext(s.Name))
	if root != "." && strings.HasPrefix(key, root+"/") {
		key = key[len(root)+1:]
	}
	d := &rstDoc{src: s, key: key}
	p.docs = append(p.docs, d)
	if _, dup := p.byKey[key]; !dup {
		p.byKey[key] = d
	}
	p.d.file = s.Name
	text, enc := Decode(s.Data)
	d.encoding = enc
	if k := strings.IndexByte(text, 0); k >= 0 {
		p.d.errorf(1+strings.Count(text[:k], "\n"), "binary data (a NUL byte), not reStructuredText")
		d.done = true
		p.e.Files = append(p.e.Files, s.Name)
		return
	}
	p.bp.styles, p.bp.deep = nil, false
	d.nodes = p.bp.parse(rstLines(text, &p.d), 0)
	if p.e.Encoding == "" {
		p.e.Encoding = enc
	} else if enc != p.e.Encoding {
		p.d.infof(1, "encoding %s differs from the project's first file (%s)", enc, p.e.Encoding)
	}
}

// readingOrder returns the documents to read at the top: those no toctree
// names, index first.
func (p *rstParser) readingOrder() []*rstDoc {
	named := map[*rstDoc]bool{}
	toc := false
	for _, d := range p.docs {
		for _, n := range d.nodes {
			if n.kind == rstDirective && n.text == "toctree" {
				toc = true
				for _, t := range p.tocTargets(d, n, false) {
					named[t] = true
				}
			}
		}
	}
	var roots []*rstDoc
	for _, d := range p.docs {
		if !named[d] && !d.done {
			roots = append(roots, d)
		}
	}
	if !toc {
		sort.SliceStable(roots, func(i, j int) bool { return docRank(roots[i]) < docRank(roots[j]) })
		return roots
	}
	for _, d := range roots[min(1, len(roots)):] {
		p.d.file = d.src.Name
		p.d.warnf(1, "no toctree names this file: read after %s", roots[0].src.Name)
	}
	// Files named only by toctrees in a cycle are read last.
	for _, d := range p.docs {
		if named[d] && !p.reachable(d, roots) {
			roots = append(roots, d)
		}
	}
	return roots
}

// reachable reports whether d is named by a toctree of a document reached
// from roots.
func (p *rstParser) reachable(d *rstDoc, roots []*rstDoc) bool {
	seen := map[*rstDoc]bool{}
	var walk func(*rstDoc) bool
	walk = func(x *rstDoc) bool {
		if x == d {
			return true
		}
		if seen[x] {
			return false
		}
		seen[x] = true
		for _, n := range x.nodes {
			if n.kind == rstDirective && n.text == "toctree" {
				for _, t := range p.tocTargets(x, n, false) {
					if walk(t) {
						return true
					}
				}
			}
		}
		return false
	}
	for _, r := range roots {
		if walk(r) {
			return true
		}
	}
	return false
}

// docRank orders files when no toctree does: introductions, then files of
// rules by their first number, then the glossary and credits.
func docRank(d *rstDoc) int {
	gloss, credits := false, false
	for _, n := range d.nodes {
		switch {
		case n.kind == rstTitle:
			if num, _ := ScanNumber(n.text); !num.IsZero() {
				return 1000 + int(num.Chapter)
			}
			if sec, _, ok := sectionTitle(n.text); ok {
				return 1000 + 100*sec
			}
			if FoldTerm(n.text) == "credits" {
				credits = true
			}
		case n.kind == rstDirective && n.text == "glossary":
			gloss = true
		}
	}
	switch {
	case isEpilog(d, ""):
		return 3001
	case credits:
		return 3000
	case gloss:
		return 2000
	}
	return 0
}

// isEpilog reports whether d, or a part of it titled title, is the
// epilog of the Sphinx project: customer_service.rst, the customer service
// contact information that ends the official text after the credits. Its
// headings ("U.S., Canada, Asia Pacific & Latin America") are not chapters:
// numbered after section 9 they would make a second section 9 with
// chapters 900–902.
func isEpilog(d *rstDoc, title string) bool {
	if d != nil && path.Base(d.src.Name) == "customer_service.rst" {
		return true
	}
	if title == "" && d != nil {
		for _, n := range d.nodes {
			if n.kind == rstTitle {
				title = n.text
				break
			}
		}
	}
	f := FoldTerm(title)
	return f == "customer service information" || f == "customer service"
}

// read reads one document into the edition. The state of the reader (part,
// chapter, rule) is restored afterwards, so a toctree's files do not swallow
// what follows the toctree.
func (p *rstParser) read(d *rstDoc) {
	if d.done {
		return
	}
	d.done = true
	p.rank[d.src.Name] = len(p.rank)
	p.e.Files = append(p.e.Files, d.src.Name)
	saved := struct {
		doc        *rstDoc
		part       *rstPart
		chap, rule *Rule
		labels     []rstLabel
	}{p.doc, p.part, p.chap, p.rule, p.labels}
	p.doc = d
	p.d.file = d.src.Name
	p.labels = nil
	if isEpilog(d, "") {
		// Its text before any title is the epilog's too, not the part
		// of the file that named it in a toctree.
		p.newPartAt("", p.pos(1), 0, "")
	}
	for _, n := range d.nodes {
		p.node(n, p.owner())
	}
	for _, l := range p.labels {
		p.d.warnf(l.line, "label %q at the end of the file labels nothing", l.name)
	}
	if p.part != nil && p.part.doc == d {
		p.flushPart(p.part)
	}
	p.doc, p.part, p.chap, p.rule, p.labels = saved.doc, saved.part, saved.chap, saved.rule, saved.labels
	if p.doc != nil {
		p.d.file = p.doc.src.Name
	}
}

func (p *rstParser) pos(line int) Pos { return At(p.doc.src.Name, line) }

// owner is where top-level blocks go: the current rule, else the current
// chapter, else the current part.
func (p *rstParser) owner() rstOwner {
	switch {
	case p.rule != nil:
		return rstOwner{rule: p.rule}
	case p.chap != nil:
		return rstOwner{rule: p.chap}
	}
	return rstOwner{}
}

// node interprets one block-level node for owner o.
func (p *rstParser) node(n *rstNode, o rstOwner) {
	switch n.kind {
	case rstTarget, rstEnum, rstDef, rstComment, rstField, rstQuote, rstTitle:
	default:
		if len(p.labels) > 0 && !(n.kind == rstDirective && (n.text == "glossary" || n.text == "toctree")) {
			p.settle(o, n.line)
		}
	}
	switch n.kind {
	case rstTitle:
		p.title(n)
	case rstPara:
		p.para(n, o)
	case rstQuote:
		p.body(n.kids, o)
	case rstEnum:
		p.item(n, o)
	case rstBullet:
		p.d.infof(n.line, "bullet list item read as a paragraph")
		p.body(n.kids, o)
	case rstDef:
		p.d.warnf(n.line, "definition list outside a glossary: term %q read as a paragraph", rstClip(n.text, 40))
		p.para(&rstNode{kind: rstPara, line: n.line, text: n.text}, o)
		p.body(n.kids, o)
	case rstDirective:
		p.directive(n, o)
	case rstTarget:
		p.target(n)
	case rstField:
		p.field(n)
	case rstComment:
		p.d.infof(n.line, "comment ignored: %q", rstClip(n.text, 60))
	case rstLiteral:
		p.d.infof(n.line, "literal block kept as plain text")
		p.add(o, Block{Kind: blockKind(o), Text: Text{S: n.text}, Pos: p.pos(n.line)})
	case rstTransition:
		p.d.infof(n.line, "transition (horizontal rule) ignored")
	case rstOther:
		p.d.warnf(n.line, "%s not supported: its text is kept as a paragraph", n.arg)
		p.add(o, Block{Kind: blockKind(o), Text: Text{S: n.text}, Pos: p.pos(n.line)})
	}
}

func (p *rstParser) body(ns []*rstNode, o rstOwner) {
	for _, n := range ns {
		p.node(n, o)
	}
}

func blockKind(o rstOwner) BlockKind {
	if o.kind == 0 {
		return BlockText
	}
	return o.kind
}

// add appends b to the owner's body.
func (p *rstParser) add(o rstOwner, b Block) {
	switch {
	case o.rule != nil:
		o.rule.Body = append(o.rule.Body, b)
	case o.entry != nil:
		b.Sense = senseOf(o.sense)
		o.entry.Body = append(o.entry.Body, b)
	default:
		if p.part == nil {
			p.newPartAt("", Pos{}, 0, "")
		}
		p.part.loose = append(p.part.loose, b)
	}
}

// blocks counts the blocks o holds, to tell whether a directive added any.
func (p *rstParser) blocks(o rstOwner) int {
	switch {
	case o.rule != nil:
		return len(o.rule.Body)
	case o.entry != nil:
		return len(o.entry.Body)
	case p.part != nil:
		return len(p.part.loose)
	}
	return 0
}

// para adds a paragraph. A text paragraph that starts "Example:" is an
// example, stored without the label, as in the official text.
func (p *rstParser) para(n *rstNode, o rstOwner) {
	t := p.inline(n.text, n.line)
	kind := blockKind(o)
	if kind == BlockText || kind == BlockExample {
		if rest, ok := strings.CutPrefix(t.S, "Example:"); ok {
			trimPrefix(&t, len(t.S)-len(strings.TrimLeft(rest, " ")))
			kind = BlockExample
		}
	}
	if o.prefix != nil && *o.prefix != "" {
		addPrefix(&t, *o.prefix)
		*o.prefix = ""
	}
	if strings.TrimSpace(t.S) == "" {
		return
	}
	p.add(o, Block{Kind: kind, Text: t, Pos: p.pos(n.line)})
}

// title handles a section title: a part, a chapter or a rule.
func (p *rstParser) title(n *rstNode) {
	text := strings.TrimSpace(p.inline(n.text, n.line).S)
	if p.e.Title == "" {
		p.e.Title = text
	}
	pos := p.pos(n.line)
	num, rest := ScanNumber(text)
	switch num.Level() {
	case LevelRule, LevelSubrule:
		p.ruleTitle(num, strings.TrimSpace(strings.TrimPrefix(rest, ".")), pos)
		return
	case LevelChapter:
		if rest == "" || strings.HasPrefix(rest, ". ") {
			p.newChapter(strings.TrimSpace(strings.TrimPrefix(rest, ". ")), num, pos, p.takeLabel())
			return
		}
	}
	if n.level == 1 {
		sec, t, _ := sectionTitle(text)
		p.newPartAt(t, pos, sec, p.takeLabel())
		if p.part.epilog {
			p.d.infof(n.line, "the epilog %q (customer service contacts) is read into the credits, not as rules", rstClip(text, 40))
			p.add(rstOwner{}, Block{Kind: BlockText, Text: Text{S: text}, Pos: pos})
		}
		return
	}
	if p.part != nil && p.part.epilog {
		p.add(rstOwner{}, Block{Kind: BlockText, Text: Text{S: text}, Pos: pos})
		return
	}
	if n.level == 2 {
		p.newChapter(text, Number{}, pos, p.takeLabel())
		return
	}
	p.d.warnf(n.line, "heading %q below chapter level is not a rule number: kept as a paragraph", rstClip(text, 40))
	p.add(p.owner(), Block{Kind: BlockText, Text: Text{S: text}, Pos: pos})
}

// sectionTitle splits "2. Parts of a Card".
func sectionTitle(s string) (int, string, bool) {
	if len(s) > 3 && s[0] >= '1' && s[0] <= '9' && s[1] == '.' && s[2] == ' ' {
		return int(s[0] - '0'), strings.TrimSpace(s[3:]), true
	}
	return 0, s, false
}

// newPartAt ends the current part and starts another.
func (p *rstParser) newPartAt(title string, pos Pos, num int, label string) {
	if p.part != nil {
		p.flushPart(p.part)
	}
	f := FoldTerm(title)
	p.part = &rstPart{title: title, pos: pos, num: num, label: label, doc: p.doc, credits: f == "credits", glossary: f == "glossary",
		epilog: num == 0 && isEpilog(p.doc, title)}
	p.parts = append(p.parts, p.part)
	p.chap, p.rule = nil, nil
	if label != "" {
		p.titles[label] = title
	}
}

// flushPart places the part's loose paragraphs: introductory text before
// any rules goes to the edition's introduction, a Credits part to its
// credits; text between a section title and its first chapter, or in the
// glossary outside any entry, has no place in the model and is reported.
func (p *rstParser) flushPart(pt *rstPart) {
	for _, b := range pt.loose {
		switch {
		case pt.sect == nil && (pt.credits || pt.epilog):
			p.e.Credits = append(p.e.Credits, b)
		case pt.sect == nil && !pt.glossary:
			p.e.Intro = append(p.e.Intro, b)
		default:
			p.diagAt(b.Pos, SevWarning, "text outside any rule, chapter or glossary entry: %q", rstClip(b.Text.S, 100))
		}
	}
	pt.loose = nil
}

func (p *rstParser) diagAt(pos Pos, sev Severity, format string, args ...any) {
	f := p.d.file
	p.d.file = pos.File()
	p.d.add(pos.Line(), sev, format, args...)
	p.d.file = f
}

// section returns the current part's section, creating it.
func (p *rstParser) section(pos Pos) *Section {
	if p.part == nil {
		p.newPartAt("", pos, 0, "")
	}
	pt := p.part
	if pt.sect == nil {
		pt.sect = &Section{Number: pt.num, Title: pt.title, Label: pt.label, Pos: pt.pos}
		if pt.sect.Pos.File() == "" {
			pt.sect.Pos = pos
		}
		p.e.Sections = append(p.e.Sections, pt.sect)
	}
	return pt.sect
}

// newChapter starts a chapter; a zero num is set by its first rule.
func (p *rstParser) newChapter(title string, num Number, pos Pos, label string) *Rule {
	s := p.section(pos)
	c := &Rule{Pos: pos}
	c.setHead(s, title)
	p.e.SetLabel(c, label)
	s.Chapters = append(s.Chapters, c)
	p.chap, p.rule = c, nil
	if label != "" {
		p.titles[label] = title
	}
	if !num.IsZero() {
		p.numberChapter(c, num.Chapter)
	}
	return c
}

func (p *rstParser) numberChapter(c *Rule, ch uint16) {
	c.Number = Number{Chapter: ch}
	p.seeNumber(c.Number, c.Pos)
	s := c.Section()
	switch sec := c.Number.Section(); {
	case s.Number == 0:
		s.Number = sec
	case s.Number != sec:
		p.diagAt(c.Pos, SevWarning, "chapter %d is in section %d (%q)", ch, s.Number, s.Title)
	}
}

// seeNumber reports a number read twice.
func (p *rstParser) seeNumber(n Number, pos Pos) {
	if prev, dup := p.seen[n]; dup {
		p.diagAt(pos, SevWarning, "%s appears again (first at %s:%d)", n, prev.File(), prev.Line())
		return
	}
	p.seen[n] = pos
}

// ruleTitle handles a title that is a rule or subrule number.
func (p *rstParser) ruleTitle(num Number, rest string, pos Pos) {
	label := p.takeLabel()
	var r *Rule
	if num.Level() == LevelSubrule {
		parent := p.rule
		if parent != nil && parent.Number.Level() == LevelSubrule {
			parent = parent.Parent
		}
		if parent == nil || parent.Number != num.Parent() {
			p.diagAt(pos, SevWarning, "subrule %s is not under rule %s: rule %s started without text", num, num.Parent(), num.Parent())
			parent = p.addRule(num.Parent(), pos, "")
		}
		r = p.newSubrule(parent, num.Sub, pos, label)
	} else {
		r = p.addRule(num, pos, label)
	}
	p.rule = r
	if rest != "" {
		p.add(rstOwner{rule: r}, Block{Kind: BlockText, Text: p.inline(rest, pos.Line()), Pos: pos})
	}
}

// addRule adds rule num to the chapter it belongs to.
func (p *rstParser) addRule(num Number, pos Pos, label string) *Rule {
	c := p.chap
	switch {
	case c != nil && c.Number.IsZero():
		p.numberChapter(c, num.Chapter)
	case c != nil && c.Number.Chapter == num.Chapter:
	case c == nil:
		p.diagAt(pos, SevInfo, "rule %s comes before any chapter title: chapter %d has no title", num, num.Chapter)
		c = p.newChapter("", Number{Chapter: num.Chapter}, pos, "")
	default:
		p.diagAt(pos, SevWarning, "rule %s is under chapter %s (%q): starting chapter %d without a title", num, c.Number, c.Title(), num.Chapter)
		c = p.newChapter("", Number{Chapter: num.Chapter}, pos, "")
	}
	r := &Rule{Number: num, Parent: c, Pos: pos}
	r.SetSection(c.Section())
	p.e.SetLabel(r, label)
	if k := len(c.Children); k > 0 && num.Compare(c.Children[k-1].Number) < 0 {
		p.diagAt(pos, SevWarning, "rule %s comes after %s", num, c.Children[k-1].Number)
	}
	p.seeNumber(num, pos)
	c.Children = append(c.Children, r)
	p.chap, p.rule = c, r
	if label != "" {
		p.titles[label] = num.String()
	}
	return r
}

// newSubrule adds subrule letter c to rule r.
func (p *rstParser) newSubrule(r *Rule, c byte, pos Pos, label string) *Rule {
	num := Number{Chapter: r.Number.Chapter, Rule: r.Number.Rule, Sub: c}
	if !ValidLetter(c) {
		p.diagAt(pos, SevWarning, "subrule %s: subrule letters skip l and o", num)
	}
	if k := len(r.Children); k > 0 {
		prev := r.Children[k-1].Number
		if want, ok := prev.Next(); !ok || want != num {
			p.diagAt(pos, SevWarning, "subrule %s follows %s", num, prev)
		}
	} else if c != 'a' {
		p.diagAt(pos, SevWarning, "subrule %s is the first of rule %s", num, r.Number)
	}
	p.seeNumber(num, pos)
	s := &Rule{Number: num, Parent: r, Pos: pos}
	s.SetSection(r.Section())
	p.e.SetLabel(s, label)
	r.Children = append(r.Children, s)
	if label != "" {
		p.titles[label] = num.String()
	}
	return s
}

// item handles an enumerated list item: a subrule under a rule, a numbered
// sense in a glossary definition, otherwise a paragraph keeping its marker.
func (p *rstParser) item(n *rstNode, o rstOwner) {
	marker := n.text
	pos := p.pos(n.line)
	kind := blockKind(o)
	switch {
	case kind == BlockText && o.rule != nil && o.rule.Number.Level() == LevelRule && (len(marker) == 1 && isLetter(marker[0]) || marker == "#"):
		c := marker[0]
		switch {
		case c == '#':
			c = 'a'
			if k := len(o.rule.Children); k > 0 {
				c, _ = NextLetter(o.rule.Children[k-1].Number.Sub)
			}
		case c < 'a':
			p.d.warnf(n.line, "subrule letter %q is upper case", marker)
			c += 'a' - 'A'
		}
		if c == 0 {
			p.d.warnf(n.line, "rule %s has more subrules than letters: item kept as text", o.rule.Number)
			break
		}
		sub := p.newSubrule(o.rule, c, pos, p.takeLabel())
		p.body(n.kids, rstOwner{rule: sub})
		return
	case kind == BlockExample && exampleSubrule(o.rule, marker) != nil:
		// 603.2d–f of the 2011 rendering: the example admonition of 603.2c
		// goes on with lettered items that are the next subrules.
		parent := exampleSubrule(o.rule, marker)
		num := Number{Chapter: parent.Number.Chapter, Rule: parent.Number.Rule, Sub: marker[0]}
		p.d.warnf(n.line, "list item %q inside the example of %s is the next subrule: read as %s", marker, o.rule.Number, num)
		sub := p.newSubrule(parent, marker[0], pos, p.takeLabel())
		p.body(n.kids, rstOwner{rule: sub})
		return
	case kind == BlockText && o.entry != nil && isNumeral(marker):
		sense, _ := strconv.Atoi(marker)
		p.settle(o, n.line)
		p.body(n.kids, rstOwner{entry: o.entry, sense: sense})
		return
	default:
		where := "here"
		switch {
		case o.rule != nil:
			where = "in " + o.rule.Number.String()
		case o.entry != nil:
			where = "in glossary entry " + o.entry.Term()
		}
		p.d.warnf(n.line, "list item %q %s is not a subrule or sense: kept as text with its marker", marker, where)
	}
	p.settle(o, n.line)
	prefix := marker + ". "
	o.prefix = &prefix
	p.body(n.kids, o)
}

// exampleSubrule returns the rule a list item marked marker inside an
// example of r is a subrule of: r's rule (r itself, or r's parent if r is
// a subrule) when marker is the letter that rule expects next. Otherwise
// it returns nil.
func exampleSubrule(r *Rule, marker string) *Rule {
	if r == nil || len(marker) != 1 || marker[0] < 'a' || marker[0] > 'z' {
		return nil
	}
	if r.Number.Level() == LevelSubrule {
		r = r.Parent
	}
	if r == nil || r.Number.Level() != LevelRule {
		return nil
	}
	want := byte('a')
	if k := len(r.Children); k > 0 {
		want, _ = NextLetter(r.Children[k-1].Number.Sub)
	}
	if marker[0] != want {
		return nil
	}
	return r
}

func isNumeral(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// directive handles ".. name::".
func (p *rstParser) directive(n *rstNode, o rstOwner) {
	if n.miss {
		p.d.infof(n.line, "misspelt directive \".. _%s::\" read as \".. %s::\"", n.text, n.text)
	}
	switch n.text {
	case "admonition":
		p.admonition(n, o, n.arg)
	case "note", "tip", "hint", "important", "attention", "caution", "warning", "danger", "error":
		p.admonition(n, o, strings.ToUpper(n.text[:1])+n.text[1:])
	case "seealso":
		p.seeAlso(n, o)
	case "glossary":
		p.glossary(n)
	case "toctree":
		p.toctree(n)
	case "only", "container", "compound", "rubric", "centered", "hlist", "topic", "sidebar":
		p.d.infof(n.line, "directive %s: its content is read as text", n.text)
		if n.arg != "" && (n.text == "rubric" || n.text == "centered" || n.text == "topic" || n.text == "sidebar") {
			p.para(&rstNode{kind: rstPara, line: n.line, text: n.arg}, o)
		}
		p.body(p.bp.parse(n.body, n.depth+1), o)
	case "index", "highlight", "sectionauthor", "codeauthor", "moduleauthor", "tabularcolumns", "contents", "sectnum", "meta", "default-role", "role":
		p.d.infof(n.line, "directive %s ignored", n.text)
	default:
		p.d.warnf(n.line, "unknown directive %q%s: its content is read as text", n.text, argNote(n.arg))
		p.body(p.bp.parse(n.body, n.depth+1), o)
	}
	for _, op := range n.opts {
		if !knownOption(n.text, op.name) {
			p.d.infof(op.line, "option :%s: of %s ignored", op.name, n.text)
		}
	}
}

func argNote(arg string) string {
	if arg == "" {
		return ""
	}
	return " (" + rstClip(arg, 60) + ")"
}

func knownOption(dir, opt string) bool {
	switch dir {
	case "toctree":
		switch opt {
		case "maxdepth", "glob", "hidden", "numbered", "titlesonly", "caption", "name", "includehidden", "reversed":
			return true
		}
	case "glossary":
		return opt == "sorted"
	}
	return opt == "class" || opt == "name"
}

// admonition reads ".. admonition:: Example" (an example of the entry it
// is nested under) and other admonitions (kept as text led by their title).
func (p *rstParser) admonition(n *rstNode, o rstOwner, title string) {
	lines := n.body
	if n.text == "admonition" && title != "" {
		// As in docutils, lines right after the directive continue its title.
		k := 0
		for k < len(lines) && lines[k].s != "" {
			title += " " + lines[k].s
			k++
		}
		lines = lines[k:]
	}
	kids := p.bp.parse(lines, n.depth+1)
	before := p.blocks(o)
	if f := FoldTerm(title); f == "example" || f == "examples" {
		o.kind, o.prefix = BlockExample, nil
		p.body(kids, o)
		switch added := p.blocks(o) - before; {
		case added == 0:
			p.d.warnf(n.line, "empty example")
		case added > 1:
			p.d.infof(n.line, "example of %d paragraphs: each is stored as an example", added)
		}
		return
	}
	if title == "" {
		p.d.warnf(n.line, "admonition without a title: its content is read as text")
	} else {
		p.d.infof(n.line, "admonition %q kept as text", rstClip(title, 40))
	}
	prefix := ""
	if title != "" {
		prefix = title + ": "
	}
	o.kind, o.prefix = BlockText, &prefix
	p.body(kids, o)
	if p.blocks(o) == before && title != "" {
		p.add(o, Block{Kind: BlockText, Text: Text{S: title}, Pos: p.pos(n.line)})
	}
}

// seeAlso reads ".. seealso::": each paragraph a BlockSeeAlso of the entry
// it is nested under.
func (p *rstParser) seeAlso(n *rstNode, o rstOwner) {
	lines := n.body
	if n.arg != "" {
		ind, ok := minIndent(lines)
		if !ok {
			ind = 3
		}
		lines = append([]rline{{n: n.line, ind: ind, s: n.arg}}, lines...)
	}
	before := p.blocks(o)
	o.kind, o.prefix = BlockSeeAlso, nil
	p.body(p.bp.parse(lines, n.depth+1), o)
	if p.blocks(o) == before {
		p.d.warnf(n.line, "empty seealso")
	}
}

// glossary reads ".. glossary::": terms, each followed by its indented
// definition.
func (p *rstParser) glossary(n *rstNode) {
	if p.part != nil && p.part.sect == nil {
		p.part.glossary = true
	}
	kids := p.bp.parse(n.body, n.depth+1)
	if len(kids) == 0 {
		p.d.warnf(n.line, "empty glossary")
	}
	var cur *GlossaryEntry
	for i := 0; i < len(kids); i++ {
		k := kids[i]
		switch {
		case k.kind == rstDef:
			cur = p.entry(k.text, k.line)
			p.body(k.kids, rstOwner{entry: cur})
		case k.kind == rstPara && i+1 < len(kids) && kids[i+1].kind == rstQuote:
			p.d.infof(k.line, "blank line between glossary term and its definition")
			cur = p.entry(k.text, k.line)
			p.body(kids[i+1].kids, rstOwner{entry: cur})
			i++
		case k.kind == rstTarget || k.kind == rstComment:
			p.node(k, rstOwner{})
		case cur != nil:
			p.d.warnf(k.line, "glossary content that is not a term and its definition: added to %q", cur.Term())
			p.node(k, rstOwner{entry: cur})
		default:
			p.node(k, p.owner())
		}
	}
}

// entry starts a glossary entry from its term line(s). "Mana Burn
// (Obsolete)" is obsolete; "You, Your" is two terms.
func (p *rstParser) entry(text string, line int) *GlossaryEntry {
	g := &GlossaryEntry{Pos: p.pos(line)}
	label := p.takeLabel()
	p.e.SetLabel(g, label)
	for k, ln := range strings.Split(text, "\n") {
		t := strings.TrimSpace(p.inline(ln, line+k).S)
		if len(t) >= 10 && strings.EqualFold(t[len(t)-10:], "(obsolete)") {
			g.Obsolete = true
			t = strings.TrimSpace(t[:len(t)-10])
		}
		g.Terms = append(g.Terms, splitHeadword(t)...)
	}
	if len(g.Terms) == 0 {
		p.d.warnf(line, "glossary entry without a term")
		g.Terms = []string{"(untitled)"}
	}
	g.Slug = Slug(g.Terms[0])
	p.e.Glossary = append(p.e.Glossary, g)
	if label != "" {
		p.titles[label] = g.Term()
	}
	return g
}

// toctree reads the files a toctree names, in place.
func (p *rstParser) toctree(n *rstNode) {
	for _, d := range p.tocTargets(p.doc, n, true) {
		if d.done {
			p.d.infof(n.line, "toctree names %s, already read", d.src.Name)
			continue
		}
		p.read(d)
	}
}

// tocTargets resolves a toctree's entries to documents. With report set it
// reports entries that name no file.
func (p *rstParser) tocTargets(from *rstDoc, n *rstNode, report bool) []*rstDoc {
	glob := false
	for _, op := range n.opts {
		glob = glob || op.name == "glob"
	}
	dir := path.Dir(from.key)
	var out []*rstDoc
	for _, l := range n.body {
		if l.s == "" {
			continue
		}
		if _, _, ok := fieldMarker(l.s); ok {
			continue
		}
		_, name := splitAngle(l.s)
		if name == "" {
			name = l.s
		}
		if name == "self" || strings.Contains(name, "://") {
			continue
		}
		name = strings.TrimSuffix(strings.TrimSuffix(name, ".rst"), ".txt")
		if strings.HasPrefix(name, "/") {
			name = strings.TrimPrefix(name, "/")
		} else {
			name = path.Join(dir, name)
		}
		if glob && strings.ContainsAny(name, "*?[") {
			var keys []string
			for k := range p.byKey {
				if ok, _ := path.Match(name, k); ok && k != from.key {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range keys {
				out = append(out, p.byKey[k])
			}
			continue
		}
		if d := p.byKey[name]; d != nil {
			out = append(out, d)
		} else if report {
			p.d.warnf(l.n, "toctree names %q, which is not among the files read", name)
		}
	}
	return out
}

// target records a label for the entry that follows.
func (p *rstParser) target(n *rstNode) {
	switch {
	case n.arg != "":
		p.d.infof(n.line, "hyperlink target %q (%s) not used", n.text, rstClip(n.arg, 60))
	case n.text == "_" || n.text == "":
		p.d.infof(n.line, "anonymous target ignored")
	default:
		p.labels = append(p.labels, rstLabel{name: normLabel(n.text), line: n.line})
	}
}

// takeLabel returns the pending label for the entry being created.
func (p *rstParser) takeLabel() string {
	if len(p.labels) == 0 {
		return ""
	}
	l := p.labels[0]
	for _, x := range p.labels[1:] {
		p.d.warnf(x.line, "label %q: the entry already has label %q; this one is ignored", x.name, l.name)
	}
	p.labels = p.labels[:0]
	return l.name
}

// settle gives pending labels to the entry o stands for when something
// other than a title follows them.
func (p *rstParser) settle(o rstOwner, line int) {
	if len(p.labels) == 0 {
		return
	}
	var l string
	switch {
	case o.rule != nil && p.e.LabelOf(o.rule) == "":
		l = p.takeLabel()
		p.e.SetLabel(o.rule, l)
		p.titles[l] = o.rule.Number.String()
		if o.rule.Title() != "" {
			p.titles[l] = o.rule.Title()
		}
	case o.entry != nil && p.e.LabelOf(o.entry) == "":
		l = p.takeLabel()
		p.e.SetLabel(o.entry, l)
		p.titles[l] = o.entry.Term()
	default:
		for _, x := range p.labels {
			p.d.warnf(x.line, "label %q is not before a title or entry: it labels nothing", x.name)
		}
		p.labels = p.labels[:0]
		return
	}
	p.d.infof(line, "label %q is not before a title: it labels the entry around it", l)
}

// field handles ":name: value" fields: :Date: is the effective date.
func (p *rstParser) field(n *rstNode) {
	switch strings.ToLower(n.text) {
	case "date":
		p.date(n)
	case "tocdepth", "orphan", "nocomments", "nosearch", "maxdepth":
	default:
		p.d.infof(n.line, "field :%s: %q ignored", n.text, rstClip(n.arg, 40))
	}
}

var dateLayouts = []string{time.DateOnly, "January 2, 2006", "Jan 2, 2006", "2 January 2006", "January 2 2006", "Jan. 2, 2006"}

func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "."))
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func (p *rstParser) date(n *rstNode) {
	t, ok := parseDate(n.arg)
	switch {
	case !ok:
		p.d.warnf(n.line, "date %q not understood: want e.g. \"July 15, 2011\" or 2011-07-15", rstClip(n.arg, 40))
	case p.e.Effective.IsZero():
		p.e.Effective = t
	case !p.e.Effective.Equal(t):
		p.d.warnf(n.line, "date %s differs from the effective date already read (%s)", t.Format(time.DateOnly), p.e.EffectiveDate())
	}
}

// finish numbers what had no numbers, titles bare references and checks
// the edition as a whole.
func (p *rstParser) finish() {
	e := p.e
	if p.part != nil {
		p.flushPart(p.part)
	}
	for _, pt := range p.parts {
		if pt.label != "" && pt.sect == nil {
			p.diagAt(pt.pos, SevInfo, "label %q names %q, which is not a section: references to it will not resolve", pt.label, pt.title)
		}
	}
	p.numberUnnumbered()
	e.visitTexts(func(t *Text, _ Citer) {
		for i := range t.Spans {
			sp := &t.Spans[i]
			if sp.Kind != SpanRef {
				continue
			}
			if c := sp.Cited(); c.Bare {
				if title := p.titles[c.Label]; title != "" {
					replaceSpan(t, i, title)
					// Sphinx resolves the label, else what is shown.
					c.Shown = title
					sp.Cite = unique.Make(c)
				}
			}
		}
	})
	if e.Effective.IsZero() {
		for _, b := range e.Intro {
			if t, ok := effectiveIn(b.Text.S); ok {
				e.Effective = t
				break
			}
		}
	}
	if e.ID == "" {
		e.ID = e.EffectiveDate()
	}
	covered := 0
	for _, s := range e.Sections {
		if s.Number >= 1 && s.Number <= 9 {
			covered |= 1 << s.Number
		}
	}
	if covered == 0x3FE {
		e.Kind = KindFull
	}
	if len(e.Sections) == 0 && len(e.Glossary) == 0 && !HasErrors(p.d.list) {
		p.d.file = e.Files[0]
		p.d.errorf(1, "no rules or glossary found")
	}
	sort.SliceStable(p.d.list, func(i, j int) bool {
		a, b := p.d.list[i], p.d.list[j]
		if ra, rb := p.fileRank(a.File), p.fileRank(b.File); ra != rb {
			return ra < rb
		}
		return a.Line < b.Line
	})
	e.Diagnostics = append(e.Diagnostics, p.d.list...)
}

func (p *rstParser) fileRank(name string) int {
	if r, ok := p.rank[name]; ok {
		return r
	}
	for i, d := range p.docs {
		if d.src.Name == name {
			return len(p.docs) + i
		}
	}
	return 2 * len(p.docs)
}

// numberUnnumbered numbers sections and chapters that held no rules, after
// their neighbours, and says so.
func (p *rstParser) numberUnnumbered() {
	prevSect := 0
	for _, s := range p.e.Sections {
		if s.Number == 0 {
			for _, c := range s.Chapters {
				if !c.Number.IsZero() {
					s.Number = c.Number.Section()
					break
				}
			}
		}
		if s.Number == 0 {
			s.Number = min(prevSect+1, 9)
			p.diagAt(s.Pos, SevWarning, "section %q holds no numbered rules: numbered %d after the one before", s.Title, s.Number)
		}
		prevCh := 0
		for _, c := range s.Chapters {
			if c.Number.IsZero() {
				n := prevCh + 1
				if prevCh == 0 {
					n = s.Number * 100
				}
				c.Number = Number{Chapter: uint16(min(n, 999))}
				p.diagAt(c.Pos, SevWarning, "chapter %q holds no rules: numbered %s after the one before", c.Title(), c.Number)
			}
			prevCh = int(c.Number.Chapter)
		}
		prevSect = s.Number
	}
}

// effectiveIn finds "effective as of July 15, 2011" in an introduction.
func effectiveIn(s string) (time.Time, bool) {
	for _, lead := range []string{"effective as of ", "current as of "} {
		if k := strings.Index(s, lead); k >= 0 {
			rest := s[k+len(lead):]
			if end := strings.IndexAny(rest, ".\n"); end >= 0 {
				rest = rest[:end]
			}
			return parseDate(rest)
		}
	}
	return time.Time{}, false
}

// visitTexts calls fn for every paragraph of e with the entry holding it
// (a zero Citer for the introduction and credits).
func (e *Edition) visitTexts(fn func(*Text, Citer)) {
	for i := range e.Intro {
		fn(&e.Intro[i].Text, Citer{})
	}
	e.Walk(func(r *Rule) bool {
		for i := range r.Body {
			fn(&r.Body[i].Text, Citer{Rule: r})
		}
		return true
	})
	for _, g := range e.Glossary {
		for i := range g.Body {
			fn(&g.Body[i].Text, Citer{Entry: g})
		}
	}
	for _, t := range e.Topics {
		for i := range t.Body {
			fn(&t.Body[i].Text, Citer{Topic: t})
		}
	}
	for i := range e.Credits {
		fn(&e.Credits[i].Text, Citer{})
	}
}

// replaceSpan replaces the text under span i with s, moving the spans after
// it and stretching those around it.
func replaceSpan(t *Text, i int, s string) {
	sp := t.Spans[i]
	delta := int32(len(s)) - (sp.End - sp.Start)
	t.S = t.S[:sp.Start] + s + t.S[sp.End:]
	for j := range t.Spans {
		o := &t.Spans[j]
		switch {
		case j == i:
			o.End += delta
		case o.Start >= sp.End && j > i:
			o.Start += delta
			o.End += delta
		case o.Start <= sp.Start && o.End >= sp.End:
			o.End += delta
		}
	}
}

// trimPrefix drops the first n bytes of t, moving its spans.
func trimPrefix(t *Text, n int) {
	t.S = t.S[n:]
	k := 0
	for _, sp := range t.Spans {
		sp.Start -= int32(n)
		sp.End -= int32(n)
		if sp.End <= 0 {
			continue
		}
		sp.Start = max(sp.Start, 0)
		t.Spans[k] = sp
		k++
	}
	t.Spans = t.Spans[:k]
}

// addPrefix puts s before t, moving its spans.
func addPrefix(t *Text, s string) {
	t.S = s + t.S
	for i := range t.Spans {
		t.Spans[i].Start += int32(len(s))
		t.Spans[i].End += int32(len(s))
	}
}
