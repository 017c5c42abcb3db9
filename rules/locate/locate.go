// Package locate reads what a reader types into the jump box or the
// search box as a place in the documents, when it names one outright: a
// rule number however it is written ("704 5j", "704,5j", "CR 704.5j",
// "r. 704.5j"), an entry of another document ("MTR 4.2", "ipg2.1"), a
// part of one ("IPG 2.1 philosophy"), a section or an appendix ("section 4
// of the MTR", "MTR appendix B"), a document alone ("IPG"), or an IPG
// infraction by the shorthand judges use ("GRV", "USC minor", "missed
// trigger": infraction.go).
//
// Read only reads; whether the place exists is the edition's to say
// (Titled, PartOf, Appendix find what words name in one). Nothing here
// knows an entry's number in advance: the IPG renumbered its infractions
// over the years, so shorthand resolves through each edition's own titles.
package locate

import (
	"strings"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules"
)

// Place is what a query names.
type Place struct {
	Doc rules.Doc // the document named, or else the one being read (a CR number read anywhere is the CR's)
	// Named is set when the query names Doc itself ("MTR 4.2", "IPG"),
	// not merely a number in the document being read.
	Named bool
	// Number is an entry of Doc. The zero Number with nothing else set is
	// the document itself.
	Number rules.Number
	// Section is a section of the Comprehensive Rules ("section 7"); a
	// judge document's sections are its chapters, read as Number.
	Section int
	// Appendix is an appendix's letter, lower case: "b" of "MTR appendix B".
	Appendix string
	// Part is what follows a judge document's entry number, lower case:
	// "philosophy" of "IPG 2.1 philosophy". PartOf says whether the entry
	// has such a part.
	Part string
	// Words is what follows a document's name when it is none of the
	// above: "grv" of "IPG GRV", "taking notes" of "MTR taking notes".
	Words string
}

// Document reports whether p is a document named alone.
func (p Place) Document() bool {
	return p.Named && p.Number.IsZero() && p.Section == 0 && p.Appendix == "" && p.Words == ""
}

// maxRead bounds the input Read looks at: nothing longer names a place.
const maxRead = 200

// Read reads q as a place in the documents, cur being the document read
// (whose numbers a bare number is: "2.3" on an MTR page). It reports
// false when q names no place, for a search to take over.
func Read(q string, cur rules.Doc) (Place, bool) {
	if len(q) > maxRead || !utf8.ValidString(q) {
		return Place{}, false
	}
	raw := strings.Join(strings.Fields(q), " ")
	raw = strings.Trim(raw, " .?!\"'")
	if len(raw) > 1 && (raw[0] == '(' && raw[len(raw)-1] == ')' || raw[0] == '[' && raw[len(raw)-1] == ']') {
		raw = strings.TrimSpace(raw[1 : len(raw)-1])
	}
	s := strings.ToLower(raw)
	if len(s) != len(raw) {
		// A character whose lower case is longer or shorter: no place
		// name has one, and the offsets below must match.
		return Place{}, false
	}
	s, raw = cutPrefix(s, raw, "the ")
	s, raw = cutPrefix(s, raw, "go to ")
	if d, rest, ok := docAtStart(s, raw); ok {
		return readIn(d, true, rest)
	}
	if d, rest, ok := docAtEnd(s, raw); ok {
		return readIn(d, true, rest)
	}
	if cur == 0 {
		cur = rules.DocCR
	}
	if cur != rules.DocCR {
		// A judge document's own numbers (2.3, or 101 before 2011) and
		// parts; a CR number (704.5) read on its pages is the CR's.
		if p, ok := readIn(cur, false, s); ok && (p.Number.IsZero() || p.Number.Chapter < 100 || p.Number.Rule == 0) {
			return p, true
		}
	}
	p, ok := readIn(rules.DocCR, false, s)
	if !ok || p.Number.IsZero() && p.Section == 0 {
		return Place{}, false // "appendix b" with no document: the CR has none
	}
	return p, true
}

// readIn reads rest, what follows a document's name (or all of the query),
// as a place in document d.
func readIn(d rules.Doc, named bool, rest string) (Place, bool) {
	p := Place{Doc: d, Named: named}
	rest = strings.TrimSpace(strings.TrimLeft(rest, " :,#§"))
	if rest == "" {
		return p, named
	}
	if letter, ok := appendix(rest); ok {
		p.Appendix = letter
		return p, true
	}
	words, section := rest, false
	for _, w := range []string{"sections", "section", "sec.", "sec", "rules", "rule", "r.", "no.", "number", "r"} {
		if after, ok := cutWord(rest, w); ok {
			section = strings.HasPrefix(w, "sec")
			rest = strings.TrimLeft(after, " #§")
			break
		}
	}
	if section && d == rules.DocCR && len(rest) == 1 && rest[0] >= '1' && rest[0] <= '9' {
		p.Section = int(rest[0] - '0')
		return p, true
	}
	n, tail, ok := scanNumber(rest, d)
	if !ok {
		if named && !section && !startsWithDigit(rest) {
			p.Words = words
			return p, true
		}
		return Place{}, false
	}
	p.Number = n
	if tail = strings.TrimSpace(strings.TrimLeft(tail, " ,:;#-–—")); tail != "" {
		if d == rules.DocCR || startsWithDigit(tail) {
			return Place{}, false // "704.5k world" is a search
		}
		p.Part = tail
	}
	return p, true
}

