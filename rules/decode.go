package rules

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Encodings Decode recognises, as reported in Edition.Encoding.
const (
	EncUTF8        = "utf-8"
	EncUTF8BOM     = "utf-8-bom"
	EncUTF16LE     = "utf-16le"
	EncUTF16BE     = "utf-16be"
	EncWindows1252 = "windows-1252"
	EncCP437       = "cp437"     // IBM PC (DOS) code page, US
	EncCP850       = "cp850"     // DOS code page, Western Europe
	EncMacRoman    = "mac-roman" // classic Mac OS
)

// Decode turns a source file's bytes into text. Wizards published the rules in
// UTF-8 with and without a byte order mark, UTF-16 (both byte orders, always
// with a mark) and 8-bit code pages with no mark at all: mostly Windows-1252
// (which also covers ISO-8859-1), but a few files were saved in a DOS or Mac
// code page. Bytes that are not valid UTF-8 are read in whichever of those
// code pages reads them best (see legacyPage). A NUL in the result means
// binary input; the caller reports it.
func Decode(b []byte) (text, encoding string) { return decode(b, false) }

// decode is Decode; with inPlace, UTF-8 text is b itself, not a copy (see
// Source.Data). Copying the newest rules (955 KB) took 0.4 ms, most of it
// faulting in the fresh pages, and was a third of what parsing them
// allocates.
func decode(b []byte, inPlace bool) (text, encoding string) {
	str := func(b []byte) string {
		if inPlace {
			return unsafe.String(unsafe.SliceData(b), len(b))
		}
		return string(b)
	}
	switch {
	case len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF:
		b = b[3:]
		if validText(b) {
			return str(b), EncUTF8BOM
		}
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		return decodeUTF16(b[2:], false), EncUTF16LE
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return decodeUTF16(b[2:], true), EncUTF16BE
	case validText(b):
		return str(b), EncUTF8
	}
	cp := legacyPage(b)
	return decode8bit(b, &cp.table), cp.name
}

// parallelDecodeBytes is the size of text worth validating on two
// processors at once.
const parallelDecodeBytes = 256 << 10

// validText is validUTF8, with a long text checked in two halves at once.
// The halves meet at a byte that starts a character (not a continuation
// byte), so the text is valid exactly when both halves are.
func validText(b []byte) bool {
	if len(b) < parallelDecodeBytes || runtime.GOMAXPROCS(0) < 2 {
		return validUTF8(b)
	}
	m := len(b) / 2
	for m < len(b) && b[m]&0xC0 == 0x80 {
		m++
	}
	second := make(chan bool)
	go func() { second <- validUTF8(b[m:]) }()
	first := validUTF8(b[:m])
	return <-second && first
}

