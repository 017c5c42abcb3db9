// Package wordseq helps the fidelity tests compare the words of an
// extraction with a reference extractor's: where the two read a table or
// a list set in columns in different orders (one by rows, the other by
// columns), the reference's words are put in the extraction's order, but
// only where the reference has that table's words, all of them and no
// others, together.
package wordseq

import "slices"

// Realign returns ref with each run of ours (a [start, end) range of its
// words: a table, a list) written in ours' order where ref holds the same
// words, as many of each, in a window of the run's length at one place;
// and the runs so rewritten (a run ref already has in order is not one).
// Windows do not overlap: each run takes the first free one.
func Realign(ref, ours []string, runs [][2]int) ([]string, [][2]int) {
	out := slices.Clone(ref)
	var done [][2]int
	used := make([]bool, len(ref))
	for _, run := range runs {
		words := ours[run[0]:run[1]]
		k := len(words)
		if k == 0 || k > len(ref) {
			continue
		}
		want := map[string]int{}
		for _, w := range words {
			want[w]++
		}
		have := map[string]int{}
		off := len(want) // the words whose count in the window is not the run's
		add := func(w string, d int) {
			if have[w] == want[w] {
				off++
			}
			have[w] += d
			if have[w] == want[w] {
				off--
			}
		}
		for i := range ref {
			add(ref[i], 1)
			if i >= k {
				add(ref[i-k], -1)
			}
			start := i - k + 1
			if start < 0 || off != 0 || slices.Contains(used[start:i+1], true) {
				continue
			}
			if !slices.Equal(ref[start:i+1], words) {
				copy(out[start:], words)
				done = append(done, run)
			}
			for j := start; j <= i; j++ {
				used[j] = true
			}
			break
		}
	}
	return out, done
}
