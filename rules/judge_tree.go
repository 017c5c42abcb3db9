package rules

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// How a judge document's paragraphs become an edition.
//
// Numbered headings are entries. A dotted document (the MTR since 2009,
// the IPG since 2009) has sections "2. Tournament Mechanics", each one
// chapter Rule{Number 2} in Section 2, whose children are the entries
// "2.3 Pregame Procedures". A forerunner numbered in hundreds ("101.
// Format and Ratings Categories", "10. Definition of Penalties") has every
// number a chapter, in the section of its hundreds: 101 in Section 1, 10
// in Section 0. A heading's number must follow the one before it, which
// keeps a numbered list item ("1. Players may exchange …") or a table's
// figure out of the tree.
//
// Unnumbered headings before the first numbered one (other than
// "Introduction") and appendices are topics, addressed by slug
// ("appendix-a"); headings inside an entry or an appendix are its parts
// (BlockHeading): the IPG's "Definition", "Philosophy", …; a document with
// no numbered headings at all is a prose edition of topics.
//
// Page furniture (page numbers, rules of "=") and the table of contents
// never reach the tree: format 1 leaves most of them out already, and
// what is left is recognised here (dropFurniture, dropContents).

// buildJudge builds e from the paragraphs of a judge document.
func buildJudge(e *Edition, d *diags, js jsource, mail mailHeader) {
	lines := joinBroken(dropFurniture(js.lines))
	f := readFront(lines, js, mail)
	if f.doc == 0 {
		d.errorf(firstLine(lines), "not a judge document: its title names neither the Magic Tournament Rules (or DCI Floor Rules), the Infraction Procedure Guide (or Penalty Guidelines) nor Judging at Regular REL")
		return
	}
	e.Doc, e.Title, e.Effective = f.doc, f.title, f.effective
	if e.Title == "" {
		e.Title = f.doc.Title()
		d.warnf(firstLine(lines), "no title found; called %q", e.Title)
	}
	if e.Effective.IsZero() {
		d.warnf(firstLine(lines), "no effective date found (such as “Effective April 21, 2025”)")
	}
	b := &judgeBuilder{e: e, d: d, doc: f.doc, plain: js.plain, wrapped: js.wrapped, slugs: map[string]bool{}}
	// The front matter: what is neither the title nor the date (a season,
	// a release date, a newsgroup post's preface) is introduction.
	from := max(f.titleLine, f.effLine) + 1
	for i := range from {
		if i == f.titleLine || i == f.effLine || logoOf(lines[i].s, e.Title) {
			continue
		}
		b.add(&e.Intro, BlockText, lines[i])
	}
	body := dropContents(lines[from:], d)
	b.hundreds = numberedInHundreds(body)
	b.lines = body
	b.run()
	b.finish()
}

func firstLine(lines []jline) int {
	if len(lines) == 0 {
		return 1
	}
	return int(lines[0].n)
}

// logoOf reports whether s is the title again as a logo's text: its
// letters, spaces aside, start the title's ("MAGIC:THEGATHERING").
func logoOf(s, title string) bool {
	squash := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return unicode.ToLower(r)
		}, s)
	}
	a, t := squash(s), squash(title)
	return len(a) >= 4 && strings.HasPrefix(t, a)
}

// dropFurniture leaves out what is on a page but not in the text: page
// numbers, rules of "=" or "-", table-of-contents lines with dot leaders.
func dropFurniture(lines []jline) []jline {
	out := lines[:0:0]
	for _, l := range lines {
		if l.kind != jHeading && furniture(l.s) {
			continue
		}
		out = append(out, l)
	}
	return out
}

func furniture(s string) bool {
	switch {
	case s == "":
		return true
	case isPageNumber(s):
		return true
	case strings.Contains(s, ".....") || strings.Contains(s, ". . . ."):
		return true
	}
	if pageNumbers(s) {
		return true
	}
	rule := len(s) >= 4
	for i := 0; i < len(s) && rule; i++ {
		switch s[i] {
		case '=', '-', '_', '*', '~', ' ':
		default:
			rule = false
		}
	}
	return rule
}

// pageNumbers reports whether s is only page numbers, "4 6 7 8 8 8 9": a
// contents' column of them, read as a line.
//
// Every line of every judge document is asked, so the words are read in
// place rather than split into a slice (which was 3% of the CPU that
// loading every edition of every document takes).
func pageNumbers(s string) bool {
	n := 0
	for w := range strings.FieldsSeq(s) {
		if !allDigits(w, 3) {
			return false
		}
		n++
	}
	return n >= 3
}

