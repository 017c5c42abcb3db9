package rules

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MarkdownExtension is Arbiter's Markdown dialect (content/README.md) as a
// goldmark extension, so the web app renders Markdown the way ParseMarkdown
// reads it. It adds definition lists (the glossary) and three inline nodes:
// ManaNode for a symbol such as {W} or {2/B}, RuleRefNode for a rule number
// cited in prose, and RuleNumberNode for the number that opens a rule
// paragraph; each has an HTML renderer that a caller may replace.
var MarkdownExtension goldmark.Extender = &MarkdownDialect{}

// MarkdownDialect configures the extension. The zero value links rule
// numbers to "#" + number.
type MarkdownDialect struct {
	// RuleURL returns the href for a rule number in rendered HTML.
	RuleURL func(Number) string
}

// Extend implements goldmark.Extender.
func (d *MarkdownDialect) Extend(m goldmark.Markdown) {
	extension.DefinitionList.Extend(m)
	m.Parser().AddOptions(
		parser.WithInlineParsers(
			util.Prioritized(manaParser{}, 150),
			util.Prioritized(ruleRefParser{}, 160),
		),
		parser.WithASTTransformers(util.Prioritized(ruleNumberTransformer{}, 100)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(&dialectRenderer{ruleURL: d.RuleURL}, 500)))
}

// Node kinds of the dialect's inline nodes.
var (
	KindManaNode       = ast.NewNodeKind("Mana")
	KindRuleRefNode    = ast.NewNodeKind("RuleRef")
	KindRuleNumberNode = ast.NewNodeKind("RuleNumber")
)

// ManaNode is one symbol in braces, "{W}", "{2/B}", "{T}". Segment covers the
// braces; the node has no children.
type ManaNode struct {
	ast.BaseInline
	Segment text.Segment
}

// Kind implements ast.Node.
func (n *ManaNode) Kind() ast.NodeKind { return KindManaNode }

// Symbol returns the text between the braces ("2/B").
func (n *ManaNode) Symbol(source []byte) string {
	v := n.Segment.Value(source)
	return string(v[1 : len(v)-1])
}

// Dump implements ast.Node.
func (n *ManaNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Symbol": n.Symbol(source)}, nil)
}

// RuleRefNode is a rule number cited in prose: "704.5k" in "see rule
// 704.5k", or a range "903.6–903.11", "103.2a–e" (Last set). Segment is the
// literal text; the node has no children.
type RuleRefNode struct {
	ast.BaseInline
	Number, Last Number
	Segment      text.Segment
}

// Kind implements ast.Node.
func (n *RuleRefNode) Kind() ast.NodeKind { return KindRuleRefNode }

// Dump implements ast.Node.
func (n *RuleRefNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Number": n.Number.String(), "Last": n.Last.String()}, nil)
}

// RuleNumberNode is the number that opens a rule paragraph ("100.1." or
// "100.1a"), the first child of a top-level paragraph, with the label that
// may follow it ("206.2. {#no-func-text-box} …"). Segment covers the number,
// its dot, the label and the spaces after them.
type RuleNumberNode struct {
	ast.BaseInline
	Number  Number
	Label   string // "{#label}" after the number, if any
	Segment text.Segment
}

// Kind implements ast.Node.
func (n *RuleNumberNode) Kind() ast.NodeKind { return KindRuleNumberNode }

// Dump implements ast.Node.
func (n *RuleNumberNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Number": n.Number.String()}, nil)
}

// manaParser reads "{…}" as one ManaNode, so emphasis and other inline
// parsing never splits a symbol.
type manaParser struct{}

func (manaParser) Trigger() []byte { return []byte{'{'} }

func (manaParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	n := mdManaLen(line)
	if n == 0 {
		return nil
	}
	block.Advance(n)
	return &ManaNode{Segment: text.NewSegment(seg.Start, seg.Start+n)}
}

