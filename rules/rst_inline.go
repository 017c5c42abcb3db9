package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Inline reStructuredText: a paragraph's markup becomes plain text with
// spans. Recognised: *emphasis* (Italic), **strong** and ``literal`` (plain
// text), `text <url>`_ (Link), :ref: and :term: roles (Refs the linker
// resolves), |substitutions| (mana and other symbols in brace notation) and
// backslash escapes ("|2|\ |W|" is "{2}{W}"). Start and end strings follow
// docutils' recognition rules, so "(*)" and "1+*" stay text.

// inliner holds the state of one paragraph's conversion.
type inliner struct {
	p     *rstParser
	s     string
	line  int
	b     []byte
	spans []Span
	// noEnd[k] is the least position from which a search for end string k
	// failed: later searches from there fail too, so each is done once.
	noEnd [endKinds]int
}

const (
	endStar = iota
	endStrong
	endLiteral
	endBack
	endBar
	endKinds
)

var endStrings = [endKinds]string{"*", "**", "``", "`", "|"}

// inline converts one paragraph (lines joined by "\n", the first at line).
func (p *rstParser) inline(s string, line int) Text {
	if !strings.ContainsAny(s, "\\*`:|\n") {
		return Text{S: s}
	}
	x := inliner{p: p, s: s, line: line, b: p.buf[:0]}
	for k := range x.noEnd {
		x.noEnd[k] = len(s) + 1
	}
	x.run()
	t := Text{S: string(x.b), Spans: x.spans}
	p.buf = x.b
	return t
}

// lineAt is the source line of byte i of the paragraph.
func (x *inliner) lineAt(i int) int {
	return x.line + strings.Count(x.s[:i], "\n")
}

func (x *inliner) run() {
	s := x.s
	for i := 0; i < len(s); {
		c := s[i]
		switch c {
		case '\\':
			i = x.escape(i)
			continue
		case '\n':
			x.b = append(x.b, ' ')
			i++
			continue
		case '*':
			if j := x.star(i); j > i {
				i = j
				continue
			}
		case '`':
			if j := x.backquote(i, i, ""); j > i {
				i = j
				continue
			}
		case ':':
			if j := x.colon(i); j > i {
				i = j
				continue
			}
		case '|':
			if j := x.bar(i); j > i {
				i = j
				continue
			}
		}
		x.b = append(x.b, c)
		i++
	}
}

// escape handles a backslash at i: an escaped space or newline vanishes
// (that is how "|2|\ |W|" glues symbols), any other character is kept as is.
func (x *inliner) escape(i int) int {
	s := x.s
	if i+1 >= len(s) {
		x.b = append(x.b, '\\')
		return i + 1
	}
	if s[i+1] == ' ' || s[i+1] == '\n' {
		return i + 2
	}
	_, size := utf8.DecodeRuneInString(s[i+1:])
	x.b = append(x.b, s[i+1:i+1+size]...)
	return i + 1 + size
}

// unescape appends s with backslash escapes removed and newlines as spaces.
func (x *inliner) unescape(s string) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				if s[i] == ' ' || s[i] == '\n' {
					continue
				}
			}
		case '\n':
			x.b = append(x.b, ' ')
			continue
		}
		x.b = append(x.b, s[i])
	}
}

// star handles "*emphasis*" and "**strong**" starting at i.
func (x *inliner) star(i int) int {
	s := x.s
	if strings.HasPrefix(s[i:], "**") {
		if !x.startOK(i, 2) {
			x.b = append(x.b, "**"...)
			return i + 2
		}
		j, after := x.findEnd(i+3, endStrong)
		if j < 0 {
			x.p.d.warnf(x.lineAt(i), "\"**\" without a closing \"**\": kept as text")
			x.b = append(x.b, "**"...)
			return i + 2
		}
		// Arbiter has no bold: the words stay, the markup goes.
		x.unescape(s[i+2 : j])
		return after
	}
	if !x.startOK(i, 1) {
		return i
	}
	j, after := x.findEnd(i+2, endStar)
	if j < 0 {
		x.p.d.warnf(x.lineAt(i), "\"*\" without a closing \"*\": kept as text")
		return i
	}
	start := int32(len(x.b))
	x.unescape(s[i+1 : j])
	x.spans = append(x.spans, Span{Start: start, End: int32(len(x.b)), Kind: SpanItalic})
	return after
}