// joinBroken joins a paragraph the source broke in two: a line of text
// that starts in lower case after a paragraph or item that does not end a
// sentence continues it ("… A caution is" / "a verbal warning to a
// player.").
func joinBroken(lines []jline) []jline {
	out := lines[:0:0]
	var parts []string // the pieces of the last paragraph, joined when it ends
	size := 0          // their length, joined
	end := func() {
		if len(parts) > 1 {
			out[len(out)-1].s = strings.Join(parts, " ")
		}
		parts, size = parts[:0], 0
	}
	for _, l := range lines {
		if n := len(out); n > 0 && l.kind == jText {
			p := &out[n-1]
			tail := parts[len(parts)-1]
			if (p.kind == jText || p.kind == jItem) && !strings.ContainsAny(tail[len(tail)-1:], ".!?:") && (startsLower(l.s) || endsMidPhrase(tail)) {
				at := int32(size + 1)
				for _, sp := range l.links {
					sp.Start += at
					sp.End += at
					p.links = append(p.links, sp)
				}
				parts = append(parts, l.s)
				size += 1 + len(l.s)
				p.alone = false
				continue
			}
		}
		end()
		out = append(out, l)
		parts, size = append(parts, l.s), len(l.s)
	}
	end()
	return out
}

// maxJoined bounds a paragraph that pieces are added to one at a time, so
// that a text of a million broken pieces is not joined in quadratic time.
const maxJoined = 4 << 10

// endsMidPhrase reports whether s stops on a word no sentence ends with
// ("… The player receiving a" / "Game Loss chooses …").
func endsMidPhrase(s string) bool {
	w := s[strings.LastIndexByte(s, ' ')+1:]
	switch w {
	case "a", "an", "the", "of", "to", "and", "or", "in", "for", "with", "by", "from", "at", "on", "that", "is", "are", "be", "their", "its", "his", "her":
		return true
	}
	return false
}

func startsLower(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLower(r)
}

// isPageNumber reports whether s is a page number standing alone: "12",
// "Page 12", "12 of 55", "- 12 -".
func isPageNumber(s string) bool {
	s = strings.TrimSpace(strings.Trim(s, "-– "))
	if p, ok := strings.CutPrefix(s, "Page "); ok {
		s = p
	}
	if a, b, ok := strings.Cut(s, " of "); ok {
		return allDigits(a, 3) && allDigits(b, 3)
	}
	return allDigits(s, 3)
}

// allDigits reports whether s is 1 to max digits.
func allDigits(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// headingNumber reads the number a heading starts with ("2.3 Pregame
// Procedures", "101. Format and Ratings Categories", "1." alone) and the
// title after it; a tab-separated cell after the title (a page number of
// the contents, an IPG penalty) is returned apart.
func headingNumber(s string) (n Number, title string, cells []string, ok bool) {
	n, rest := ScanDocNumber(s)
	if n.IsZero() {
		return Number{}, "", nil, false
	}
	rest = strings.TrimPrefix(rest, ".")
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return Number{}, "", nil, false
	}
	rest = strings.TrimSpace(rest)
	if i := strings.IndexByte(rest, '\t'); i >= 0 {
		cells = strings.Split(rest[i+1:], "\t")
		rest = strings.TrimSpace(rest[:i])
	}
	return n, rest, cells, true
}

// titleLike reports whether s reads as a heading's title rather than a
// sentence: short, capitalised, not ending as a sentence does.
func titleLike(s string) bool {
	n := utf8.RuneCountInString(s)
	if n == 0 || n > 90 || strings.Count(s, " ") > 13 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, "(“\"'‘"))
	if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	return !strings.ContainsRune(".,;!", last)
}

// titleStart reports whether s starts as a title does: with a letter,
// maybe after a quote or a parenthesis. A table's figures ("14<TAB>50
// seconds" after "15") do not.
func titleStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimLeft(s, "(“\"'‘"))
	return unicode.IsLetter(r)
}

// capitalised reports whether most words of s that are not small words
// start with a capital: "Framework of this Document" does, "Players may
// exchange cards" does not.
func capitalised(s string) bool {
	words, caps := 0, 0
	for i, w := range strings.Fields(s) {
		w = strings.TrimFunc(w, notAlnum)
		if w == "" || i > 0 && smallWords[strings.ToLower(w)] {
			continue
		}
		words++
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) || unicode.IsDigit(r) {
			caps++
		}
	}
	return words > 0 && caps*2 >= words+1 || words == 1 && caps == 1
}

// numberCandidate reports whether paragraph l may be a numbered heading,
// whatever its place: a heading with a number, or a line of text with a
// number and a title (a plain source's heading, a contents line).
func numberCandidate(l jline) (Number, string, []string, bool) {
	if l.kind == jItem {
		return Number{}, "", nil, false
	}
	n, title, cells, ok := headingNumber(l.s)
	if !ok || title != "" && !titleStart(title) || l.kind != jHeading && title != "" && !titleLike(title) {
		return Number{}, "", nil, false
	}
	return n, title, cells, true
}

// numberedInHundreds reports whether a document numbers its entries in
// hundreds, as the forerunners do ("101.", "114."), rather than dotted.
func numberedInHundreds(lines []jline) bool {
	hundreds, dotted := 0, 0
	for _, l := range lines {
		num, title, _, ok := numberCandidate(l)
		switch {
		case !ok || title == "":
		case num.Chapter >= 100 && num.Rule == 0:
			hundreds++
		case num.Rule != 0 && num.Chapter < 100:
			dotted++
		}
	}
	return hundreds > 0 && hundreds >= dotted
}

