package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Some early files lost characters when they were converted to text, each
// the same way throughout the file; repairText reads them back before the
// file is split into lines (it never adds or removes a line end):
//
//   - characters the converter could not map, written as U+FFFD
//     (1999-04-23, 2001-07-23, 2002-02-20): read by where they stand as the
//     dash, apostrophe or quote they were; a trademark sign after a name
//     ("Magic�") is dropped, since nothing tells ™ from ®;
//   - the symbol font's letters in place of its signs (2001-09-24):
//     "UngluedT" is Unglued™, "Magicr" Magic®;
//   - mana symbols in the old mana font's letters (1999-11-01): "o3oUoU"
//     is {3}{U}{U}, "ocT" (or "oT") the tap symbol; and the first
//     edition's tap symbol, {Tap}, is {T}.
//
// Each repair is reported once, with the number of places and the first.
// Files that write symbols in braces, as every file since 2003 does, have
// no symbol-font letters, so those two are looked for only in files with
// no brace at all.
func repairText(text string, d *diags) string {
	text = repairLost(text, d)
	if i := strings.Index(text, "{Tap}"); i >= 0 {
		// The first edition names the tap symbol in its braces.
		d.infof(lineOf(text, i), "the tap symbol is written {Tap} (%d times); read as {T}", strings.Count(text, "{Tap}"))
		text = strings.ReplaceAll(text, "{Tap}", "{T}")
	}
	if strings.IndexByte(text, '{') < 0 {
		text = repairOldMana(text, d)
		text = repairMarks(text, d)
	}
	return text
}

// repairLost reads each U+FFFD by its neighbours.
func repairLost(text string, d *diags) string {
	const lost = "\uFFFD"
	if !strings.Contains(text, lost) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	n, dropped, first := 0, 0, -1
	open := false // a quote opened by a lost character is not yet closed
	last := 0
	for i := strings.Index(text, lost); i >= 0; {
		if seg := text[last:i]; strings.Contains(seg, "\n\n") || strings.Contains(seg, "\r\n\r\n") || strings.Contains(seg, "\r\r") {
			open = false // a paragraph ended
		}
		b.WriteString(text[last:i])
		if first < 0 {
			first = i
		}
		prev, _ := utf8.DecodeLastRuneInString(text[:i])
		next, _ := utf8.DecodeRuneInString(text[i+len(lost):])
		var r string
		switch {
		case unicode.IsDigit(next) && (unicode.IsDigit(prev) || unicode.IsLetter(prev)):
			r = "–" // "212–215", "409.1a–409.1f"
		case unicode.IsLower(prev) && contraction(text[i+len(lost):]):
			r = "’" // "it’s"
		case unicode.IsLetter(prev) && unicode.IsLetter(next), prev == ' ' && next == ' ':
			r = "—" // "cards—even", "Creature — Minotaur"
		case !unicode.IsLetter(prev) && !unicode.IsDigit(prev) && (unicode.IsLetter(next) || unicode.IsDigit(next)):
			r, open = "“", true
		case open && !unicode.IsLetter(next) && !unicode.IsDigit(next):
			r, open = "”", false
		case unicode.IsLetter(prev) && capitalWord(text[:i]):
			r = "" // "Magic� player": ™ or ®, which cannot be told
			dropped++
		case unicode.IsLetter(prev):
			r = "—" // "controller—" at a line's end, the sentence going on
		default:
			r = lost
		}
		b.WriteString(r)
		n++
		last = i + len(lost)
		j := strings.Index(text[last:], lost)
		if j < 0 {
			break
		}
		i = last + j
	}
	b.WriteString(text[last:])
	d.warnf(lineOf(text, first), "%d characters were lost when the file was converted to text (written �); read by where they stand as dashes, apostrophes and quotes, %d trademark signs after names dropped", n, dropped)
	return b.String()
}

// contraction reports whether s starts with the end of a contraction or a
// possessive: "s", "t", "d", "m", "ll", "re", "ve", then a non-letter.
func contraction(s string) bool {
	for _, end := range []string{"s", "t", "d", "m", "ll", "re", "ve"} {
		if strings.HasPrefix(s, end) {
			r, _ := utf8.DecodeRuneInString(s[len(end):])
			return !unicode.IsLetter(r)
		}
	}
	return false
}

// capitalWord reports whether the word s ends with starts with a capital.
func capitalWord(s string) bool {
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	r, _ := utf8.DecodeRuneInString(s[i+1:])
	return unicode.IsUpper(r)
}

