package rules

import (
	"math/bits"
	"unicode/utf8"
)

// The reference scanner: scanRange as it was before it read the text as
// bit sets (textBlock), a word at a time: each stop is found by stepping
// over the bytes before it. It is kept for the tests, which compare the
// two on every paragraph of several editions (TestScanMatchesReference)
// and time them side by side (BenchmarkScan2026). A scanner uses it when
// its scanWith is scanRangeByWord.

// scanRangeByWord scans s[i:] a word at a time; s[:i] is context for
// look-behind only.
func scanRangeByWord(sc *linkScanner, s string, i int) {
	marks := &noMarks
	if sc.terms != nil {
		marks = &sc.terms.marks
	}
	n := len(s)
	for i < n {
		c := s[i]
		if lowerAlnum[c] <= '9' { // not a letter
			switch {
			case isDigit(c):
				if next, ok := sc.numberRefs(s, i); ok {
					i = next
				} else {
					i = alnumEnd(s, i)
				}
			case c == '{':
				if end, ok := symbolAt(s, i); ok {
					sc.emit(Span{Start: int32(i), End: int32(end), Kind: SpanMana})
					i = end
				} else {
					i = nextStop(s, i+1)
				}
			case c >= utf8.RuneSelf:
				i += int(charLen[c]) // a curly quote or a dash at once
			default:
				// Punctuation, spaces: nothing starts before the next
				// letter, digit, brace or other character.
				i = nextStop(s, i+1)
			}
			continue
		}
		// A word: s[i] is a letter. Its first eight bytes give its end (in
		// most words) and its key.
		var x uint64
		if i >= 0 && i <= n-8 { // (so written, the compiler drops load64's bounds check)
			x = load64(s, i)
		} else {
			x = loadTail(s, i)
		}
		y := x | 0x20*ones64 // letters to lower case
		var j int
		var k uint64
		var t byte // the byte after the word if it is in x, else 0
		if m := nonLetters(y); m != 0 {
			sh := uint(bits.TrailingZeros64(m)-7) & 63
			j = i + int(sh>>3)
			t = byte(x >> sh)
			k = y & (1<<sh - 1) // keyOf(x, j-i)
			if isDigit(t) {
				j = alnumEnd(s, j)
				k, t = keyOf(x, j-i), 0
			}
		} else {
			// A long word: most end in the next eight bytes.
			if j = i + 8; j >= 0 && j <= n-8 {
				if m := alnumBytes(load64(s, j)) ^ high64; m != 0 {
					j += bits.TrailingZeros64(m) >> 3
				} else {
					j = alnumEnd(s, j+8)
				}
			} else {
				j = alnumEnd(s, j)
			}
			k = keyOf(x, j-i)
		}
		if h := spread(k); marks.test(k, h, followers(s, j)) != 0 {
			if next, ok := sc.word(s, i, j, k, h); ok {
				i = next
				continue
			}
		}
		i = j + int(spaceByte[t]) // past a space: the next word, most often
	}
}

// charLen is the length of the UTF-8 character a byte starts (1 for a byte
// that starts none): the text's other characters (curly quotes and
// apostrophes, dashes: 20,000 of the 2026 rules' bytes) are stepped over
// whole.
var charLen = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= 0xF0 && c <= 0xF4:
			t[c] = 4
		case c >= 0xE0 && c <= 0xEF:
			t[c] = 3
		case c >= 0xC2 && c <= 0xDF:
			t[c] = 2
		default:
			t[c] = 1
		}
	}
	return t
}()

// spaceByte is 1 for ' ', 0 for other bytes: a table, so that stepping over
// the space after a word needs no branch.
var spaceByte = [256]uint8{' ': 1}

// nonLetters returns y, eight bytes of text lower-cased by setting bit 5 of
// each, with the high bit of each byte set that is not a letter, and every
// other bit clear; but only up to the first such byte (a letter's sum never
// carries into the next byte, another byte's may). Bytes of 0x80 and more
// are never letters: y+0x05 has the high bit for 0xa0–0xfa and y+0x1f
// lacks it for 0xfb–0xff.
func nonLetters(y uint64) uint64 {
	return (^(y + (0x80-0x61)*ones64) | (y + (0x80-0x7b)*ones64)) & high64
}

// nextStop returns the index of the first byte of s at or after i where
// the scanner has something to look at (an ASCII letter or digit, a brace,
// or a byte of another character), or len(s): runs of spaces and
// punctuation are stepped over eight bytes at a time.
func nextStop(s string, i int) int {
	for i >= 0 && i <= len(s)-8 {
		x := load64(s, i)
		if m := alnumBytes(x) | byteIs(x, '{') | x&high64; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(s) && lowerAlnum[s[i]] == 0 && s[i] != '{' && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}
