package search

import (
	"slices"

	"github.com/arbiter-rules/arbiter/rules"
)

// Hits are grouped as a judge reads the rules. A rule that is only a
// heading (a chapter's title, a keyword's "702.19. Trample") stands for
// itself only when the query names it ("trample"); otherwise the rules
// below it that matched say more, and it gives way to them. And one rule's
// subrules (702.124a–n, 704.5a–z) show at most familyShown hits, its best
// matching subrules first; the others that matched are named under the
// first (Hit.Also), so one long rule does not fill the first page.
//
// Measured on the tuning half of the table questions (eval_test.go):
// giving way to subrules took top 3 from 50.6% to 53.6%; folding a whole
// family into one hit lost what that gained (50.6%: the subrule that
// answers is often the second best), two a family kept it.
const familyShown = 2

// maxAlso bounds the other subrules a hit names.
const maxAlso = 8

// family is the rule whose subrules a rule belongs to: 704.5 for 704.5k
// and for 704.5 itself.
func family(n rules.Number) rules.Number {
	n.Sub = 0
	return n
}

// below reports whether m is numbered below the heading n: a chapter's
// rules, a keyword rule's subrules.
func below(n, m rules.Number) bool {
	if n.Rule == 0 {
		return m.Chapter == n.Chapter && m.Rule != 0
	}
	return m.Chapter == n.Chapter && m.Rule == n.Rule && m.Sub != 0
}

// foldItem is what folding needs of a ranked hit.
type foldItem struct {
	rule  bool         // a numbered entry
	num   rules.Number // its number
	head  bool         // only a heading
	named bool         // the query is exactly its heading
}

// foldHits groups ranked items (best first): it returns the indexes of
// those shown, in order, and for each the numbers folded under it.
func foldHits(items []foldItem) (shown []int, also [][]rules.Number) {
	lead := map[rules.Number]int{}  // family → its first hit in shown
	count := map[rules.Number]int{} // family → its hits shown
	for i, it := range items {
		if !it.rule {
			shown, also = append(shown, i), append(also, nil)
			continue
		}
		if it.head && !it.named && slices.ContainsFunc(items, func(o foldItem) bool { return o.rule && below(it.num, o.num) }) {
			continue
		}
		f := family(it.num)
		if it.num.Rule != 0 && count[f] >= familyShown {
			if j := lead[f]; len(also[j]) < maxAlso {
				also[j] = append(also[j], it.num)
			}
			continue
		}
		if count[f] == 0 {
			lead[f] = len(shown)
		}
		count[f]++
		shown, also = append(shown, i), append(also, nil)
	}
	return shown, also
}

// grouped is a ranked document shown and the numbers folded under it.
type grouped struct {
	scored
	also []rules.Number
}

// fold groups an edition's ranked documents.
func (ix *MemIndex) fold(top []scored, exact []int32) []grouped {
	items := make([]foldItem, len(top))
	for i, sc := range top {
		if d := &ix.docs[sc.doc]; d.kind == docRule {
			items[i] = foldItem{rule: true, num: d.rule.Number, head: d.head, named: slices.Contains(exact, sc.doc)}
		}
	}
	shown, also := foldHits(items)
	out := make([]grouped, len(shown))
	for k, i := range shown {
		out[k] = grouped{scored: top[i], also: also[k]}
	}
	return out
}

// foldDepth is how many ranked documents fill limit hits once families
// are folded.
func foldDepth(limit int) int { return 4*limit + 16 }
