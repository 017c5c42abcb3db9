package rules

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Glossary term mentions.
//
// Link marks the glossary terms that rule, glossary and topic text mentions
// with SpanTerm, so a reader can look a word up in place. The rules:
//   - whole words, ignoring case, longest term first ("mana ability" wins
//     over "mana"); a regular plural of the last word counts ("tokens",
//     "mana abilities");
//   - only the first mention of a term in each paragraph: the glossary link
//     is there for the reader who does not know the word, and marking every
//     repetition would colour whole paragraphs without telling them more;
//   - never inside a reference, a symbol or a hyperlink, nor a mention of an
//     entry inside that entry's own definition;
//   - never a term on stopTerms (below).
//
// Matching must be cheap because it looks at every word of ~950 KB of text:
// a word's lower-cased bytes are hashed as the scanner reads it, and the hash
// is looked up in a small open-addressing table keyed by the first word of
// each term. Only a hit (a word that starts some term) compares text, and it
// does so in place without allocating.

// stopTerms are glossary terms so common in rule text that marking them
// would mark nearly every line: each appears hundreds to thousands of times
// in the 2026 rules ("player" 2,793 times, "card" 2,652, "ability" 2,067),
// and a reader of the rules knows them. Their entries are still reached by
// "See X." references, search and the glossary itself. Longer terms that
// start with them ("mana ability", "activated ability") are still marked.
var stopTerms = map[string]bool{
	"card": true, "player": true, "turn": true, "you": true, "your": true,
	"ability": true, "abilities": true, "creature": true, "spell": true, "permanent": true,
	"object": true, "effect": true, "cost": true, "mana": true, "game": true,
	"control": true, "controller": true, "owner": true, "zone": true, "type": true,
	"if": true, "enter": true, "name": true, "becomes": true,
}

// termCand is one way a term can be written: an entry's term, or the whole
// headline of an entry with several ("Active Player, Nonactive Player Order").
type termCand struct {
	fold    string // FoldTerm form, compared in place against text
	entry   *GlossaryEntry
	mention bool // may be marked as a mention (not a stop term, not a headline)
}

type termSlot struct {
	key    uint64 // hash of a first word; 0 marks an empty slot
	lo, hi int32  // cands[lo:hi], longest fold first
}

// termTable finds glossary terms by the hash of their first word.
type termTable struct {
	slots []termSlot
	mask  uint64
	cands []termCand
	exact map[string]*GlossaryEntry // FoldTerm of every term and headline
}

// Word hashing: FNV-1a over the ASCII letters and digits of a word, lower
// cased. The scanner computes the same hash while it reads a word.
const (
	hashOffset = 14695981039346656037
	hashPrime  = 1099511628211
)

// lowerAlnum maps ASCII letters to lower case and digits to themselves;
// every other byte maps to 0, which ends a word.
var lowerAlnum = func() (t [256]byte) {
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c)
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c)
		t[c-'a'+'A'] = byte(c)
	}
	return t
}()

func hashWord(w string) uint64 {
	h := uint64(hashOffset)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint64(lowerAlnum[w[i]])) * hashPrime
	}
	return h | 1
}

// leadingWord is the run of ASCII letters and digits at the start of s.
func leadingWord(s string) string {
	i := 0
	for i < len(s) && lowerAlnum[s[i]] != 0 {
		i++
	}
	return s[:i]
}

// trimTerm strips what a headline adds around a term: " (Obsolete)" and
// enclosing quotes ("“Bands with Other”").
func trimTerm(t string) string {
	t = strings.TrimSpace(t)
	if i := strings.LastIndex(t, "("); i > 0 && strings.EqualFold(strings.TrimSpace(t[i:]), "(obsolete)") {
		t = strings.TrimSpace(t[:i])
	}
	for _, q := range [][2]string{{"“", "”"}, {"\"", "\""}} {
		if strings.HasPrefix(t, q[0]) && strings.HasSuffix(t, q[1]) && len(t) > len(q[0])+len(q[1]) {
			t = t[len(q[0]) : len(t)-len(q[1])]
		}
	}
	return strings.TrimRight(t, ",")
}

type keyedCand struct {
	key uint64
	termCand
}

