package rules

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Cross-references in the judge documents.
//
// Their own: "section 2.3", "see section 4.2", "sections 3.2 and 3.3",
// "section 113" (a forerunner's), "Tardiness (3.1)", "Appendix B". Other
// documents': "MTR section 4.3", "MTR 4.3", "IPG 2.1", "Infraction
// Procedure Guide section 3.4", "section 4.2 of the Magic Tournament
// Rules", and the Comprehensive Rules' numbers, which the judge documents
// cite as "rule 704", "rules 601.2 and 602.2", "CR 704.5k",
// "Comprehensive Rules 702.2" or bare ("704.5k": no judge document numbers
// its own entries so). A document's name alone is a mention of the whole
// ("the Magic Tournament Rules", "Judging at Regular REL document").
//
// A reference to the document's own entries carries no Cite.Doc (so a
// paragraph reads the same in every edition of it); another document's
// carries that document. The DCI Universal Tournament Rules, a document
// Arbiter does not hold, are recognised so that "Universal Tournament
// Rules, section 21" is not taken for the citing document's section 21.

// judgeCtx is what reading a judge document's references needs to know.
type judgeCtx struct {
	own      Doc
	hundreds bool // its entries are numbered in hundreds ("section 113" is its own chapter 113)
	// topics are the document's topics by folded title: the 1994 rules'
	// "Floor Rules" is its part of that name, not the document.
	topics map[string]string
}

// docName is a document's name as the texts write it.
type docName struct {
	core string // the name's distinctive words, matched case-sensitively
	doc  Doc    // 0: a document Arbiter does not hold
	// prefixes may stand before core as part of the name, longest first.
	prefixes []string
	// numbered: the name is an abbreviation that counts only before a
	// number ("CR 704.5k"), or as a word of its own.
	abbrev bool
}

var (
	magicPrefixes = func() []string {
		// "Magic: The Gathering® DCI™ ", "Magic ", "DCI® ", …, longest first.
		var out []string
		marks := []string{"", "®", "™"}
		for _, m := range marks {
			for _, d := range marks {
				out = append(out, "Magic: The Gathering"+m+" DCI"+d+" ")
			}
		}
		for _, m := range marks {
			out = append(out, "Magic: The Gathering"+m+" ")
		}
		for _, m := range marks {
			out = append(out, "Magic"+m+" DCI ", "Magic"+m+" ")
		}
		for _, d := range marks {
			out = append(out, "DCI"+d+" Universal ", "DCI"+d+" ")
		}
		return out
	}()
	docNamesList = []docName{
		{core: "Universal Tournament Rules", doc: 0, prefixes: []string{"DCI™ ", "DCI® ", "DCI "}},
		{core: "Tournament Rules", doc: DocMTR, prefixes: magicPrefixes},
		{core: "Floor Rules", doc: DocMTR, prefixes: magicPrefixes},
		{core: "Infraction Procedure Guide", doc: DocIPG, prefixes: magicPrefixes},
		{core: "Universal Penalty Guidelines", doc: DocIPG, prefixes: magicPrefixes},
		{core: "Penalty Guidelines", doc: DocIPG, prefixes: magicPrefixes},
		{core: "Penalty Guide and Procedures", doc: DocIPG, prefixes: magicPrefixes},
		{core: "Penalty Guide", doc: DocIPG, prefixes: magicPrefixes},
		{core: "Judging at Regular Rules Enforcement Level", doc: DocJAR},
		{core: "Judging at Regular REL", doc: DocJAR},
		{core: "Comprehensive Rules", doc: DocCR, prefixes: magicPrefixes},
		{core: "Comprehensive rules", doc: DocCR, prefixes: magicPrefixes},
		{core: "MTR", doc: DocMTR, abbrev: true},
		{core: "IPG", doc: DocIPG, abbrev: true},
		{core: "JAR", doc: DocJAR, abbrev: true},
		{core: "UTR", doc: 0, abbrev: true},
		{core: "CR", doc: DocCR, abbrev: true},
	}
)

