package rules

import (
	"runtime"
	"strings"
	"sync"
	"time"
)

// ParseText reads Wizards' official MagicCompRules.txt: title, effective
// date, introduction, contents, the numbered rules, the glossary and the
// credits. Every non-blank line of the body ends up in the tree or in a
// diagnostic. The result is linked.
func ParseText(src Source) *Edition {
	var ahead *glossaryAhead
	e := parseTextAhead(src, &ahead)
	link(e, ahead)
	return e
}

// parseText is ParseText without linking.
func parseText(src Source) *Edition { return parseTextAhead(src, nil) }

// parseTextAhead is parseText that, if ahead is not nil and the glossary is
// read on a second processor, goes on to scan it there for Link.
func parseTextAhead(src Source, ahead **glossaryAhead) *Edition {
	e := &Edition{Format: FormatText, Kind: KindFull, Files: []string{src.Name}}
	d := &diags{file: src.Name}
	if lines, absent, ok := readText(src, e, d); ok {
		p := &textParser{e: e, d: d, file: src.Name, lines: lines, absent: absent, ahead: ahead}
		p.parse()
		putLines(lines)
	}
	e.Diagnostics = append(e.Diagnostics, d.list...)
	return e
}

// tline is one logical line of a text source: a physical line, or in a
// hard-wrapped file the physical lines of one paragraph joined.
type tline struct {
	s      string // the text, surrounding white space trimmed
	n      int32  // 1-based number of its first physical line
	ind    uint16 // its indentation in the source
	indent bool   // it is indented more than the file's numbered lines
	gap    bool   // a blank line (or the start of the file) comes before it
}

// readText decodes src, rejects what is plainly not text, and splits it into
// logical lines. It records the encoding on e, and returns the inline
// conventions the text has nowhere.
func readText(src Source, e *Edition, d *diags) ([]tline, conventions, bool) {
	if len(src.Data) == 0 {
		d.errorf(1, "empty file: no rules found")
		return nil, 0, false
	}
	text, enc := decode(src.Data, true)
	if e.Encoding == "" {
		e.Encoding = enc
	}
	if i := strings.IndexByte(text, 0); i >= 0 {
		d.errorf(lineOf(text, i), "binary data (a NUL byte): not a rules text file")
		return nil, 0, false
	}
	text = repairText(text, d)
	// What the text lacks is found on a second processor while it is
	// split into lines (40 µs and 180 µs of the newest rules).
	var absent conventions
	var found sync.WaitGroup
	if len(text) >= parallelDecodeBytes && runtime.GOMAXPROCS(0) > 1 {
		found.Go(func() { absent = absentConventions(text) })
	} else {
		absent = absentConventions(text)
	}
	lines := splitText(text)
	found.Wait()
	if len(lines) == 0 {
		d.errorf(1, "blank file: no rules found")
		return nil, 0, false
	}
	return lines, absent, true
}

// lineOf is the 1-based line number of byte offset off in text.
func lineOf(text string, off int) int {
	n := 1
	for i := 0; i < off && i < len(text); i++ {
		switch text[i] {
		case '\n':
			n++
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			n++
		}
	}
	return n
}

// splitText splits decoded text into logical lines: the fast path of
// logicalLines(Lines(text)), one pass over the text with no intermediate
// slice of physical lines. A hard-wrapped file (the 1999–2004 ones) is
// handed to logicalLines.
func splitText(text string) []tline {
	nl := max(strings.Count(text, "\n"), strings.Count(text, "\r")) + 1
	out := getLines(nl*5/8 + 16)
	var indents [9]int // how many numbered lines have each indentation
	joins, nonblank, long := 0, 0, 0
	gap := true
	prev := "" // the previous physical line if not blank
	lr := newLineReader(text)
	for n := int32(1); ; n++ {
		raw, ok := lr.next()
		if !ok {
			break
		}
		ind := indentOf(raw)
		if blankLine(raw, ind) {
			gap, prev = true, ""
			continue
		}
		nonblank++
		if len(raw) > longLine {
			long++
		}
		if isDigit(raw[ind]) && ind < len(indents) {
			indents[ind]++
		}
		if prev != "" && prev[len(prev)-1] == ' ' && !isDigit(raw[ind]) && continues(prev, raw) {
			joins++
		}
		l := tline{s: trimSpace(raw), n: n, ind: uint16(min(ind, 1<<16-1)), gap: gap}
		if len(out) < cap(out) {
			// In place, as appendBlock does: one write barrier, not a copy.
			out = out[:len(out)+1]
			o := &out[len(out)-1]
			o.s, o.n, o.ind, o.indent, o.gap = l.s, l.n, l.ind, l.indent, l.gap
		} else {
			out = append(out, l)
		}
		gap, prev = false, raw
	}
	if joins > 50 && joins*20 > nonblank || maybeBareWrapped(nonblank, long) {
		return logicalLines(Lines(text))
	}
	base := 0
	for i, c := range indents {
		if c > indents[base] {
			base = i
		}
	}
	for i := range out {
		out[i].indent = int(out[i].ind) > base
	}
	return out
}