// backquote handles inline literals (double backquotes), "`text <url>`_",
// "`text`" and, when role is set, the body of ":role:`text`" whose role
// began at from.
func (x *inliner) backquote(from, i int, role string) int {
	s := x.s
	if role == "" && strings.HasPrefix(s[i:], "``") {
		if !x.startOK(i, 2) {
			x.b = append(x.b, "``"...)
			return i + 2
		}
		j, after := x.findEnd(i+3, endLiteral)
		if j < 0 {
			x.p.d.warnf(x.lineAt(i), "\"``\" without a closing \"``\": kept as text")
			x.b = append(x.b, "``"...)
			return i + 2
		}
		x.b = append(x.b, strings.ReplaceAll(s[i+2:j], "\n", " ")...)
		return after
	}
	if role == "" && !x.startOK(i, 1) {
		return i
	}
	if role != "" && (i+1 >= len(s) || isSpace(s[i+1])) {
		x.p.d.warnf(x.lineAt(from), "role %s has no text: kept as text", s[from:i+1])
		x.b = append(x.b, s[from:i+1]...)
		return i + 1
	}
	j, after := x.findEnd(i+2, endBack)
	if j < 0 {
		if role != "" {
			x.p.d.warnf(x.lineAt(from), "role %s has no closing \"`\": kept as text", s[from:i+1])
			x.b = append(x.b, s[from:i+1]...)
			return i + 1
		}
		x.p.d.warnf(x.lineAt(i), "\"`\" without a closing \"`\": kept as text")
		return i
	}
	body := s[i+1 : j]
	suffix := s[j+1 : after]
	switch {
	case role != "":
		if suffix != "" {
			x.p.d.warnf(x.lineAt(from), "role %s followed by %q: suffix ignored", role, suffix)
		}
		x.role(from, role, body)
	case strings.HasPrefix(suffix, "_"):
		x.link(i, body)
	case strings.HasPrefix(suffix, ":"):
		x.role(i, strings.Trim(suffix, ":"), body)
	default:
		// Interpreted text with no role: Sphinx shows it emphasised.
		start := int32(len(x.b))
		x.unescape(body)
		x.spans = append(x.spans, Span{Start: start, End: int32(len(x.b)), Kind: SpanItalic})
	}
	return after
}

// link handles `text <url>`_. A reference to a named target elsewhere
// (`text`_) keeps its text.
func (x *inliner) link(i int, body string) {
	text, url := splitAngle(body)
	if url == "" {
		x.p.d.infof(x.lineAt(i), "reference `%s`_ to a named target: kept as text", rstClip(body, 40))
		x.unescape(body)
		return
	}
	if text == "" {
		text = url
	}
	start := int32(len(x.b))
	x.unescape(text)
	x.spans = append(x.spans, Span{Start: start, End: int32(len(x.b)), Kind: SpanLink, Target: strings.ReplaceAll(url, "\n", "")})
}

// colon handles ":role:`text`" at i, and the broken roles an old
// search-and-replace left in prose (":ref:erred" for "referred").
func (x *inliner) colon(i int) int {
	s := x.s
	if strings.HasPrefix(s[i:], ":ref:") && i+5 < len(s) && isLetter(s[i+5]) {
		k := i + 5
		for k < len(s) && isLetter(s[k]) {
			k++
		}
		x.p.d.infof(x.lineAt(i), "broken role %q read as the word %q", s[i:k], "ref"+s[i+5:k])
		x.b = append(x.b, "ref"...)
		return i + 5
	}
	// The role name: letters, digits and - _ . : + up to ":`".
	k := i + 1
	for k < len(s) && k-i < 40 && (isLetter(s[k]) || isDigit(s[k]) || strings.IndexByte("-_.:+", s[k]) >= 0) {
		if s[k] == ':' && k+1 < len(s) && s[k+1] == '`' {
			break
		}
		k++
	}
	if k == i+1 || k+1 >= len(s) || s[k] != ':' || s[k+1] != '`' || !x.startOK(i, 1) {
		return i
	}
	return x.backquote(i, k+1, s[i+1:k])
}