// validUTF8 is utf8.Valid, faster on text that is mostly ASCII with some
// other characters throughout (curly quotes, dashes, ™): utf8.Valid checks
// eight bytes at a time only until the first non-ASCII byte and one at a
// time from there on; this goes back to eight at a time after each
// character.
func validUTF8(p []byte) bool {
	const hi = 0x8080808080808080
	i := 0
	for i >= 0 && i <= len(p)-16 { // (so written, the loads need no bounds checks)
		m := binary.LittleEndian.Uint64(p[i:i+8]) & hi
		if m|binary.LittleEndian.Uint64(p[i+8:i+16])&hi == 0 {
			i += 16
			continue
		}
		if m == 0 {
			i += 8
			m = binary.LittleEndian.Uint64(p[i:i+8]) & hi
		}
		i += bits.TrailingZeros64(m) / 8 // the first non-ASCII byte
		// The characters the rules use are two or three bytes long (é,
		// curly quotes, dashes, ™); a lead byte whose every continuation
		// may be 80–BF is checked here, anything else by DecodeRune.
		if c := p[i]; c >= 0xC2 && c <= 0xDF && i+1 < len(p) && p[i+1]&0xC0 == 0x80 {
			i += 2
			continue
		} else if c >= 0xE1 && c <= 0xEF && c != 0xED && i+2 < len(p) && p[i+1]&0xC0 == 0x80 && p[i+2]&0xC0 == 0x80 {
			i += 3
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n == 1 {
			return false
		}
		i += n
	}
	return utf8.Valid(p[i:])
}

func decodeUTF16(b []byte, bigEndian bool) string {
	// Straight to UTF-8 in one buffer: ASCII-heavy text shrinks by half.
	out := make([]byte, 0, len(b)/2+len(b)/8)
	unit := func(i int) rune {
		if bigEndian {
			return rune(b[i])<<8 | rune(b[i+1])
		}
		return rune(b[i+1])<<8 | rune(b[i])
	}
	for i := 0; i+1 < len(b); i += 2 {
		r := unit(i)
		switch {
		case r < 0x80:
			out = append(out, byte(r))
			continue
		case utf16.IsSurrogate(r):
			if r < 0xDC00 && i+3 < len(b) {
				if r2 := unit(i + 2); r2 >= 0xDC00 && r2 < 0xE000 {
					r = utf16.DecodeRune(r, r2)
					i += 2
					break
				}
			}
			r = utf8.RuneError
		}
		out = utf8.AppendRune(out, r)
	}
	if len(b)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return string(out)
}

// decode8bit decodes b in an 8-bit code page whose bytes 0x80–0xFF are
// table (ASCII is the same in all of them).
func decode8bit(b []byte, table *[128]rune) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	start := 0
	for i := nextHigh(b, 0); i < len(b); i = nextHigh(b, i+1) {
		sb.Write(b[start:i])
		sb.WriteRune(table[b[i]-0x80])
		start = i + 1
	}
	sb.Write(b[start:])
	return sb.String()
}

// nextHigh returns the index of the first non-ASCII byte of b at or after
// i, or len(b). It looks at eight bytes at a time: in the rules' text such
// bytes are a few in a hundred.
func nextHigh(b []byte, i int) int {
	const hi = 0x8080808080808080
	for i >= 0 && i <= len(b)-8 {
		if m := binary.LittleEndian.Uint64(b[i:i+8]) & hi; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	for i < len(b) && b[i] < 0x80 {
		i++
	}
	return i
}

// Lines splits text into lines at CRLF, CR or LF, in any mix. Line i of the
// result is line i+1 of the file. The lines share text's memory.
func Lines(text string) []string {
	// Exact for files with one kind of line end (CRLF counts once); a file
	// that mixes CR and LF lines grows the slice once or twice.
	n := max(strings.Count(text, "\n"), strings.Count(text, "\r"))
	lines := make([]string, 0, n+1)
	r := newLineReader(text)
	for {
		line, ok := r.next()
		if !ok {
			return lines
		}
		lines = append(lines, line)
	}
}

// lineReader reads text a line at a time, ending lines at CRLF, CR or LF in
// any mix; a last line without an end counts, an empty one after the last
// line end does not. It finds line ends with strings.IndexByte, which is
// vectorised, so reading the lines costs little more than reading the text
// once. Lines and the text parser's splitText share it.
type lineReader struct {
	text           string
	start          int // where the next line starts
	nextCR, nextLF int // the next '\r' and '\n' at or after start; -2: not searched yet; -1: none left
}

func newLineReader(text string) lineReader {
	return lineReader{text: text, nextCR: -2, nextLF: -2}
}

// next returns the next line without its end, or false after the last.
func (r *lineReader) next() (string, bool) {
	text, start := r.text, r.start
	if start >= len(text) {
		return "", false
	}
	if r.nextCR != -1 && r.nextCR < start {
		if r.nextCR = strings.IndexByte(text[start:], '\r'); r.nextCR >= 0 {
			r.nextCR += start
		}
	}
	if r.nextLF != -1 && r.nextLF < start {
		if r.nextLF = strings.IndexByte(text[start:], '\n'); r.nextLF >= 0 {
			r.nextLF += start
		}
	}
	end := r.nextLF
	if r.nextCR >= 0 && (end < 0 || r.nextCR < end) {
		end = r.nextCR
	}
	if end < 0 {
		r.start = len(text)
		return text[start:], true
	}
	r.start = end + 1
	if text[end] == '\r' && r.start < len(text) && text[r.start] == '\n' {
		r.start++
	}
	return text[start:end], true
}
