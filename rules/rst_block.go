package rules

import (
	"strings"
	"unicode/utf8"
)

// The block level of reStructuredText: lines become a tree of nodes
// (titles, paragraphs, lists, directives, …) by indentation, the way
// docutils reads them. What the nodes mean for the Comprehensive Rules is
// decided in rst.go; this file only knows RST.

// rline is one source line: its number, indentation in columns (tabs
// expanded) and text after the indentation with trailing space trimmed.
type rline struct {
	n   int
	ind int
	s   string
}

type rstKind uint8

const (
	rstPara       rstKind = iota + 1 // text: the paragraph's lines joined by "\n"
	rstTitle                         // text: the title; level: 1 for the first style used in the file
	rstQuote                         // an indented block: kids
	rstEnum                          // enumerated list item: text is the marker ("a", "1"), kids the body
	rstBullet                        // bullet list item: kids the body
	rstDef                           // definition list item: text the term line(s), kids the definition
	rstField                         // field ":name: value": text the name, arg the value
	rstTarget                        // ".. _label:": text the label, arg a URL if any
	rstDirective                     // ".. name:: arg": text the name, arg the argument, opts, body (unparsed)
	rstComment                       // ".. anything else": text the comment
	rstLiteral                       // a literal block after "::": text verbatim
	rstTransition                    // a horizontal rule
	rstOther                         // recognised but not supported (tables, line blocks, footnotes): text verbatim, arg what it is
)

type rstNode struct {
	kind  rstKind
	line  int
	level int // rstTitle
	text  string
	arg   string
	kids  []*rstNode
	opts  []rstOpt // rstDirective
	body  []rline  // rstDirective: the content lines, parsed by whoever knows the directive
	depth int      // rstDirective: nesting depth of the directive, for parsing its body
	miss  bool     // rstDirective: written ".. _name::", a misspelt directive
}

type rstOpt struct {
	name, value string
	line        int
}

// rstAdorn is a title style: its character and whether it has an overline.
type rstAdorn struct {
	c    byte
	over bool
}

// maxRSTDepth bounds nesting: deeper blocks are read as flat paragraphs, so
// hostile input cannot make the parser recurse without end.
const maxRSTDepth = 24

// blockParser reads one file's lines into nodes.
type blockParser struct {
	d      *diags
	styles []rstAdorn // title styles in order of first use: index+1 is the level
	deep   bool       // the depth limit was reported
}

// rstLines splits text into rlines, expanding tabs to 8-column stops as
// docutils does and reporting the first tab of the file.
func rstLines(text string, d *diags) []rline {
	raw := Lines(text)
	out := make([]rline, len(raw))
	tabs := 0
	for i, s := range raw {
		if strings.IndexByte(s, '\t') >= 0 {
			if tabs == 0 {
				d.warnf(i+1, "tab character: read as spaces to the next multiple of 8 columns")
			}
			tabs++
			s = expandTabs(s)
		}
		s = strings.TrimRight(s, " \f\v\u00a0")
		ind := 0
		for ind < len(s) && s[ind] == ' ' {
			ind++
		}
		out[i] = rline{n: i + 1, ind: ind, s: s[ind:]}
	}
	return out
}

func expandTabs(s string) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString("        "[:n])
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// parse reads a block of lines whose least indentation is its base.
func (p *blockParser) parse(ls []rline, depth int) []*rstNode {
	base, ok := minIndent(ls)
	if !ok {
		return nil
	}
	if depth > maxRSTDepth {
		return p.flat(ls)
	}
	var out []*rstNode
	literal := false // the previous paragraph ended with "::"
	for i := 0; i < len(ls); {
		l := ls[i]
		if l.s == "" {
			i++
			continue
		}
		if l.ind > base {
			j := indentedEnd(ls, i, base)
			if literal {
				out = append(out, &rstNode{kind: rstLiteral, line: l.n, text: verbatim(ls[i:j])})
			} else {
				out = append(out, &rstNode{kind: rstQuote, line: l.n, kids: p.parse(ls[i:j], depth+1)})
			}
			literal = false
			i = j
			continue
		}
		literal = false
		var n *rstNode
		n, i = p.block(ls, i, base, depth)
		if n != nil {
			out = append(out, n)
			if n.kind == rstPara && strings.HasSuffix(n.text, "::") {
				literal = true
				n.text = strings.TrimRight(strings.TrimSuffix(n.text, ":"), " ")
				if n.text == "" || n.text == ":" {
					out = out[:len(out)-1]
				}
			}
		}
	}
	return out
}

