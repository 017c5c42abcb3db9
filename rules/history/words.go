package history

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// SegmentOp says whether a run of words is common to both texts, only in
// the old one or only in the new one.
type SegmentOp uint8

const (
	Equal  SegmentOp = iota // in both texts
	Delete                  // only in the old text
	Insert                  // only in the new text
)

func (o SegmentOp) String() string {
	switch o {
	case Delete:
		return "-"
	case Insert:
		return "+"
	}
	return "="
}

// MarshalText writes an op as "=", "-" or "+" in JSON.
func (o SegmentOp) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads the form MarshalText writes.
func (o *SegmentOp) UnmarshalText(b []byte) error {
	switch string(b) {
	case "=":
		*o = Equal
	case "-":
		*o = Delete
	case "+":
		*o = Insert
	default:
		return fmt.Errorf("history: %q is not a segment op (=, - or +)", b)
	}
	return nil
}

// Segment is a run of text in a word diff.
type Segment struct {
	Op   SegmentOp `json:"op"`
	Text string    `json:"text"`
}

// WordDiff compares two texts word by word and returns segments that spell
// the old text when the Inserts are dropped and the new one when the
// Deletes are. Words are runs of letters and digits (a rule number such as
// 704.5k is one word); spaces and punctuation are tokens of their own, and a
// lone short word between two changes is folded into them so the change
// reads as one phrase. Typography is not a difference (see fold): a run
// that differs only in quote marks or dashes is Equal and spelt as the new
// text has it.
func WordDiff(old, new string) []Segment {
	if old == new {
		if old == "" {
			return nil
		}
		return []Segment{{Equal, old}}
	}
	a, b := tokens(old), tokens(new)
	ka, kb := foldAll(a), foldAll(b)
	// Trim the common head and tail: most edits touch a few words.
	head := 0
	for head < len(a) && head < len(b) && ka[head] == kb[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && ka[len(a)-1-tail] == kb[len(b)-1-tail] {
		tail++
	}
	var out []Segment
	add := func(op SegmentOp, s string) {
		if s == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].Op == op {
			out[n-1].Text += s
			return
		}
		out = append(out, Segment{op, s})
	}
	add(Equal, join(b[:head]))
	x, y := head, head
	for _, op := range myers(ka[head:len(a)-tail], kb[head:len(b)-tail]) {
		switch op {
		case Equal:
			add(Equal, b[y])
			x++
			y++
		case Delete:
			add(Delete, a[x])
			x++
		case Insert:
			add(Insert, b[y])
			y++
		}
	}
	add(Equal, join(b[len(b)-tail:]))
	return tidy(out)
}

func foldAll(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = fold(t)
	}
	return out
}

// fold maps typography that the sources spell several ways to one form, so
// it is never reported as a change: curly and straight quotes (and the ?
// that one 2008 file has in their place, and ® and ™) become ', dashes
// become -, an ellipsis three dots, every run of white space one space.
func fold(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c == '"' || c == '?' || c == '`' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == ' ' && i > 0 && s[i-1] == ' ' {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	b := make([]byte, 0, len(s))
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[i]) // keep invalid bytes as they are: two differ
			i++
			space = false
			continue
		}
		i += size
		if unicode.IsSpace(r) {
			if !space {
				b = append(b, ' ')
			}
			space = true
			continue
		}
		space = false
		switch r {
		case '"', '?', '`', '\u2018', '\u2019', '\u201c', '\u201d', '\u00b4', '\u00ae', '\u2122':
			b = append(b, '\'')
		case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212':
			b = append(b, '-')
		case '\u2026':
			b = append(b, "..."...)
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return string(b)
}

func join(ts []string) string {
	n := 0
	for _, t := range ts {
		n += len(t)
	}
	b := make([]byte, 0, n)
	for _, t := range ts {
		b = append(b, t...)
	}
	return string(b)
}

// tokens splits s into words, runs of white space, and single other
// characters; joined they give s back.
func tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		switch {
		case isWord(r):
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if isWord(r) {
					j += size
					continue
				}
				// 704.5k, don't, it’s: a dot or apostrophe inside a word
				// (and the ? one 2008 file has for an apostrophe).
				if (r == '.' || r == '\'' || r == '’' || r == '?') && j+size < len(s) {
					if n, _ := utf8.DecodeRuneInString(s[j+size:]); isWord(n) && (r != '.' || isDigitRune(n) && isDigitRune(lastRune(s[i:j]))) {
						j += size
						continue
					}
				}
				break
			}
		case unicode.IsSpace(r):
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r) {
					break
				}
				j += size
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func isWord(r rune) bool      { return unicode.IsLetter(r) || unicode.IsDigit(r) }
func isDigitRune(r rune) bool { return r >= '0' && r <= '9' }

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// maxEdits bounds the work of one word diff: past that many edits the two
// texts have little in common, and the changed middle is shown as one
// deletion and one insertion. The saved frontiers cost maxEdits² ints.
const maxEdits = 600

