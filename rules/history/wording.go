package history

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/arbiter-rules/arbiter/rules"
)

// Wording. Two texts can differ without saying anything different: in
// their typography (punctuation, spacing, capitals, the braces of {T}), or,
// across the Magic 2010 rules update, in terms the update renamed ("comes
// into play" became "enters the battlefield"). Such a difference is
// "wording only" (Reworded): the entry is the same rule, and a reader
// citing it need not look again. Cited numbers are compared apart, through
// the matching (Matching.compare).

// m10 is the day the Magic 2010 rules update took effect. Its terminology
// is in every edition from 2009-07-11 on, and in none before.
var m10 = time.Date(2009, time.July, 11, 0, 0, 0, 0, time.UTC)

// acrossM10 reports whether one of two editions is from before the Magic
// 2010 update and the other from after it: only then do its renamed terms
// read the same. An edition without a date is on neither side.
func acrossM10(a, b *rules.Edition) bool {
	if a.Effective.IsZero() || b.Effective.IsZero() {
		return false
	}
	return a.Effective.Before(m10) != b.Effective.Before(m10)
}

// m10Phrases are the terms the Magic 2010 update renamed, as words (see
// wordsOf), the old term first. 2009-09-04 lists most of them itself: rule
// 403.5 (the battlefield was the "in-play zone": "in play," "from play,"
// "into play"), rule 406.7 (exile was the "removed-from-the-game zone"),
// and the glossary's Play (casting a spell and activating an ability were
// both "playing"; see m10Verbs). The others are names the update changed
// without comment: state-based effects became state-based actions
// (section 420's title became 704's), game actions turn-based actions, the
// end phase the ending phase and its end of turn step the end step. Longer
// phrases come first: the first that matches at a word is taken.
var m10Phrases = [][2]string{
	{"state based effects", "state based actions"},
	{"state based effect", "state based action"},
	{"game actions", "turn based actions"},
	{"game action", "turn based action"},
	{"end of turn step", "end step"},
	{"end phase", "ending phase"},
	{"in the in play zone", "on the battlefield"},
	{"the in play zone", "the battlefield"},
	{"in play zone", "battlefield"},
	{"removed from the game zone", "exile zone"},
	{"comes into play", "enters the battlefield"},
	{"come into play", "enter the battlefield"},
	{"came into play", "entered the battlefield"},
	{"coming into play", "entering the battlefield"},
	{"leaves play", "leaves the battlefield"},
	{"leave play", "leave the battlefield"},
	{"left play", "left the battlefield"},
	{"leaving play", "leaving the battlefield"},
	{"into play", "onto the battlefield"},
	{"in play", "on the battlefield"},
	{"from play", "from the battlefield"},
	{"removed from the game", "exiled"},
}

// m10Removes are the forms of "remove [an object] from the game" (rule
// 406.7), which became "exile [it]", with what each became.
var m10Removes = map[string]string{"remove": "exile", "removes": "exiles", "removed": "exiled", "removing": "exiling"}

// maxRemoved is the most words "remove … from the game" holds between its
// ends: "remove all cards in his or her graveyard from the game".
const maxRemoved = 8

// m10Verbs are the forms of "play" a spell or an ability and of what
// replaced it, "cast" or "activate": all read as "play". Which one a
// sentence needs depends on what is played, which the words alone do not
// say; across the update, either is the old word renamed.
var m10Verbs = map[string]bool{
	"play": true, "plays": true, "played": true, "playing": true,
	"cast": true, "casts": true, "casting": true,
	"activate": true, "activates": true, "activated": true, "activating": true,
}

// wordsOf splits s into its words, lower-cased: runs of letters and
// digits, and each # that stands for a cited number. What lies between
// them (punctuation, spaces, the braces of a symbol) is typography.
func wordsOf(s string) []string { return wordsUpTo(s, len(s)) }

// wordsUpTo is wordsOf's first max words.
func wordsUpTo(s string, max int) []string {
	return appendWords(make([]string, 0, min(max, len(s)/5+1)), s, max)
}