// nameMatch is a document's name found in a text.
type nameMatch struct {
	start, end int
	doc        Doc
	abbrev     bool
}

// docNamesIn finds the documents named in s, in order, none inside
// another.
func docNamesIn(s string, names []docName) []nameMatch {
	var out []nameMatch
	var taken []bool // bytes of s inside a name found already
	for _, nm := range names {
		for from := 0; from < len(s); {
			i := strings.Index(s[from:], nm.core)
			if i < 0 {
				break
			}
			i += from
			end := i + len(nm.core)
			from = end
			if i > 0 && inWord(s[i-1]) || end < len(s) && inWord(s[end]) {
				continue
			}
			start := i
			for _, p := range nm.prefixes {
				if strings.HasSuffix(s[:i], p) {
					start = i - len(p)
					break
				}
			}
			if nm.doc == DocMTR && nm.core == "Tournament Rules" && strings.HasSuffix(s[:i], "Universal ") {
				continue // the Universal Tournament Rules, matched as such
			}
			if taken == nil {
				taken = make([]bool, len(s))
			}
			if slices.Contains(taken[start:end], true) {
				continue // inside a longer name ("Tournament Rules" of "Universal Tournament Rules")
			}
			for k := start; k < end; k++ {
				taken[k] = true
			}
			out = append(out, nameMatch{start: start, end: end, doc: nm.doc, abbrev: nm.abbrev})
		}
	}
	slices.SortFunc(out, func(a, b nameMatch) int { return a.start - b.start })
	return out
}

// inWord reports whether c is part of a word (letters, digits, and the
// bytes of non-ASCII letters).
func inWord(c byte) bool { return isLetter(c) || isDigit(c) || c >= utf8.RuneSelf }

// scanJudgeRefs appends to out the references in paragraph s of a judge
// document, as spans in order.
func scanJudgeRefs(s string, ctx judgeCtx, out []Span) []Span {
	names := docNamesIn(s, docNamesList)
	last := 0 // where the last reference (or name) ended
	emit := func(c Cite, start, end int) {
		if start < last {
			return
		}
		out = append(out, RefSpan(int32(start), int32(end), c))
		last = end
	}
	ni := 0 // the next name in names
	for i := 0; i < len(s); {
		if ni < len(names) && names[ni].start <= i {
			m := names[ni]
			ni++
			if m.start < last {
				continue
			}
			end := judgeNamedRef(s, m, ctx, emit)
			last = max(last, end)
			i = max(i, end)
			continue
		}
		c := s[i]
		if !isLetter(c) && !isDigit(c) && c != '(' {
			i++
			continue
		}
		if i > 0 && inWord(s[i-1]) {
			// Inside a word: go to its end.
			for i++; i < len(s) && inWord(s[i]); {
				i++
			}
			continue
		}
		if next, ok := judgeKeywordRef(s, i, ctx, names[ni:], emit); ok {
			last = max(last, next)
			i = next
			continue
		}
		if c == '(' {
			i++
			continue
		}
		for i++; i < len(s) && inWord(s[i]); {
			i++
		}
	}
	return out
}

// judgeNamedRef reads what follows a document's name m: a number of that
// document ("MTR 4.3", "Comprehensive Rules 702.2", "IPG section 2.1"),
// or nothing (a mention of the whole document). It emits the references
// and returns where they end.
func judgeNamedRef(s string, m nameMatch, ctx judgeCtx, emit func(Cite, int, int)) int {
	doc := m.doc
	if doc == ctx.own {
		doc = 0
	}
	j := m.end
	if j < len(s) && s[j] == ',' {
		j++
	}
	if j < len(s) && s[j] == ' ' {
		j++
		w := leadingWord(s[j:])
		switch strings.ToLower(w) {
		case "section", "sections", "rule", "rules":
			if j+len(w)+1 < len(s) && s[j+len(w)] == ' ' {
				j += len(w) + 1
			}
		}
		if j < len(s) && isDigit(s[j]) {
			if end, ok := judgeNumbers(s, m.start, j, m.doc, doc, ctx, emit); ok {
				return end
			}
		}
	}
	if m.abbrev && (m.doc == DocCR || m.doc == 0) {
		return m.start // "CR" and "UTR" alone are not read as names
	}
	if m.doc == 0 {
		return m.end // the Universal Tournament Rules: nothing to link
	}
	if m.doc == ctx.own && m.abbrev {
		return m.end
	}
	if slug, ok := ctx.topics[FoldTerm(s[m.start:m.end])]; ok && m.doc == ctx.own {
		emit(Cite{Kind: RefTopic, Label: slug}, m.start, m.end)
		return m.end
	}
	emit(Cite{Kind: RefDocument, Doc: doc}, m.start, m.end)
	return m.end
}

