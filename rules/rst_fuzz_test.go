package rules

import (
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// TestRSTMalformed feeds broken input: each case must give a diagnostic
// naming the file and the line, keep the edition's invariants and return.
func TestRSTMalformed(t *testing.T) {
	deepQuote := func() string {
		var b strings.Builder
		b.WriteString(part2 + "N\n=\n\n100.1\n-----\n\n")
		for i := 0; i < 400; i++ {
			b.WriteString(strings.Repeat(" ", i+1) + "level\n\n")
		}
		return b.String()
	}
	deepAdmonitions := func() string {
		var b strings.Builder
		b.WriteString(part2 + "N\n=\n\n100.1\n-----\n\n")
		for i := 0; i < 200; i++ {
			b.WriteString(strings.Repeat("    ", i) + ".. admonition:: Example\n\n")
		}
		b.WriteString(strings.Repeat("    ", 200) + "Innermost.\n")
		return b.String()
	}
	rng := rand.New(rand.NewSource(2011))
	random := make([]byte, 4096)
	rng.Read(random)
	for i := range random {
		if random[i] == 0 {
			random[i] = 1 // NUL has a case of its own
		}
	}

	tests := []struct {
		name string
		src  string
		line int
		sev  Severity
		msg  string
	}{
		{"short underline", part2 + "Name\n==\n\n100.1\n-----\n\nx\n", 6, SevWarning, "possible title underline \"==\" too short"},
		{"underline shorter than title", part2 + "Mana Cost\n=====\n\n100.1\n-----\n\nx\n", 6, SevWarning, "title underline shorter than the title"},
		{"overline without underline", "*****\nZones\n\n400.1\n-----\n\nx\n", 1, SevWarning, "has no matching underline"},
		{"overline and underline differ", "*****\nZones\n********\n\n400.1\n-----\n\nx\n", 3, SevWarning, "does not match its overline"},
		{"title inside a block", part2 + "N\n=\n\n100.1\n-----\n\n    Indented\n    --------\n", 11, SevWarning, "inside an indented block"},
		{"unclosed role", part2 + "N\n=\n\n100.1\n-----\n\nSee :ref:`card-types and more.\n", 11, SevWarning, "role :ref:` has no closing"},
		{"unclosed emphasis", part2 + "N\n=\n\n100.1\n-----\n\nOne\ntwo *three\n", 12, SevWarning, "\"*\" without a closing"},
		{"tabs", part2 + "N\n=\n\n100.1\n-----\n\nText.\n\n\ta.\tTabbed subrule.\n", 13, SevWarning, "tab character"},
		{"deep indentation", deepQuote(), 59, SevWarning, "nested more than"},
		{"deep admonitions", deepAdmonitions(), 61, SevWarning, "nested more than"},
		{"random bytes", string(random), 1, SevError, "no rules or glossary found"},
		{"NUL byte", "Title\n=====\n\nbad\x00byte\n", 4, SevError, "binary data"},
		{"empty", "", 1, SevError, "no rules or glossary found"},
		{"unknown directive", part2 + "N\n=\n\n100.1\n-----\n\n.. raw:: html\n\n   <b>x</b>\n", 11, SevWarning, "unknown directive \"raw\""},
		{"unknown substitution", part2 + "N\n=\n\n100.1\n-----\n\nPay |Z|.\n", 11, SevWarning, "unknown substitution |Z|"},
		{"grid table", part2 + "N\n=\n\n100.1\n-----\n\n+---+---+\n| a | b |\n+---+---+\n", 11, SevWarning, "grid table not supported"},
		{"label at end", part2 + "N\n=\n\n100.1\n-----\n\nx\n\n.. _dangling:\n", 13, SevWarning, "labels nothing"},
		{"malformed target", part2 + "N\n=\n\n100.1\n-----\n\n.. _no-colon\n", 11, SevWarning, "malformed target"},
		{"subrule outside a rule", part2 + "N\n=\n\n    a. Orphan item.\n", 8, SevWarning, "not a subrule or sense"},
		{"subrule title without rule", part2 + "N\n=\n\n100.1a\n------\n\nx\n", 8, SevWarning, "subrule 100.1a is not under rule 100.1"},
		{"bad date", ":Date: someday\n\n" + part2 + "N\n=\n\n100.1\n-----\n\nx\n", 1, SevWarning, "date \"someday\" not understood"},
		{"many stars", part2 + "N\n=\n\n100.1\n-----\n\n" + strings.Repeat("a *b ", 20000) + "\n", 11, SevWarning, "without a closing"},
		{"many bars", part2 + "N\n=\n\n100.1\n-----\n\n" + strings.Repeat("|x ", 20000) + "|\n", 11, SevWarning, "\"|\" without a closing"},
		{"many roles", part2 + "N\n=\n\n100.1\n-----\n\n" + strings.Repeat(":ref:`a ", 5000) + "\n", 11, SevWarning, "has no closing"},
		{"glossary without definitions", "********\nGlossary\n********\n\n.. glossary::\n\n    Lonely term\n", 7, SevWarning, "text outside any rule"},
		{"CR line ends", part2 + "N\r=\r\r100.1\r-----\r\rx |Z|\r", 11, SevWarning, "unknown substitution"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := parseRSTFiles(t, "bad.rst", tc.src)
			for _, d := range e.Diagnostics {
				if d.File == "bad.rst" && d.Line == tc.line && d.Severity == tc.sev && strings.Contains(d.Message, tc.msg) {
					return
				}
			}
			t.Errorf("want bad.rst:%d: %s: %s; got\n%s", tc.line, tc.sev, tc.msg, diagText(e.Diagnostics))
		})
	}
}