// role emits the text of ":role:`body`" that began at i.
func (x *inliner) role(i int, role, body string) {
	line := x.lineAt(i)
	switch role = strings.ToLower(role); role { // docutils role names ignore case
	case "ref":
		text, label := splitAngle(body)
		bare := label == ""
		if bare {
			text, label = body, body
		}
		label = normLabel(label)
		if label == "" {
			x.p.d.warnf(line, "role :ref: with no label: kept as text")
			x.unescape(body)
			return
		}
		x.refSpan(text, Cite{Kind: RefLabel, Label: label, Bare: bare})
	case "term":
		text, term := splitAngle(body)
		if term == "" {
			text, term = body, body
		}
		x.refSpan(text, Cite{Kind: RefGlossary, Term: strings.Join(strings.Fields(term), " ")})
	case "doc":
		text, doc := splitAngle(body)
		if text == "" {
			text = doc
		}
		x.p.d.infof(line, "role :doc:`%s` kept as text", rstClip(body, 40))
		x.unescape(text)
	case "dfn", "emphasis", "title-reference", "t", "title":
		start := int32(len(x.b))
		x.unescape(body)
		x.spans = append(x.spans, Span{Start: start, End: int32(len(x.b)), Kind: SpanItalic})
	case "strong", "literal", "code", "sup", "sub", "superscript", "subscript":
		x.unescape(body)
	case "abbr":
		text, _ := splitParen(body)
		x.unescape(text)
	default:
		x.p.d.warnf(line, "unknown role :%s:: its text is kept", role)
		text, _ := splitAngle(body)
		if text == "" {
			text = body
		}
		x.unescape(text)
	}
}

// refSpan writes text and marks it as a reference to c.
func (x *inliner) refSpan(text string, c Cite) {
	start := int32(len(x.b))
	x.unescape(strings.TrimSpace(text))
	if shown := string(x.b[start:]); c.Kind == RefLabel && !c.Bare && shown != c.Label {
		c.Shown = shown
	}
	x.spans = append(x.spans, RefSpan(start, int32(len(x.b)), c))
}

// bar handles a substitution reference |name|.
func (x *inliner) bar(i int) int {
	s := x.s
	if !x.startOK(i, 1) {
		return i
	}
	j, after := x.findEnd(i+2, endBar)
	if j < 0 {
		x.p.d.warnf(x.lineAt(i), "\"|\" without a closing \"|\": kept as text")
		return i
	}
	name := strings.Join(strings.Fields(s[i+1:j]), " ")
	sym, ok := rstSymbols[name]
	if !ok {
		sym, ok = rstSymbols[strings.ToUpper(name)]
	}
	if !ok {
		x.p.d.warnf(x.lineAt(i), "unknown substitution |%s|: kept as text", rstClip(name, 30))
		x.b = append(x.b, s[i:j+1]...)
		return j + 1
	}
	x.b = append(x.b, sym...)
	return after
}

