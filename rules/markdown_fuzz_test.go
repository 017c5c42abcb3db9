package rules

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
)

// FuzzParseMarkdown checks that any input parses without a panic, that
// every diagnostic names the file and a line in it, and that the edition
// exports to Markdown that reads back to the same tree.
//
//	go test ./rules -run '^$' -fuzz FuzzParseMarkdown -fuzztime 5m
func FuzzParseMarkdown(f *testing.F) {
	classic, err := fs.ReadFile(content.FS, "classic/classic.md")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(classic)
	var tricky bytes.Buffer
	if err := ExportMarkdown(&tricky, trickyEdition()); err != nil {
		f.Fatal(err)
	}
	f.Add(tricky.Bytes())
	for _, s := range []string{
		"---\nid: x\ntitle: T\neffective: 2026-01-16\nkind: excerpt\n---\n# 1. A\n\n## 100. B\n\n100.1. *Text* {W} rule 100.1a.\n\n100.1a Sub.\n\n> Example: ex\n\ncont\n",
		"# Glossary\n\nAbility\n: 1. one\n: 2. > Example: two\n: > See also: rule 113\n\nYou\nYour (Obsolete)\n: x\n",
		"## Topic {#slug}\n\ntext\n\n> quote\n",
		"---\nunclosed\n",
		"* list\n\n    code\n\n<div>\n\n***bold***\n\n[a](<b c> \"t\") <http://x> ![i](j)\n\nline\\\nbreak  \nx\n",
		"100.1.\n\n100.1a\n\n# 1.\n\n104.3h x\n",
		"Term\n: \n\n: orphan\n\n\n# Credits\n\n&#32;lead &amp; trail&#32;\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e := ParseMarkdown(Source{Name: "fuzz.md", Data: data})
		text, _ := Decode(data)
		lines := 1 + strings.Count(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\n")
		for _, d := range e.Diagnostics {
			if d.File != "fuzz.md" || d.Line < 1 || d.Line > lines {
				t.Fatalf("diagnostic outside the file (%d lines): %s", lines, d)
			}
		}
		if e.Failed() {
			return
		}
		var buf bytes.Buffer
		if err := ExportMarkdown(&buf, e); err != nil {
			t.Fatalf("ExportMarkdown: %v", err)
		}
		back := ParseMarkdown(Source{Name: "export.md", Data: buf.Bytes()})
		if d := diffEditionTrees(e, back); d != "" {
			t.Fatalf("round trip differs: %s\n--- input:\n%q\n--- export:\n%s", d, data, buf.String())
		}
	})
}