// block reads the construct starting at ls[i] (not blank, at the base
// indentation) and returns it with the index of the line after it.
func (p *blockParser) block(ls []rline, i, base, depth int) (*rstNode, int) {
	l := ls[i]
	s := l.s
	if s == ".." || strings.HasPrefix(s, ".. ") {
		j := indentedEnd(ls, i+1, base)
		return p.explicit(l, ls[i+1:j], depth), j
	}
	if n, j, ok := p.title(ls, i, base, depth); ok {
		return n, j
	}
	if isAdornment(s) && len(s) >= 4 && (i+1 == len(ls) || ls[i+1].s == "") {
		return &rstNode{kind: rstTransition, line: l.n}, i + 1
	}
	if name, val, ok := fieldMarker(s); ok {
		j := indentedEnd(ls, i+1, base)
		var b strings.Builder
		b.WriteString(val)
		for _, c := range ls[i+1 : j] {
			if c.s != "" {
				if b.Len() > 0 {
					b.WriteByte('\n')
				}
				b.WriteString(c.s)
			}
		}
		return &rstNode{kind: rstField, line: l.n, text: name, arg: b.String()}, j
	}
	if marker, at, ok := enumMarker(s); ok {
		return p.item(rstEnum, marker, ls, i, base, at, depth)
	}
	if at := bulletMarker(s); at > 0 {
		return p.item(rstBullet, s[:1], ls, i, base, at, depth)
	}
	if what := otherBlock(s); what != "" {
		j := i + 1
		for j < len(ls) && ls[j].s != "" {
			j++
		}
		return &rstNode{kind: rstOther, line: l.n, arg: what, text: verbatim(ls[i:j])}, j
	}
	// A paragraph: lines at the base indentation up to a blank line. If a
	// more indented line follows directly, the lines are a definition
	// list term and the indented block its definition.
	j := i + 1
	for j < len(ls) && ls[j].s != "" && ls[j].ind == base {
		j++
	}
	text := joinLines(ls[i:j])
	if j < len(ls) && ls[j].s != "" && ls[j].ind > base {
		k := indentedEnd(ls, j, base)
		return &rstNode{kind: rstDef, line: l.n, text: text, kids: p.parse(ls[j:k], depth+1)}, k
	}
	return &rstNode{kind: rstPara, line: l.n, text: text}, j
}