// linePool keeps the list of lines between parses: only the parse reads
// it (a whole CR has about 5,000 lines, 120 KB).
var linePool sync.Pool

// getLines returns an empty line list with room for n.
func getLines(n int) []tline {
	if l, ok := linePool.Get().(*[]tline); ok && cap(*l) >= n {
		return (*l)[:0]
	}
	return make([]tline, 0, n)
}

// putLines returns lines to linePool, holding no strings of the text.
func putLines(lines []tline) {
	clear(lines)
	linePool.Put(&lines)
}

// logicalLines drops blank lines (remembering them as gaps) and trims each
// line. In a hard-wrapped file (see wrapOf) a line that runs on is joined
// with the next.
func logicalLines(phys []string) []tline {
	w := wrapOf(phys)
	base := baseIndent(phys)
	out := make([]tline, 0, len(phys)/2+1)
	gap := true
	for i := 0; i < len(phys); i++ {
		raw := phys[i]
		if blankLine(raw, indentOf(raw)) {
			gap = true
			continue
		}
		l := tline{s: trimSpace(raw), n: int32(i + 1), indent: indentOf(raw) > base, gap: gap}
		gap = false
		if w.on {
			var b strings.Builder
			for i+1 < len(phys) && w.continues(phys[i], phys[i+1]) {
				if b.Len() == 0 {
					b.WriteString(l.s)
				}
				b.WriteString(w.joiner(phys[i]))
				i++
				b.WriteString(trimSpace(phys[i]))
			}
			if b.Len() > 0 {
				l.s = b.String()
			}
		}
		out = append(out, l)
	}
	return out
}

// indentOf counts leading spaces and tabs.
func indentOf(s string) int {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// baseIndent is the indentation of a file's numbered lines: 0 in Wizards'
// files, more in copies that were re-indented as a whole. Only lines
// indented further than that are indented paragraphs.
func baseIndent(phys []string) int {
	var counts [9]int
	for _, s := range phys {
		i := indentOf(s)
		if i < len(s) && i < len(counts) && isDigit(s[i]) {
			counts[i]++
		}
	}
	best := 0
	for i, n := range counts {
		if n > counts[best] {
			best = i
		}
	}
	return best
}

// continues reports whether, in a hard-wrapped file, line b carries on the
// paragraph of line a.
func continues(a, b string) bool {
	if trimSpace(a) == "" || trimSpace(b) == "" || indentOf(b) > indentOf(a) && indentOf(b) > 1 || exampleLabel(trimSpace(b)) > 0 {
		return false
	}
	c := a[len(a)-1]
	if !(c == ' ' || c == '\t' || c == '-' || strings.HasSuffix(a, "—")) {
		return false
	}
	// A line is wrapped only when the next word would not have fit on it:
	// "Enchant Land " with a stray trailing space is a glossary term line.
	w := strings.IndexByte(b, ' ')
	if w < 0 {
		w = len(b)
	}
	return len(trimSpace(a))+1+w >= wrapWidth
}

// wrapWidth is a little under the width the 2003 files were wrapped at
// (about 100 columns); their shortest wrapped line plus the word that did not
// fit is 66 characters.
const wrapWidth = 60

// hardWrapped spots a file whose paragraphs were broken into lines: many
// lines end in a space and run on into a plain next line.
func hardWrapped(phys []string) bool {
	joins, nonblank := 0, 0
	for i, a := range phys {
		if len(a) == 0 || trimSpace(a) == "" {
			continue
		}
		nonblank++
		if i+1 < len(phys) && (a[len(a)-1] == ' ') && continues(a, phys[i+1]) && !isDigit(phys[i+1][0]) {
			joins++
		}
	}
	return joins > 50 && joins*20 > nonblank
}

// trimSpace trims ASCII spaces and tabs; it never allocates.
func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[i:j]
}

// parallelGlossaryLines is the size of glossary worth reading on a second
// processor: a whole CR's has about 2,000 lines.
const parallelGlossaryLines = 500

// textParser reads one full official text file.
type textParser struct {
	e      *Edition
	d      *diags
	file   string
	lines  []tline
	absent conventions // inline conventions the whole file lacks
	ahead  **glossaryAhead
}

func (p *textParser) pos(l tline) Pos { return p.d.at(int(l.n)) }

