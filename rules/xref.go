package rules

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

// Cross-references in prose.
//
// The scanner reads a paragraph once, left to right, a word at a time (the
// first eight bytes of a word at once), and finds three things: references
// (this file), symbols (mana.go) and term mentions (terms.go). What it
// recognises, as the official files write it:
//
//   - A dotted number anywhere is a reference: "rule 704.5k", "in 103.2a",
//     "(see 420.5e)", "steps 601.2a–h". Nothing else in the rules prints
//     three digits, a dot and a digit.
//   - A bare chapter number needs a word before it: "rule 903", "rules
//     212-215", "section 100" (old files) or "see 706". Without one a three
//     digit number is prose: "exactly 100 cards", "PO Box 707".
//   - "section 8" (one digit) is a section.
//   - Lists: "rules 613.2, 707.2, and 707.3" (one Ref per number), "rules
//     608.3a and b" (b is 608.3b), "sections 1 and 2". A bare chapter or
//     section number continues a list only after a plural word ("rules",
//     "sections"), so "section 8, 2 players" stays prose.
//   - Ranges: "903.6–903.11", "903.6-903.11", "103.2a–e", "712.9–10",
//     "rules 306-311", "205.1a - b"; some Windows-1252 files lost the en
//     dash and print "306?311", which is read as a range too.
//   - A quoted title right after a number belongs to the reference's span:
//     in `See rule 903, “Commander,” for …` the span is `rule 903,
//     “Commander,”`. The title names the same target, so linking it keeps
//     the citation whole and keeps term mentions out of it.
//   - The word "rule(s)", "subrule(s)", "section(s)" before the first number
//     is part of its span ("rule 704.5k"); "see" is not.
//   - Glossary references: "See X.", "See also X.", "See X, Y, and Z.",
//     "(see Spell Types)", `See “Enters the Battlefield.”`, where X is a
//     term of the edition. An item that starts with a capital but names no
//     term is left as text and reported as a warning.

// refKeyword is a word that may stand before a number.
type refKeyword uint8

const (
	kwNone refKeyword = iota
	kwRule
	kwRules // plural: a list may continue with bare chapters
	kwSection
	kwSections
	kwSee
)

// keywordBefore reports the word before s[i] (past spaces) if it introduces a
// reference, and where it starts.
func keywordBefore(s string, i int) (refKeyword, int) {
	j := i
	for j > 0 && s[j-1] == ' ' {
		j--
	}
	if j == i || i-j > 2 {
		return kwNone, i
	}
	k := j
	for k > 0 && j-k < 9 && isLetter(s[k-1]) {
		k--
	}
	if k > 0 && (isLetter(s[k-1]) || isDigit(s[k-1])) || j-k < 3 || j-k > 8 {
		return kwNone, i
	}
	// Keywords are at most eight letters, so their wordKey is exact.
	switch wordKey(s[k:j]) {
	case keySee:
		return kwSee, k
	case keyRule, keySubrule, keyChapter:
		return kwRule, k
	case keyRules, keySubrules, keyChapters:
		return kwRules, k
	case keySection:
		return kwSection, k
	case keySections:
		return kwSections, k
	}
	return kwNone, i
}

var (
	keyRule     = wordKey("rule")
	keyRules    = wordKey("rules")
	keySubrule  = wordKey("subrule")
	keySubrules = wordKey("subrules")
	keyChapter  = wordKey("chapter")
	keyChapters = wordKey("chapters")
	keySection  = wordKey("section")
	keySections = wordKey("sections")
)

// linkScanner finds references, symbols and term mentions in one paragraph
// at a time. It allocates nothing per paragraph once its buffers have grown.
type linkScanner struct {
	terms      *termTable
	slugs      []string                 // by glossary index: what a mention's span names (Span.Target)
	entryOf    []int32                  // glossary index → the first index of the same entry
	entryIndex map[*GlossaryEntry]int32 // entry → its first index

	out      []Span   // new spans of the paragraph, in order
	warnings []string // "See X" items that name no term
	seen     []uint32 // by entryOf index: the unit whose text mentions the entry
	unit     uint32   // numbers the rules, entries and topics scanned (begin), from 1
	own      int32    // the entry whose definition this is, or -1
	last     int      // end of the last span emitted
	items    []seeListItem
	textLen  int // the whole paragraph's length: scanRange may see a prefix of it
	// scanWith, if set, scans a range instead of scanRange: the tests'
	// reference scanner, which reads a word at a time
	// (xref_ref_test.go).
	scanWith func(sc *linkScanner, s string, i int)
}