// title recognises a section title at ls[i]: text over an underline, or an
// overline, text and underline of the same character.
func (p *blockParser) title(ls []rline, i, base, depth int) (*rstNode, int, bool) {
	l := ls[i]
	var st rstAdorn
	var text rline
	var next int
	switch {
	case isAdornment(l.s) && i+2 < len(ls) && ls[i+1].s != "" && !isAdornment(ls[i+1].s) && isAdornment(ls[i+2].s) && ls[i+2].s[0] == l.s[0]:
		st, text, next = rstAdorn{c: l.s[0], over: true}, ls[i+1], i+3
		if len(ls[i+2].s) != len(l.s) || ls[i+2].ind != l.ind {
			p.d.warnf(ls[i+2].n, "title underline does not match its overline")
		}
		if n := utf8.RuneCountInString(text.s); len(l.s) < n {
			p.d.warnf(l.n, "title overline shorter than the title %q", text.s)
		}
	case isAdornment(l.s) && i+1 < len(ls) && ls[i+1].s != "" && !isAdornment(ls[i+1].s) && len(l.s) >= 4 &&
		(i+2 >= len(ls) || ls[i+2].s == "" || !isAdornment(ls[i+2].s)):
		// An overline whose underline is missing: docutils' "incomplete
		// section title". Report it and read the text as a paragraph.
		p.d.warnf(l.n, "title overline %q has no matching underline: read as text", rstClip(l.s, 20))
		return nil, 0, false
	case !isAdornment(l.s) && i+1 < len(ls) && ls[i+1].ind == l.ind && isAdornment(ls[i+1].s):
		u := ls[i+1].s
		n := utf8.RuneCountInString(l.s)
		if len(u) < n && len(u) < 4 {
			p.d.warnf(ls[i+1].n, "possible title underline %q too short for %q: read as text", u, rstClip(l.s, 40))
			return nil, 0, false
		}
		if len(u) < n {
			p.d.warnf(ls[i+1].n, "title underline shorter than the title %q", rstClip(l.s, 40))
		}
		st, text, next = rstAdorn{c: u[0]}, l, i+2
	default:
		return nil, 0, false
	}
	if depth > 0 {
		p.d.warnf(text.n, "section title %q inside an indented block: read as a paragraph", rstClip(text.s, 40))
		return &rstNode{kind: rstPara, line: text.n, text: text.s}, next, true
	}
	level := 0
	for k, s := range p.styles {
		if s == st {
			level = k + 1
		}
	}
	if level == 0 {
		p.styles = append(p.styles, st)
		level = len(p.styles)
	}
	return &rstNode{kind: rstTitle, line: text.n, level: level, text: strings.TrimSpace(text.s)}, next, true
}

// item reads a list item whose marker ends at column at of ls[i]. As in
// docutils, the first line's text is aligned with the item's other lines.
func (p *blockParser) item(kind rstKind, marker string, ls []rline, i, base, at, depth int) (*rstNode, int) {
	l := ls[i]
	j := indentedEnd(ls, i+1, base)
	rest := ls[i+1 : j]
	first := rline{n: l.n, ind: l.ind + at, s: l.s[at:]}
	if m, ok := minIndent(rest); ok {
		first.ind = m
	}
	body := make([]rline, 0, 1+len(rest))
	if first.s != "" {
		body = append(body, first)
	}
	body = append(body, rest...)
	return &rstNode{kind: kind, line: l.n, text: marker, kids: p.parse(body, depth+1)}, j
}

// explicit reads an explicit markup block: ".. " followed by a target,
// directive, substitution definition, footnote or comment.
func (p *blockParser) explicit(l rline, body []rline, depth int) *rstNode {
	rest := strings.TrimSpace(strings.TrimPrefix(l.s, ".."))
	switch {
	case rest == "":
		return &rstNode{kind: rstComment, line: l.n, text: verbatim(body)}
	case rest[0] == '_':
		if name, arg, ok := directiveHead(rest[1:]); ok && knownDirective(name) {
			n := p.directive(l, name, arg, body, depth)
			n.miss = true
			return n
		}
		return p.target(l, rest, body)
	case rest[0] == '|':
		return &rstNode{kind: rstOther, line: l.n, arg: "substitution definition", text: rest}
	case rest[0] == '[':
		return &rstNode{kind: rstOther, line: l.n, arg: "footnote or citation", text: rest + "\n" + verbatim(body)}
	}
	if name, arg, ok := directiveHead(rest); ok {
		return p.directive(l, name, arg, body, depth)
	}
	text := rest
	if v := verbatim(body); v != "" {
		text += "\n" + v
	}
	return &rstNode{kind: rstComment, line: l.n, text: text}
}

