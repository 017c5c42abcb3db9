package search

import (
	_ "embed"
	"strings"
)

// english.txt lists the stems (stem, stem.go) of common English words:
// the single-word lemmas of WordNet 3.0 that its semantic concordance
// tags at least once, and their irregular forms (said, stole), four
// letters or more, sorted, one a line. TestEnglishWords rebuilds it from
// the wordnet-base package's files (go test -run TestEnglishWords
// -update) and checks it matches.
//
// A query word the edition does not hold is read as a close word of the
// edition's only when it is not one of these: "pump" stays pump (and finds
// what the lexicon maps it to) instead of becoming "jump", "dead" is not
// "read", "guide" is not "guile". Misspellings ("deathtuch", "comander")
// are not English words, so they are still corrected.
//
//go:embed english.txt
var englishStems string

// EnglishWord reports whether w, lower case, is a common English word (four
// letters or more): a word no one should be "corrected" away from.
func EnglishWord(w string) bool { return englishWord(w) }

// englishWord reports whether the folded word w is a common English word.
func englishWord(w string) bool {
	if len(w) < 4 || !asciiLower([]byte(w)) {
		return false
	}
	return sortedLinesHas(englishStems, string(stem(nil, []byte(w))))
}

// sortedLinesHas reports whether the sorted, newline-terminated lines of
// s include w, by binary search on s itself.
func sortedLinesHas(s, w string) bool {
	lo, hi := 0, len(s)
	for lo < hi {
		mid := lo + (hi-lo)/2
		start := strings.LastIndexByte(s[:mid], '\n') + 1
		end := start + strings.IndexByte(s[start:], '\n')
		if end < start {
			end = len(s)
		}
		switch line := s[start:end]; {
		case line == w:
			return true
		case line < w:
			lo = end + 1
		default:
			hi = start
		}
	}
	return false
}