// begin starts a new rule, glossary entry or topic: a term is marked on its
// first mention in each (terms.go).
func (sc *linkScanner) begin() { sc.unit++ }

// scan scans s, a paragraph of the current unit (begin). existing are the
// paragraph's spans from the parser (or an earlier Link): nothing new is
// found inside a reference, symbol, term or hyperlink that is already
// marked. own is the index of the entry whose definition s is, or -1.
func (sc *linkScanner) scan(s string, existing []Span, own int32) {
	sc.out = sc.out[:0]
	sc.warnings = sc.warnings[:0]
	sc.own = own
	if own >= 0 {
		sc.own = sc.entryOf[own]
	}
	sc.last = 0
	sc.textLen = len(s)
	a := 0
	for _, sp := range existing {
		if sp.Kind == SpanTerm {
			if g, ok := sc.terms.nameIndex().lookup(sp.Target); ok {
				sc.seen[sc.entryOf[g]] = sc.unit
			}
		}
	}
	for _, sp := range existing {
		if sp.Kind == SpanItalic || int(sp.End) <= a {
			continue
		}
		if b := int(sp.Start); b > a {
			sc.scanRange(s[:b], a)
		}
		a = max(a, int(sp.End))
		sc.last = a
	}
	if a < len(s) {
		sc.scanRange(s, a)
	}
}

var noMarks nextFilter

// keySee is wordKey("see").
const keySee = 's' | 'e'<<8 | 'e'<<16

// scanRange scans s[i:]; s[:i] is context for look-behind only.
//
// What the scanner looks at are the runs of ASCII letters and digits (a
// run that starts with a letter is a word, one that starts with a digit
// may be a reference) and the braces (symbols); spaces, punctuation and
// other characters only separate them. So it reads the text 64 bytes at a
// time (textBlock) as two bit sets, a bit for each letter or digit and one
// for each brace, and visits only the bits where a run starts or a brace
// is: a count of trailing zeros each, and the run's end from the same
// bits. Stepping a byte or a word at a time instead cost two mispredicted
// branches for each of the 190,000 stops of a whole CR.
//
// Where something read (a reference list, a term, a symbol) ends, the scan
// goes on exactly there, as it did a word at a time: a letter or digit
// there starts a word or number even inside a run.
func (sc *linkScanner) scanRange(s string, i int) {
	if sc.scanWith != nil {
		sc.scanWith(sc, s, i)
		return
	}
	marks := &noMarks
	if sc.terms != nil {
		marks = &sc.terms.marks
	}
	n := len(s)
	// Most paragraphs hold no symbol: one vectorised search spares
	// textBlock looking for braces in each of their blocks.
	braces := strings.IndexByte(s[i:], '{') >= 0
outer:
	for i < n {
		base := i
		alnum, brace := textBlock(s, base, braces)
		// A run starts where a letter or digit follows another byte; bit
		// 0 starts one whatever s[base-1] is.
		ev := alnum&^(alnum<<1) | brace
		for ev != 0 {
			p := bits.TrailingZeros64(ev)
			i = base + p
			c := s[i]
			var next int
			switch {
			case c == '{':
				end, ok := symbolAt(s, i)
				if !ok {
					ev &= ev - 1
					continue
				}
				sc.emit(Span{Start: int32(i), End: int32(end), Kind: SpanMana})
				next = end
			case isDigit(c):
				if end, ok := sc.numberRefs(s, i); ok {
					next = end
				} else {
					next = runEnd(s, base, alnum, p)
				}
			default:
				// A word: its first eight bytes give its key. Its end
				// is found here, not by a call to runEnd: this is the
				// path of nearly every stop.
				var j int
				if r := ^alnum >> uint(p); r != 0 {
					j = i + bits.TrailingZeros64(r)
				} else {
					j = alnumEnd(s, base+64)
				}
				var x uint64
				if i >= 0 && i <= n-8 { // (so written, the compiler drops load64's bounds check)
					x = load64(s, i)
				} else {
					x = loadTail(s, i)
				}
				k := keyOf(x, j-i)
				next = j
				if h := spread(k); marks.test(k, h, followers(s, j)) != 0 {
					if end, ok := sc.word(s, i, j, k, h); ok {
						next = end
					}
				}
			}
			d := next - base
			if d >= 64 {
				i = next
				continue outer
			}
			// Go on at next: drop the stops before it, and stop at next
			// itself if it is inside a run.
			ev &= ^uint64(0) << uint(d)
			if d > 0 && alnum>>uint(d)&1 != 0 && alnum>>uint(d-1)&1 != 0 {
				ev |= 1 << uint(d)
			}
		}
		i = base + 64
	}
}