// dropContents leaves out the table of contents: the stretch from its
// first line to where the first numbered heading comes again, in which
// every line that is a numbered heading, a page number, a contents line
// ("Introduction<TAB>3") or the title of a heading further on is the
// contents' own. Other lines there (an introduction printed after the
// contents) stay.
func dropContents(lines []jline, d *diags) []jline {
	marker := -1
	for i, l := range lines {
		if i > 200 {
			break
		}
		if contentsMarker(l.s) {
			marker = i
			break
		}
	}
	first := -1
	for i := max(marker, 0); i < len(lines); i++ {
		if _, _, _, ok := numberCandidate(lines[i]); ok {
			first = i
			break
		}
	}
	if first < 0 {
		if marker >= 0 {
			return append(lines[:marker:marker], lines[marker+1:]...)
		}
		return lines
	}
	// The body starts where the first heading of the contents comes
	// again: the same number and much the same title ("10 Format of
	// Infractions" in the contents, "10. FORMAT OF INFRACTIONS" in the
	// body; not "1. Match points", an item of 3.1 after "1. Tournament
	// Fundamentals").
	n0, t0, _, _ := numberCandidate(lines[first])
	again := -1
	for i := first + 1; i < len(lines); i++ {
		if n, t, _, ok := numberCandidate(lines[i]); ok && n == n0 && sameTitle(t, t0) {
			again = i
			break
		}
	}
	if again < 0 {
		if marker >= 0 {
			// Contents without the body's numbers (or none repeated):
			// only the marker and what is plainly a contents line go.
			again = first
		} else {
			return lines
		}
	}
	later := map[string]bool{}
	for _, l := range lines[again:] {
		if l.kind == jHeading || l.kind == jText && titleLike(l.s) {
			later[tocKey(l.s)] = true
		}
	}
	toc := func(l jline) bool {
		if contentsMarker(l.s) || appendixKey(l.s) != "" {
			return true // the contents list the appendices too
		}
		if _, _, _, ok := numberCandidate(l); ok {
			return true
		}
		cells := strings.Split(l.s, "\t")
		if len(cells) > 1 && allDigits(strings.TrimSpace(cells[len(cells)-1]), 3) {
			return true
		}
		return later[tocKey(l.s)]
	}
	start := first
	if marker >= 0 && marker < start {
		start = marker
	}
	for start > 0 && toc(lines[start-1]) {
		start--
	}
	out := make([]jline, 0, len(lines))
	out = append(out, lines[:start]...)
	dropped := 0
	for _, l := range lines[start:again] {
		if toc(l) {
			dropped++
			continue
		}
		out = append(out, l)
	}
	out = append(out, lines[again:]...)
	if dropped > 0 {
		d.infof(int(lines[start].n), "table of contents: %d lines left out (to line %d)", dropped, lines[again-1].n)
	}
	return out
}

// sameTitle reports whether two titles are much the same: at least half
// of their words are shared (small words aside), or both are empty.
func sameTitle(a, b string) bool {
	words := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.Split(tocKey(s), "-") {
			if w != "" && !smallWords[w] {
				m[strings.TrimSuffix(w, "s")] = true
			}
		}
		return m
	}
	wa, wb := words(a), words(b)
	if len(wa) == 0 || len(wb) == 0 {
		return len(wa) == len(wb)
	}
	shared := 0
	for w := range wa {
		if wb[w] {
			shared++
		}
	}
	return shared*2 >= max(len(wa), len(wb))
}

// contentsMarker reports whether s heads a table of contents.
func contentsMarker(s string) bool {
	// Most lines lack the word in any case, and are answered without
	// the four copies below.
	if !containsFoldASCII(s, "contents") {
		return false
	}
	k := strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "\t", " ")), " "))
	k = strings.TrimSuffix(strings.TrimSuffix(k, " page"), ":")
	return k == "contents" || k == "table of contents"
}

// containsFoldASCII reports whether s contains word, which is lower-case
// ASCII, in any mix of ASCII case.
func containsFoldASCII(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		if s[i]|0x20 != word[0] {
			continue
		}
		k := 1
		for k < len(word) && s[i+k]|0x20 == word[k] {
			k++
		}
		if k == len(word) {
			return true
		}
	}
	return false
}

// tocKey is a line's title as the contents and the body both print it:
// no number, no page number, its slug (no case, dashes or punctuation).
func tocKey(s string) string {
	if _, title, _, ok := headingNumber(s); ok {
		s = title
	}
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	f := strings.Fields(s)
	if len(f) > 1 && allDigits(f[len(f)-1], 3) {
		f = f[:len(f)-1] // the page number of a contents line
	}
	return Slug(strings.Join(f, " "))
}