func (p *textParser) parse() {
	lines := p.lines
	body := findBody(lines)
	if body < 0 {
		first := lines[0]
		p.d.errorf(int(first.n), "no numbered rules found (want a line such as \"100.1. …\"): not a Comprehensive Rules text file")
		return
	}
	gloss, index, credits := len(lines), len(lines), len(lines)
	for i := body; i < len(lines); i++ {
		switch s := lines[i].s; {
		case s == "Glossary" && gloss == len(lines):
			gloss = i
		case s == "Index" && gloss < i && index == len(lines) && i+1 < len(lines) && indexEntry(lines[i+1].s):
			index = i
		case s == "Credits":
			credits = i
		}
		if credits < len(lines) {
			break
		}
	}
	if gloss > credits {
		gloss = credits
	}
	index = min(index, credits)
	// The glossary shares nothing with the rules but the file name: a whole
	// CR's is read on a second processor while the rules are. Its
	// diagnostics follow theirs either way.
	hasGlossary := gloss < len(lines) && lines[gloss].s == "Glossary"
	var glossary []*GlossaryEntry
	gd := &diags{file: p.d.file}
	var wg sync.WaitGroup
	if hasGlossary {
		gl := lines[gloss+1 : index]
		if len(gl) >= parallelGlossaryLines && runtime.GOMAXPROCS(0) > 1 {
			wg.Add(1)
			go func() {
				glossary = parseGlossaryIn(gl, p.file, gd, p.absent)
				// Link's scan of it goes on here while the rules are read,
				// unless the last entry lacks a definition, which
				// detectTruncation drops.
				var ahead *glossaryAhead
				if p.ahead != nil && len(glossary) > 0 && len(glossary[len(glossary)-1].Body) > 0 {
					ahead = newGlossaryAhead(glossary)
					*p.ahead = ahead
				}
				wg.Done()
				if ahead != nil {
					ahead.scan()
				}
			}()
		} else {
			glossary = parseGlossaryIn(gl, p.file, gd, p.absent)
		}
	}
	toc := p.frontMatter(lines[:body])

	b := newTreeBuilder(p.e, p.d, false)
	b.absent = p.absent
	b.grow(lines[body:gloss])
	b.run(lines[body:gloss])
	b.finish()
	p.checkContents(toc)

	wg.Wait()
	if hasGlossary {
		p.e.Glossary = glossary
		p.d.list = append(p.d.list, gd.list...)
	} else {
		p.d.warnf(int(lines[len(lines)-1].n), "no \"Glossary\" heading after the rules")
	}
	if index < credits {
		p.d.infof(int(lines[index].n), "the printed index (lines %d–%d) is left out: it lists the rules by subject for the printed book", lines[index].n, lines[credits-1].n)
	}
	if credits < len(lines) {
		for _, l := range lines[credits+1:] {
			p.e.Credits = append(p.e.Credits, Block{Kind: BlockText, Text: normTextIn(l.s, p.absent, p.d, int(l.n)), Pos: p.pos(l)})
			// The first edition says when it is current only in its
			// copyright notice, at the very end.
			if p.e.Effective.IsZero() && strings.Contains(l.s, " as of ") {
				p.effective(l)
			}
		}
	}
	if p.e.Effective.IsZero() {
		p.d.warnf(int(lines[0].n), "no effective date (\"These rules are effective as of …\")")
	}
	detectTruncation(p.e, textEnd{glossary: hasGlossary, credits: credits < len(lines), last: p.pos(lines[len(lines)-1])}, p.d)
	p.e.ID = p.e.EffectiveDate()
}

// findBody returns the index of the body's first line: the heading of
// chapter 100 just before rule 100.1 (with the section heading before it),
// not the contents' copy of those headings. Files that lack it start at the
// first rule line. It returns -1 if there are no numbered rules at all.
func findBody(lines []tline) int {
	start := -1
	for i := 0; i+1 < len(lines); i++ {
		s := lines[i].s
		if len(s) < 4 || s[0] != '1' || !strings.HasPrefix(s, "100.") {
			continue
		}
		if c := classifyBodyLine(s); c.kind != lkChapter || c.num.Chapter != 100 {
			continue
		}
		if c := classifyBodyLine(lines[i+1].s); c.kind == lkRule && c.num == (Number{Chapter: 100, Rule: 1}) {
			start = i
			break
		}
	}
	if start < 0 {
		for i, l := range lines {
			if c := classifyBodyLine(l.s); c.kind == lkRule {
				start = i
				break
			}
		}
		if start < 0 {
			return -1
		}
		// Take in the chapter heading just before, if any.
		if start > 0 && classifyBodyLine(lines[start-1].s).kind == lkChapter {
			start--
		}
	}
	if start > 0 && classifyBodyLine(lines[start-1].s).kind == lkSection {
		start--
	}
	return start
}

// contents is what the table of contents lists.
type contents struct {
	sections map[int]string
	chapters map[uint16]string
	pos      map[uint16]int32
}

