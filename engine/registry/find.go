package registry

import "github.com/arbiter-rules/arbiter/rules"

// RuleText is one numbered entry's text (Number set: a chapter's is its
// title, "Damage"), or one glossary entry's (Term set), as handed to
// engine.FromRules.
type RuleText struct {
	Number rules.Number
	Term   string
	Text   string
}

// FindKeys runs every recognizer over numbered rule texts (chapters give
// their titles) and returns, for each key, the rules that match it in
// document order.
func FindKeys(texts []RuleText) map[Key][]RuleText { return FindOnly(texts, nil) }

// FindOnly is FindKeys for only the keys in want (nil: all).
func FindOnly(texts []RuleText, want map[Key]bool) map[Key][]RuleText {
	out := map[Key][]RuleText{}
	titles := map[uint16]string{}
	byNumber := map[rules.Number]string{}
	for _, t := range texts {
		if t.Number.Level() == rules.LevelChapter {
			titles[t.Number.Chapter] = Fold(RestoreLostQuotes(t.Text))
		}
		if t.Number.Level() == rules.LevelRule {
			byNumber[t.Number] = t.Text
		}
	}
	rs := make([]*recognizer, 0, len(recognizers))
	for i := range recognizers {
		if want == nil || want[recognizers[i].key] {
			rs = append(rs, &recognizers[i])
		}
	}
	for _, t := range texts {
		if t.Number.Level() < rules.LevelRule {
			continue
		}
		f, folded := "", false // folding costs more than all the tests: only when a recognizer fits
		for _, r := range rs {
			if !r.fits(t.Number, titles) {
				continue
			}
			if !folded {
				f, folded = Fold(RestoreLostQuotes(t.Text)), true
			}
			if r.says(f) && (r.parent == nil || r.parent.MatchString(Fold(RestoreLostQuotes(byNumber[t.Number.Parent()])))) {
				out[r.key] = append(out[r.key], t)
			}
		}
	}
	return out
}