// myers is Myers' O(ND) shortest edit script over tokens: one op per
// token of a (Equal or Delete) and per token of b (Insert), in order.
func myers(a, b []string) []SegmentOp {
	n, m := len(a), len(b)
	replace := func() []SegmentOp {
		out := make([]SegmentOp, 0, n+m)
		for range a {
			out = append(out, Delete)
		}
		for range b {
			out = append(out, Insert)
		}
		return out
	}
	if n == 0 || m == 0 {
		return replace()
	}
	max := min(n+m, maxEdits)
	// v[k+max] is the furthest x on diagonal k; trace[d] keeps v's
	// diagonals -d..d after step d for the walk back.
	v := make([]int, 2*max+3)
	at := func(k int) int { return v[k+max+1] }
	var trace [][]int
	d := 0
	found := false
	for ; d <= max && !found; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && at(k-1) < at(k+1) {
				x = at(k + 1)
			} else {
				x = at(k-1) + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[k+max+1] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
		trace = append(trace, append([]int(nil), v[max+1-d:max+2+d]...))
	}
	if !found {
		return replace()
	}
	d-- // the step that reached the end
	// Walk back through the saved frontiers.
	get := func(d, k int) int { return trace[d][k+d] }
	var rev []SegmentOp
	x, y := n, m
	for ; d > 0; d-- {
		k := x - y
		var pk int
		if k == -d || k != d && get(d-1, k-1) < get(d-1, k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := get(d-1, pk)
		py := px - pk
		for x > px && y > py {
			x--
			y--
			rev = append(rev, Equal)
		}
		if x == px {
			y--
			rev = append(rev, Insert)
		} else {
			x--
			rev = append(rev, Delete)
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, Equal)
	}
	out := make([]SegmentOp, len(rev))
	for i, e := range rev {
		out[len(rev)-1-i] = e
	}
	return out
}

// tidy merges runs so a diff reads as phrases: an Equal segment that is
// only white space or a single short token, between two changes, becomes
// part of both; and each change lists its deletion before its insertion.
func tidy(segs []Segment) []Segment {
	for {
		changed := false
		for i := 1; i+1 < len(segs); i++ {
			s := segs[i]
			if s.Op != Equal || segs[i-1].Op == Equal || segs[i+1].Op == Equal || !filler(s.Text) {
				continue
			}
			// Fold the filler into a delete and an insert around it.
			var del, ins string
			j := i - 1
			for j >= 0 && segs[j].Op != Equal {
				j--
			}
			k := i + 1
			for k < len(segs) && segs[k].Op != Equal {
				k++
			}
			for _, x := range segs[j+1 : i] {
				if x.Op == Delete {
					del += x.Text
				} else {
					ins += x.Text
				}
			}
			del += s.Text
			ins += s.Text
			for _, x := range segs[i+1 : k] {
				if x.Op == Delete {
					del += x.Text
				} else {
					ins += x.Text
				}
			}
			repl := []Segment{{Delete, del}, {Insert, ins}}
			segs = append(segs[:j+1], append(repl, segs[k:]...)...)
			changed = true
			break
		}
		if !changed {
			break
		}
	}
	// Order each run of changes as delete then insert, merged.
	var out []Segment
	for i := 0; i < len(segs); {
		if segs[i].Op == Equal {
			out = append(out, segs[i])
			i++
			continue
		}
		var del, ins string
		for i < len(segs) && segs[i].Op != Equal {
			if segs[i].Op == Delete {
				del += segs[i].Text
			} else {
				ins += segs[i].Text
			}
			i++
		}
		if del != "" {
			out = append(out, Segment{Delete, del})
		}
		if ins != "" {
			out = append(out, Segment{Insert, ins})
		}
	}
	return out
}

// filler is common text too slight to stand between two changes: white
// space, or one short word or punctuation mark with its spaces.
func filler(s string) bool {
	ts := tokens(s)
	words := 0
	for _, t := range ts {
		r, _ := utf8.DecodeRuneInString(t)
		if unicode.IsSpace(r) {
			continue
		}
		words++
		if len(t) > 3 {
			return false
		}
	}
	return words <= 1
}