// mdManaLen returns the length of the mana symbol at the start of b ("{W}",
// "{10}", "{W/U/P}", "{½}", "{∞}", "{CHAOS}"), or 0.
func mdManaLen(b []byte) int {
	if len(b) < 3 || b[0] != '{' {
		return 0
	}
	for i := 1; i < len(b) && i <= 16; {
		c := b[i]
		switch {
		case c == '}':
			if i == 1 {
				return 0
			}
			return i + 1
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '/':
			i++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(b[i:])
			if r != '½' && r != '∞' {
				return 0
			}
			i += size
		default:
			return 0
		}
	}
	return 0
}

// ruleRefParser finds rule numbers cited in prose. goldmark only calls inline
// parsers at punctuation, spaces and line heads, so it triggers on a space (or
// line head) or "(" and looks at the number after it. Chapter numbers alone
// ("903") are too often plain numbers; they count only after "rule ".
type ruleRefParser struct{}

func (ruleRefParser) Trigger() []byte { return []byte{' ', '('} }

func (ruleRefParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	if pc.IsInLinkLabel() {
		return nil
	}
	line, seg := block.PeekLine()
	lead := 0
	if len(line) > 0 && (line[0] == ' ' || line[0] == '\t' || line[0] == '(') {
		lead = 1
	} else if isRuleParagraphStart(parent, block) {
		// The number that opens a rule paragraph is the rule's own number,
		// not a reference; ruleNumberTransformer marks it.
		return nil
	}
	rest := line[lead:]
	if len(rest) == 0 || rest[0] < '1' || rest[0] > '9' {
		return nil
	}
	n, last, size := mdScanRef(rest)
	if size == 0 {
		return nil
	}
	if n.Level() == LevelChapter && !mdAfterRuleWord(block.Source(), seg.Start+lead) {
		return nil
	}
	if lead > 0 {
		ast.MergeOrAppendTextSegment(parent, seg.WithStop(seg.Start+lead))
	}
	block.Advance(lead + size)
	start := seg.Start + lead
	return &RuleRefNode{Number: n, Last: last, Segment: text.NewSegment(start, start+size)}
}

// isRuleParagraphStart reports whether the reader is at the very start of a
// top-level paragraph whose first line opens with a rule number.
func isRuleParagraphStart(parent ast.Node, block text.Reader) bool {
	if parent.Kind() != ast.KindParagraph || parent.Parent() == nil || parent.Parent().Kind() != ast.KindDocument || parent.ChildCount() != 0 {
		return false
	}
	l, seg := block.Position()
	if l != 0 || parent.Lines().Len() == 0 || seg.Start != parent.Lines().At(0).Start {
		return false
	}
	_, _, ok := mdRulePrefix(mdSegValue(parent.Lines().At(0), block.Source()))
	return ok
}

// mdAfterRuleWord reports whether source[:at] ends with "rule " or "rules ".
func mdAfterRuleWord(source []byte, at int) bool {
	b := source[:at]
	b = bytes.TrimRight(b, " ")
	if len(b) == at {
		return false
	}
	b = bytes.TrimSuffix(bytes.TrimSuffix(b, []byte("s")), []byte("S"))
	if len(b) < 4 {
		return false
	}
	w := b[len(b)-4:]
	if !bytes.EqualFold(w, []byte("rule")) {
		return false
	}
	return len(b) == 4 || !isLetter(b[len(b)-5])
}

