package search

import (
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules"
)

// TokenKind tells the tokenizer's token shapes apart.
type TokenKind uint8

const (
	TokWord     TokenKind = iota + 1 // a word, or one part of a hyphenated word
	TokNumber                        // a rule number "704.5k", a count "21", a P/T "+1/+1"
	TokMana                          // a symbol in braces "{2/B}", folded to "{2/b}"
	TokCompound                      // a hyphenated word whole, "assembly-worker"; its parts follow as words
)

// Token is one searchable unit of text.
type Token struct {
	Kind       TokenKind
	Fold       string // folded surface form: lower case, accents and apostrophes dropped
	Key        string // what the index stores: Fold stemmed (words), Fold itself otherwise
	Start, End int    // byte span in the text
	Pos        int    // word position; a compound shares its first part's
}

// Tokenize splits s into tokens. Rule numbers, mana symbols and hyphenated
// words stay whole; a hyphenated word is also given as its parts, so "double
// faced" finds "double-faced". It is the one tokenizer for indexing, queries
// and highlighting, so all three agree.
func Tokenize(s string) []Token {
	var out []Token
	var sc scanner
	var key []byte
	sc.scan(s, func(t *rawToken) {
		key = appendKey(key[:0], t.kind, t.fold)
		out = append(out, Token{
			Kind:  t.kind,
			Fold:  string(t.fold),
			Key:   string(key),
			Start: t.start,
			End:   t.end,
			Pos:   t.pos,
		})
	})
	return out
}

// rawToken is a token whose fold belongs to the scanner and is valid only
// during the callback, so indexing a megabyte allocates little. Its key is
// left to the caller (appendKey): the index stems each distinct word once.
type rawToken struct {
	kind       TokenKind
	fold       []byte
	start, end int
	pos        int
}

// appendKey appends the index key of a token: words stemmed, each part of a
// compound stemmed, numbers and symbols as folded.
func appendKey(dst []byte, kind TokenKind, fold []byte) []byte {
	switch kind {
	case TokWord:
		return stem(dst, fold)
	case TokCompound:
		for len(fold) > 0 {
			i := 0
			for i < len(fold) && fold[i] != '-' {
				i++
			}
			dst = stem(dst, fold[:i])
			if i == len(fold) {
				break
			}
			dst = append(dst, '-')
			fold = fold[i+1:]
		}
		return dst
	}
	return append(dst, fold...)
}

// scanner holds the buffers tokenizing reuses.
type scanner struct {
	fold  []byte // the folded word being read
	parts []int  // end offsets in fold of each hyphen-separated part
	spans []int  // byte offsets in the text where each part starts and ends: start0,end0,start1,…
	buf   []byte
	pos   int      // next word position
	tok   rawToken // the token being emitted; reused so it never escapes per call
}

// maxWord bounds a token's folded length; a longer run of letters goes on as
// a new token, so pathological input stays cheap.
const maxWord = 64

func (sc *scanner) scan(s string, emit func(*rawToken)) {
	sc.pos = 0
	t := &sc.tok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			if n := manaLen(s[i:]); n > 0 {
				sc.buf = appendLower(sc.buf[:0], s[i:i+n])
				*t = rawToken{kind: TokMana, fold: sc.buf, start: i, end: i + n, pos: sc.pos}
				sc.pos++
				emit(t)
				i += n
				continue
			}
			i++
			continue
		case isDigit(c) || (c == '+' || c == '-') && i+1 < len(s) && isDigit(s[i+1]) && !wordBefore(s, i):
			if n := numberLen(s[i:]); n > 0 {
				sc.buf = appendNumber(sc.buf[:0], s[i:i+n])
				*t = rawToken{kind: TokNumber, fold: sc.buf, start: i, end: i + n, pos: sc.pos}
				sc.pos++
				emit(t)
				i += n
				continue
			}
		}
		if c < utf8.RuneSelf {
			if isDigit(c) || isASCIILetter(c) {
				i = sc.word(s, i, emit)
				continue
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			i = sc.word(s, i, emit)
			continue
		}
		i += size
	}
}

// word reads a run of letters and digits that may hold apostrophes ("can't"
// → "cant") and hyphens ("Assembly-Worker") between them, and emits it.
func (sc *scanner) word(s string, i int, emit func(*rawToken)) int {
	sc.fold = sc.fold[:0]
	sc.parts = sc.parts[:0]
	sc.spans = append(sc.spans[:0], i)
	start := i
	prevWord := false // the last rune read was a letter or digit
	for i < len(s) && len(sc.fold) < maxWord {
		if c := s[i]; c < utf8.RuneSelf && (isDigit(c) || isASCIILetter(c)) {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			sc.fold = append(sc.fold, c)
			prevWord = true
			i++
			continue
		}
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case isWordRune(r):
			sc.fold = appendFolded(sc.fold, r)
			prevWord = true
			i += size
			continue
		case unicode.Is(unicode.Mn, r): // a combining accent: drop it
			i += size
			continue
		case isApostrophe(r) && prevWord && i+size < len(s) && startsWord(s[i+size:]):
			i += size // dropped: "owner’s" and "owners" index alike
			continue
		case isHyphen(r) && prevWord && i+size < len(s) && startsWord(s[i+size:]):
			sc.parts = append(sc.parts, len(sc.fold))
			sc.spans = append(sc.spans, i, i+size)
			sc.fold = append(sc.fold, '-')
			prevWord = false
			i += size
			continue
		}
		break
	}
	end := i
	if n := len(sc.fold); n > 0 && sc.fold[n-1] == '-' { // cut at maxWord just after a hyphen
		sc.fold = sc.fold[:n-1]
		sc.parts = sc.parts[:len(sc.parts)-1]
		end = sc.spans[len(sc.spans)-2]
		sc.spans = sc.spans[:len(sc.spans)-2]
	}
	sc.parts = append(sc.parts, len(sc.fold))
	sc.spans = append(sc.spans, end)
	if len(sc.fold) == 0 {
		return end
	}
	t := &sc.tok
	if len(sc.parts) > 1 {
		*t = rawToken{kind: TokCompound, fold: sc.fold, start: start, end: end, pos: sc.pos}
		emit(t)
		from := 0
		for k, to := range sc.parts {
			*t = rawToken{kind: TokWord, fold: sc.fold[from:to:to], start: sc.spans[2*k], end: sc.spans[2*k+1], pos: sc.pos}
			sc.pos++
			emit(t)
			from = to + 1
		}
		return end
	}
	*t = rawToken{kind: TokWord, fold: sc.fold, start: start, end: end, pos: sc.pos}
	sc.pos++
	emit(t)
	return end
}