// runEnd is the end of the run of letters and digits that starts at bit p
// of the block at base whose letters and digits are alnum.
func runEnd(s string, base int, alnum uint64, p int) int {
	if r := ^alnum >> uint(p); r != 0 {
		return base + p + bits.TrailingZeros64(r)
	}
	return alnumEnd(s, base+64) // it runs on past the block
}

// textBlock returns the bit sets of s[base:base+64] (bit k for
// s[base+k]; none past the end of s): the ASCII letters and digits, and
// the braces, which are looked for only if s has some (braces).
func textBlock(s string, base int, braces bool) (alnum, brace uint64) {
	if base >= 0 && base <= len(s)-64 {
		b := s[base : base+64]
		if !braces {
			for k := 0; k < 64; k += 8 {
				alnum |= gather8(alnumBytes(load64(b, k))) << uint(k)
			}
			return alnum, 0
		}
		var any uint64
		for k := 0; k < 64; k += 8 {
			x := load64(b, k)
			alnum |= gather8(alnumBytes(x)) << uint(k)
			any |= byteIs(x, '{')
		}
		if any != 0 { // a brace in one block in four of a whole CR
			for k := 0; k < 64; k += 8 {
				brace |= gather8(byteIs(load64(b, k), '{')) << uint(k)
			}
		}
		return alnum, brace
	}
	// The last block of the text: the bytes past its end are zero, which
	// is neither.
	for k := 0; k < 64 && base+k < len(s); k += 8 {
		var x uint64
		if off := base + k; off >= 0 && off <= len(s)-8 {
			x = load64(s, off)
		} else {
			x = loadTail(s, off)
		}
		alnum |= gather8(alnumBytes(x)) << uint(k)
		if b := byteIs(x, '{'); braces && b != 0 {
			brace |= gather8(b) << uint(k)
		}
	}
	return alnum, brace
}