// mdScanRef reads a rule number at the start of b, with an optional range
// ("–903.11", "-e"), and returns how many bytes it took; 0 if b does not
// start with a whole number.
func mdScanRef(b []byte) (n, last Number, size int) {
	head := b
	if len(head) > 12 {
		head = head[:12]
	}
	n, rest := ScanNumber(string(head))
	if n.IsZero() || (rest != "" && (isLetter(rest[0]) || isDigit(rest[0]))) {
		return Number{}, Number{}, 0
	}
	size = len(head) - len(rest)
	if n.Level() == LevelChapter {
		return n, Number{}, size
	}
	tail := b[size:]
	dash := 0
	switch {
	case bytes.HasPrefix(tail, []byte("–")):
		dash = len("–")
	case bytes.HasPrefix(tail, []byte("-")):
		dash = 1
	default:
		return n, Number{}, size
	}
	tail = tail[dash:]
	if m, mlen := mdScanWhole(tail); !m.IsZero() && m.Level() == n.Level() && n.Compare(m) < 0 {
		return n, m, size + dash + mlen
	}
	if n.Level() == LevelSubrule && len(tail) > 0 && ValidLetter(tail[0]) && tail[0] > n.Sub && (len(tail) == 1 || !isLetter(tail[1]) && !isDigit(tail[1])) {
		m := n
		m.Sub = tail[0]
		return n, m, size + dash + 1
	}
	return n, Number{}, size
}

func mdScanWhole(b []byte) (Number, int) {
	head := b
	if len(head) > 12 {
		head = head[:12]
	}
	n, rest := ScanNumber(string(head))
	if n.IsZero() || (rest != "" && (isLetter(rest[0]) || isDigit(rest[0]))) {
		return Number{}, 0
	}
	return n, len(head) - len(rest)
}

// mdRulePrefix reads the number that opens a rule paragraph: "100.1." or
// "100.1a" (also "100.1" and "100.1a."), followed by a space or the end of
// the line. It returns the number, the length of the number with its dot, and
// whether the line opens with one.
func mdRulePrefix(line []byte) (n Number, numLen int, ok bool) {
	head := line
	if len(head) > 12 {
		head = head[:12]
	}
	n, rest := ScanNumber(string(head))
	if lv := n.Level(); lv != LevelRule && lv != LevelSubrule {
		return Number{}, 0, false
	}
	numLen = len(head) - len(rest)
	if strings.HasPrefix(rest, ".") {
		numLen++
	}
	after := line[numLen:]
	if len(after) > 0 && after[0] != ' ' && after[0] != '\t' && after[0] != '\n' {
		return Number{}, 0, false
	}
	return n, numLen, true
}

// ruleNumberTransformer turns the number that opens each top-level rule
// paragraph into a RuleNumberNode, cutting it (and the spaces after it) from
// the paragraph's first text.
type ruleNumberTransformer struct{}

func (ruleNumberTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		p, ok := c.(*ast.Paragraph)
		if !ok || p.Lines().Len() == 0 {
			continue
		}
		first := p.Lines().At(0)
		line := first.Value(source)
		n, numLen, ok := mdRulePrefix(line)
		if !ok {
			continue
		}
		prefix := mdSkipBlanks(line, numLen)
		label := ""
		if bytes.HasPrefix(line[prefix:], []byte("{#")) {
			if end := bytes.IndexByte(line[prefix:], '}'); end > 0 {
				after := prefix + end + 1
				if l := string(line[prefix+2 : prefix+end]); mdSlugOK(l) && (after == len(line) || line[after] == ' ' || line[after] == '\t' || line[after] == '\n') {
					label, prefix = l, mdSkipBlanks(line, after)
				}
			}
		}
		if !mdCutPrefix(p, first.Start, prefix) {
			continue
		}
		p.InsertBefore(p, p.FirstChild(), &RuleNumberNode{Number: n, Label: label, Segment: text.NewSegment(first.Start, first.Start+prefix)})
	}
}

func mdSkipBlanks(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

// mdCutPrefix removes size bytes starting at start from the leading text nodes
// of p. It reports false (and changes nothing) if they are not plain text.
func mdCutPrefix(p ast.Node, start, size int) bool {
	need := size
	for c := p.FirstChild(); c != nil && need > 0; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok || t.Segment.Start != start+size-need {
			return false
		}
		need -= min(need, t.Segment.Len())
	}
	if need > 0 {
		return false
	}
	need = size
	for need > 0 {
		t := p.FirstChild().(*ast.Text)
		if t.Segment.Len() <= need {
			need -= t.Segment.Len()
			p.RemoveChild(p, t)
			continue
		}
		t.Segment = t.Segment.WithStart(t.Segment.Start + need)
		need = 0
	}
	return true
}