func isDigit(c byte) bool       { return c >= '0' && c <= '9' }
func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return isDigit(byte(r)) || isASCIILetter(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func isApostrophe(r rune) bool { return r == '\'' || r == '\u2019' || r == '\u02bc' || r == '\u2018' }
func isHyphen(r rune) bool     { return r == '-' || r == '\u2010' || r == '\u2011' }

// startsWord reports whether s begins with a letter or digit.
func startsWord(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return isWordRune(r)
}

// wordBefore reports whether s[i] directly follows a letter or digit, so the
// "-" in "non-1" is a hyphen, not a minus sign.
func wordBefore(s string, i int) bool {
	if i == 0 {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return isWordRune(r)
}

// manaLen returns the length of the mana or other symbol at the start of s
// ("{2/B}", "{T}", "{W/U/P}"), or 0.
func manaLen(s string) int {
	for i := 1; i < len(s) && i <= 9; i++ {
		c := s[i]
		if c == '}' {
			if i == 1 {
				return 0
			}
			return i + 1
		}
		if !isDigit(c) && !isASCIILetter(c) && c != '/' && c != '+' {
			return 0
		}
	}
	return 0
}

// numberLen returns the length of the number at the start of s: a rule
// number ("704.5k", "100.1.", the final period left out), a signed count or a
// power/toughness pair ("+1/+1", "2/2"); 0 if a letter follows the digits
// ("1st" is a word).
func numberLen(s string) int {
	if isDigit(s[0]) {
		if n, rest := rules.ScanNumber(s); !n.IsZero() {
			if !startsWord(rest) {
				return len(s) - len(rest)
			}
		}
	}
	i := signedDigits(s)
	if i == 0 {
		return 0
	}
	if i+1 < len(s) && s[i] == '/' {
		if j := signedDigits(s[i+1:]); j > 0 {
			i += 1 + j
		}
	}
	if startsWord(s[i:]) {
		return 0
	}
	return i
}

// signedDigits returns the length of an optional sign and digits at the start of s.
func signedDigits(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	j := i
	for j < len(s) && isDigit(s[j]) && j-i < 12 {
		j++
	}
	if j == i {
		return 0
	}
	return j
}

// appendNumber appends a number in canonical form: rule numbers as
// rules.Number prints them, everything else as written.
func appendNumber(b []byte, s string) []byte {
	if n, rest := rules.ScanNumber(s); !n.IsZero() && rest == "" {
		return n.Append(b)
	}
	return append(b, s...)
}

func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// appendFolded appends r lower-cased with its accent dropped; ligatures
// become two letters ("Æther" → "aether").
func appendFolded(b []byte, r rune) []byte {
	if r < utf8.RuneSelf {
		c := byte(r)
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		return append(b, c)
	}
	switch r {
	case 'Æ', 'æ':
		return append(b, 'a', 'e')
	case 'Œ', 'œ':
		return append(b, 'o', 'e')
	case 'ß':
		return append(b, 's', 's')
	}
	if f := foldLatin(r); f != 0 {
		return append(b, f)
	}
	return utf8.AppendRune(b, unicode.ToLower(r))
}

// latinFold maps U+00C0…U+017F to a plain lower-case letter, 0 where none.
// Each row of the table below lists the accented forms of the letter that
// starts it, upper and lower case.
var latinFold = func() (t [0x180 - 0xC0]byte) {
	for _, row := range []string{
		"aÀÁÂÃÄÅàáâãäåĀāĂăĄą",
		"cÇçĆćĈĉĊċČč",
		"dĎďĐđ",
		"eÈÉÊËèéêëĒēĔĕĖėĘęĚě",
		"gĜĝĞğĠġĢģ",
		"hĤĥĦħ",
		"iÌÍÎÏìíîïĨĩĪīĬĭĮįİı",
		"jĴĵ",
		"kĶķ",
		"lĹĺĻļĽľĿŀŁł",
		"nÑñŃńŅņŇň",
		"oÒÓÔÕÖØòóôõöøŌōŎŏŐő",
		"rŔŕŖŗŘř",
		"sŚśŜŝŞşŠš",
		"tŢţŤťŦŧ",
		"uÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų",
		"wŴŵ",
		"yÝýÿŶŷŸ",
		"zŹźŻżŽž",
	} {
		for _, r := range row[1:] {
			t[r-0xC0] = row[0]
		}
	}
	return t
}()

func foldLatin(r rune) byte {
	if r < 0xC0 || r >= 0x180 {
		return 0
	}
	return latinFold[r-0xC0]
}
