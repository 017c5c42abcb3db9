package pdftext

import (
	"strings"
	"unicode"
)

// resolveHyphens decides, for each word hyphenated at a line's end (the
// hyphen mark between two parts), whether the hyphen belongs to the word.
// Judge documents are written in Word, which breaks lines after the
// hyphens a word already has and does not hyphenate on its own, so the
// hyphen stays unless the document itself says otherwise: it goes when
// the joined word appears elsewhere in the document and the hyphenated one
// does not (or less often). It stays before a capital ("Two-Headed") and
// after a digit ("8-player").
func resolveHyphens(blocks []Block) {
	words := map[string]int{}
	marked := false
	for _, b := range blocks {
		if strings.ContainsRune(b.Text, hyphenMark) {
			marked = true
		}
		for _, w := range strings.FieldsFunc(b.Text, notWordRune) {
			words[strings.ToLower(w)]++
		}
	}
	if !marked {
		return
	}
	for i := range blocks {
		blocks[i].Text = resolveText(blocks[i].Text, words)
	}
}

// notWordRune splits text into words that keep their inner hyphens.
func notWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\''
}

func resolveText(s string, words map[string]int) string {
	if !strings.ContainsRune(s, hyphenMark) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if r != hyphenMark {
			b.WriteRune(r)
			continue
		}
		start := i
		for start > 0 && isWordRune(rs[start-1]) {
			start--
		}
		end := i + 1
		for end < len(rs) && isWordRune(rs[end]) {
			end++
		}
		left, right := string(rs[start:i]), string(rs[i+1:end])
		if !keepHyphen(left, right, words) {
			continue
		}
		b.WriteRune('-')
	}
	return b.String()
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// keepHyphen decides for one hyphenated word.
func keepHyphen(left, right string, words map[string]int) bool {
	if left == "" || right == "" {
		return true
	}
	first, last := []rune(right)[0], []rune(left)[len([]rune(left))-1]
	if !unicode.IsLower(first) || unicode.IsDigit(last) {
		return true // "Two-Headed", "8-player"
	}
	joined := words[strings.ToLower(left+right)]
	hyphened := words[strings.ToLower(left+"-"+right)]
	return joined <= hyphened
}