// repairMarks reads the symbol font's "T" (™) and "r" (®) glued to the end
// of names: "UngluedT", "Magicr". A file has them if several names end in
// a capital T after a small letter, which no word does; there, a
// capitalised word ending in "r" is a name with ® when the rest is a word
// of the file and the whole is not ("Your" stays: "your" is a word).
func repairMarks(text string, d *diags) string {
	glued := 0
	for i := strings.IndexByte(text, 'T'); i >= 0 && glued < 3; {
		if gluedT(text, i) {
			glued++
		}
		j := strings.IndexByte(text[i+1:], 'T')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if glued < 3 {
		return text
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		words[w] = true
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/64)
	n, first, last := 0, -1, 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != 'T' && c != 'r' || i == 0 || !isLetter(text[i-1]) || i+1 < len(text) && isLetter(text[i+1]) {
			continue
		}
		// A name's stem must be a word of the file and the whole not
		// ("DCIT" is DCI™; "Your" stays, as "your" is a word).
		start := strings.LastIndexFunc(text[:i], func(r rune) bool { return !unicode.IsLetter(r) }) + 1
		w := text[start : i+1]
		name := len(w) > 3 && w[0] >= 'A' && w[0] <= 'Z' && words[w[:len(w)-1]] && !words[strings.ToLower(w)]
		mark := ""
		switch {
		case c == 'T' && (gluedT(text, i) || name && strings.ToUpper(w) == w):
			mark = "™"
		case c == 'r' && name && isLower(text[i-1]):
			mark = "®"
		}
		if mark == "" {
			continue
		}
		if first < 0 {
			first = i
		}
		b.WriteString(text[last:i])
		b.WriteString(mark)
		last = i + 1
		n++
	}
	b.WriteString(text[last:])
	d.warnf(lineOf(text, first), "%d trademark signs are written in the symbol font's letters (\"UngluedT\", \"Magicr\"); read as ™ and ®", n)
	return b.String()
}

// gluedT reports whether the T at text[i] ends a capitalised word after
// a small letter: "UngluedT".
func gluedT(text string, i int) bool {
	if i < 3 || !isLower(text[i-1]) || i+1 < len(text) && isLetter(text[i+1]) {
		return false
	}
	j := i - 1
	for j > 0 && isLower(text[j-1]) {
		j--
	}
	return j > 0 && text[j-1] >= 'A' && text[j-1] <= 'Z' && (j == 1 || !isLetter(text[j-2]))
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// repairOldMana writes the old mana font's symbols in braces: a word made
// wholly of "o" and a symbol ("o3", "oU", "oX", "ocT" or "oT" for tap),
// once or more ("o3oUoU"), is those symbols; the font's "o" is sometimes
// doubled ("oo2oW") and a symbol may lose the space before it ("such
// aso1": "such as {1}"). A file has the font if at least three such words
// name a color or the tap symbol.
func repairOldMana(text string, d *diags) string {
	colored := 0
	for i := 0; i < len(text) && colored < 3; i++ {
		k := strings.IndexByte(text[i:], 'o')
		if k < 0 {
			break
		}
		i += k
		if _, syms, ok := manaWord(text, i); ok && strings.ContainsAny(syms, "WUBRGT") {
			colored++
		}
	}
	if colored < 3 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/64)
	n, first, last := 0, -1, 0
	for i := 0; i < len(text); i++ {
		k := strings.IndexByte(text[i:], 'o')
		if k < 0 {
			break
		}
		i += k
		end, syms, ok := manaWord(text, i)
		start := i
		if !ok {
			// "aso1": a word glued to a number symbol at its end.
			if i == 0 || !isLower(text[i-1]) || !gluedNumber(text, i) {
				continue
			}
			end, syms, _ = manaRun(text, i)
			b.WriteString(text[last:i])
			b.WriteByte(' ')
			last = i
		}
		if first < 0 {
			first = start
		}
		b.WriteString(text[last:start])
		b.WriteString(syms)
		last = end
		i = end - 1
		n++
	}
	b.WriteString(text[last:])
	d.warnf(lineOf(text, first), "%d mana and tap symbols are written in the old mana font's letters (\"o3oUoU\", \"ocT\"); read as {3}{U}{U} and {T}", n)
	return b.String()
}

// manaWord reads a word of old-font symbols starting at text[i] (an "o"
// at the start of a word): it returns where the word ends and its symbols
// in braces.
func manaWord(text string, i int) (int, string, bool) {
	if i > 0 && (isLetter(text[i-1]) || isDigit(text[i-1])) {
		return 0, "", false
	}
	if strings.HasPrefix(text[i:], "oo") {
		i++
	}
	return manaRun(text, i)
}

// manaRun reads "o" and a symbol, once or more, up to the end of a word.
func manaRun(text string, i int) (int, string, bool) {
	var syms strings.Builder
	for i < len(text) && text[i] == 'o' {
		j := i + 1
		switch {
		case j < len(text) && isDigit(text[j]):
			for j < len(text) && isDigit(text[j]) {
				j++
			}
		case strings.HasPrefix(text[j:], "cT"):
			syms.WriteString("{T}")
			i = j + 2
			continue
		case j < len(text) && strings.IndexByte("WUBRGXYZT", text[j]) >= 0:
			j++
		default:
			return 0, "", false
		}
		syms.WriteString("{" + text[i+1:j] + "}")
		i = j
	}
	if syms.Len() == 0 || i < len(text) && (isLetter(text[i]) || isDigit(text[i])) {
		return 0, "", false
	}
	return i, syms.String(), true
}

// gluedNumber reports whether text[i:] is "o" and digits ending a word.
func gluedNumber(text string, i int) bool {
	j := i + 1
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	return j > i+1 && (j == len(text) || !isLetter(text[j]) && !isDigit(text[j]))
}
