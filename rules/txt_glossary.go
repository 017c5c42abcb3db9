package rules

import (
	"strings"
	"unicode/utf8"
)

// parseGlossary reads the glossary of an official text: blank-line separated
// entries, each a term line ("You, Your", "Mana Burn (Obsolete)") followed
// by definition lines. Numbered senses ("1. …") set Block.Sense; examples
// are BlockExample; older files indent further paragraphs.
func parseGlossary(lines []tline, file string, d *diags) []*GlossaryEntry {
	return parseGlossaryIn(lines, file, d, 0)
}

// parseGlossaryIn is parseGlossary for lines known to lack the inline
// conventions in absent.
func parseGlossaryIn(lines []tline, file string, d *diags, absent conventions) []*GlossaryEntry {
	n := 0
	for _, l := range lines {
		if l.gap {
			n++
		}
	}
	out := make([]*GlossaryEntry, 0, n)
	slab := make([]GlossaryEntry, 0, n)
	// Most lines after a blank line are term lines, not paragraphs: the
	// 2026 glossary has 1,490 lines, 725 entries and 765 paragraphs. An
	// odd glossary that has more paragraphs only grows the array once.
	blocks := make([]Block, 0, len(lines)-n+n/8)
	var g *GlossaryEntry
	start, sense := 0, 0
	closeEntry := func() {
		if g != nil {
			g.Body = blocks[start:len(blocks):len(blocks)]
			if len(g.Body) == 0 {
				d.warnf(g.Pos.Line(), "glossary entry %q has no definition", g.Term())
			}
		}
		start = len(blocks)
	}
	newEntry := func(pos Pos, headword string) {
		closeEntry()
		if len(slab) == cap(slab) {
			// More entries than blank lines (terms glued to the definition
			// before): a new slab, since append would copy the entries into
			// one the glossary does not use, and those copies would keep
			// their strings, and so the whole decoded file, alive.
			slab = make([]GlossaryEntry, 0, max(8, n/16))
		}
		slab = append(slab, GlossaryEntry{Pos: pos})
		g = &slab[len(slab)-1]
		// A headword is a plain string: "Traditional _Magic_ Card"
		// is the term "Traditional Magic Card" (same slug).
		setTerms(g, normTextIn(headword, absent, d, pos.Line()).S)
		out = append(out, g)
		sense = 0
	}
	fid := fileOf(file)
	for i, l := range lines {
		pos := fid.at(int(l.n))
		if l.gap || g == nil {
			// A term line is never indented and is followed by its definition
			// (a short line followed by an indented block after a blank line
			// is a subheading inside an entry, as in 2003's table of expansions).
			if termLine(l) && (i+1 == len(lines) || !(lines[i+1].gap && lines[i+1].indent)) {
				newEntry(pos, l.s)
				continue
			}
			if term, rest, ok := gluedSense(lines, i); ok {
				d.warnf(pos.Line(), "glossary term %q is glued to its first sense (%q); read as the term %q with numbered senses", term, clip(l.s), term)
				newEntry(pos, term)
				sense = 1
				blocks = appendBlock(blocks, BlockText, 1, normTextIn(rest, absent, d, pos.Line()), pos)
				continue
			}
			if g == nil {
				d.warnf(pos.Line(), "glossary text before the first term: %q", clip(l.s))
				continue
			}
			if !l.indent {
				d.warnf(pos.Line(), "glossary paragraph after a blank line does not look like a term; read as more of %q", g.Term())
			}
		} else if gluedTerm(lines, i, g) {
			d.warnf(pos.Line(), "glossary term %q follows the definition of %q with no blank line; read as a new entry", l.s, g.Term())
			newEntry(pos, l.s)
			continue
		}
		k, s := BlockText, l.s
		if n := exampleLabel(s); n > 0 {
			k, s = BlockExample, trimSpace(s[n:])
		} else if n, rest := senseNumber(s); n > 0 {
			sense, s = n, rest
		}
		blocks = appendBlock(blocks, k, sense, normTextIn(s, absent, d, pos.Line()), pos)
	}
	closeEntry()
	return out
}

// termLine reports whether l can be a glossary term line: short, not a
// sentence, not numbered, not an example.
func termLine(l tline) bool {
	s := l.s
	if l.indent || len(s) > 100 || exampleLabel(s) > 0 {
		return false
	}
	if n, _ := senseNumber(s); n > 0 {
		return false
	}
	switch s[len(s)-1] {
	case '.', ':', ';', ',':
		return false
	}
	return true
}