func newTermTable(glossary []*GlossaryEntry) *termTable {
	tt := &termTable{exact: make(map[string]*GlossaryEntry, len(glossary)*2)}
	var keyed []keyedCand
	add := func(g *GlossaryEntry, name string, mention bool) {
		name = trimTerm(name)
		if name == "" || strings.ContainsAny(name, "[]") {
			return // a template such as "Partner with [name]" is not a word to find
		}
		f := FoldTerm(name)
		if _, dup := tt.exact[f]; !dup {
			tt.exact[f] = g
		}
		w := leadingWord(name)
		if w == "" {
			return // starts with a symbol or a non-ASCII letter: not found in text (none in any edition)
		}
		mention = mention && !stopTerms[f] && len(f) > 1
		c := termCand{fold: f, entry: g, mention: mention}
		keyed = append(keyed, keyedCand{hashWord(w), c})
		if len(w) == len(f) && mention {
			// One-word term: its plural is a different first word.
			lw := strings.ToLower(w)
			for _, p := range plurals(lw) {
				keyed = append(keyed, keyedCand{hashWord(p), c})
			}
		}
	}
	for _, g := range glossary {
		if g == nil {
			continue
		}
		for _, t := range g.Terms {
			add(g, t, true)
		}
		if len(g.Terms) > 1 {
			add(g, g.Term(), false)
		}
	}
	sort.SliceStable(keyed, func(a, b int) bool {
		if keyed[a].key != keyed[b].key {
			return keyed[a].key < keyed[b].key
		}
		return len(keyed[a].fold) > len(keyed[b].fold)
	})
	nkeys := 0
	for i := range keyed {
		if i == 0 || keyed[i].key != keyed[i-1].key {
			nkeys++
		}
	}
	size := 16
	for size < nkeys*4 {
		size *= 2
	}
	tt.slots = make([]termSlot, size)
	tt.mask = uint64(size - 1)
	tt.cands = make([]termCand, 0, len(keyed))
	for i := 0; i < len(keyed); {
		j := i
		lo := len(tt.cands)
		for ; j < len(keyed) && keyed[j].key == keyed[i].key; j++ {
			dup := false
			for _, c := range tt.cands[lo:] {
				if c.fold == keyed[j].fold {
					dup = true
				}
			}
			if !dup {
				tt.cands = append(tt.cands, keyed[j].termCand)
			}
		}
		s := keyed[i].key & tt.mask
		for tt.slots[s].key != 0 {
			s = (s + 1) & tt.mask
		}
		tt.slots[s] = termSlot{key: keyed[i].key, lo: int32(lo), hi: int32(len(tt.cands))}
		i = j
	}
	return tt
}

// plurals gives the regular plural spellings of a lower-case word.
func plurals(w string) []string {
	switch {
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "z"),
		strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"):
		return []string{w + "es"}
	case len(w) > 1 && strings.HasSuffix(w, "y") && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return []string{w[:len(w)-1] + "ies"}
	}
	return []string{w + "s"}
}

// lookup returns the candidates whose first word hashes to h.
func (tt *termTable) lookup(h uint64) []termCand {
	if tt == nil || len(tt.slots) == 0 {
		return nil
	}
	for s := h & tt.mask; ; s = (s + 1) & tt.mask {
		sl := &tt.slots[s]
		if sl.key == h {
			return tt.cands[sl.lo:sl.hi]
		}
		if sl.key == 0 {
			return nil
		}
	}
}

// longest returns the longest term that s[i:] starts with as whole words,
// and the index just past it. Mentions only consider markable terms and
// accept a plural; references ("See X.") consider every term exactly.
func (tt *termTable) longest(s string, i int, h uint64, mentions bool) (*GlossaryEntry, int) {
	for _, c := range tt.lookup(h) {
		if mentions && !c.mention {
			continue
		}
		if end, ok := matchFold(s, i, c.fold, mentions); ok {
			return c.entry, end
		}
	}
	return nil, 0
}

// matchFold reports whether s[i:] starts with the folded term f as whole
// words, comparing as FoldTerm does (case, accents, quote style, spaces and
// dashes) without building a string. With plural, the last word may carry a
// regular plural ending. It returns the index just past the match.
func matchFold(s string, i int, f string, plural bool) (int, bool) {
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		if isWordRune(r) || r == '-' {
			return 0, false
		}
	}
	p := i
	for k := 0; k < len(f); {
		fc := f[k]
		switch {
		case fc == ' ':
			n := 0
			for p < len(s) {
				if c := s[p]; c == ' ' || c == '-' || c == '_' || c == '\t' {
					p++
				} else if strings.HasPrefix(s[p:], "–") || strings.HasPrefix(s[p:], "—") {
					p += len("–")
				} else {
					break
				}
				n++
			}
			if n == 0 {
				return 0, false
			}
			k++
		case fc < utf8.RuneSelf:
			if p >= len(s) {
				return 0, false
			}
			switch {
			case fc == '\'':
				if n := quoteLen(s[p:], "'", "’", "‘", "ʼ"); n > 0 {
					p += n
				} else {
					return 0, false
				}
			case fc == '"':
				if n := quoteLen(s[p:], "\"", "“", "”"); n > 0 {
					p += n
				} else {
					return 0, false
				}
			case plural && fc == 'y' && k == len(f)-1 && len(s)-p >= 3 && strings.EqualFold(s[p:p+3], "ies"):
				p += 3
				k++
				if p < len(s) {
					if r, _ := utf8.DecodeRuneInString(s[p:]); isWordRune(r) || r == '-' {
						return 0, false
					}
				}
				return p, true
			default:
				if lowerASCII(s[p]) != fc {
					return 0, false
				}
				p++
			}
			k++
		default:
			fr, n := utf8.DecodeRuneInString(f[k:])
			tr, m := utf8.DecodeRuneInString(s[p:])
			if unicode.ToLower(foldAccent(tr)) != fr {
				return 0, false
			}
			k += n
			p += m
		}
	}
	end := func(p int) bool {
		if p >= len(s) {
			return true
		}
		r, _ := utf8.DecodeRuneInString(s[p:])
		return !isWordRune(r) && r != '-'
	}
	if end(p) {
		return p, true
	}
	if plural {
		if lowerASCII(s[p]) == 's' && end(p+1) {
			return p + 1, true
		}
		if len(s)-p >= 2 && strings.EqualFold(s[p:p+2], "es") && end(p+2) {
			return p + 2, true
		}
	}
	return 0, false
}

func quoteLen(s string, quotes ...string) int {
	for _, q := range quotes {
		if strings.HasPrefix(s, q) {
			return len(q)
		}
	}
	return 0
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return lowerAlnum[r] != 0
	}
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}
