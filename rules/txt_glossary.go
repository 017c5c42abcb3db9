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
	blocks := make([]Block, 0, len(lines))
	var g *GlossaryEntry
	start, sense := 0, 0
	closeEntry := func() {
		if g != nil {
			g.Body = blocks[start:len(blocks):len(blocks)]
			if len(g.Body) == 0 {
				d.warnf(g.Pos.Line, "glossary entry %q has no definition", g.Term())
			}
		}
		start = len(blocks)
	}
	for i, l := range lines {
		pos := Pos{File: file, Line: int(l.n)}
		if l.gap || g == nil {
			// A term line is never indented and is followed by its definition
			// (a short line followed by an indented block after a blank line
			// is a subheading inside an entry, as in 2003's table of expansions).
			if termLine(l) && (i+1 == len(lines) || !(lines[i+1].gap && lines[i+1].indent)) {
				closeEntry()
				slab = append(slab, GlossaryEntry{Pos: pos})
				g = &slab[len(slab)-1]
				// A headword is a plain string: "Traditional _Magic_ Card"
				// is the term "Traditional Magic Card" (same slug).
				setTerms(g, normTextIn(l.s, absent, d, pos.Line).S)
				out = append(out, g)
				sense = 0
				continue
			}
			if g == nil {
				d.warnf(pos.Line, "glossary text before the first term: %q", clip(l.s))
				continue
			}
			if !l.indent {
				d.warnf(pos.Line, "glossary paragraph after a blank line does not look like a term; read as more of %q", g.Term())
			}
		}
		k, s := BlockText, l.s
		if strings.HasPrefix(s, "Example:") {
			k, s = BlockExample, trimSpace(s[len("Example:"):])
		} else if n, rest := senseNumber(s); n > 0 {
			sense, s = n, rest
		}
		blocks = append(blocks, Block{Kind: k, Sense: sense, Text: normTextIn(s, absent, d, pos.Line), Pos: pos})
	}
	closeEntry()
	return out
}

// termLine reports whether l can be a glossary term line: short, not a
// sentence, not numbered, not an example.
func termLine(l tline) bool {
	s := l.s
	if l.indent || len(s) > 100 || strings.HasPrefix(s, "Example:") {
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
	if t, ok := strings.CutSuffix(line, "(Obsolete)"); ok && trimSpace(t) != "" {
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