func (p *blockParser) directive(l rline, name, arg string, body []rline, depth int) *rstNode {
	n := &rstNode{kind: rstDirective, line: l.n, text: strings.ToLower(name), arg: arg, depth: depth}
	// Options: field lines right at the start of the body.
	k := 0
	for k < len(body) && body[k].s != "" {
		name, val, ok := fieldMarker(body[k].s)
		if !ok {
			break
		}
		n.opts = append(n.opts, rstOpt{name: strings.ToLower(name), value: val, line: body[k].n})
		k++
	}
	n.body = body[k:]
	return n
}

// target reads ".. _label:" or ".. _label: URL"; the label may be quoted
// in backquotes when it holds a colon.
func (p *blockParser) target(l rline, rest string, body []rline) *rstNode {
	s := rest[1:] // after "_"
	var label, url string
	if strings.HasPrefix(s, "`") {
		end := strings.Index(s[1:], "`:")
		if end < 0 {
			p.d.warnf(l.n, "target %q has no closing \"`:\"", rstClip(rest, 40))
			return &rstNode{kind: rstComment, line: l.n, text: rest}
		}
		label, url = s[1:1+end], strings.TrimSpace(s[end+3:])
	} else {
		end := -1
		for k := 0; k < len(s); k++ {
			if s[k] == '\\' {
				k++
				continue
			}
			if s[k] == ':' && (k+1 == len(s) || s[k+1] == ' ') {
				end = k
				break
			}
		}
		if end < 0 {
			p.d.warnf(l.n, "malformed target %q: want \".. _label:\"", rstClip(rest, 40))
			return &rstNode{kind: rstComment, line: l.n, text: rest}
		}
		label, url = s[:end], strings.TrimSpace(s[end+1:])
	}
	for _, b := range body {
		if b.s != "" {
			url += b.s
		}
	}
	return &rstNode{kind: rstTarget, line: l.n, text: label, arg: url}
}

// flat reads lines past the depth limit as plain paragraphs, so nothing is
// lost and nothing recurses further.
func (p *blockParser) flat(ls []rline) []*rstNode {
	if !p.deep {
		p.deep = true
		for _, l := range ls {
			if l.s != "" {
				p.d.warnf(l.n, "blocks nested more than %d deep: read as plain paragraphs", maxRSTDepth)
				break
			}
		}
	}
	var out []*rstNode
	for i := 0; i < len(ls); {
		if ls[i].s == "" {
			i++
			continue
		}
		j := i + 1
		for j < len(ls) && ls[j].s != "" {
			j++
		}
		out = append(out, &rstNode{kind: rstPara, line: ls[i].n, text: joinLines(ls[i:j])})
		i = j
	}
	return out
}

// minIndent is the least indentation of the non-blank lines.
func minIndent(ls []rline) (int, bool) {
	m, ok := 0, false
	for _, l := range ls {
		if l.s != "" && (!ok || l.ind < m) {
			m, ok = l.ind, true
		}
	}
	return m, ok
}

// indentedEnd returns the end of the block starting at i of lines that are
// blank or indented past base, without its trailing blank lines.
func indentedEnd(ls []rline, i, base int) int {
	end := i
	for j := i; j < len(ls) && (ls[j].s == "" || ls[j].ind > base); j++ {
		if ls[j].s != "" {
			end = j + 1
		}
	}
	return end
}

func joinLines(ls []rline) string {
	if len(ls) == 1 {
		return ls[0].s
	}
	var b strings.Builder
	for k, l := range ls {
		if k > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.s)
	}
	return b.String()
}