// frontMatter reads the title, the effective date, the introduction and the
// contents: everything before the body. The contents end at the first line
// that is neither a heading nor a contents entry ("100. General", or with
// dot leaders and a page number "100. General.......2"); what follows them
// is more of the introduction (the 1999 files put it after the contents).
func (p *textParser) frontMatter(lines []tline) contents {
	toc := contents{sections: map[int]string{}, chapters: map[uint16]string{}, pos: map[uint16]int32{}}
	if len(lines) == 0 {
		return toc
	}
	inTOC, backMatter := false, false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case i == 0 && !strings.Contains(l.s, " as of "):
			i = p.title(lines)
			continue
		case strings.Contains(l.s, "effective as of ") || strings.Contains(l.s, "current as of "):
			if p.e.Effective.IsZero() {
				p.effective(l)
				continue
			}
		case l.s == "Introduction" && !inTOC:
			continue
		case l.s == "Contents":
			inTOC = true
			continue
		}
		if inTOC && !isDigit(l.s[0]) && !headwordShape(leaders(l.s)) {
			inTOC = false // the contents are over
		}
		if !inTOC {
			if n := len(p.e.Intro); n > 0 && !l.gap && runsOn(p.e.Intro[n-1].Text.S, l.s) {
				b := &p.e.Intro[n-1]
				b.Text = normTextIn(b.Text.S+" "+l.s, p.absent, p.d, b.Pos.Line())
				continue
			}
			p.e.Intro = append(p.e.Intro, Block{Kind: BlockText, Text: normTextIn(l.s, p.absent, p.d, int(l.n)), Pos: p.pos(l)})
			continue
		}
		switch c := classifyBodyLine(leaders(l.s)); {
		case c.kind == lkSection:
			toc.sections[c.sect] = normTextIn(c.text, p.absent, nil, 0).S
		case c.kind == lkChapter:
			toc.chapters[c.num.Chapter] = normTextIn(c.text, p.absent, nil, 0).S
			toc.pos[c.num.Chapter] = l.n
		case !isDigit(l.s[0]):
			// "Glossary", "Credits", "Customer Service Information": back
			// matter, or "Introduction" before the sections.
			backMatter = backMatter || len(toc.chapters) > 0
		default:
			p.d.warnf(int(l.n), "unexpected line in the contents: %q", clip(l.s))
		}
		if backMatter && isDigit(l.s[0]) {
			p.d.warnf(int(l.n), "contents line %q after the back matter", clip(l.s))
		}
	}
	return toc
}

// title reads the title at the top of the file and returns the index of its
// last line. The first edition's banner ends in the date ("COMPREHENSIVE
// RULES    04/23/99"), which is its effective date; 1999-11-01 breaks its
// title over two lines ("COMPREHENSIVE", "RULES"). A title in capitals is
// written as the later files write it ("Comprehensive Rules").
func (p *textParser) title(lines []tline) int {
	title, date, ok := bannerDate(lines[0].s)
	if ok {
		p.e.Effective = date
	}
	last := 0
	for strings.ToUpper(title) == title && last+1 < len(lines) && !lines[last+1].gap {
		next := lines[last+1].s
		if strings.ToUpper(next) != next || len(title)+len(next) > 60 || strings.Contains(next, " as of ") {
			break
		}
		title += " " + next
		last++
	}
	p.e.Title = normTextIn(titleCase(title), p.absent, p.d, int(lines[0].n)).S
	return last
}

// effective reads "These rules are effective as of January 16, 2026." (or,
// before 2009, "current as of").
func (p *textParser) effective(l tline) {
	i := strings.Index(l.s, " as of ")
	s := strings.TrimSpace(l.s[i+len(" as of "):])
	s = strings.TrimRight(s, ". ")
	t, err := time.Parse("January 2, 2006", s)
	if err != nil {
		p.d.warnf(int(l.n), "cannot read the effective date %q", clip(s))
		return
	}
	p.e.Effective = t
}

// checkContents reports where the contents disagree with the body's
// headings; the body wins.
func (p *textParser) checkContents(toc contents) {
	if len(toc.chapters) == 0 {
		return
	}
	for _, s := range p.e.Sections {
		if t, ok := toc.sections[s.Number]; ok && t != s.Title && s.Title != "" {
			p.d.infof(s.Pos.Line(), "the contents call section %d %q; the body's heading %q is used", s.Number, t, s.Title)
		}
		for _, c := range s.Chapters {
			t, ok := toc.chapters[c.Number.Chapter]
			switch {
			case !ok:
				p.d.infof(c.Pos.Line(), "chapter %d is not in the contents", c.Number.Chapter)
			case t != c.Title() && c.Title() != "":
				p.d.infof(c.Pos.Line(), "the contents call chapter %d %q; the body's heading %q is used", c.Number.Chapter, t, c.Title())
			}
			delete(toc.chapters, c.Number.Chapter)
		}
	}
	for n := range toc.chapters {
		p.d.warnf(int(toc.pos[n]), "chapter %d is in the contents but not in the rules", n)
	}
}

// clip shortens s for a diagnostic.
func clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	i := 57
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}

// lineKind is what a body line is.
type lineKind uint8