// judgeNumbers reads a number, list or range at s[j] of document target
// (cite: the Cite.Doc to write, 0 for the citing document's own), the
// first reference's span starting at start. It returns where the last
// one ends.
func judgeNumbers(s string, start, j int, target, cite Doc, ctx judgeCtx, emit func(Cite, int, int)) (int, bool) {
	c, end, ok := judgeNumberCite(s, j, target, cite, ctx)
	if !ok {
		return 0, false
	}
	if target != 0 {
		emit(c, start, end)
	}
	for {
		q, _, ok := listSep(s, end, false)
		if !ok || q >= len(s) || !isDigit(s[q]) {
			break
		}
		c2, e2, ok := judgeNumberCite(s, q, target, cite, ctx)
		if !ok {
			break
		}
		if target != 0 {
			emit(c2, q, e2)
		}
		end = e2
	}
	return end, true
}

// judgeNumberCite reads one number (and its range) at s[j] as document
// target numbers its entries.
func judgeNumberCite(s string, j int, target, cite Doc, ctx judgeCtx) (Cite, int, bool) {
	if target == DocCR {
		// The Comprehensive Rules' numbers, with their ranges
		// ("rules 903.6–903.11"): the CR's own reader.
		c, end, ok := refItem(s, j, kwRules)
		if !ok {
			if !isDigit(s[j]) || j+1 < len(s) && isDigit(s[j+1]) {
				return Cite{}, 0, false
			}
			// "section 7 of the Comprehensive Rules".
			c, end = Cite{Kind: RefSection, Section: int(s[j] - '0')}, j+1
			if !numberEnds(s[end:]) {
				return Cite{}, 0, false
			}
		}
		c.Doc = cite
		return c, end, true
	}
	n, rest := ScanDocNumber(s[j:])
	if n.IsZero() || !numberEnds(rest) || n.Sub != 0 {
		return Cite{}, 0, false
	}
	end := len(s) - len(rest)
	c := judgeCite(n, target, ctx)
	c.Doc = cite
	if last, e, ok := judgeRangeEnd(s, end, n); ok {
		c = Cite{Kind: RefRange, Number: n, Last: last, Doc: cite}
		end = e
	}
	return c, end, true
}

// judgeCite is the Cite of entry n of a judge document: a section when n
// is a dotted document's section number alone ("section 4"), else the
// entry (a chapter of a forerunner: "section 113").
func judgeCite(n Number, target Doc, ctx judgeCtx) Cite {
	hundreds := n.Chapter >= 100 || target == ctx.own && ctx.hundreds
	if n.Rule == 0 && !hundreds {
		return Cite{Kind: RefSection, Section: int(n.Chapter)}
	}
	return Cite{Kind: RefRule, Number: n}
}

// judgeRangeEnd reads "–2.6", "-4" after a judge document's number n.
func judgeRangeEnd(s string, i int, n Number) (Number, int, bool) {
	j := i
	switch {
	case strings.HasPrefix(s[j:], "–"), strings.HasPrefix(s[j:], "—"):
		j += len("–")
	case j < len(s) && s[j] == '-':
		j++
	default:
		return Number{}, 0, false
	}
	if j >= len(s) || !isDigit(s[j]) {
		return Number{}, 0, false
	}
	m, rest := ScanDocNumber(s[j:])
	if m.IsZero() || !numberEnds(rest) || m.Level() != n.Level() || m.Parent() != n.Parent() || m.Compare(n) <= 0 {
		return Number{}, 0, false
	}
	return m, len(s) - len(rest), true
}