// verbatim keeps lines with their indentation relative to the block.
func verbatim(ls []rline) string {
	base, _ := minIndent(ls)
	var b strings.Builder
	for _, l := range ls {
		if b.Len() > 0 || l.s != "" {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			if l.s != "" {
				b.WriteString(strings.Repeat(" ", l.ind-base))
				b.WriteString(l.s)
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// isAdornment reports whether s is a title over- or underline: a run of
// one punctuation character.
func isAdornment(s string) bool {
	if len(s) < 1 || !strings.ContainsRune(`!"#$%&'()*+,-./:;<=>?@[\]^_`+"`"+`{|}~`, rune(s[0])) {
		return false
	}
	for k := 1; k < len(s); k++ {
		if s[k] != s[0] {
			return false
		}
	}
	return true
}

// fieldMarker recognises ":name: value". A role such as ":ref:`x`" is not a
// field: the name's closing colon must be followed by a space or the end.
func fieldMarker(s string) (name, value string, ok bool) {
	if len(s) < 3 || s[0] != ':' || s[1] == ' ' {
		return "", "", false
	}
	for k := 1; k < len(s) && k < 80; k++ {
		switch s[k] {
		case '\\':
			k++
		case '`':
			return "", "", false
		case ':':
			if k+1 == len(s) || s[k+1] == ' ' {
				if k == 1 || s[k-1] == ' ' {
					return "", "", false
				}
				return s[1:k], strings.TrimSpace(s[k+1:]), true
			}
		}
	}
	return "", "", false
}

// enumMarker recognises an enumerated list item: "a. ", "1. ", "a) ",
// "(a) ", "#. ". It returns the marker and where the item's text starts.
func enumMarker(s string) (marker string, at int, ok bool) {
	k := 0
	paren := false
	if k < len(s) && s[k] == '(' {
		paren = true
		k++
	}
	start := k
	switch {
	case k < len(s) && isLetter(s[k]):
		k++
	case k < len(s) && s[k] == '#':
		k++
	default:
		for k < len(s) && isDigit(s[k]) && k-start < 3 {
			k++
		}
	}
	if k == start || k >= len(s) {
		return "", 0, false
	}
	marker = s[start:k]
	switch {
	case s[k] == ')':
	case s[k] == '.' && !paren:
	default:
		return "", 0, false
	}
	k++
	if k < len(s) && s[k] != ' ' {
		return "", 0, false
	}
	for k < len(s) && s[k] == ' ' {
		k++
	}
	return marker, k, true
}

// bulletMarker returns where a bullet item's text starts, or 0.
func bulletMarker(s string) int {
	for _, b := range []string{"- ", "* ", "+ ", "• "} {
		if strings.HasPrefix(s, b) {
			k := len(b)
			for k < len(s) && s[k] == ' ' {
				k++
			}
			return k
		}
	}
	if s == "-" || s == "*" || s == "+" {
		return 1
	}
	return 0
}

// otherBlock names the RST constructs Arbiter does not interpret (their text
// is kept) and returns "" for anything else.
func otherBlock(s string) string {
	switch {
	case strings.HasPrefix(s, "+-") || strings.HasPrefix(s, "+="):
		return "grid table"
	case strings.HasPrefix(s, "==") && strings.Contains(s, " ") && strings.Trim(s, "= ") == "":
		return "simple table"
	case s == "|" || strings.HasPrefix(s, "| "):
		return "line block"
	case strings.HasPrefix(s, ">>> "):
		return "doctest block"
	}
	return ""
}

// directiveHead splits "name:: argument".
func directiveHead(s string) (name, arg string, ok bool) {
	k := strings.Index(s, "::")
	if k <= 0 || (k+2 < len(s) && s[k+2] != ' ') {
		return "", "", false
	}
	for i := 0; i < k; i++ {
		c := s[i]
		if !(isLetter(c) || isDigit(c) || c == '-' || c == '_' || c == ':' || c == '.' || c == '+') {
			return "", "", false
		}
	}
	return s[:k], strings.TrimSpace(s[k+2:]), true
}

// knownDirective lists the directives a misspelt ".. _name::" may stand for.
func knownDirective(name string) bool {
	switch strings.ToLower(name) {
	case "seealso", "admonition", "glossary", "toctree", "note", "warning":
		return true
	}
	return false
}

// rstClip shortens s for a message.
func rstClip(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
