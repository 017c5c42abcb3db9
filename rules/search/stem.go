package search

// A light English stemmer, enough for the rules' vocabulary: plurals,
// possessives (the tokenizer already dropped the apostrophe), -ed and -ing,
// a final silent e and y/i. It conflates "counter", "counters", "countered"
// and "countering", or "ability" and "abilities", and leaves words alone
// when in doubt: a stem never gets shorter than three letters. Stems are
// index keys, never shown.

// irregular stems the suffix rules get wrong and judges type often.
var irregular = map[string]string{
	"died":  "die",
	"dying": "die",
	"dies":  "die",
	"lost":  "los",
	"drew":  "draw",
	"drawn": "draw",
	"paid":  "pay",
	"chose": "choos",
	"dealt": "deal",
	"goes":  "go",
}

// stem appends the stem of the folded word w to dst.
func stem(dst, w []byte) []byte {
	if len(w) <= 3 || !asciiLower(w) {
		return append(dst, w...)
	}
	if s, ok := irregular[string(w)]; ok {
		return append(dst, s...)
	}
	start := len(dst)
	dst = append(dst, w...)
	b := dst[start:]
	b = stemPlural(b)
	if n := len(b); n > 5 && hasSuffix(b, "ing") && hasVowel(b[:n-3]) {
		b = undouble(b[:n-3])
	} else if n > 4 && hasSuffix(b, "ed") && hasVowel(b[:n-2]) {
		b = undouble(b[:n-2])
	}
	n := len(b)
	switch {
	case n > 3 && b[n-1] == 'e':
		b = b[:n-1]
	case n > 3 && b[n-1] == 'y' && !isVowel(b[n-2]):
		b[n-1] = 'i'
	}
	return dst[:start+len(b)]
}

// stemPlural drops a plural or third-person "s".
func stemPlural(b []byte) []byte {
	n := len(b)
	switch {
	case hasSuffix(b, "sses"):
		return b[:n-2]
	case hasSuffix(b, "ies"):
		if n > 4 {
			b[n-3] = 'i'
			return b[:n-2]
		}
		return b[:n-1]
	case hasSuffix(b, "shes"), hasSuffix(b, "ches"), hasSuffix(b, "xes"), hasSuffix(b, "zzes"):
		return b[:n-2]
	case b[n-1] == 's' && !hasSuffix(b, "ss") && !hasSuffix(b, "us") && !hasSuffix(b, "is"):
		return b[:n-1]
	}
	return b
}

// undouble turns a doubled final consonant left by -ed or -ing back into
// one ("tapped" → "tap", "controlled" → "control") unless that leaves fewer
// than three letters ("added" stays "add") or it is ss or zz ("passed").
func undouble(b []byte) []byte {
	n := len(b)
	if n < 4 || b[n-1] != b[n-2] || isVowel(b[n-1]) || b[n-1] == 's' || b[n-1] == 'z' {
		return b
	}
	if b[n-1] == 'l' && n < 6 { // "called", "falling": the ll is the word's own
		return b
	}
	return b[:n-1]
}

func asciiLower(w []byte) bool {
	for _, c := range w {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

func isVowel(c byte) bool { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' }

func hasVowel(b []byte) bool {
	for _, c := range b {
		if isVowel(c) || c == 'y' {
			return true
		}
	}
	return false
}
