package rules

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
)

const classicSeed = "classic/003_071e9b6691a22ab9.txt"

func loadClassic(t *testing.T) *Edition {
	t.Helper()
	eds, err := Load(content.FS, "classic")
	if err != nil {
		t.Fatal(err)
	}
	if len(eds) != 1 {
		t.Fatalf("classic: %d editions", len(eds))
	}
	e := eds[0]
	for _, d := range e.Diagnostics {
		t.Errorf("classic: %s", d)
	}
	return e
}

func TestClassicTopics(t *testing.T) {
	e := loadClassic(t)
	if e.ID != "classic" || e.Kind != KindProse || e.Format != FormatMarkdown || e.Title != "Classic Rules (Ronald Bieber)" {
		t.Errorf("classic: id %q kind %q format %q title %q", e.ID, e.Kind, e.Format, e.Title)
	}
	want := []struct {
		slug, title string
		examples    []string // how each example starts
		paragraphs  int
	}{
		{"ownership", "Ownership", nil, 1},
		{"tokens", "Tokens", []string{"The effect on The Hive reads:"}, 2},
		{"counters", "Counters", []string{"Bottomless Vault is a land", "Mishra's Factory, a land,"}, 4},
		{"sacrifice", "Sacrifice", nil, 2},
		{"sources-of-effects", "Sources of Effects", []string{"Bob uses his Brothers of Fire ability"}, 1},
	}
	if len(e.Topics) != len(want) {
		t.Fatalf("classic has %d topics, want %d", len(e.Topics), len(want))
	}
	for i, w := range want {
		tp := e.Topics[i]
		if tp.Slug != w.slug || tp.Title != w.title {
			t.Errorf("topic %d: %q %q, want %q %q", i, tp.Slug, tp.Title, w.slug, w.title)
		}
		if e.Topic(w.slug) != tp {
			t.Errorf("Topic(%q) does not find topic %d", w.slug, i)
		}
		var examples []string
		paragraphs := 0
		for _, b := range tp.Body {
			if b.Kind == BlockExample {
				examples = append(examples, b.Text.S)
			} else {
				paragraphs++
			}
		}
		if paragraphs != w.paragraphs {
			t.Errorf("topic %s: %d paragraphs, want %d", w.slug, paragraphs, w.paragraphs)
		}
		if len(examples) != len(w.examples) {
			t.Errorf("topic %s: %d examples, want %d", w.slug, len(examples), len(w.examples))
			continue
		}
		for j, ex := range examples {
			if !strings.HasPrefix(ex, w.examples[j]) {
				t.Errorf("topic %s example %d starts %.40q, want %q", w.slug, j, ex, w.examples[j])
			}
		}
	}
	if len(e.Intro) != 1 || e.Intro[0].Text.S != "Ronald Bieber's Home on the Web" {
		t.Errorf("classic intro: %v", e.Intro)
	}
}

// Nothing of the seed is lost or changed: every paragraph of the page is
// exactly one text of the edition (intro, topic title or block), in order,
// and so every sentence appears word for word.
func TestClassicFaithful(t *testing.T) {
	e := loadClassic(t)
	seed, err := fs.ReadFile(content.FS, classicSeed)
	if err != nil {
		t.Fatal(err)
	}
	var page []string
	for _, l := range strings.Split(string(seed), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			page = append(page, l)
		}
	}
	var got []string
	for _, b := range e.Intro {
		got = append(got, b.Text.S)
	}
	for _, tp := range e.Topics {
		// The page's one heading is a topic title; the other titles are ours.
		if tp.Slug == "sources-of-effects" {
			got = append(got, tp.Title)
		}
		for _, b := range tp.Body {
			got = append(got, b.Text.S)
		}
	}
	if !slices.Equal(got, page) {
		for i := range max(len(got), len(page)) {
			var g, p string
			if i < len(got) {
				g = got[i]
			}
			if i < len(page) {
				p = page[i]
			}
			if g != p {
				t.Fatalf("paragraph %d differs:\nedition: %q\npage:    %q", i, g, p)
			}
		}
	}
	all := strings.Join(got, "\n")
	n := 0
	for _, p := range page {
		for _, s := range classicSentences(p) {
			n++
			if !strings.Contains(all, s) {
				t.Errorf("sentence missing from the edition: %q", s)
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d sentences found in the seed; the splitter is broken", n)
	}
}

// classicSentences splits a paragraph after ".", "?" or "!" (and any closing
// quote or parenthesis) followed by a space.
func classicSentences(p string) []string {
	var out []string
	start := 0
	for i := 0; i < len(p); i++ {
		if !strings.ContainsRune(".?!", rune(p[i])) {
			continue
		}
		j := i + 1
		for j < len(p) && (p[j] == '"' || p[j] == ')') {
			j++
		}
		if j == len(p) || p[j] == ' ' {
			out = append(out, strings.TrimSpace(p[start:j]))
			start = j
			i = j
		}
	}
	if s := strings.TrimSpace(p[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

func TestClassicRoundTrip(t *testing.T) {
	mdRoundTrip(t, loadClassic(t))
}
