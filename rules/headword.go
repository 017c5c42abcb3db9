package rules

import (
	"strings"
	"unicode"
)

// splitHeadword reads a glossary headword line into the entry's terms. Every
// parser (text, reStructuredText, Markdown) reads its term lines with it,
// so an entry has the same terms whatever format it came in.
//
// Commas outside quotes separate the parts of a headword, and so do spaces
// between quoted parts (2026: `Partner, “Partner—[text],” “Partner with
// [name]”`); quotes around a whole part are dropped, quotes inside one are
// kept (`Intervening “If” Clause`). A headword with several parts lists
// several terms only if they are forms of one word or one family: every
// part starts with the first part's first three letters ("You, Your",
// "Modal, Mode", "Base Power, Base Toughness", "Remove from the Game,
// Removed, …"), or every part is a single letter ("Y, Z", 2003–2007).
// Otherwise the comma is part of one name: "Active Player, Nonactive
// Player Order" is one term (and "Active Player" an entry of its own).
// Those are all the comma headwords of the 128 official texts and the RST
// rendering. A slash separates the parts of a headword without a comma in
// the same way (1999: "You/Your", but "Play/Draw" is one term). The rule looks at the line alone, so splitting a term the
// rule kept whole gives it back unchanged (a Markdown export writes one
// term a line and reads them back the same).
func splitHeadword(line string) []string {
	line = strings.TrimFunc(line, unicode.IsSpace)
	if line == "" {
		return nil
	}
	if !partMarks(line) {
		// The 1999 files join a family with a slash: "You/Your",
		// "Control/Controller"; "Play/Draw" is one term.
		if parts := slashParts(line); parts != nil {
			return parts
		}
		return []string{line}
	}
	switch parts := headwordParts(line); {
	case len(parts) == 0:
		return []string{line} // only commas and quotes: keep what is there
	case len(parts) == 1 || sameFamily(parts):
		// A part that is itself a slashed family ("A, B/Bs") is its
		// terms, so that every term read again is itself.
		var terms []string
		for _, p := range parts {
			if sub := slashParts(p); sub != nil && !partMarks(p) {
				terms = append(terms, sub...)
			} else {
				terms = append(terms, p)
			}
		}
		return terms
	}
	return []string{unquote(line)}
}

// partMarks reports whether s holds a comma, a question mark or an opening
// quote, which may separate the parts of a headword: strings.ContainsAny
// with the curly quote among its characters decodes s a rune at a time,
// and every headword of every glossary is asked.
func partMarks(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ',', '"', '?':
			return true
		case "“"[0]:
			if strings.HasPrefix(s[i:], "“") {
				return true
			}
		}
	}
	return false
}

// slashParts splits a family joined by slashes ("You/Your"), or returns nil
// when s is one term ("Play/Draw").
func slashParts(s string) []string {
	if !strings.Contains(s, "/") {
		return nil
	}
	parts := strings.Split(s, "/")
	for i, p := range parts {
		if parts[i] = strings.TrimFunc(p, unicode.IsSpace); parts[i] == "" {
			return nil
		}
	}
	if !sameFamily(parts) {
		return nil
	}
	return parts
}

// headwordParts splits a headword at commas outside quotes and between
// quoted parts, each part trimmed and unquoted; empty parts are dropped.
func headwordParts(line string) []string {
	var parts []string
	add := func(p string) {
		if p = unquote(strings.TrimFunc(p, commaOrSpace)); p != "" {
			parts = append(parts, p)
		}
	}
	start, close := 0, "" // close: the quote that ends the quoted text we are in
	for i := 0; i < len(line); {
		if close != "" {
			if strings.HasPrefix(line[i:], close) {
				i += len(close)
				close = ""
				// A quoted part followed by another: “A,” “B”.
				rest := strings.TrimLeftFunc(line[i:], unicode.IsSpace)
				if quotedAt(line, start) && (strings.HasPrefix(rest, "“") || strings.HasPrefix(rest, `"`)) {
					add(line[start:i])
					i = len(line) - len(rest)
					start = i
				}
				continue
			}
			i++
			continue
		}
		switch {
		case line[i] == ',':
			add(line[start:i])
			i++
			start = i
		case line[i] == '"':
			close = `"`
			i++
		case strings.HasPrefix(line[i:], "“"):
			close = "”"
			i += len("“")
		default:
			i++
		}
	}
	add(line[start:])
	return parts
}

// quotedAt reports whether the part starting at line[start:] (after spaces)
// opens with a quote.
func quotedAt(line string, start int) bool {
	s := strings.TrimLeftFunc(line[start:], unicode.IsSpace)
	return strings.HasPrefix(s, "“") || strings.HasPrefix(s, `"`)
}

// unquote drops quotes around the whole of s, and a comma just inside the
// closing one (“Partner—[text],”). The question marks count as quotes: the
// 2008-05-01 text lost its curly quotes to them ("Banding, ?Bands with
// Other?").
func unquote(s string) string {
	for _, q := range [][2]string{{"“", "”"}, {`"`, `"`}, {"?", "?"}} {
		if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			// Not if the quotes hold a comma (“A, B”): the term would
			// read as two when read again.
			inner := strings.TrimFunc(s[len(q[0]):len(s)-len(q[1])], commaOrSpace)
			if inner != "" && !strings.Contains(inner, q[0]) && !strings.Contains(inner, q[1]) && !strings.Contains(inner, ",") {
				return inner
			}
		}
	}
	return s
}

// sameFamily reports whether the parts of a headword are several terms:
// forms of one word (the same first three letters, ignoring case) or
// single letters.
func sameFamily(parts []string) bool {
	letters := true
	for _, p := range parts {
		letters = letters && len(p) == 1 && lowerAlnum[p[0]] > '9'
	}
	if letters {
		return true
	}
	stem := func(s string) string {
		if len(s) < 3 {
			return ""
		}
		return strings.ToLower(s[:3])
	}
	first := stem(parts[0])
	if first == "" {
		return false
	}
	for _, p := range parts[1:] {
		if stem(p) != first {
			return false
		}
	}
	return true
}

func commaOrSpace(r rune) bool { return r == ',' || unicode.IsSpace(r) }