// judgeKeywordRef reads a reference that starts with a word at s[i]:
// "section(s) N", "rule(s) NNN", "Appendix X", a bare Comprehensive Rules
// number ("704.5k"), a number in parentheses ("(3.1)"). names are the
// document names from i on: a reference "of the" one of them is that
// document's.
func judgeKeywordRef(s string, i int, ctx judgeCtx, names []nameMatch, emit func(Cite, int, int)) (int, bool) {
	c := s[i]
	switch {
	case isDigit(c):
		if n, rest := ScanDocNumber(s[i:]); i == 0 && !ctx.hundreds && n.Level() == LevelRule && n.Chapter < 100 && strings.HasPrefix(rest, ":") {
			// "3.7: New set added.", a line of a list of changes: the
			// entry changed.
			end := len(s) - len(rest)
			emit(Cite{Kind: RefRule, Number: n}, 0, end)
			return end, true
		}
		// A bare number: a Comprehensive Rules rule, in a dotted
		// document, which numbers nothing of its own with three digits.
		if ctx.hundreds || i > 0 && strings.ContainsRune(".,/$#%-–—'_", rune(s[i-1])) {
			return 0, false
		}
		n, rest := ScanNumber(s[i:])
		if n.Level() < LevelRule || !numberEnds(rest) {
			return 0, false
		}
		end, ok := judgeNumbers(s, i, i, DocCR, crDoc(ctx), ctx, emit)
		return end, ok
	case c == '(':
		// "(3.1)": an entry of the document itself.
		if ctx.hundreds || i+1 >= len(s) || !isDigit(s[i+1]) {
			return 0, false
		}
		n, rest := ScanDocNumber(s[i+1:])
		if n.Level() != LevelRule || n.Chapter >= 100 || !strings.HasPrefix(rest, ")") {
			return 0, false
		}
		end := len(s) - len(rest)
		emit(Cite{Kind: RefRule, Number: n}, i+1, end)
		return end + 1, true
	}
	w := leadingWord(s[i:])
	kw := strings.ToLower(w)
	j := i + len(w)
	switch kw {
	case "section", "sections", "rule", "rules", "appendix", "appendices":
	default:
		return 0, false
	}
	if j+1 >= len(s) || s[j] != ' ' {
		return 0, false
	}
	j++
	if kw == "appendix" {
		a := s[j]
		if a < 'A' || a > 'Z' || j+1 < len(s) && inWord(s[j+1]) {
			return 0, false
		}
		end := j + 1
		target, cite, nameEnd, skip := ofDocument(s, end, names, ctx)
		if skip {
			return nameEnd, true
		}
		emit(Cite{Kind: RefTopic, Label: "appendix-" + string(a+'a'-'A'), Doc: cite}, i, max(end, nameEnd))
		_ = target
		return max(end, nameEnd), true
	}
	if kw == "appendices" || !isDigit(s[j]) {
		return 0, false
	}
	if kw == "rule" || kw == "rules" {
		// The judge documents call their own parts sections: a rule is
		// the Comprehensive Rules'.
		n, rest := ScanNumber(s[j:])
		if n.IsZero() || !numberEnds(rest) {
			return 0, false
		}
		end, ok := judgeNumbers(s, i, j, DocCR, crDoc(ctx), ctx, emit)
		return end, ok
	}
	// "section 4.2", "section 4.2 of the Magic Tournament Rules".
	numEnd, ok := numbersEnd(s, j)
	if !ok {
		return 0, false
	}
	target, cite, nameEnd, skip := ofDocument(s, numEnd, names, ctx)
	if skip {
		return nameEnd, true
	}
	if target == 0 {
		target = ctx.own
		if n, _ := ScanNumber(s[j:]); !ctx.hundreds && n.Level() >= LevelRule {
			// "Section 101.4" in a dotted document: the Comprehensive
			// Rules', which number so.
			target, cite = DocCR, crDoc(ctx)
		}
	}
	if nameEnd > 0 {
		// One span from the keyword through the name.
		c, _, ok := judgeNumberCite(s, j, target, cite, ctx)
		if !ok {
			return 0, false
		}
		emit(c, i, nameEnd)
		return nameEnd, true
	}
	return judgeNumbers(s, i, j, target, cite, ctx, emit)
}

