package cards

import (
	"slices"
	"strings"
)

// Match is a face search found and how far its name is from the query.
type Match struct {
	Card     *Card
	Distance int // edits between the query's key and the name's; 0 for an exact or prefix match
}

// maxQuery bounds a query's key: longer than any card name, it matches none.
const maxQuery = 160

// Find returns up to limit faces whose names match q best: the name
// itself (however it is cased, spaced or punctuated: "assassins trophy"),
// then names that start with q, then names that contain it, then names
// within a few typos of it ("assasins trophy"), fewer allowed for short
// queries so that "fog" is not "dog".
func (s *Set) Find(q string, limit int) []Match {
	k := key(q)
	if k == "" || len(k) > maxQuery || limit <= 0 {
		return nil
	}
	var exact, prefix, inside []Match
	for i, ck := range s.keys {
		switch {
		case ck == k:
			exact = append(exact, Match{Card: &s.Cards[i]})
		case strings.HasPrefix(ck, k):
			prefix = append(prefix, Match{Card: &s.Cards[i]})
		case len(k) >= 4 && strings.Contains(ck, k):
			inside = append(inside, Match{Card: &s.Cards[i]})
		}
	}
	out := append(append(exact, prefix...), inside...)
	if len(out) >= limit {
		return out[:limit]
	}
	// Typos: an edit distance bounded by the query's length.
	budget := typos(len(k))
	if budget == 0 {
		return out
	}
	var near []Match
	var rows [2][]int // distance's rows, reused for every name
	for i, ck := range s.keys {
		if abs(len(ck)-len(k)) > budget {
			continue
		}
		if d := distance(k, ck, budget, &rows); d > 0 && d <= budget {
			near = append(near, Match{Card: &s.Cards[i], Distance: d})
		}
	}
	slices.SortStableFunc(near, func(a, b Match) int { return a.Distance - b.Distance })
	out = append(out, near...)
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// Named returns the face q names, forgiving case, spacing, punctuation and
// a typo or two, when exactly one face is the best answer; else nil. The
// jump box uses it to go straight to a card page.
func (s *Set) Named(q string) *Card {
	k := key(q)
	if len(k) < 3 {
		return nil
	}
	m := s.Find(q, 2)
	if len(m) == 0 {
		return nil
	}
	best := m[0]
	exact := key(best.Card.Name) == k
	if !exact && best.Distance == 0 {
		return nil // a prefix or a part of a name, not a name
	}
	if len(m) > 1 && m[1].Distance == best.Distance && key(m[1].Card.Name) != key(best.Card.Name) {
		if !exact {
			return nil // two names as near: no single answer
		}
	}
	return best.Card
}

// typos is the edits a query of n letters may be away from a name.
func typos(n int) int {
	switch {
	case n < 5:
		return 0
	case n < 9:
		return 1
	case n < 16:
		return 2
	}
	return 3
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// distance is the Levenshtein distance between a and b (bytes: keys are
// mostly ASCII), or max+1 once it must exceed max.
func distance(a, b string, max int, rows *[2][]int) int {
	if cap(rows[0]) < len(b)+1 {
		rows[0], rows[1] = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev, cur := rows[0][:len(b)+1], rows[1][:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			low = min(low, cur[j])
		}
		if low > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