// appendix reads "appendix b", "app. b": the appendix's letter.
func appendix(s string) (string, bool) {
	for _, w := range []string{"appendix", "app.", "app"} {
		if after, ok := cutWord(s, w); ok {
			after = strings.TrimSpace(after)
			if len(after) == 1 && after[0] >= 'a' && after[0] <= 'z' {
				return after, true
			}
			return "", false
		}
	}
	return "", false
}

// cutWord cuts w from the start of s when it stands as a word there:
// followed by a space, a digit, "#" or nothing ("rule 704", "r704.5k",
// "sec.4"), or ending in "." itself.
func cutWord(s, w string) (string, bool) {
	after, ok := strings.CutPrefix(s, w)
	if !ok {
		return s, false
	}
	if after == "" || strings.HasSuffix(w, ".") || after[0] == ' ' || after[0] == '#' || startsWithDigit(after) {
		return strings.TrimSpace(after), true
	}
	return s, false
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// cutPrefix drops prefix p from s and the same bytes from raw, s's
// original case.
func cutPrefix(s, raw, p string) (string, string) {
	if strings.HasPrefix(s, p) {
		return s[len(p):], raw[len(p):]
	}
	return s, raw
}

// docName is a name a document goes by. One that is also an English
// word ("jar") names the document only in capitals ("JAR").
type docName struct {
	name string
	doc  rules.Doc
	caps bool
}

// docNames, longest first, so that "magic tournament rules" is read
// whole rather than as "tournament rules".
var docNames = []docName{
	{name: "magic: the gathering comprehensive rules", doc: rules.DocCR},
	{name: "magic: the gathering tournament rules", doc: rules.DocMTR},
	{name: "judging at regular rules enforcement level", doc: rules.DocJAR},
	{name: "infraction procedure guide", doc: rules.DocIPG},
	{name: "magic tournament rules", doc: rules.DocMTR},
	{name: "judging at regular rel", doc: rules.DocJAR},
	{name: "comprehensive rules", doc: rules.DocCR},
	{name: "tournament rules", doc: rules.DocMTR},
	{name: "comp. rules", doc: rules.DocCR},
	{name: "comp rules", doc: rules.DocCR},
	{name: "floor rules", doc: rules.DocMTR},
	{name: "mtr", doc: rules.DocMTR},
	{name: "ipg", doc: rules.DocIPG},
	{name: "jar", doc: rules.DocJAR, caps: true},
	{name: "cr", doc: rules.DocCR},
}

// docAtStart reads a document's name at the start of s ("mtr 4.2",
// "ipg2.1", "cr704.5k"), returning the rest. A name running on into a
// word is not one: "crew", "mtrx".
func docAtStart(s, raw string) (rules.Doc, string, bool) {
	for _, n := range docNames {
		rest, ok := strings.CutPrefix(s, n.name)
		if !ok || n.caps && !strings.HasPrefix(raw, strings.ToUpper(n.name)) {
			continue
		}
		if rest != "" && isWordByte(rest[0]) && !startsWithDigit(rest) {
			continue
		}
		rest = strings.TrimPrefix(rest, "'s")
		return n.doc, strings.TrimSpace(rest), true
	}
	return 0, "", false
}

// docAtEnd reads a document's name at the end of s, after what it names:
// "section 4 of the mtr", "2.1 in the ipg", "4.2 mtr".
func docAtEnd(s, raw string) (rules.Doc, string, bool) {
	for _, n := range docNames {
		rest, ok := strings.CutSuffix(s, n.name)
		if !ok || rest == "" || n.caps && !strings.HasSuffix(raw, strings.ToUpper(n.name)) {
			continue
		}
		if last := rest[len(rest)-1]; last != ' ' && !(last >= '0' && last <= '9') {
			continue
		}
		rest = strings.TrimSpace(rest)
		for _, w := range []string{" the", " of", " in", " from"} {
			rest = strings.TrimSpace(strings.TrimSuffix(rest, w))
		}
		if rest == "" {
			continue
		}
		return n.doc, rest, true
	}
	return 0, "", false
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf
}
