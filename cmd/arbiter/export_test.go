package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
)

const exportMD = `---
id: handmade
title: A Hand-Made Edition
kind: excerpt
---

# 1. Game Concepts

## 100. General

100.1. These *Magic* rules apply. See rule 100.1a.

100.1a A subrule {W}.

> Example: An example.

# Glossary

Ability
: 1. Text on an object.
: 2. An ability on the stack.
`

func TestExportMarkdownToStdout(t *testing.T) {
	dir := writeFiles(t, map[string]string{"cr/good.txt": checkCR})
	var out, errOut bytes.Buffer
	if code := run([]string{"export", "--format", "md", filepath.Join(dir, "cr")}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errOut.String())
	}
	for _, want := range []string{"---\nid: 2026-01-16\n", "# 1. Game Concepts\n", "## 100. General\n", "100.1. These Magic rules", "> Example: An example.\n", "Abandon\n: To turn"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("export lacks %q:\n%s", want, out.String())
		}
	}
	// The Markdown reads back to the edition it came from.
	back := rules.ParseMarkdown(rules.Source{Name: "back.md", Data: out.Bytes()})
	orig := rules.ParseText(rules.Source{Name: "good.txt", Data: []byte(checkCR)})
	if back.Failed() || len(back.Entries()) != len(orig.Entries()) || len(back.Glossary) != 1 || back.EffectiveDate() != "2026-01-16" {
		t.Errorf("re-parse: %d entries (want %d), %d glossary, date %q, %v", len(back.Entries()), len(orig.Entries()), len(back.Glossary), back.EffectiveDate(), back.Diagnostics)
	}
}

func TestExportJSONToDir(t *testing.T) {
	dir := writeFiles(t, map[string]string{"in/good.txt": checkCR, "in/handmade.md": exportMD})
	outDir := filepath.Join(dir, "out")
	var out, errOut bytes.Buffer
	if code := run([]string{"export", "--format", "json", "--out", outDir, filepath.Join(dir, "in")}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d; stderr %s", code, errOut.String())
	}
	if got := strings.Fields(out.String()); len(got) != 2 {
		t.Errorf("stdout lists %q, want the two files written", got)
	}
	var e rules.JSONEdition
	b, err := os.ReadFile(filepath.Join(outDir, "handmade.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	if e.ID != "handmade" || e.Format != "md" || e.Kind != "excerpt" || len(e.Sections) != 1 || len(e.Glossary) != 1 {
		t.Fatalf("handmade.json: %+v", e)
	}
	ch := e.Sections[0].Chapters[0]
	if ch.Number.String() != "100" || ch.Title != "General" || len(ch.Rules) != 1 || len(ch.Rules[0].Subrules) != 1 {
		t.Fatalf("chapter: %+v", ch)
	}
	sub := ch.Rules[0].Subrules[0]
	if sub.Number.String() != "100.1a" || len(sub.Body) != 2 || sub.Body[1].Kind != "example" || sub.Body[1].Text != "An example." {
		t.Errorf("subrule: %+v", sub)
	}
	if g := e.Glossary[0]; g.Terms[0] != "Ability" || len(g.Body) != 2 || g.Body[1].Sense != 2 {
		t.Errorf("glossary: %+v", g)
	}
	// The raw JSON uses the documented names.
	for _, want := range []string{`"effective_date": "2026-01-16"`, `"chapters": [`, `"subrules": [`, `"kind": "italic"`} {
		all, _ := os.ReadFile(filepath.Join(outDir, "2026-01-16.json"))
		all = append(all, b...)
		if !bytes.Contains(all, []byte(want)) {
			t.Errorf("JSON lacks %s", want)
		}
	}
}

func TestExportErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"two/a.txt":   checkCR,
		"two/b.md":    exportMD,
		"bad/bad.md":  "---\nid: bad\neffective: someday\n---\n# 1. A\n",
		"bad/good.md": exportMD,
		"evil/x.md":   "---\nid: ../../escape\n---\n# 1. A\n",
	})
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no format", []string{"export", filepath.Join(dir, "two")}, 2, "--format must be json or md"},
		{"bad format", []string{"export", "--format", "xml", filepath.Join(dir, "two")}, 2, "--format must be json or md"},
		{"no path", []string{"export", "--format", "md"}, 2, "usage: arbiter export"},
		{"missing path", []string{"export", "--format", "md", filepath.Join(dir, "nothing")}, 1, "no such file"},
		{"two editions to stdout", []string{"export", "--format", "md", filepath.Join(dir, "two")}, 2, "holds 2 editions: use --out DIR"},
		{"a file that fails", []string{"export", "--format", "md", "--out", filepath.Join(dir, "out-bad"), filepath.Join(dir, "bad")}, 1, "bad.md:3: front matter: effective: want YYYY-MM-DD"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run(tc.args, &out, &errOut); code != tc.code {
				t.Errorf("exit %d, want %d; stderr %s", code, tc.code, errOut.String())
			}
			if !strings.Contains(errOut.String(), tc.stderr) {
				t.Errorf("stderr %q lacks %q", errOut.String(), tc.stderr)
			}
		})
	}
	// The good file beside the bad one is still written.
	if _, err := os.Stat(filepath.Join(dir, "out-bad", "handmade.md")); err != nil {
		t.Errorf("good edition not exported: %v", err)
	}
	// An id cannot name a file outside the output directory.
	var out, errOut bytes.Buffer
	if code := run([]string{"export", "--format", "md", "--out", filepath.Join(dir, "out-evil"), filepath.Join(dir, "evil")}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "out-evil", "escape.md")); err != nil {
		t.Errorf("want out-evil/escape.md: %v (stdout %s)", err, out.String())
	}
}