// dialectRenderer renders the dialect's inline nodes as HTML: mana symbols
// as <abbr class="mana">, references and rule numbers as links.
type dialectRenderer struct {
	ruleURL func(Number) string
}

func (r *dialectRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindManaNode, r.renderMana)
	reg.Register(KindRuleRefNode, r.renderRuleRef)
	reg.Register(KindRuleNumberNode, r.renderRuleNumber)
}

func (r *dialectRenderer) url(n Number) string {
	if r.ruleURL != nil {
		return r.ruleURL(n)
	}
	return "#" + n.String()
}

func (r *dialectRenderer) renderMana(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*ManaNode)
		_, _ = w.WriteString(`<abbr class="mana" title="`)
		_, _ = w.Write(util.EscapeHTML([]byte(mdManaTitle(n.Symbol(source)))))
		_, _ = w.WriteString(`">`)
		_, _ = w.Write(util.EscapeHTML(n.Segment.Value(source)))
		_, _ = w.WriteString(`</abbr>`)
	}
	return ast.WalkSkipChildren, nil
}

func (r *dialectRenderer) renderRuleRef(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*RuleRefNode)
		r.link(w, "rule-ref", n.Number, n.Segment.Value(source))
	}
	return ast.WalkSkipChildren, nil
}

func (r *dialectRenderer) renderRuleNumber(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*RuleNumberNode)
		label := n.Number.String()
		if n.Number.Level() == LevelRule {
			label += "."
		}
		if n.Label != "" {
			_, _ = w.WriteString(`<span id="` + string(util.EscapeHTML([]byte(n.Label))) + `"></span>`)
		}
		r.link(w, "rule-number", n.Number, []byte(label))
		_ = w.WriteByte(' ')
	}
	return ast.WalkSkipChildren, nil
}

func (r *dialectRenderer) link(w util.BufWriter, class string, n Number, label []byte) {
	_, _ = w.WriteString(`<a class="` + class + `" href="`)
	_, _ = w.Write(util.EscapeHTML(util.URLEscape([]byte(r.url(n)), false)))
	_, _ = w.WriteString(`">`)
	_, _ = w.Write(util.EscapeHTML(label))
	_, _ = w.WriteString(`</a>`)
}

// mdManaTitle describes a symbol for a tooltip: "W" → "white mana", "2/B" →
// "two generic or black mana", "T" → "tap".
func mdManaTitle(sym string) string {
	parts := strings.Split(sym, "/")
	for i, p := range parts {
		parts[i] = mdManaPart(p)
	}
	switch len(parts) {
	case 1:
		return parts[0]
	case 2:
		if parts[1] == "Phyrexian" {
			return "Phyrexian " + parts[0]
		}
	}
	return strings.Join(parts, " or ")
}

func mdManaPart(p string) string {
	switch p {
	case "W":
		return "white mana"
	case "U":
		return "blue mana"
	case "B":
		return "black mana"
	case "R":
		return "red mana"
	case "G":
		return "green mana"
	case "C":
		return "colorless mana"
	case "S":
		return "snow mana"
	case "X", "Y", "Z":
		return p + " generic mana"
	case "T":
		return "tap"
	case "Q":
		return "untap"
	case "E":
		return "energy"
	case "P":
		return "Phyrexian"
	case "H":
		return "half mana"
	case "½":
		return "half generic mana"
	case "∞":
		return "infinite generic mana"
	case "CHAOS":
		return "chaos"
	case "TK":
		return "ticket"
	case "PW":
		return "planeswalker"
	}
	if p != "" && strings.Trim(p, "0123456789") == "" {
		return p + " generic mana"
	}
	return p
}
