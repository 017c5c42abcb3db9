package main

import (
	"net/url"
	"strings"
	"testing"
)

// TestSandboxCardsByName: a scenario typed in the sandbox may name real
// cards only; the page runs them from the server's card data and says so,
// and a card the grammar can't read is a mistake naming the sentence.
func TestSandboxCardsByName(t *testing.T) {
	srv := sandboxServer(t)
	const text = `scenario "Bolt the Angel" rule 120.3
card Serra Angel
card Lightning Bolt
setup
  A battlefield: Serra Angel
  B hand: Lightning Bolt
  B mana {R}
steps
  B casts Lightning Bolt targeting Serra Angel
  resolve
expect
  Serra Angel damage = 3
  Serra Angel pt = 4/4
`
	w := runForm(t, srv, url.Values{"text": {text}, "step": {"last"}})
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, parse(t, w).Find("#sb-errors, .notice").Text())
	}
	d := parse(t, w)
	note := d.Find("p.sb-from-data")
	if !strings.Contains(note.Text(), "From the card data (Oracle text as of 2018-11-07)") ||
		note.Find("a.card[href='/cards/serra-angel']").Text() != "Serra Angel" ||
		note.Find("a.card[href='/cards/lightning-bolt']").Text() != "Lightning Bolt" {
		t.Errorf("the card data note: %q", note.Text())
	}
	if d.Find(".sb-invented").Length() != 0 {
		t.Error("cards from the data are called invented")
	}

	bad := strings.Replace(text, "card Lightning Bolt", "card Chaos Orb", 1)
	w = runForm(t, srv, url.Values{"text": {bad}})
	li := parse(t, w).Find("#sb-errors li[data-line='3']")
	if w.Code != 400 || !strings.Contains(li.Text(), "card Chaos Orb: can't read") {
		t.Errorf("a card the grammar can't read: %d %q", w.Code, li.Text())
	}
}