// judgeBuilder builds the tree of a judge document from its paragraphs.
type judgeBuilder struct {
	e        *Edition
	d        *diags
	doc      Doc
	plain    bool // headings are not marked: they are found by their look
	wrapped  bool // hard-wrapped text
	hundreds bool // numbered in hundreds, not dotted
	lines    []jline

	sect       *Section
	chapter    *Rule
	entry      *Rule  // the numbered entry being read, unless a topic is
	topic      *Topic // the topic being read
	topicLevel uint8  // its heading's HTML rank
	started    bool   // a topic or an entry has begun: the introduction is over
	appendix   bool   // an appendix has begun
	last       Number // the last entry's number
	penalty    bool   // the current infraction's penalty has been read
	slugs      map[string]bool
	lastHead   string   // the last heading read in the current entry or topic
	lastPart   string   // the same, but for a table's REL labels ("All Levels")
	nextEntry  []int32  // by line: the next line that may be an entry, or -1 (aheadAgrees)
	entryAt    []Number // by line: that entry's number
	// rules are carved from slabs (newRule): made one by one while the
	// parse leaves garbage of every size behind, the 14,000 entries of the
	// judge documents each held a span of the heap that was otherwise
	// empty once the garbage was collected.
	rules []Rule
	made  int // entries made so far
}

// newRule returns r in a slab of b's. Each slab holds as many entries as
// were made before it (at least 32, at most 512), so the last one's free
// end wastes little in a short document.
func (b *judgeBuilder) newRule(r Rule) *Rule {
	if len(b.rules) == cap(b.rules) {
		b.rules = make([]Rule, 0, min(max(b.made, 32), 512))
	}
	b.made++
	b.rules = append(b.rules, r)
	return &b.rules[len(b.rules)-1]
}

func (b *judgeBuilder) pos(l jline) Pos { return b.d.at(int(l.n)) }

func (b *judgeBuilder) run() {
	for i := 0; i < len(b.lines); i++ {
		l := b.lines[i]
		// Once an appendix has begun after the entries, a number heads no
		// entry: it is a figure or a list of the appendix.
		if l.kind != jItem && !(b.appendix && !b.last.IsZero()) {
			if n, title, cells, ok := numberCandidate(l); ok {
				if title == "" && i+1 < len(b.lines) {
					// "1." on its own line, the title on the next.
					next := b.lines[i+1]
					if _, _, _, numbered := numberCandidate(next); !numbered && next.kind != jItem && (next.kind == jHeading || titleLike(next.s)) {
						title, cells = splitCells(next.s)
						l.kind = max(l.kind, next.kind)
						i++
					}
				}
				if title != "" && b.follows(n, l) && b.aheadAgrees(n, i) {
					for i+1 < len(b.lines) && l.kind == jHeading && continuesTitle(title, b.lines[i+1]) {
						i++
						t, c := splitCells(b.lines[i].s)
						title, cells = title+" "+t, c
					}
					b.openEntry(n, title, cells, l)
					continue
				}
				if l.kind == jHeading && title != "" {
					if n.Compare(b.last) <= 0 {
						// A numbered list or a table set in bold
						// ("1. Match points" in 3.1): text.
						l.kind = jText
						if strings.Contains(l.s, "\t") {
							l.kind = jRow
						}
					} else {
						b.d.warnf(int(l.n), "heading %q does not follow %s: read as a heading of the text, not an entry", l.s, b.lastName())
					}
				}
			}
		}
		var next *jline
		if i+1 < len(b.lines) {
			next = &b.lines[i+1]
		}
		switch {
		case l.kind == jHeading && strings.Contains(l.s, "\t") && b.partCells(l):
		case l.kind == jHeading && strings.Contains(l.s, "\t"):
			// A table's header row set in bold.
			l.kind = jRow
			b.text(l)
		case l.kind == jHeading || b.plain && plainHeading(l, next, b.doc, b.wrapped):
			b.heading(l)
		case b.appendixSubheading(l, next):
			b.addText(b.body(), BlockHeading, displayTitle(l.s), nil, l)
		case b.plain && l.kind == jText && b.appendixHeading(l.s):
			b.heading(l)
		default:
			b.text(l)
		}
	}
}

// partCells reads a heading line of an infraction whose cells are its
// parts and its penalty, set side by side ("Definition<TAB>Warning", the
// penalty in a box beside the part), and reports whether it was one.
func (b *judgeBuilder) partCells(l jline) bool {
	r := b.entry
	if b.topic != nil || r == nil || !b.infraction(r) {
		return false
	}
	cells := strings.Split(l.s, "\t")
	for _, c := range cells {
		_, part := partName(c)
		_, pen := penaltyText(c)
		if !part && !pen && !relLabel(c) {
			return false
		}
	}
	for _, c := range cells {
		if p, ok := penaltyText(c); ok && b.takesPenalty(r) {
			b.addText(&r.Body, BlockPenalty, p, nil, l)
			b.penalty = true
		} else if p, ok := partName(c); ok {
			b.addText(&r.Body, BlockHeading, p, nil, l)
		} else {
			b.addText(&r.Body, BlockHeading, c, nil, l)
		}
	}
	return true
}