// crDoc is the Cite.Doc of a Comprehensive Rules reference from ctx's
// document.
func crDoc(ctx judgeCtx) Doc {
	if ctx.own == DocCR {
		return 0
	}
	return DocCR
}

// numbersEnd finds where a number or list of numbers at s[j] ends,
// without reading what they cite.
func numbersEnd(s string, j int) (int, bool) {
	n, rest := ScanDocNumber(s[j:])
	if n.IsZero() || !numberEnds(rest) {
		return 0, false
	}
	end := len(s) - len(rest)
	if _, e, ok := judgeRangeEnd(s, end, n); ok {
		end = e
	}
	for {
		q, _, ok := listSep(s, end, false)
		if !ok || q >= len(s) || !isDigit(s[q]) {
			return end, true
		}
		m, rest := ScanDocNumber(s[q:])
		if m.IsZero() || !numberEnds(rest) {
			return end, true
		}
		end = len(s) - len(rest)
	}
}

// ofDocument reads " of the Magic Tournament Rules" (or " in the …") at
// s[i]: the document a reference before it is to. skip is set when that
// document is one Arbiter does not hold (the Universal Tournament Rules),
// whose reference is not marked; nameEnd is where the name ends, 0 if
// there is none.
func ofDocument(s string, i int, names []nameMatch, ctx judgeCtx) (target, cite Doc, nameEnd int, skip bool) {
	rest := s[i:]
	j := i
	for _, lead := range []string{" of the ", " in the ", " of ", " in ", ", "} {
		if strings.HasPrefix(rest, lead) {
			j = i + len(lead)
			break
		}
	}
	if j == i {
		return 0, 0, 0, false
	}
	for _, m := range names {
		if m.start == j {
			if m.doc == 0 {
				return 0, 0, m.end, true
			}
			if m.abbrev && m.doc == DocCR {
				return 0, 0, 0, false
			}
			target, cite = m.doc, m.doc
			if m.doc == ctx.own {
				cite = 0
			}
			return target, cite, m.end, false
		}
		if m.start > j {
			break
		}
	}
	return 0, 0, 0, false
}

// crDocNames are the names of the MTR and the IPG as the Comprehensive
// Rules write them (rule 100.6: "the Magic: The Gathering Tournament
// Rules"), and the Universal Tournament Rules' so as to leave those alone.
var crDocNames = func() []docName {
	var out []docName
	for _, n := range docNamesList {
		if !n.abbrev && (n.doc == DocMTR || n.doc == DocIPG || n.doc == 0) {
			out = append(out, n)
		}
	}
	return out
}()

// docMentions appends to out a RefDocument span for each mention of a judge
// document in s, a paragraph of the Comprehensive Rules.
func docMentions(s string, out []Span) []Span {
	for _, m := range docNamesIn(s, crDocNames) {
		if m.doc != 0 {
			out = append(out, RefSpan(int32(m.start), int32(m.end), Cite{Kind: RefDocument, Doc: m.doc}))
		}
	}
	return out
}

// judgeContext is what reading a judge edition's references needs, or
// nil for a Comprehensive Rules edition.
func (l *linker) judgeContext() *judgeCtx {
	e := l.e
	if e.Document() == DocCR {
		return nil
	}
	ctx := &judgeCtx{own: e.Document()}
	for _, s := range e.Sections {
		for _, c := range s.Chapters {
			if c.Number.Chapter >= 100 {
				ctx.hundreds = true
			}
		}
	}
	for _, t := range e.Topics {
		if ctx.topics == nil {
			ctx.topics = map[string]string{}
		}
		ctx.topics[FoldTerm(t.Title)] = t.Slug
	}
	return ctx
}

