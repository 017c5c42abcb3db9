package rules_test

import (
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

// checkJudge holds for any judge document input, besides checkParsed's:
// entries ascend, every span lies inside its text and in order, every
// reference of the edition is in its text, and a second Link finds the
// same references.
func checkJudge(t *testing.T, e *rules.Edition) {
	t.Helper()
	checkParsed(t, e, "judge")
	var last rules.Number
	e.Walk(func(r *rules.Rule) bool {
		if !last.IsZero() && r.Number.Compare(last) <= 0 {
			t.Fatalf("entry %s after %s", r.Number, last)
		}
		last = r.Number
		return true
	})
	texts := func(bs []rules.Block) {
		for _, b := range bs {
			prev := int32(-1)
			for _, s := range b.Text.Spans {
				if s.Start < 0 || s.End < s.Start || int(s.End) > len(b.Text.S) || s.Start < prev {
					t.Fatalf("span %+v out of order or out of %q", s, b.Text.S)
				}
				prev = s.Start
			}
		}
	}
	texts(e.Intro)
	for _, tp := range e.Topics {
		if tp.Slug == "" {
			t.Fatalf("topic %q without a slug", tp.Title)
		}
		texts(tp.Body)
	}
	for _, r := range e.Refs {
		if r.Start < 0 || r.End > int32(len(r.Text.S)) || r.Start >= r.End {
			t.Fatalf("ref %d–%d out of %q", r.Start, r.End, r.Text.S)
		}
	}
	n := len(e.Refs)
	rules.Link(e)
	if len(e.Refs) != n {
		t.Fatalf("a second Link found %d references, the first %d", len(e.Refs), n)
	}
}

var judgeSeeds = []string{
	"%arbiter-extract 1\n%source: x.pdf\n%title: MAGIC INFRACTION PROCEDURE GUIDE\n%page 1\n# MAGIC INFRACTION PROCEDURE GUIDE\nEffective September 23, 2024\n# CONTENTS\n# 1. General Philosophy\n# 1. GENERAL PHILOSOPHY\nJudges (see section 1.2, MTR 4.3, rule 704.5k).\n# 1.2. APPLYING\n# 2.1. Game Play Error — Missed Trigger\tNo Penalty\n# Definition\tWarning\nA. x\nUpgrade: y\n# Appendix A—Changes\n1.2: z\n",
	"%arbiter-extract 1\n# DCI™ UNIVERSAL PENALTY GUIDELINES\nEffective November 1, 2001\n# 10 Format\n# 10. FORMAT\n# 100. DECK\n# 101. Deck Problem—Illegal\n# Penalty\nREL 1\tREL 2\nGame\tMatch\n\\# not a heading\n%unknown\n",
	"MAGIC: THE GATHERING\xae DCI FLOOR RULES\r\nEffective Mar 1, 2008\r\n100.\tGENERAL\r\n101.\tFormat\r\n\x95\tStandard\r\nsee section 101 and sections 125\x96129\r\n",
	"From: a\nSubject: Tournament Rules\nDate: 26 Jan 94 12:30:31\n\nThe rules of the\ntournament are these.\n\nFloor Rules:\n\n     1.  Play\nwell and keep going on\nand on.\n|a |b |\n|c |d |\n",
	"<html><body><h1>Judging at Regular REL</h1><p>Effective January 21, 2019</p><h2>Common</h2><p><b>Bold</b></p><p>The <a href=\"x\">Magic Tournament Rules</a><br><br>Next</p><ul><li>a</li></ul><table><tr><td>1</td><td>2</td></tr></table></body></html>",
}

func FuzzParseJudgeText(f *testing.F) {
	for _, s := range judgeSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(strings.Repeat("the MTR MTR section 1.1 of the IPG\n", 50)))
	f.Fuzz(func(t *testing.T, b []byte) {
		e := rules.ParseJudge(rules.Source{Name: "judge", Data: b})
		checkJudge(t, e)
		_ = rules.JudgeDocOf(rules.Source{Name: "judge", Data: b})
	})
}

func FuzzParseJudgeHTML(f *testing.F) {
	f.Add("<h1>Judging at Regular REL</h1><p>Effective January 21, 2019</p><h2>A</h2><p>x</p>")
	f.Add("<p><strong>Judging at Regular REL</strong></p><p>Updated September 26, 2014</p><h2>A<br>B</h2><p><a href='u'>IPG</a> 2.1</p>")
	f.Add("2019-03-24\n<!doctype html><title>t</title><style>x</style>Judging at Regular Rules Enforcement Level<h2>T</h2>text<p>more</p>")
	f.Fuzz(func(t *testing.T, body string) {
		e := rules.ParseJudge(rules.Source{Name: "judge", Data: []byte("<html><body>" + body + "</body></html>")})
		checkJudge(t, e)
	})
}
