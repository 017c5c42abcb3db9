package views

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// TestAnswerRuns: examples fold, under their part's heading when they
// have one, and everything else reads as on the entry's page.
func TestAnswerRuns(t *testing.T) {
	b := func(k rules.BlockKind, s string) rules.Block { return rules.Block{Kind: k, Text: rules.Text{S: s}} }
	text := func(s string) rules.Block { return b(rules.BlockText, s) }
	ex := func(s string) rules.Block { return b(rules.BlockExample, s) }
	head := func(s string) rules.Block { return b(rules.BlockHeading, s) }
	for _, tc := range []struct {
		name string
		body []rules.Block
		want string
	}{
		{"a CR rule", []rules.Block{text("Rule."), ex("One."), ex("Two.")}, "text[Rule.] fold(2 examples)[One.|Two.]"},
		{"one example", []rules.Block{text("Rule."), ex("One.")}, "text[Rule.] fold(Example)[One.]"},
		{"examples between paragraphs", []rules.Block{text("A."), ex("One."), text("B."), ex("Two.")}, "text[A.] fold(Example)[One.] text[B.] fold(Example)[Two.]"},
		{"an infraction", []rules.Block{b(rules.BlockPenalty, "Warning"), head("Definition"), text("Def."), head("Examples"), ex("A. One."), ex("B. Two."), head("Philosophy"), text("Why.")},
			"penalty[Warning] head[Definition] text[Def.] fold(Examples (2))[A. One.|B. Two.] head[Philosophy] text[Why.]"},
		{"one example under its heading", []rules.Block{head("Example"), ex("A. One.")}, "fold(Example)[A. One.]"},
		{"an empty Examples part", []rules.Block{head("Examples"), head("Philosophy")}, "head[Examples] head[Philosophy]"},
		{"lists stay lists", []rules.Block{b(rules.BlockItem, "a"), b(rules.BlockItem, "b")}, "item[a|b]"},
	} {
		var got []string
		for _, r := range answerRuns(tc.body) {
			var ts []string
			for _, x := range r.Blocks {
				ts = append(ts, x.Text.S)
			}
			name := map[rules.BlockKind]string{rules.BlockText: "text", rules.BlockHeading: "head", rules.BlockPenalty: "penalty", rules.BlockItem: "item", rules.BlockExample: "ex"}[r.Kind]
			if r.Folded {
				name = "fold(" + r.Summary + ")"
			}
			got = append(got, name+"["+strings.Join(ts, "|")+"]")
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, g, tc.want)
		}
	}
}

// TestAnswerRules: a rule with more subrules than an answer holds shows
// the first and says how many its page has besides.
func TestAnswerRules(t *testing.T) {
	r := &rules.Rule{Number: rules.Number{Chapter: 702, Rule: 1}}
	for i := 0; i < maxAnswerRules+4; i++ {
		c := &rules.Rule{Number: rules.Number{Chapter: 702, Rule: 1, Sub: 'a'}, Parent: r}
		c.Body = []rules.Block{{Text: rules.Text{S: fmt.Sprint(i)}}}
		r.Children = append(r.Children, c)
	}
	rs, more := answerRules(r)
	if len(rs) != maxAnswerRules || rs[0] != r || more != 5 {
		t.Errorf("%d rules shown, the first %v, %d more; want %d, the rule itself, 5 more", len(rs), rs[0].Number, more, maxAnswerRules)
	}
	if moreRules(more) != "5 more rules on its page" || moreRules(1) != "1 more rule on its page" {
		t.Errorf("moreRules: %q, %q", moreRules(more), moreRules(1))
	}
}