// appendWords appends the first max words of s to out.
func appendWords(out []string, s string, max int) []string {
	max += len(out)
	for i := 0; i < len(s) && len(out) < max; {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '#' {
			out = append(out, "#")
			i += size
			continue
		}
		if !isWord(r) {
			i += size
			continue
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if !isWord(r) {
				break
			}
			j += size
		}
		out = append(out, strings.ToLower(s[i:j]))
		i = j
	}
	return out
}

// wording is what of a text (masked, as unit.mask gives it) is not wording: its
// words, with the Magic 2010 update's terms in their new form if m10.
// Two texts with the same wording differ only in typography, or in terms.
func wording(masked string, m10 bool) string {
	ws := wordsOf(masked)
	if m10 {
		ws = reword(ws)
	}
	return strings.Join(ws, " ")
}

// reword rewrites the terms the Magic 2010 update renamed in their new
// form, and every form of play, cast and activate as "play".
func reword(ws []string) []string { return appendReworded(make([]string, 0, len(ws)), ws) }

// appendReworded appends ws reworded to out.
func appendReworded(out, ws []string) []string {
	for i := 0; i < len(ws); {
		if p, n := phraseAt(ws, i); n > 0 {
			out = append(out, p...)
			i += n
			continue
		}
		if to, ok := m10Removes[ws[i]]; ok {
			if n := fromTheGame(ws, i+1); n >= 0 {
				out = append(out, to)
				out = appendReworded(out, ws[i+1:i+1+n])
				i += 1 + n + 3
				continue
			}
		}
		if m10Verbs[ws[i]] {
			out = append(out, "play")
		} else {
			out = append(out, ws[i])
		}
		i++
	}
	return out
}

// phraseAt returns the new form of the renamed term that starts at ws[i],
// and how many words the old form spans; 0 if none does.
func phraseAt(ws []string, i int) ([]string, int) {
	for _, p := range m10Starting[ws[i]] {
		if len(p.old) <= len(ws)-i && slices.Equal(ws[i:i+len(p.old)], p.old) {
			return p.new, len(p.old)
		}
	}
	return nil, 0
}

// m10Starting lists m10Phrases by their old form's first word, in order.
var m10Starting = func() map[string][]struct{ old, new []string } {
	m := map[string][]struct{ old, new []string }{}
	for _, p := range m10Phrases {
		old := strings.Fields(p[0])
		m[old[0]] = append(m[old[0]], struct{ old, new []string }{old, strings.Fields(p[1])})
	}
	return m
}()

// fromTheGame returns how many words come between ws[i] and the "from the
// game" that closes "remove … from the game", or -1 if none does within
// maxRemoved words.
func fromTheGame(ws []string, i int) int {
	for n := 1; n <= maxRemoved && i+n+3 <= len(ws); n++ {
		if ws[i+n] == "from" && ws[i+n+1] == "the" && ws[i+n+2] == "game" {
			return n
		}
	}
	return -1
}

// alike reports whether two texts read the same word for word: their
// wording (see wording) is equal. Texts of the same wording have the same
// bag of words (bagOf reads them so), which rules most others out first
// when both are at hand.
func alike(a, b *unit, m10 bool) bool { return alikeMasked(a, b, a.mask(), b.mask(), m10) }

// alikeMasked is alike for units whose masked texts are at hand: made
// again, they are made once.
func alikeMasked(a, b *unit, ma, mb string, m10 bool) bool {
	if ma == mb {
		return true
	}
	// The bags are a shortcut, taken while both are kept: histories
	// compare texts long after a chain has let go of them (dropWords),
	// and making them again for that kept 5.6 MiB.
	if x, y := a.words.Load(), b.words.Load(); x != nil && y != nil && !slices.Equal(*x, *y) {
		return false
	}
	return wording(ma, m10) == wording(mb, m10)
}

// bagKey is a hash of a bag of words, the same for texts that are alike.
func bagKey(bag []uint32) uint64 {
	h := uint64(14695981039346656037)
	for _, w := range bag {
		h = (h ^ uint64(w)) * 1099511628211
	}
	return h
}