const (
	lkText    lineKind = iota // a paragraph (continuation, or not recognised)
	lkSection                 // "1. Game Concepts"
	lkChapter                 // "100. General"
	lkRule                    // "100.1. …", "100.1a …"
	lkExample                 // "Example: …"
	lkNoIndex                 // "306.b …": a subrule whose rule index is missing (num has Chapter and Sub only)
)

// bodyLine is a classified body line.
type bodyLine struct {
	kind  lineKind
	num   Number // lkChapter, lkRule
	sect  int    // lkSection
	text  string // title of a heading, else the paragraph text after any number or label
	quirk string // a known misprint that was read as intended; reported as info
}

// classifyBodyLine reads what kind of line s is. It does no allocation
// unless s is a misprint.
func classifyBodyLine(s string) bodyLine {
	if k := exampleLabel(s); k > 0 {
		t := trimSpace(s[k:])
		quirk := ""
		for k = exampleLabel(t); k > 0; k = exampleLabel(t) {
			t = trimSpace(t[k:])
			quirk = "the label \"Example:\" is printed twice"
		}
		return bodyLine{kind: lkExample, text: t, quirk: quirk}
	}
	if s == "" || !isDigit(s[0]) {
		return bodyLine{kind: lkText, text: s}
	}
	n, rest := ScanNumber(s)
	switch n.Level() {
	case LevelNone:
		if len(s) > 3 && s[0] != '0' && s[1] == '.' && s[2] == ' ' {
			return bodyLine{kind: lkSection, sect: int(s[0] - '0'), text: trimSpace(s[3:])}
		}
	case LevelChapter:
		if rest == "." || strings.HasPrefix(rest, ". ") {
			title := trimSpace(rest[1:])
			// "606. 8b Players win …": a subrule number broken by a space.
			if m, r := scanRuleTail(title); m.Rule != 0 && m.Sub != 0 {
				m.Chapter = n.Chapter
				return bodyLine{kind: lkRule, num: m, text: r, quirk: "rule number printed as \"" + s[:len(s)-len(title)] + title[:len(title)-len(r)] + "\"; read as " + m.String()}
			}
			return bodyLine{kind: lkChapter, num: n, text: title}
		}
		// "306.b …": the rule index is missing; the builder supplies it
		// from the rules around, if they make it plain.
		if len(rest) >= 2 && rest[1] >= 'a' && rest[1] <= 'z' && (len(rest) == 2 || rest[2] == ' ') {
			return bodyLine{kind: lkNoIndex, num: Number{Chapter: n.Chapter, Sub: rest[1]}, text: trimSpace(rest[2:])}
		}
	default:
		switch {
		case rest == "":
			return bodyLine{kind: lkRule, num: n}
		case rest[0] == ' ':
			l := bodyLine{kind: lkRule, num: n, text: trimSpace(rest)}
			if n.Level() == LevelRule {
				l.quirk = "rule number " + n.String() + " has no period after it"
			}
			return l
		case rest[0] == '.':
			l := bodyLine{kind: lkRule, num: n, text: trimSpace(rest[1:])}
			if len(rest) > 1 && rest[1] != ' ' {
				l.quirk = "no space after rule number " + n.String()
			} else if n.Level() == LevelSubrule {
				l.quirk = "subrule number " + n.String() + " has a period after it"
			}
			return l
		}
	}
	return bodyLine{kind: lkText, text: s}
}

