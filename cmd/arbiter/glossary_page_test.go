package main

import (
	"log/slog"
	"testing"
)

// A term page is no dead end (issue 28): it quotes the rules its
// definition cites, follows the term through every edition, and for a term
// the rules dropped, shows its last definition, the rule that definition
// cited in its own edition, and the sandbox's switch of the same name.
func TestTermPageQuotesAndHistory(t *testing.T) {
	t.Parallel()
	lib, err := loadLibrary(contentOptions{official: true}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(lib, Options{})
	for _, tc := range []struct {
		path   string
		checks []check
		absent []string
	}{
		{"/2026-04-17/glossary/deathtouch", []check{
			// 702.2 is only a name: its subrules are quoted, linked.
			{"section.quoted h2 a[href='/2026-04-17/702.2']", "702.2"},
			{"section.quoted a.num[href='/2026-04-17/702.2b']", "702.2b"},
			{"section.quoted p", "state-based action"},
			{".term-history li", "Defined in CR 2007-05-01"},
			{".term-history li a[href='/2026-04-17/glossary/deathtouch']", "CR 2026-04-17"},
			{"a[href='/sandbox/switches#deathtouch']", "Deathtouch"},
		}, []string{"#last-h"}},
		{"/2026-04-17/glossary/mana-burn", []check{
			{"#last-h a[href='/2009-05-01/glossary/mana-burn']", "CR 2009-05-01"},
			{"section.quoted h2 a[href='/2009-05-01/300.3']", "300.3"},
			{"section.quoted h2 .meta", "in CR 2009-05-01"},
			{"section.quoted p", "loses 1 life for each one mana lost"},
			{".term-history li", "Defined in CR 1999-04-23 to CR 2009-05-01"},
			{".term-history li", "Obsolete in CR 2009-07-11"},
			{"a[href='/sandbox/switches#mana-burn']", "Mana burn"},
		}, nil},
	} {
		w := do(t, srv, "GET", tc.path)
		if w.Code != 200 {
			t.Fatalf("%s: status %d", tc.path, w.Code)
		}
		expectPage(t, tc.path, parse(t, w), tc.checks, tc.absent)
	}
}