// FuzzParseRST: any bytes parse without panicking or hanging, and the
// result keeps the invariants checkEdition asserts.
//
//	go test ./rules -run '^$' -fuzz FuzzParseRST -fuzztime 5m
func FuzzParseRST(f *testing.F) {
	for _, s := range []string{
		part2 + "N\n=\n\n100.1\n-----\n\nText *it* |2|\\ |W| :ref:`x <y>` :term:`Z`.\n\n    a. Sub.\n\n        .. admonition:: Example\n\n            Ex.\n",
		".. glossary::\n\n    Term, Terms\n        1. One.\n        2. Two.\n\n            .. seealso::\n\n                :ref:`lbl`\n",
		":Date: July 15, 2011\n\n.. _lbl:\n\n***\nX\n***\n\n.. toctree::\n\n   other\n",
		"`a <b>`_ :ref:erred ``lit`` **b** \\* |C| (*) 1+*",
		"+--+\n| x |\n+--+\n\n| line\n\n- bullet\n\n#. auto\n",
		part2 + "N\n=\n\n603.2\n-----\n\n    c. C.\n\n        .. admonition:: Example\n\n            Ex.\n\n            d. D.\n\n    e. E.\n",
		"Text.\n\n*****\nCustomer Service Information\n*****\n\nUS\n==\n\nAddress.\n",
	} {
		f.Add([]byte(s))
	}
	if b, err := os.ReadFile("../content/rst-2011/004_2d6522ad4a7b1298.txt"); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e := ParseRST([]Source{{Name: "fuzz.rst", Data: data}})
		checkEdition(t, e)
	})
}

// BenchmarkParseRST parses and links seed 004 and the 2011 glossary as one
// edition (27 KB + 77 KB).
func BenchmarkParseRST(b *testing.B) {
	seed, err := os.ReadFile("../content/rst-2011/004_2d6522ad4a7b1298.txt")
	if err != nil {
		b.Fatal(err)
	}
	gloss := corpustest.ReadFile(b, "corpus", "rst", "glossary.rst")
	srcs := []Source{{Name: "004.txt", Data: seed}, {Name: "glossary.rst", Data: gloss}}
	b.SetBytes(int64(len(seed) + len(gloss)))
	b.ReportAllocs()
	for b.Loop() {
		e := ParseRST(srcs)
		if len(e.Glossary) != 454 {
			b.Fatal("glossary not read")
		}
	}
}