// scanRuleTail reads "8b Players …" (a rule index and subrule letter cut
// off from their chapter) and returns the number (Chapter unset) and the rest.
func scanRuleTail(s string) (Number, string) {
	i, r := 0, 0
	for i < len(s) && i < 4 && isDigit(s[i]) {
		r = r*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || r == 0 || i >= len(s) {
		return Number{}, s
	}
	n := Number{Rule: uint16(r)}
	if s[i] >= 'a' && s[i] <= 'z' {
		n.Sub = s[i]
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
	}
	if i < len(s) && s[i] != ' ' {
		return Number{}, s
	}
	return n, trimSpace(s[i:])
}

// treeBuilder assembles sections, chapters, rules and subrules from body
// lines in document order. ParseText and ParseFragments share it.
type treeBuilder struct {
	e       *Edition
	d       *diags
	excerpt bool        // headings may be missing: implied entries are expected (info, not warning)
	absent  conventions // inline conventions the whole source lacks

	sect       *Section
	chap, rule *Rule
	cur        *Rule  // the entry receiving paragraphs and examples
	last       Number // the last number read, to spot order problems

	order    []*Rule // every entry in document order
	parents  []int32 // index in order of each entry's parent, -1 for chapters
	chapIdx  int32   // index in order of chap
	ruleIdx  int32   // index in order of rule
	prevRule Number  // the rule before rule in its chapter (or the chapter)
	slab     []Rule
	blocks   []Block
	start    int // index in blocks where cur's body starts
}

func newTreeBuilder(e *Edition, d *diags, excerpt bool) *treeBuilder {
	return &treeBuilder{e: e, d: d, excerpt: excerpt}
}

// grow sizes the builder's storage for the body lines it will read: at
// most one entry (plus a few implied ones) and one paragraph per line.
func (b *treeBuilder) grow(lines []tline) {
	n := 16
	for _, l := range lines {
		if isDigit(l.s[0]) {
			n++
		}
	}
	b.slab = make([]Rule, 0, n)
	b.order = make([]*Rule, 0, n)
	b.parents = make([]int32, 0, n)
	b.blocks = make([]Block, 0, len(lines))
}

func (b *treeBuilder) implied(line int, format string, args ...any) {
	if b.excerpt {
		b.d.infof(line, format, args...)
	} else {
		b.d.warnf(line, format, args...)
	}
}

// run reads body lines in order.
func (b *treeBuilder) run(lines []tline) {
	for i, l := range lines {
		b.line(l, lines[i+1:])
	}
}

// line reads one body line; rest are the lines after it, which a misprinted
// number is checked against.
func (b *treeBuilder) line(l tline, rest []tline) {
	pos := b.d.at(int(l.n))
	c := classifyBodyLine(l.s)
	if c.quirk != "" {
		b.d.infof(pos.Line(), "%s", c.quirk)
	}
	switch c.kind {
	case lkSection:
		if b.sect == nil || c.sect > b.sect.Number {
			b.section(c.sect, b.plain(c.text, pos), pos)
			return
		}
		b.d.warnf(pos.Line(), "section heading %q out of order; read as text", clip(l.s))
		b.text(l, pos)
	case lkChapter:
		title := c.text
		sentence := title == "" || title[0] == '[' || len(title) > 80 || title[len(title)-1] == '.' || title[len(title)-1] == ']'
		if sentence {
			title = ""
		}
		b.chapter(c.num, b.plain(title, pos), pos)
		if sentence && c.text != "" {
			b.d.infof(pos.Line(), "chapter %d has no title; its heading line is read as its text", c.num.Chapter)
			b.add(BlockText, c.text, pos)
		}
	case lkRule:
		b.entry(b.misprint(c.num, pos, rest), pos)
		if c.text != "" {
			b.add(BlockText, c.text, pos)
		}
	case lkNoIndex:
		n, ok := b.missingIndex(c.num, pos)
		if !ok {
			b.text(l, pos)
			return
		}
		b.entry(n, pos)
		if c.text != "" {
			b.add(BlockText, c.text, pos)
		}
	case lkExample:
		if b.cur == nil {
			b.d.warnf(pos.Line(), "example before the first rule: %q", clip(l.s))
			return
		}
		b.add(BlockExample, c.text, pos)
	default:
		b.text(l, pos)
	}
}

// misprint corrects a rule number that cannot be right where it stands
// but is plainly the number expected there, as printed in a few files:
// 423.2a then "432.2b" (read 423.2b); 502.36a then "502.35b" (502.36b);
// 306.3b then "306.1c" (306.3c); 702.30d twice, the second before 702.31
// (read 702.30e); "505.54" with no subrules, then 505.5a (the rule is
// renumbered 505.5); 510.1 then "501.2" … "501.6" (510.2 … 510.6, see
// misprintChapter). Each correction is a warning naming both numbers.
func (b *treeBuilder) misprint(n Number, pos Pos, rest []tline) Number {
	if n.Level() == LevelRule {
		return b.misprintChapter(n, pos)
	}
	if n.Level() != LevelSubrule || b.rule == nil {
		return n
	}
	want, ok := b.nextSubrule()
	if !ok {
		return n
	}
	switch {
	case n.Parent() != b.rule.Number && n.Sub == want.Sub && n.Chapter/100 == want.Chapter/100:
		if b.rule.Number == b.last && b.prevRule.Compare(n.Parent()) < 0 && n.Parent().Compare(b.rule.Number) < 0 {
			// The rule itself was misprinted: "505.54" then 505.5a.
			b.d.warnf(b.rule.Pos.Line(), "rule printed as %s is followed by %s; read as %s", b.rule.Number, n, n.Parent())
			b.rule.Number = n.Parent()
			b.last = b.rule.Number
			return n
		}
		b.d.warnf(pos.Line(), "subrule printed as %s after %s; read as %s", n, b.last, want)
		return want
	case n == b.last:
		if next, ok := nextNumber(rest); ok && next != want {
			b.d.warnf(pos.Line(), "subrule %s printed twice; the second is read as %s", n, want)
			return want
		}
	}
	return n
}

// nextSubrule is the subrule expected next under the current rule.
func (b *treeBuilder) nextSubrule() (Number, bool) {
	if b.last.Level() == LevelSubrule && b.last.Parent() == b.rule.Number {
		return b.last.Next()
	}
	return Number{Chapter: b.rule.Number.Chapter, Rule: b.rule.Number.Rule, Sub: 'a'}, true
}

// missingIndex supplies the rule index of a subrule printed without one,
// "306.b" between 306.3a and 306.3c: the current rule's, if that rule is
// in the printed chapter and the letter is the one expected next.
// Otherwise the line is left to be read as text, with a warning.
func (b *treeBuilder) missingIndex(n Number, pos Pos) (Number, bool) {
	if b.rule == nil || b.rule.Number.Chapter != n.Chapter {
		return Number{}, false
	}
	want, ok := b.nextSubrule()
	if !ok || want.Sub != n.Sub {
		return Number{}, false
	}
	b.d.warnf(pos.Line(), "subrule printed as %d.%c (no rule number) after %s; read as %s", n.Chapter, n.Sub, b.last, want)
	return want, true
}

// misprintChapter corrects a rule whose chapter number is a typo for the
// current chapter's: "501.2" right after 510.1, when chapter 501 would be
// behind (the rules never go back) and 2 is the rule 510 expects next, is
// 510.2. The digits must differ as a typo does (one digit, or two
// neighbours swapped); a rule of a later chapter is left alone (its
// heading may be missing), and so is everything in an excerpt, whose files
// may come in any order.
func (b *treeBuilder) misprintChapter(n Number, pos Pos) Number {
	if b.excerpt || b.chap == nil || n.Chapter >= b.chap.Number.Chapter || !typo(n.Chapter, b.chap.Number.Chapter) {
		return n
	}
	want := Number{Chapter: b.chap.Number.Chapter, Rule: 1}
	if b.rule != nil && b.rule.Parent == b.chap {
		want.Rule = b.rule.Number.Rule + 1
	}
	if n.Rule != want.Rule {
		return n
	}
	b.d.warnf(pos.Line(), "rule printed as %s after %s; read as %s (chapter %d is behind)", n, b.last, want, n.Chapter)
	return want
}

// typo reports whether two chapter numbers differ as a typing slip does:
// in one digit, or by two neighbouring digits swapped (501 for 510).
func typo(a, b uint16) bool {
	x := [3]uint16{a / 100, a / 10 % 10, a % 10}
	y := [3]uint16{b / 100, b / 10 % 10, b % 10}
	diff := 0
	for i := range x {
		if x[i] != y[i] {
			diff++
		}
	}
	return diff == 1 || diff == 2 && (x[0] == y[1] && x[1] == y[0] && x[2] == y[2] || x[1] == y[2] && x[2] == y[1] && x[0] == y[0])
}

// nextNumber returns the number of the next rule line in lines.
func nextNumber(lines []tline) (Number, bool) {
	for _, l := range lines {
		if c := classifyBodyLine(l.s); c.kind == lkRule || c.kind == lkChapter {
			return c.num, true
		} else if c.kind == lkSection {
			break
		}
	}
	return Number{}, false
}

// text handles a line that is not a heading, rule or example: normally an
// indented continuation paragraph of the entry above.
func (b *treeBuilder) text(l tline, pos Pos) {
	s := l.s
	switch {
	case b.cur == nil:
		b.d.warnf(pos.Line(), "text before the first rule: %q", clip(s))
	case stray(s) && sentenceEnd(s) && len(b.blocks) > b.start && !endsSentence(b.blocks[len(b.blocks)-1].Text.S):
		// "so." on a line of its own: the end of the paragraph above,
		// whose line broke before its last word.
		last := &b.blocks[len(b.blocks)-1]
		last.Text = normTextIn(last.Text.S+" "+s, b.absent, b.d, last.Pos.Line())
		b.d.infof(pos.Line(), "%q on a line of its own is read as the end of the paragraph above", s)
	case stray(s):
		b.d.warnf(pos.Line(), "stray text %q after %s dropped", s, b.cur.Number)
	default:
		if !l.indent {
			b.d.warnf(pos.Line(), "unindented paragraph read as more of %s", b.cur.Number)
		}
		b.add(BlockText, s, pos)
	}
}

// sentenceEnd reports whether s is a short word ending a sentence: "so.",
// "it.".
func sentenceEnd(s string) bool {
	return len(s) >= 2 && s[len(s)-1] == '.' && isLower(s[0])
}

// stray spots debris such as a lone "f" left between two rules: too short to
// be a paragraph.
func stray(s string) bool {
	return len(s) < 4 && !strings.ContainsAny(s, " ")
}

// plain is a heading's text without its markup: a title is a plain string
// in the model ("The _Magic_ Golden Rules" is "The Magic Golden Rules").
func (b *treeBuilder) plain(s string, pos Pos) string {
	return normTextIn(s, b.absent, b.d, pos.Line()).S
}

func (b *treeBuilder) add(k BlockKind, s string, pos Pos) {
	b.blocks = appendBlock(b.blocks, k, 0, normTextIn(s, b.absent, b.d, pos.Line()), pos)
}

// appendBlock appends a block to bs, filled in place where bs has room:
// appended whole, a Block is copied with a write barrier for each of its
// pointers while the collector runs.
func appendBlock(bs []Block, k BlockKind, sense int, t Text, pos Pos) []Block {
	if len(bs) == cap(bs) {
		return append(bs, Block{Kind: k, Sense: senseOf(sense), Text: t, Pos: pos})
	}
	bs = bs[:len(bs)+1]
	b := &bs[len(bs)-1]
	b.Kind, b.Sense, b.Text, b.Pos = k, senseOf(sense), t, pos
	return bs
}

// flush closes the body of the current entry.
func (b *treeBuilder) flush() {
	if b.cur != nil && len(b.blocks) > b.start {
		b.cur.Body = b.blocks[b.start:len(b.blocks):len(b.blocks)]
	}
	b.start = len(b.blocks)
}

func (b *treeBuilder) newRule(n Number, pos Pos, parent *Rule, parentIdx int32) *Rule {
	b.flush()
	if len(b.slab) == cap(b.slab) {
		b.slab = make([]Rule, 0, 64+cap(b.slab)/2)
	}
	// Filled in place, not appended: a Rule appended while the collector
	// runs is copied with a write barrier for each of its pointers, set
	// or not.
	b.slab = b.slab[:len(b.slab)+1]
	r := &b.slab[len(b.slab)-1]
	r.Number, r.Parent, r.Pos = n, parent, pos
	r.SetSection(b.sect)
	if n.Compare(b.last) <= 0 && !b.last.IsZero() {
		if n == b.last {
			b.d.warnf(pos.Line(), "rule %s appears twice", n)
		} else {
			b.d.warnf(pos.Line(), "rule %s is out of order after %s", n, b.last)
		}
	}
	if n.Sub != 0 && !ValidLetter(n.Sub) {
		b.d.warnf(pos.Line(), "subrule %s uses the letter %q, which the rules skip", n, n.Sub)
	}
	b.last = n
	b.order = append(b.order, r)
	b.parents = append(b.parents, parentIdx)
	b.cur = r
	return r
}

func (b *treeBuilder) section(n int, title string, pos Pos) {
	b.flush()
	b.cur = nil
	b.chap, b.rule = nil, nil
	for _, s := range b.e.Sections {
		if s.Number == n {
			b.d.warnf(pos.Line(), "section %d appears twice", n)
		}
	}
	b.sect = &Section{Number: n, Title: title, Pos: pos}
	b.e.Sections = append(b.e.Sections, b.sect)
}

func (b *treeBuilder) chapter(n Number, title string, pos Pos) *Rule {
	if b.sect == nil || b.sect.Number != n.Section() {
		b.section(n.Section(), "", pos)
		b.implied(pos.Line(), "chapter %d has no section heading before it; section %d is created without a title", n.Chapter, n.Section())
	}
	c := b.newRule(n, pos, nil, -1)
	c.SetTitle(title)
	b.sect.Chapters = append(b.sect.Chapters, c)
	b.chap, b.rule = c, nil
	b.chapIdx = int32(len(b.order) - 1)
	return c
}

// entry starts a rule or subrule, creating the chapter or rule above it
// if its heading is missing.
func (b *treeBuilder) entry(n Number, pos Pos) *Rule {
	up := n.Parent()
	if n.Level() == LevelRule {
		if b.chap == nil || b.chap.Number != up {
			b.chapter(up, "", pos)
			b.implied(pos.Line(), "rule %s has no chapter heading before it; chapter %d is created without a title", n, up.Chapter)
		}
		if b.rule != nil && b.rule.Parent == b.chap {
			b.prevRule = b.rule.Number
		} else {
			b.prevRule = up
		}
		r := b.newRule(n, pos, b.chap, b.chapIdx)
		b.rule = r
		b.ruleIdx = int32(len(b.order) - 1)
		return r
	}
	if b.rule == nil || b.rule.Number != up {
		b.entry(up, pos)
		b.implied(pos.Line(), "subrule %s has no rule %s before it; the rule is created without text", n, up)
	}
	return b.newRule(n, pos, b.rule, b.ruleIdx)
}

// finish closes the last entry and fills in every entry's Children from
// one shared backing array.
func (b *treeBuilder) finish() {
	b.flush()
	b.cur = nil
	counts := make([]int32, len(b.order)+1)
	for _, p := range b.parents {
		if p >= 0 {
			counts[p]++
		}
	}
	all := make([]*Rule, 0, len(b.order))
	next := make([]int32, len(b.order))
	off := int32(0)
	for i, c := range counts[:len(b.order)] {
		next[i] = off
		off += c
	}
	all = all[:off]
	for i, p := range b.parents {
		if p >= 0 {
			all[next[p]] = b.order[i]
			next[p]++
		}
	}
	off = 0
	for i, r := range b.order {
		if c := counts[i]; c > 0 {
			r.Children = all[off : off+c : off+c]
			off += c
		}
	}
}