// appendixSubheading reports whether a paragraph of an appendix, in a
// source that marks its headings, is a subheading all the same: the MTR
// sets its appendices' subheadings in the body's font, on a line of their
// own ("Booster Draft Timing", "Match-win percentage", "Byes", and the
// dates of Appendix A's changes, "April 11, 2025"). Such a line is short,
// ends no sentence, has no label's colon ("Examples:", "Appendix D:
// Upcoming sets added", a change), starts with a capital (not a formula's
// "24 + 21"), and text follows it.
func (b *judgeBuilder) appendixSubheading(l jline, next *jline) bool {
	if !b.appendix || b.topic == nil || b.plain || l.kind != jText || next == nil || next.kind == jHeading {
		return false
	}
	s := l.s
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r) && utf8.RuneCountInString(s) <= 60 && len(strings.Fields(s)) <= 6 && !strings.Contains(s, ":") && titleLike(s)
}

// appendixHeading reports whether a line of a plain source heads an
// appendix: "Appendix E – Recommended Booster Mix for Limited
// Tournaments", capitalised, and of a letter not seen yet ("Appendix D:
// Upcoming sets added" in a list of changes is not one).
func (b *judgeBuilder) appendixHeading(s string) bool {
	key := appendixKey(s)
	return key != "" && !b.slugs[key] && titleLike(s) && capitalised(s)
}

// lastName names the last entry for a message.
func (b *judgeBuilder) lastName() string {
	if b.last.IsZero() {
		return "the start"
	}
	return b.last.String()
}

// splitCells splits a heading's text from cells after it.
func splitCells(s string) (string, []string) {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		return strings.TrimSpace(s[:i]), strings.Split(s[i+1:], "\t")
	}
	return s, nil
}

// continuesTitle reports whether heading l is the rest of a title broken
// across lines: the title stops on a word that cannot end it.
func continuesTitle(title string, l jline) bool {
	if l.kind != jHeading {
		return false
	}
	if _, _, _, ok := numberCandidate(l); ok {
		return false
	}
	w := title
	if i := strings.LastIndexByte(w, ' '); i >= 0 {
		w = w[i+1:]
	}
	switch strings.ToLower(w) {
	case "and", "or", "of", "the", "a", "to", "for", "in", "at", "from", "with", "—", "–", "-":
		return true
	}
	return strings.HasSuffix(title, "—") || strings.HasSuffix(title, ",")
}

// follows reports whether n can be the next entry after the last one:
// greater, and not so far beyond it that it must be a figure or a list's
// number. A heading the source marked as such may jump further than a line
// of plain text; a line of text in a source that marks its headings must
// be the very next number.
func (b *judgeBuilder) follows(n Number, l jline) bool {
	last := b.last
	strict := l.kind != jHeading && !b.plain
	if last.IsZero() {
		// The first entry: a heading the source marks may be any
		// section's (an excerpt); plain text's must be a first one.
		switch {
		case b.hundreds:
			return n.Rule == 0 && (n.Chapter <= 10 || n.Chapter%10 == 0)
		case l.kind == jHeading:
			return n.Rule <= 1
		}
		return n.Chapter <= 2 && n.Rule <= 1
	}
	if n.Compare(last) <= 0 {
		return false
	}
	if b.hundreds {
		gap := int(n.Chapter) - int(last.Chapter)
		if strict {
			return gap <= 10
		}
		return gap <= 100
	}
	if n.Chapter == last.Chapter {
		if strict {
			return int(n.Rule) == int(last.Rule)+1
		}
		return int(n.Rule)-int(last.Rule) <= 6
	}
	if strict {
		return n.Chapter == last.Chapter+1 && n.Rule <= 1
	}
	return int(n.Chapter)-int(last.Chapter) <= 2 && n.Rule <= 2
}

// aheadAgrees reports whether the numbered headings after line i agree
// with a section heading n of a dotted document: the next entry is not
// one of an earlier section. A numbered list's item that reads like a
// title ("4. Opponents' game-win percentage", in 3.1) is then not taken
// for section 4, when 3.2 comes next.
func (b *judgeBuilder) aheadAgrees(n Number, i int) bool {
	if b.hundreds || n.Rule != 0 || b.last.IsZero() {
		return true
	}
	if b.nextEntry == nil {
		b.indexEntries()
	}
	// The entries ahead, a few dozen at most: a section's first entry is
	// close to its heading.
	for j, k := b.nextEntry[i], 0; j >= 0 && k < 64; j, k = b.nextEntry[j], k+1 {
		m := b.entryAt[j]
		if m.Compare(b.last) > 0 && m.Chapter < n.Chapter {
			return false
		}
		if m.Chapter >= n.Chapter {
			return true
		}
	}
	return true
}