// startOK applies docutils' rules to a start string of length n at i: it
// begins the text or follows space, an opening bracket or quote, or a
// delimiter; it is followed by non-space; and it is not enclosed in a
// matching pair such as "(*)".
func (x *inliner) startOK(i, n int) bool {
	s := x.s
	if i+n >= len(s) {
		return false
	}
	next, _ := utf8.DecodeRuneInString(s[i+n:])
	if unicode.IsSpace(next) {
		return false
	}
	if i == 0 {
		return true
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	if prev == ' ' && i >= 2 && s[i-2] == '\\' {
		return true // an escaped space
	}
	if unicode.IsSpace(prev) {
		return true
	}
	if !isOpener(prev) && !isDelimiter(prev) {
		return false
	}
	if c, ok := closerOf(prev); ok && next == c {
		return false
	}
	return true
}

// findEnd finds end string k at or after from: preceded by non-space that
// is not escaped, and followed by the end of text, space or punctuation.
// For "`" the end may carry a "_", "__" or ":role:" suffix. It returns the
// end string's index and the index after it (and its suffix), or -1.
func (x *inliner) findEnd(from int, k int) (int, int) {
	s := x.s
	if from >= x.noEnd[k] || from > len(s) {
		return -1, 0
	}
	e := endStrings[k]
	for j := from; j < len(s); {
		d := strings.Index(s[j:], e)
		if d < 0 {
			break
		}
		j += d
		if isSpace(s[j-1]) || escaped(s, j) {
			j++
			continue
		}
		after := j + len(e)
		if k == endBack || k == endBar {
			for _, suf := range []string{"__", "_"} {
				if strings.HasPrefix(s[after:], suf) && endFollowOK(s, after+len(suf)) {
					return j, after + len(suf)
				}
			}
		}
		if k == endBack && after < len(s) && s[after] == ':' {
			m := after + 1
			for m < len(s) && m-after < 40 && (isLetter(s[m]) || isDigit(s[m]) || s[m] == '-' || s[m] == '_') {
				m++
			}
			if m > after+1 && m < len(s) && s[m] == ':' && endFollowOK(s, m+1) {
				return j, m + 1
			}
		}
		if endFollowOK(s, after) {
			if k == endStar && after < len(s) && s[after] == '*' {
				j++ // "**" ends strong text, not emphasis
				continue
			}
			return j, after
		}
		j++
	}
	if from < x.noEnd[k] {
		x.noEnd[k] = from
	}
	return -1, 0
}

// endFollowOK reports whether what follows an end string at i allows it.
func endFollowOK(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r) || r == '\\' || isDelimiter(r) || unicode.In(r, unicode.Pe, unicode.Pf, unicode.Pi)
}

// escaped reports whether s[j] is preceded by an odd number of backslashes.
func escaped(s string, j int) bool {
	n := 0
	for k := j - 1; k >= 0 && s[k] == '\\'; k-- {
		n++
	}
	return n%2 == 1
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' }

func isOpener(r rune) bool {
	return unicode.In(r, unicode.Ps, unicode.Pi, unicode.Pf) || r == '"' || r == '\'' || r == '<'
}

func isDelimiter(r rune) bool { return unicode.In(r, unicode.Pd, unicode.Po) }

func closerOf(r rune) (rune, bool) {
	switch r {
	case '(':
		return ')', true
	case '[':
		return ']', true
	case '{':
		return '}', true
	case '<':
		return '>', true
	case '"', '\'':
		return r, true
	case '“':
		return '”', true
	case '‘':
		return '’', true
	}
	return 0, false
}

// splitAngle splits "Title <target>" into its parts; without a "<…>" at the
// end it returns s and "".
func splitAngle(s string) (text, target string) {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, ">") {
		return s, ""
	}
	k := strings.LastIndex(s, "<")
	if k < 0 || (k > 0 && !isSpace(s[k-1])) || (k > 0 && escaped(s, k)) {
		return s, ""
	}
	return strings.TrimSpace(s[:k]), strings.TrimSpace(s[k+1 : len(s)-1])
}

// splitParen splits "AB (explanation)".
func splitParen(s string) (text, expl string) {
	if k := strings.LastIndex(s, " ("); k > 0 && strings.HasSuffix(s, ")") {
		return s[:k], s[k+2 : len(s)-1]
	}
	return s, ""
}

// normLabel normalises a reference name as docutils does: lower case,
// runs of space collapsed.
func normLabel(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}