// gluedSense reads a term line that lost the line break before its first
// numbered sense, "Ability1. Text on an object that explains what that
// object does or can do.", when the lines after it (up to the next blank
// line) hold sense 2: the headword must look like one (see headwordShape),
// and the sense is 1.
func gluedSense(lines []tline, i int) (term, rest string, ok bool) {
	s := lines[i].s
	if lines[i].indent {
		return "", "", false
	}
	k := strings.IndexAny(s, "0123456789")
	if k < 1 || !isLetter(s[k-1]) {
		return "", "", false
	}
	n, rest := senseNumber(s[k:])
	if n != 1 || !headwordShape(s[:k]) {
		return "", "", false
	}
	for _, l := range lines[i+1:] {
		if l.gap {
			break
		}
		if m, _ := senseNumber(l.s); m == 2 {
			return s[:k], rest, true
		}
	}
	return "", "", false
}

// gluedTerm reports whether lines[i], a line inside the entry g with no
// blank line before it, is the term line of a new entry that lost its
// blank line (Floor Rules after Flip Cards in 2008-05-01, Concede after
// Companion in 2020-06-01, Affinity after Adventurer Card in 2021-07-12):
// it is shaped like a headword, the line before it ends a sentence, the
// line after it is a definition, and it falls in the glossary's
// alphabetical order between g and the next entry. A numbered sense, an
// example or a short line of a list inside a definition fails one of those.
func gluedTerm(lines []tline, i int, g *GlossaryEntry) bool {
	l := lines[i]
	if !termLine(l) || !headwordShape(l.s) || i == 0 || i+1 >= len(lines) {
		return false
	}
	prev, next := lines[i-1], lines[i+1]
	if next.gap || next.indent || termLine(next) || !endsSentence(prev.s) {
		return false
	}
	term := FoldTerm(l.s)
	if FoldTerm(g.Terms[0]) >= term {
		return false
	}
	for _, m := range lines[i+1:] {
		if m.gap && termLine(m) {
			return term < FoldTerm(m.s)
		}
	}
	return true
}

// headwordShape reports whether s reads like a glossary headword: short,
// starting with a capital, every word capitalised but the small ones
// ("Floor Rules", "Active Player, Nonactive Player Order", "Mana Burn
// (Obsolete)"), no final stop.
func headwordShape(s string) bool {
	if len(s) > 60 || s == "" {
		return false
	}
	switch s[len(s)-1] {
	case '.', ':', ';', ',':
		return false
	}
	// Every body line of the glossary is asked: the words are read in
	// place, not split into a slice.
	k := 0
	for w := range strings.FieldsSeq(s) {
		if k++; k > 8 {
			return false
		}
		w = strings.TrimLeft(w, `("“'‘`)
		if w == "" {
			continue
		}
		c := w[0]
		switch {
		case c >= 'A' && c <= 'Z', isDigit(c), c >= utf8.RuneSelf:
		case k > 1 && smallWords[w]:
		default:
			return false
		}
	}
	return k > 0
}

// smallWords are the words a title-case headword leaves in lower case.
var smallWords = map[string]bool{
	"a": true, "an": true, "and": true, "as": true, "at": true, "by": true, "for": true, "from": true,
	"in": true, "into": true, "of": true, "on": true, "or": true, "the": true, "to": true, "with": true,
}

// endsSentence reports whether a line ends a sentence: a stop, possibly
// inside closing quotes or a parenthesis.
func endsSentence(s string) bool {
	s = strings.TrimRight(s, `"”’')`)
	return s != "" && strings.ContainsRune(".!?", rune(s[len(s)-1]))
}

// senseNumber reads a numbered sense "2. An activated or triggered ability…".
func senseNumber(s string) (int, string) {
	i, n := 0, 0
	for i < len(s) && i < 2 && isDigit(s[i]) {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || n == 0 || i+1 >= len(s) || s[i] != '.' || s[i+1] != ' ' {
		return 0, s
	}
	return n, trimSpace(s[i+1:])
}

// setTerms reads a term line: "(Obsolete)" sets the flag; splitHeadword
// finds the terms ("You, Your" is two, "Active Player, Nonactive Player
// Order" one).
func setTerms(g *GlossaryEntry, line string) {
	// "(obsolete)" in 1999-11-01's "Mana Source (obsolete)".
	if n := len(line) - len("(Obsolete)"); n > 0 && strings.EqualFold(line[n:], "(Obsolete)") && trimSpace(line[:n]) != "" {
		t := line[:n]
		g.Obsolete = true
		line = trimSpace(t)
	}
	g.Terms = splitHeadword(line)
	if len(g.Terms) == 0 {
		g.Terms = []string{line}
	}
	g.Slug = slug(g.Terms[0])
}

// slug is Slug with a fast path for plain ASCII terms (nearly all of them),
// which needs one allocation instead of two builders.
func slug(s string) string {
	buf := make([]byte, 0, len(s))
	dash := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return Slug(s)
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		default:
			dash = true
			continue
		}
		if dash && len(buf) > 0 {
			buf = append(buf, '-')
		}
		dash = false
		buf = append(buf, c)
	}
	return string(buf)
}