// indexEntries finds, for every line, the next line that may be a dotted
// document's entry ("3.2 Format Categories"), so that aheadAgrees need not
// read the lines again for every section heading.
func (b *judgeBuilder) indexEntries() {
	b.nextEntry = make([]int32, len(b.lines))
	b.entryAt = make([]Number, len(b.lines))
	next := int32(-1)
	for i := len(b.lines) - 1; i >= 0; i-- {
		b.nextEntry[i] = next
		if m, title, _, ok := numberCandidate(b.lines[i]); ok && title != "" && m.Rule != 0 {
			b.entryAt[i] = m
			next = int32(i)
		}
	}
}

// sectionOf is the section an entry numbered n belongs to.
func (b *judgeBuilder) sectionOf(n Number) int {
	if b.hundreds {
		return int(n.Chapter) / 100
	}
	return int(n.Chapter)
}

// openEntry starts the entry numbered n.
func (b *judgeBuilder) openEntry(n Number, title string, cells []string, l jline) {
	title = displayTitle(title)
	pos := b.pos(l)
	if sec := b.sectionOf(n); b.sect == nil || b.sect.Number != sec {
		b.sect = &Section{Number: sec, Pos: pos}
		b.e.Sections = append(b.e.Sections, b.sect)
		b.chapter = nil
	}
	var r *Rule
	if n.Rule == 0 {
		r = b.newRule(Rule{Number: n, Pos: pos})
		r.setHead(b.sect, title)
		b.sect.Chapters = append(b.sect.Chapters, r)
		b.chapter = r
		if len(b.sect.Chapters) == 1 && (!b.hundreds || int(n.Chapter) == b.sect.Number*100) {
			b.sect.Title = title
		}
	} else {
		if b.chapter == nil || b.chapter.Number.Chapter != n.Chapter {
			b.d.warnf(int(l.n), "entry %s comes without a heading for %d; one is implied", n, n.Chapter)
			b.chapter = b.newRule(Rule{Number: Number{Chapter: n.Chapter}, Pos: pos})
			b.chapter.SetSection(b.sect)
			b.sect.Chapters = append(b.sect.Chapters, b.chapter)
		}
		r = b.newRule(Rule{Number: n, Parent: b.chapter, Pos: pos})
		r.setHead(b.sect, title)
		b.chapter.Children = append(b.chapter.Children, r)
	}
	b.entry, b.topic, b.started, b.last, b.penalty = r, nil, true, n, false
	b.lastHead, b.lastPart = "", ""
	// A cell after the title is the infraction's penalty ("Game Play Error
	// — Missed Trigger<TAB>No Penalty"), or the contents' page number.
	for _, c := range cells {
		c = strings.TrimSpace(c)
		if _, ok := penaltyText(c); ok && b.infraction(r) {
			b.addText(&r.Body, BlockPenalty, c, nil, l)
			b.penalty = true
		} else if c != "" && !allDigits(c, 3) {
			b.addText(&r.Body, BlockText, c, nil, l)
		}
	}
}

// infraction reports whether r is an IPG infraction: its title names a
// class and an infraction, "Game Play Error — Missed Trigger".
func (b *judgeBuilder) infraction(r *Rule) bool {
	if b.doc != DocIPG || r == nil || r.Number.Level() != LevelRule && !b.hundreds {
		return false
	}
	t := r.Title()
	return strings.Contains(t, "—") || strings.Contains(t, " – ") || strings.Contains(t, " - ")
}

// body is where text goes now: the topic, the entry or the introduction.
func (b *judgeBuilder) body() *[]Block {
	switch {
	case b.topic != nil:
		return &b.topic.Body
	case b.entry != nil:
		return &b.entry.Body
	}
	return &b.e.Intro
}

// heading reads an unnumbered heading.
func (b *judgeBuilder) heading(l jline) {
	text := strings.TrimSpace(strings.TrimSuffix(strings.ReplaceAll(l.s, "\t", " "), ":"))
	if key := appendixKey(text); key != "" && !b.slugs[key] {
		b.openTopic(key, text, l)
		b.appendix = true
		return
	}
	if !b.started && b.topic == nil && introHeading(text) {
		// The introduction's own heading, kept as printed: its text
		// follows in e.Intro.
		b.addText(&b.e.Intro, BlockHeading, displayTitle(text), nil, l)
		return
	}
	if contentsMarker(text) {
		return
	}
	switch {
	case b.topic != nil && !b.appendix && (l.level == 0 || l.level <= b.topicLevel):
		b.openTopic("", text, l)
	case !b.started:
		b.openTopic("", text, l)
	case b.topic == nil && b.entry != nil:
		b.part(l, text)
	default:
		b.addText(b.body(), BlockHeading, displayTitle(text), nil, l)
	}
}

// introHeading reports whether a heading is the introduction's.
func introHeading(s string) bool {
	return strings.EqualFold(s, "Introduction") || strings.EqualFold(s, "Introductions")
}

// appendixKey is the slug of an appendix heading ("Appendix B—Time
// Limits" → "appendix-b"), or "".
func appendixKey(s string) string {
	rest, ok := cutFold(s, "appendix ")
	if !ok || rest == "" {
		return ""
	}
	c := rest[0]
	if c < 'A' || c > 'Z' || len(rest) > 1 && (isLetter(rest[1]) || isDigit(rest[1])) {
		return ""
	}
	return "appendix-" + string(c+'a'-'A')
}

