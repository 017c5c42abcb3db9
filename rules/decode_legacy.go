package rules

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/encoding/charmap"
)

// Files that are not UTF-8 were saved in an 8-bit code page, and nothing in
// them says which. Most are Windows-1252 (curly quotes 0x92–0x94, ™ 0x99),
// but the Arabian Nights card names in the creature types and 700.6a betray
// others: 2013-09-27 writes Dandân, Juzám, Ma'rûf and Junún with the DOS
// bytes 0x83, 0xA0, 0x96 and 0xA3 (Windows-1252 reads them "Dandƒn", "Juz
// m", "Ma'r–f", "Jun£n"), and 2007-02-01 writes El-Hajjâj with the Mac byte
// 0x89 (Windows-1252 "El-Hajj‰j").
//
// So each candidate code page reads every non-ASCII byte in its context and
// scores what it makes of it; the best score wins, and a tie goes to the
// earlier candidate. A byte inside a word should read as a letter or an
// apostrophe, one between words as punctuation: Windows-1252's ’ in
// "don’t" and its dashes in "103.2f–h" score as well as any letter, its
// ƒ, ‰ and no-break space inside "Dand_n" do not. Letters weigh by
// how likely they are in the names the rules quote: the acute, grave and
// circumflex vowels (Dandân, Juzám, Déjà Vu) more than a diaeresis or a
// cedilla, which is what tells the Mac's â from DOS's ë for 0x89.

// codePage is one candidate: its name as Edition.Encoding reports it, its
// bytes 0x80–0xFF, and the class of each for scoring.
type codePage struct {
	name  string
	table [128]rune
	class [128]charClass
}

// legacyPages are the candidates, in order of preference on a tie:
// Windows-1252 first (most files), then the DOS code pages (437 before 850:
// they agree on every accented small letter but ø, and 437 is the OEM code
// page of US Windows), then the Mac's.
var legacyPages = sync.OnceValue(func() []*codePage {
	pages := []*codePage{{name: EncWindows1252}, {name: EncCP437}, {name: EncCP850}, {name: EncMacRoman}}
	maps := []*charmap.Charmap{nil, charmap.CodePage437, charmap.CodePage850, charmap.Macintosh}
	for i, cp := range pages {
		for b := 0x80; b <= 0xFF; b++ {
			r := rune(b) // ISO-8859-1, for Windows-1252's 0xA0–0xFF
			switch {
			case maps[i] != nil:
				r = maps[i].DecodeByte(byte(b))
			case b < 0xA0:
				r = win1252[b-0x80]
			}
			cp.table[b-0x80] = r
			cp.class[b-0x80] = classOf(r)
		}
	}
	return pages
})

// win1252 maps bytes 0x80–0x9F of Windows-1252; undefined bytes map to
// themselves (C1 controls), as they always have here.
var win1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

// charClass says what a decoded character is, for scoring.
type charClass uint8

const (
	ccOther  charClass = iota // a symbol, box drawing, control: unlikely anywhere
	ccAccent                  // a small vowel with acute, grave or circumflex
	ccLower                   // another small Latin letter
	ccUpper                   // a capital Latin letter
	ccApos                    // ’ ‘
	ccDash                    // – —
	ccPunct                   // quotes, ™ ® ©, ellipsis, bullet, no-break space…
)

func classOf(r rune) charClass {
	switch {
	case strings.ContainsRune("áàâéèêíìîóòôúùû", r):
		return ccAccent
	case r == 'ƒ': // Windows-1252's florin sign, not a letter of a name
		return ccOther
	case r < 0x250 && unicode.IsLower(r):
		return ccLower
	case r < 0x250 && unicode.IsUpper(r):
		return ccUpper
	case r == '’' || r == '‘':
		return ccApos
	case r == '–' || r == '—':
		return ccDash
	case strings.ContainsRune("“”„«»…•·\u00a0™®©°½¼¾§±×", r):
		return ccPunct
	}
	return ccOther
}

// legacyPage picks the code page that reads b's non-ASCII bytes best.
func legacyPage(b []byte) *codePage {
	pages := legacyPages()
	var score [4]int
	for i := nextHigh(b, 0); i < len(b); i = nextHigh(b, i+1) {
		c := b[i]
		var prev, next byte
		if i > 0 {
			prev = b[i-1]
		}
		if i+1 < len(b) {
			next = b[i+1]
		}
		for k, cp := range pages {
			score[k] += weigh(cp.class[c-0x80], prev, next)
		}
	}
	best := 0
	for k := range pages {
		if score[k] > score[best] {
			best = k
		}
	}
	return pages[best]
}

// weigh scores a character of class cc between the bytes prev and next
// (0 at the ends of the file; a non-ASCII neighbour counts as neither
// letter nor space).
func weigh(cc charClass, prev, next byte) int {
	afterLetter, beforeLetter := isLetter(prev), isLetter(next)
	beforeSmall := next >= 'a' && next <= 'z'
	switch cc {
	case ccAccent, ccLower:
		// Inside or at the end of a word, or starting one in lower case.
		if afterLetter || beforeSmall {
			if cc == ccAccent {
				return 2
			}
			return 1
		}
	case ccUpper:
		if !afterLetter && beforeSmall { // "Æther"
			return 1
		}
	case ccApos:
		if afterLetter || beforeLetter {
			return 2
		}
	case ccDash:
		return 2
	case ccPunct:
		if !(afterLetter && beforeLetter) {
			return 2
		}
	}
	return 0
}