// gather8 packs the high bits of the eight bytes of m (its other bits
// clear) into its low eight bits, the first byte's lowest: the product
// puts byte k's bit at bit 56+k, and no two partial products share a bit,
// so nothing carries.
func gather8(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// word looks at a word s[i:j] with key k (spread: h) that the filter
// passed: a "See" list or a term mention. It returns where the scan goes
// on if it found either.
func (sc *linkScanner) word(s string, i, j int, k, h uint64) (int, bool) {
	if k == keySee {
		if next, ok := sc.seeList(s, j); ok {
			return next, true
		}
	}
	sl := sc.terms.probe(k, h)
	if sl == nil {
		return 0, false
	}
	if g := sl.entry; g >= 0 {
		// Every markable term starting here is this word, of entry g: a
		// mention unless the unit has one or defines g.
		g = sc.entryOf[g]
		if sc.seen[g] == sc.unit || g == sc.own {
			return 0, false
		}
		if j-i <= 8 { // (longer words are compared in mentionAt)
			if (i == 0 || wordEdge[s[i-1]] == edgeNone || startsWord(s, i)) &&
				(j == len(s) || wordEdge[s[j]] == edgeNone || endsWord(s, j)) {
				sc.seen[g] = sc.unit
				sc.emit(Span{Start: int32(i), End: int32(j), Kind: SpanTerm, Target: sc.slugs[g]})
				return j, true
			}
			return 0, false
		}
	}
	if !sl.mayMention(s, j) {
		return 0, false
	}
	// The comparison is needed even when the term it finds was marked
	// already in this unit: the first candidate that matches (longest
	// first) decides both that no shorter one is marked and where the
	// scan goes on, past the whole term. Skipping it is exact only when
	// every markable candidate's entry is marked, and no word inside
	// the rest of a term could start anything unmarked; in the 2026
	// rules that is 559 of the 12,866 comparisons (about 2,300 match an
	// entry already marked), too few to pay for the check (issue 23).
	if g, end := sc.terms.mentionAt(sl, s, i, j); g >= 0 {
		sc.mention(g, i, end)
		return end, true
	}
	return 0, false
}

// alnumEnd returns the index of the first byte of s at or after i that is
// not an ASCII letter or digit, or len(s): the end of a word or number,
// eight bytes at a time.
func alnumEnd(s string, i int) int {
	for i >= 0 && i <= len(s)-8 {
		if m := alnumBytes(load64(s, i)) ^ high64; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && lowerAlnum[s[i]] != 0 {
		i++
	}
	return i
}

// alnumBytes returns x with the high bit of each byte set where that byte
// is an ASCII letter or digit, and every other bit clear. Each byte is
// tested on its own: its low seven bits plus a constant never carry into
// the next byte.
func alnumBytes(x uint64) uint64 {
	const low7 = 0x7f * ones64
	b := x & low7
	y := b | 0x20*ones64 // letters to lower case
	letter := (y + (0x80-'a')*ones64) &^ (y + (0x80-'z'-1)*ones64)
	digit := (b + (0x80-'0')*ones64) &^ (b + (0x80-'9'-1)*ones64)
	return (letter | digit) &^ x & high64
}

// byteIs returns x with the high bit of each byte set where that byte is
// c, and every other bit clear.
func byteIs(x uint64, c byte) uint64 {
	const low7 = 0x7f * ones64
	z := x ^ uint64(c)*ones64 // zero where the byte is c
	return ^((z&low7 + low7) | z) & high64
}

// loadTail is load64 for fewer than eight bytes left: the bytes of s[i:],
// zero past its end.
func loadTail(s string, i int) uint64 {
	if len(s) >= 8 {
		return load64(s, len(s)-8) >> (8 * (i + 8 - len(s)))
	}
	var x uint64
	for k := len(s) - 1; k >= i; k-- {
		x = x<<8 | uint64(s[k])
	}
	return x
}

func (sc *linkScanner) emit(sp Span) {
	sc.out = append(sc.out, sp)
	sc.last = int(sp.End)
}

// mention marks a mention of the glossary entry with index g, unless it is
// the entry being defined or the unit has mentioned it already.
func (sc *linkScanner) mention(g int32, start, end int) {
	g = sc.entryOf[g]
	if g == sc.own || sc.seen[g] == sc.unit {
		return
	}
	sc.seen[g] = sc.unit
	sc.emit(Span{Start: int32(start), End: int32(end), Kind: SpanTerm, Target: sc.slugs[g]})
}

func (sc *linkScanner) emitRef(c Cite, start, end int) {
	sc.emit(RefSpan(int32(start), int32(end), c))
}

// numberRefs reads the reference, list or range starting with the digit at
// s[i], emits its Refs and returns where it ends. It returns false if the
// number is not a reference.
func (sc *linkScanner) numberRefs(s string, i int) (int, bool) {
	if i > 0 {
		switch c := s[i-1]; {
		case c == '.' || c == ',' || c == '/' || c == '+' || c == '-' || c == '$' || c == '#' || c == '%' ||
			c == '\'' || c == '_' || c == '\\' || isLetter(c):
			return 0, false
		}
		if dashBefore(s, i) {
			return 0, false
		}
	}
	kw, kwStart := keywordBefore(s, i)
	r, end, ok := refItem(s, i, kw)
	if !ok {
		return 0, false
	}
	start := i
	if kw != kwNone && kw != kwSee && kwStart >= sc.last {
		start = kwStart
	}
	end, titled := refTitle(s, end)
	sc.emitRef(r, start, end)
	list := kw // what may continue the list
	if list == kwRule || list == kwSection || list == kwSee {
		list = kwNone
	}
	for {
		q, andOr, ok := listSep(s, end, titled)
		if !ok || q >= len(s) {
			break
		}
		if isDigit(s[q]) {
			r2, e2, ok := refItem(s, q, list)
			if !ok {
				break
			}
			r = r2
			end, titled = refTitle(s, e2)
			sc.emitRef(r, q, end)
			continue
		}
		// "rules 608.3a and b": a sibling subrule letter.
		c := s[q]
		if andOr && r.Kind == RefRule && r.Number.Level() == LevelSubrule && ValidLetter(c) && c > r.Number.Sub &&
			(q+1 == len(s) || !isLetter(s[q+1]) && !isDigit(s[q+1])) {
			r.Number.Sub = c
			end, titled = refTitle(s, q+1)
			sc.emitRef(r, q, end)
			continue
		}
		break
	}
	return end, true
}

// dashBefore reports whether s[:i] ends in a dash or minus sign: "1-800",
// "−100" are not references, and the second half of a range is read with
// its first.
func dashBefore(s string, i int) bool {
	if i < 3 || s[i-1] < utf8.RuneSelf {
		return false
	}
	return strings.HasSuffix(s[:i], "–") || strings.HasSuffix(s[:i], "—") || strings.HasSuffix(s[:i], "−")
}

// refItem reads one number (with its range, if any) at s[i] in the context
// kw and returns what it cites and where it ends.
func refItem(s string, i int, kw refKeyword) (Cite, int, bool) {
	if kw == kwSection || kw == kwSections {
		if c := s[i]; c >= '1' && c <= '9' && (i+1 == len(s) || !isDigit(s[i+1]) && !isLetter(s[i+1]) &&
			!(s[i+1] == '.' && i+2 < len(s) && isDigit(s[i+2])) && !(s[i+1] == ',' && i+2 < len(s) && isDigit(s[i+2]))) {
			return Cite{Kind: RefSection, Section: int(c - '0')}, i + 1, true
		}
	}
	n, rest := ScanNumber(s[i:])
	if n.IsZero() || !numberEnds(rest) {
		return Cite{}, 0, false
	}
	if n.Level() == LevelChapter && kw == kwNone {
		return Cite{}, 0, false
	}
	end := len(s) - len(rest)
	if last, e, ok := rangeEnd(s, end, n); ok {
		return Cite{Kind: RefRange, Number: n, Last: last}, e, true
	}
	return Cite{Kind: RefRule, Number: n}, end, true
}

// numberEnds reports whether what follows a number lets it be one: not a
// letter ("100th"), a decimal or thousands digit ("999,999"), a fraction or
// a percentage.
func numberEnds(rest string) bool {
	if rest == "" {
		return true
	}
	switch c := rest[0]; {
	case isLetter(c) || isDigit(c) || c == '/' || c == '%' || c == '_':
		return false
	case (c == '.' || c == ',') && len(rest) > 1 && isDigit(rest[1]):
		return false
	}
	return true
}

// rangeEnd reads "–903.11", "-e", "–10", " - b" after the number n ending at
// s[i], and returns the last number of the range.
func rangeEnd(s string, i int, n Number) (Number, int, bool) {
	j := i
	spaced := j < len(s) && s[j] == ' '
	if spaced {
		j++
	}
	switch {
	case j >= len(s):
		return Number{}, 0, false
	case s[j] == '-':
		j++
	case s[j] == '?' && !spaced:
		j++
	case strings.HasPrefix(s[j:], "–"), strings.HasPrefix(s[j:], "—"):
		j += len("–")
	default:
		return Number{}, 0, false
	}
	if spaced {
		if j >= len(s) || s[j] != ' ' {
			return Number{}, 0, false
		}
		j++
	}
	if j >= len(s) {
		return Number{}, 0, false
	}
	c := s[j]
	switch {
	case isDigit(c) && n.Level() == LevelRule && c != '0' && !fullNumberAt(s[j:]):
		// "712.9–10": the last rule's index.
		k, r := j, 0
		for k < len(s) && isDigit(s[k]) && k-j < 4 {
			r = r*10 + int(s[k]-'0')
			k++
		}
		if !numberEnds(s[k:]) || r <= int(n.Rule) {
			return Number{}, 0, false
		}
		return Number{Chapter: n.Chapter, Rule: uint16(r)}, k, true
	case isDigit(c):
		m, rest := ScanNumber(s[j:])
		if m.IsZero() || !numberEnds(rest) || m.Level() != n.Level() || m.Parent() != n.Parent() || m.Compare(n) <= 0 {
			return Number{}, 0, false
		}
		return m, len(s) - len(rest), true
	case n.Level() == LevelSubrule && ValidLetter(c) && c > n.Sub && (j+1 == len(s) || !isLetter(s[j+1]) && !isDigit(s[j+1])):
		m := n
		m.Sub = c
		return m, j + 1, true
	}
	return Number{}, 0, false
}

// fullNumberAt reports whether s starts with a dotted rule number.
func fullNumberAt(s string) bool {
	n, _ := ScanNumber(s)
	return n.Level() >= LevelRule
}

// refTitle extends a reference ending at s[i] over a quoted title that follows
// it: `, “Commander,”`, ` “Sources of Damage.”`, `, "Casting Spells"`. It
// reports whether there was one.
func refTitle(s string, i int) (int, bool) {
	j := i
	if j < len(s) && s[j] == ',' {
		j++
	}
	if j >= len(s) || s[j] != ' ' {
		return i, false
	}
	j++
	var closeQ string
	switch {
	case strings.HasPrefix(s[j:], "“"):
		j += len("“")
		closeQ = "”"
	case strings.HasPrefix(s[j:], "\""):
		j++
		closeQ = "\""
	default:
		return i, false
	}
	if j >= len(s) {
		return i, false
	}
	if c := s[j]; c == ' ' || c >= 'a' && c <= 'z' || c == '"' {
		return i, false
	}
	// The title closes within 100 bytes, before any brace or line end (and
	// for a straight quote, before any curly one).
	w := s[j:min(len(s), j+100+len(closeQ)-1)]
	k := strings.Index(w, closeQ)
	if k <= 0 || k >= 100 {
		return i, false
	}
	if strings.ContainsAny(w[:k], "{\n\r") || closeQ == "\"" && strings.Contains(w[:k], "“") {
		return i, false
	}
	return j + k + len(closeQ), true
}

// listSep reads the separator after a list item at s[i] and returns where
// the next item starts, and whether the separator was "and" or "or".
// After a quoted title the comma is inside the quotes: `“Dash,” 702.152`.
func listSep(s string, i int, titled bool) (int, bool, bool) {
	if i >= len(s) || s[i] != ',' && s[i] != ' ' {
		return 0, false, false
	}
	rest := s[i:]
	for _, sep := range [...]string{", and ", ", or ", " and ", " or ", ", "} {
		if strings.HasPrefix(rest, sep) {
			return i + len(sep), sep != ", ", true
		}
	}
	if titled && strings.HasPrefix(rest, " ") && len(rest) > 1 && isDigit(rest[1]) {
		return i + 1, false, true
	}
	return 0, false, false
}

// seeListItem is one item of a "See X, Y, and Z." list.
type seeListItem struct {
	start, end int // the span: the term, with its quotes if quoted
	term       string
	entry      int32 // the term's entry, or -1: names no term
}

// seeList reads a glossary cross-reference list after the word "see" ending
// at s[i]. It emits a RefGlossary for each item that is a term, records a
// warning for each capitalised item that is not, and returns where the list
// ends. It returns false if the text after "see" is not such a list ("see
// the cards", "see rule 702.9").
func (sc *linkScanner) seeList(s string, i int) (int, bool) {
	if sc.terms == nil || i >= len(s) || s[i] != ' ' {
		return 0, false
	}
	p := i + 1
	if hasPrefixFold(s[p:], "also ") {
		p += len("also ")
	}
	if hasPrefixFold(s[p:], "glossary, ") {
		p += len("glossary, ")
	}
	sc.items = sc.items[:0]
	closed := false // the last item ended with a closing quote
	for {
		q := p
		open := quoteLen(s[q:], "“", "\"")
		q += open
		if q >= len(s) {
			return 0, false
		}
		if open == 0 && len(sc.items) > 0 && (startsNumberRef(s[q:]) || hasPrefixFold(s[q:], "see ")) {
			break // "See Creature Types and rule 212.", "See X, see also Y.": read on their own
		}
		if s[q] < 'A' || s[q] > 'Z' || startsNumberRef(s[q:]) {
			return 0, false
		}
		w := leadingWord(s[q:])
		g, end := sc.terms.longest(s, q, q+len(w), false)
		it := seeListItem{start: q, end: end, entry: g}
		if g < 0 {
			end = seeItemEnd(s, q, len(s) == sc.textLen)
			if end < 0 {
				return 0, false
			}
			it.end = end
		}
		it.term = s[q:it.end]
		closed = false
		if open > 0 {
			e := it.end
			if e < len(s) && (s[e] == '.' || s[e] == ',') {
				e++
			}
			if c := quoteLen(s[e:], "”", "\""); c > 0 {
				it.start, it.end = p, e+c
				closed = true
			}
		}
		sc.items = append(sc.items, it)
		p = it.end
		if q, _, ok := listSep(s, p, false); ok {
			p = q
			continue
		}
		break
	}
	// The list must end the sentence or clause, or it was prose that
	// happened to follow "see".
	last := sc.items[len(sc.items)-1].end
	if p == last {
		ok := p == len(s) && len(s) == sc.textLen
		if p < len(s) {
			switch s[p] {
			case '.', ')', ';', ':':
				ok = true
			case ' ':
				ok = closed
			}
		}
		if !ok {
			return 0, false
		}
	}
	items := sc.items // scanRange below may reuse sc.items
	sc.items = nil
	for _, it := range items {
		if it.entry < 0 {
			// Not a term: plain text, read like any other.
			sc.warnings = append(sc.warnings, it.term)
			sc.scanRange(s[:it.end], it.start)
			continue
		}
		sc.emitRef(Cite{Kind: RefGlossary, Term: it.term}, it.start, it.end)
	}
	if sc.items == nil {
		sc.items = items[:0]
	}
	return last, true
}

// startsNumberRef reports whether s starts with "Rule 1…" or "Section 1…".
func startsNumberRef(s string) bool {
	w := leadingWord(s)
	switch strings.ToLower(w) {
	case "rule", "rules", "section", "sections":
		return len(s) > len(w)+1 && s[len(w)] == ' ' && isDigit(s[len(w)+1])
	}
	return false
}

// seeItemEnd finds the end of a "See" item that is not a term: the next list
// separator or the end of the sentence, within a few words. It returns -1 if
// the item does not look like a name (too long, holding digits or another
// "see"). The end
// of s ends an item only if it is the end of the paragraph (atEnd), not of
// the stretch before a span already marked.
func seeItemEnd(s string, i int, atEnd bool) int {
	for k := i; k < len(s) && k-i <= 60; k++ {
		switch c := s[k]; {
		case c == '.' || c == ')' || c == ';' || c == ':':
			return k
		case c == ',' || strings.HasPrefix(s[k:], " and ") || strings.HasPrefix(s[k:], " or "):
			return k
		case isDigit(c) || c == '{' || c == '\n':
			return -1
		case lowerAlnum[c] == 0 && hasPrefixFold(s[k+1:], "see "):
			// "See X, A See B": not a name but another list, which the
			// scanner reads as one wherever it starts a word, as a second
			// Link does, finding X already marked.
			return -1
		case strings.HasPrefix(s[k:], "”"):
			return k
		}
	}
	if len(s)-i <= 60 && atEnd {
		return len(s)
	}
	return -1
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