// cutFold is strings.CutPrefix ignoring the case of prefix (ASCII).
func cutFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// openTopic starts a topic; slug is its address if it has a fixed one
// (an appendix's), else its title's slug.
func (b *judgeBuilder) openTopic(slug, title string, l jline) {
	title = displayTitle(title)
	if slug == "" {
		slug = Slug(title)
	}
	if slug == "" {
		slug = "topic"
	}
	base := slug
	for k := 2; b.slugs[slug]; k++ {
		slug = base + "-" + strconv.Itoa(k)
	}
	b.slugs[slug] = true
	t := &Topic{Slug: slug, Title: title, Pos: b.pos(l)}
	b.e.Topics = append(b.e.Topics, t)
	b.topic, b.topicLevel, b.started = t, l.level, true
	b.lastHead, b.lastPart = "", ""
}

// partNames are the headings of an IPG infraction's parts, and of the
// forerunners' (Penalty, Procedure).
var partNames = []string{"Definition", "Examples", "Example", "Philosophy", "Additional Remedy", "Upgrade", "Upgrades",
	"Downgrade", "Downgrades", "Penalty", "Procedure", "Additional Remedies"}

func partName(s string) (string, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ":"))
	for _, p := range partNames {
		if strings.EqualFold(s, p) {
			return p, true
		}
	}
	return "", false
}

// part adds a heading inside the current entry: an infraction's part, or
// the penalty printed above its definition.
func (b *judgeBuilder) part(l jline, text string) {
	r := b.entry
	if b.takesPenalty(r) {
		if p, ok := penaltyText(text); ok {
			b.addText(&r.Body, BlockPenalty, p, nil, l)
			b.penalty = true
			return
		}
	}
	if p, ok := partName(text); ok && b.doc == DocIPG {
		text = p
	}
	b.addText(&r.Body, BlockHeading, displayTitle(text), nil, l)
}

// takesPenalty reports whether the next paragraph of r may be its
// penalty: r is an infraction whose penalty has not been read, and
// nothing but headings (its "Penalty" label, or "Definition" beside it)
// has been read of it.
func (b *judgeBuilder) takesPenalty(r *Rule) bool {
	if b.penalty || b.topic != nil || !b.infraction(r) {
		return false
	}
	for _, bl := range r.Body {
		if bl.Kind != BlockHeading {
			return b.lastPart == "Penalty"
		}
	}
	return true
}