// judgeRefs marks and collects the references of a judge document's
// paragraph p, the introduction's too; a heading holds none.
func (w *worker) judgeRefs(p *linkPara) {
	t := &p.b.Text
	if p.b.Kind != BlockHeading {
		out := scanJudgeRefs(t.S, *w.judge, w.scratch[:0])
		replaceLinks(t, out)
		w.merge(t, out)
		w.scratch = out[:0]
	}
	w.collect(p)
}

// markMentions marks the mentions of the MTR and the IPG in t, a
// paragraph of a Comprehensive Rules edition (rule 100.6's "Magic: The
// Gathering Tournament Rules"), before the scanner reads it, which leaves
// marked text alone. It is a step of its own so as to add nothing to the
// scanner's work: a few searches of the text for the documents'
// distinctive words.
func markMentions(t *Text) {
	if !mayMentionDoc(t.S) {
		return
	}
	for _, sp := range docMentions(t.S, nil) {
		t.Spans = insertSpan(t.S, t.Spans, sp)
	}
}

// mayMentionDoc reports whether s may name the MTR or the IPG: all their
// names hold one of these words. Two searches of the text cost about a
// twentieth of what Link takes for a whole CR (BenchmarkDocMentions2026).
func mayMentionDoc(s string) bool {
	return strings.Contains(s, "Rules") || strings.Contains(s, "Guide")
}

// insertSpan adds sp to spans in order unless it crosses one or is
// already there. A span inside an italic is fine; an italic (or any span)
// at either end of sp is left out of it, since only italics hold other
// spans: "_Magic: The Gathering_ Tournament Rules" marks "Tournament
// Rules".
func insertSpan(s string, spans []Span, sp Span) []Span {
	for _, o := range spans {
		if o.Start < sp.Start || o.End > sp.End || o.Start >= sp.End || o.End <= sp.Start {
			continue
		}
		switch {
		case strings.TrimSpace(s[sp.Start:o.Start]) == "":
			sp.Start = o.End
			for sp.Start < sp.End && s[sp.Start] == ' ' {
				sp.Start++
			}
		case strings.TrimSpace(s[o.End:sp.End]) == "":
			sp.End = o.Start
			for sp.End > sp.Start && s[sp.End-1] == ' ' {
				sp.End--
			}
		default:
			return spans // a span in the middle of the name
		}
	}
	if sp.Start >= sp.End {
		return spans
	}
	at := len(spans)
	for i, o := range spans {
		if o.Start == sp.Start && o.End == sp.End && o.Kind == sp.Kind {
			return spans // marked by an earlier Link
		}
		outside := o.Start <= sp.Start && sp.End <= o.End && o.Kind == SpanItalic
		if o.Start < sp.End && sp.Start < o.End && !outside {
			return spans
		}
		if at == len(spans) && (o.Start > sp.Start || o.Start == sp.Start && o.End < sp.End) {
			at = i
		}
	}
	out := make([]Span, 0, len(spans)+1)
	out = append(out, spans[:at]...)
	out = append(out, sp)
	return append(out, spans[at:]...)
}

// replaceLinks drops the hyperlinks of t that a reference found covers
// exactly: a web page that links "Infraction Procedure Guide" to a copy of
// it elsewhere reads better linked to the document Arbiter serves.
func replaceLinks(t *Text, refs []Span) {
	if len(refs) == 0 || len(t.Spans) == 0 {
		return
	}
	kept := t.Spans[:0:0]
	for _, sp := range t.Spans {
		drop := false
		if sp.Kind == SpanLink {
			for _, r := range refs {
				if r.Start == sp.Start && r.End == sp.End {
					drop = true
					break
				}
			}
		}
		if !drop {
			kept = append(kept, sp)
		}
	}
	if len(kept) < len(t.Spans) {
		t.Spans = kept
	}
}
