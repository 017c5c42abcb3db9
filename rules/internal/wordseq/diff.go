package wordseq

import (
	"fmt"
	"slices"
	"strings"
)

// Difference is one place where two word sequences part: the words only a
// has (Del), the words only b has (Ins), and up to four words of a before
// it (Context).
type Difference struct {
	Context, Del, Ins []string
}

// String reads "after «context»: -del +ins".
func (d Difference) String() string {
	s := "after «" + strings.Join(d.Context, " ") + "»:"
	if len(d.Del) > 0 {
		s += " -" + strings.Join(d.Del, " ")
	}
	if len(d.Ins) > 0 {
		s += " +" + strings.Join(d.Ins, " ")
	}
	return s
}

// Comparison is what Compare finds.
type Comparison struct {
	Same  int // words a and b share in order (their longest common subsequence)
	Moved int // words of a out of that order that b has out of it too
	Diffs []Difference
}

// maxDifferences bounds the comparison: two extractions that differ in
// more places than this are not worth aligning word by word (Myers'
// algorithm keeps O(D²) of trace).
const maxDifferences = 5000

// Compare aligns a and b (Myers' difference) and groups the words out of
// their common order into Differences. Past maxDifferences it gives up
// and says so in its one Difference.
func Compare(a, b []string) Comparison {
	ops, ok := diff(a, b)
	if !ok {
		return Comparison{Diffs: []Difference{{Del: []string{fmt.Sprintf("(more than %d differences: not compared)", maxDifferences)}}}}
	}
	var c Comparison
	inserted := map[string]int{}
	for _, o := range ops {
		if o.kind == '+' {
			inserted[b[o.bi]]++
		}
	}
	for i := 0; i < len(ops); {
		if ops[i].kind == '=' {
			c.Same++
			i++
			continue
		}
		var d Difference
		for k := i - 1; k >= 0 && len(d.Context) < 4; k-- {
			if ops[k].kind != '+' {
				d.Context = append(d.Context, a[ops[k].ai])
			}
		}
		slices.Reverse(d.Context)
		for ; i < len(ops) && ops[i].kind != '='; i++ {
			if ops[i].kind == '-' {
				w := a[ops[i].ai]
				d.Del = append(d.Del, w)
				if inserted[w] > 0 {
					inserted[w]--
					c.Moved++
				}
			} else {
				d.Ins = append(d.Ins, b[ops[i].bi])
			}
		}
		c.Diffs = append(c.Diffs, d)
	}
	return c
}

type op struct {
	kind   byte // '=', '-' (in a only), '+' (in b only)
	ai, bi int
}

// diff is Myers' O((N+M)D) difference of a and b, keeping for each d only
// the diagonals -d..d it reached. ok is false past maxDifferences.
func diff(a, b []string) (ops []op, ok bool) {
	n, m := len(a), len(b)
	off := n + m + 1
	v := make([]int, 2*off+1)
	var trace [][]int // trace[d][k+d]: the furthest x on diagonal k after d differences
	for d := 0; d <= n+m; d++ {
		if d > maxDifferences {
			return nil, false
		}
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
		}
		trace = append(trace, slices.Clone(v[off-d:off+d+1]))
		if n-m >= -d && n-m <= d && v[off+n-m] >= n {
			return backtrack(trace, n, m), true
		}
	}
	return nil, true // unreachable: d = n+m always reaches the end
}

// backtrack walks the trace back from the end to list the operations.
func backtrack(trace [][]int, n, m int) []op {
	var ops []op
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		prev := trace[d-1] // diagonals -(d-1)..d-1
		at := func(k int) int { return prev[k+d-1] }
		k := x - y
		var pk int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			ops = append(ops, op{'=', x, y})
		}
		if pk == k+1 {
			y--
			ops = append(ops, op{'+', x, y})
		} else {
			x--
			ops = append(ops, op{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		ops = append(ops, op{'=', x, y})
	}
	slices.Reverse(ops)
	return ops
}