// relLabel reports whether s heads a column of penalties by Rules
// Enforcement Level: "All Levels", "Competitive", "REL 3".
func relLabel(s string) bool {
	rest := strings.ToLower(strings.Join(strings.Fields(s), " "))
	if rest == "" {
		return false
	}
	// One label or a row of them ("REL 1 REL 2 REL 3").
	for rest != "" {
		found := false
		for _, l := range []string{"all levels", "all rels", "regular", "competitive", "professional", "rel 1", "rel 2", "rel 3", "rel 4", "rel 5"} {
			if r, ok := strings.CutPrefix(rest, l); ok {
				rest, found = strings.TrimLeft(r, " "), true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// penaltyNames are what the IPG and its forerunners print as a penalty
// (the forerunners' tables by REL shorten them to "Game", "Match").
var penaltyNames = []string{"no penalty", "caution", "warning", "game loss", "match loss", "disqualification",
	"disqualification without prize", "disqualification with prize", "dq", "game", "match", "n/a", "none",
	"ejection", "disqualification/ejection"}

// penaltyText reports whether s is a penalty as printed, "Warning",
// "Game Loss*", "Warning/Game Loss", and returns it tidied.
func penaltyText(s string) (string, bool) {
	s = strings.TrimSpace(s)
	k := strings.ToLower(strings.TrimRight(s, "* †"))
	if k == "" {
		return "", false
	}
	if slices.Contains(penaltyNames, k) {
		return s, true
	}
	for _, part := range strings.FieldsFunc(k, func(r rune) bool { return r == '/' || r == '+' || r == ',' }) {
		part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), "or "))
		found := false
		for _, p := range penaltyNames {
			if part == p {
				found = true
				break
			}
		}
		if !found {
			return "", false
		}
	}
	return s, true
}

// penaltyRow reports whether a table row is all penalties ("Caution<TAB>
// Warning<TAB>Warning", by REL).
func penaltyRow(s string) bool {
	cells := strings.Split(s, "\t")
	for _, c := range cells {
		if _, ok := penaltyText(c); ok {
			continue
		}
		// Cells run together ("Warning Warning Warning").
		for _, w := range strings.Fields(c) {
			if _, ok := penaltyText(w); !ok {
				return false
			}
		}
	}
	return len(cells) > 0
}

// runInParts are labels printed at the start of a paragraph, in bold, and
// read as the heading of the part they begin: "Upgrade: If the triggered
// ability …".
var runInParts = []string{"Upgrade", "Downgrade", "Additional Remedy", "Definition", "Philosophy", "Penalty"}

// text reads a paragraph that is not a heading.
func (b *judgeBuilder) text(l jline) {
	body := b.body()
	r := b.entry
	if b.topic == nil && r != nil && b.doc == DocIPG {
		if b.takesPenalty(r) {
			if p, ok := penaltyText(l.s); ok && l.kind != jItem {
				b.addText(body, BlockPenalty, p, nil, l)
				b.penalty = true
				return
			}
			if (l.kind == jRow || l.kind == jText) && penaltyRow(l.s) {
				// A table's row of penalties by REL, its cells run
				// together or not ("Game Game N/A N/A N/A").
				b.addText(body, BlockPenalty, l.s, nil, l)
				b.penalty = true
				return
			}
		}
		if p, ok := partName(l.s); ok && l.kind == jText {
			b.addText(body, BlockHeading, p, nil, l)
			return
		}
		for _, p := range runInParts {
			if rest, ok := cutFold(l.s, p+":"); ok && l.kind == jText && strings.TrimSpace(rest) != "" {
				b.addText(body, BlockHeading, p, nil, l)
				b.addText(body, BlockText, strings.TrimSpace(rest), nil, l)
				return
			}
		}
		if l.kind == jRow && !b.penalty && penaltyRow(l.s) && b.lastPart == "Penalty" {
			b.addText(body, BlockPenalty, l.s, nil, l)
			b.penalty = true
			return
		}
	}
	if n := len(*body); n > 0 && l.kind == jText && (*body)[n-1].Kind == BlockExample && b.inExamples() && !startsLabel(l.s) && len(l.links) == 0 && len((*body)[n-1].Text.S) < maxJoined {
		// The rest of a lettered example, broken off by the source.
		last := &(*body)[n-1]
		last.Text.S += " " + l.s
		return
	}
	switch l.kind {
	case jItem:
		b.add(body, BlockItem, l)
	case jRow:
		b.add(body, BlockRow, l)
	default:
		switch {
		case strings.HasPrefix(l.s, "Example: ") || strings.HasPrefix(l.s, "Examples: "):
			// Kept with its label, as the lettered examples are: the
			// judge documents' pages show each example as printed.
			b.add(body, BlockExample, l)
		case startsLabel(l.s) && b.inExamples() && !isDigit(strings.TrimLeft(l.s, "(")[0]):
			b.add(body, BlockExample, l)
		case startsLabel(l.s):
			b.add(body, BlockItem, l)
		default:
			b.add(body, BlockText, l)
		}
	}
}

// inExamples reports whether the part being read is "Example(s)".
func (b *judgeBuilder) inExamples() bool {
	return strings.HasPrefix(strings.ToLower(b.lastHead), "example")
}

// plainHeading reports whether a paragraph of a source that does not mark
// its headings is one: an IPG part's name standing alone, or a short
// capitalised line that stands alone (wrapped text) or, in a source with
// a paragraph a line, comes before text.
func plainHeading(l jline, next *jline, doc Doc, wrapped bool) bool {
	if l.kind != jText {
		return false
	}
	if _, ok := partName(l.s); ok && doc == DocIPG {
		return false // text() reads it, penalty and all
	}
	s := strings.TrimSuffix(l.s, ":")
	if utf8.RuneCountInString(s) > 60 || strings.Count(s, " ") > 7 || startsLabel(s) || !titleLike(s) {
		return false
	}
	if _, ok := penaltyText(s); ok && doc == DocIPG {
		return false
	}
	if l.alone || introHeading(s) {
		return true
	}
	if next == nil || !capitalised(s) || strings.HasSuffix(l.s, ":") || wrapped && !l.gap {
		return false
	}
	switch next.kind {
	case jItem:
		return true
	case jText:
		return !titleLike(next.s) || utf8.RuneCountInString(next.s) > 60
	}
	return false
}

func (b *judgeBuilder) add(body *[]Block, k BlockKind, l jline) {
	b.addText(body, k, l.s, l.links, l)
}

func (b *judgeBuilder) addText(body *[]Block, k BlockKind, s string, links []Span, l jline) {
	s = strings.TrimSpace(s)
	if s == "" {
		return
	}
	if k != BlockRow && k != BlockPenalty {
		s = strings.ReplaceAll(s, "\t", " ")
	}
	*body = append(*body, Block{Kind: k, Text: Text{S: s, Spans: links}, Pos: b.pos(l)})
	if k == BlockHeading {
		b.lastHead = s
		if !relLabel(s) {
			b.lastPart = s
		}
	}
}

// finish checks what was built.
func (b *judgeBuilder) finish() {
	e := b.e
	b.quickReferencePenalties()
	if len(e.Sections) == 0 {
		e.Kind = KindProse
		if len(e.Topics) == 0 {
			b.d.errorf(1, "no sections or headings found: not a judge document this parser can read")
			return
		}
	}
	e.Reindex()
}
