package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/cards"
	"github.com/arbiter-rules/arbiter/rules/search"
	"github.com/arbiter-rules/arbiter/views"
)

// cardStore is the card data served: read on first use (some 0.3 s),
// from the data directory's AtomicCards.json if there is a good one, else
// the embedded cards; and, per edition, the cards its rules name.
type cardStore struct {
	once    sync.Once
	set     *cards.Set
	problem string // why the user's file was not used; "" if none

	mu       sync.Mutex
	mentions map[*rules.Edition]*cards.Mentions

	namesOnce sync.Once
	names     *cards.Set // cardNames, chosen once

	namerMu sync.Mutex // not mu: mentionsIn asks for a namer holding mu
	namers  map[*rules.Edition]*cards.Namer
}

// embeddedCardNames is the embedded cards' names, read once a process: the
// jump box, the search and the rules' card links need only the names, and
// the embedded file never changes.
var embeddedCardNames = sync.OnceValues(cards.EmbeddedNames)

// cardNames is the cards whose names the server knows (their faces' names,
// and more if loaded): a user's AtomicCards.json's, once read, else the
// embedded cards' names alone, without reading the whole card file. It is
// chosen once, as the card data is (cards): every example paragraph a page
// renders asks for it.
func (s *Server) cardNames() *cards.Set {
	cs := &s.cardStore
	cs.namesOnce.Do(func() {
		if s.reread.dataDir != "" {
			if _, err := os.Stat(filepath.Join(s.reread.dataDir, cards.AtomicFile)); err == nil {
				cs.names, _ = s.cards()
				return
			}
		}
		if set, err := embeddedCardNames(); err == nil {
			cs.names = set
			return
		}
		cs.names, _ = s.cards() // says what went wrong on /diagnostics
	})
	return cs.names
}

// maxNamers bounds the card namers kept, one an edition (some 2 MB each):
// a page of an old edition builds its own again.
const maxNamers = 8

// namerFor is the Namer of the known cards for e's text.
func (s *Server) namerFor(e *rules.Edition) *cards.Namer {
	names := s.cardNames()
	cs := &s.cardStore
	cs.namerMu.Lock()
	defer cs.namerMu.Unlock()
	if n, ok := cs.namers[e]; ok {
		return n
	}
	if cs.namers == nil || len(cs.namers) >= maxNamers {
		cs.namers = map[*rules.Edition]*cards.Namer{}
	}
	n := names.NewNamer(e)
	cs.namers[e] = n
	return n
}

// cardSpans finds the card names in s, text of e, for views.Paths.Cards.
func (s *Server) cardSpans(e *rules.Edition, text string) []rules.Span {
	found := s.namerFor(e).Find(text)
	if len(found) == 0 {
		return nil
	}
	spans := make([]rules.Span, len(found))
	for i, f := range found {
		spans[i] = rules.Span{Start: int32(f.Start), End: int32(f.End), Kind: rules.SpanCard, Target: f.Card}
	}
	return spans
}

// cards returns the card data, reading it on first use. A broken user
// file is logged and named on /cards and /diagnostics, and the embedded
// cards are served instead.
func (s *Server) cards() (*cards.Set, views.CardData) {
	cs := &s.cardStore
	cs.once.Do(func() {
		set, err := cards.Load(s.reread.dataDir)
		if err != nil {
			cs.problem = "Not using " + cards.AtomicFile + ": " + err.Error()
			s.log.Error("card data", "err", err)
			set, err = cards.Embedded()
			if err != nil { // the binary's own data: a build error
				panic(err)
			}
		}
		cs.set = set
		cs.mentions = map[*rules.Edition]*cards.Mentions{}
	})
	return cs.set, views.CardData{Source: cs.set.Source, Date: cs.set.Date, Faces: cs.set.Len(), Problem: cs.problem}
}

// cardSet is the server's card data, for a scenario's card line that only
// names a card.
func (s *Server) cardSet() (*cards.Set, error) {
	set, _ := s.cards()
	return set, nil
}

// mentionsIn is where e names each card, found on first use (some 0.1 s
// for a whole CR). Only the newest CR is asked for, so this holds one or
// two editions over a server's life.
func (s *Server) mentionsIn(e *rules.Edition) *cards.Mentions {
	cs := &s.cardStore
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if m, ok := cs.mentions[e]; ok {
		return m
	}
	if len(cs.mentions) > 4 {
		clear(cs.mentions) // old libraries' editions, after reloads
	}
	m := s.namerFor(e).Mentions(e)
	cs.mentions[e] = m
	return m
}

// maxCardMatches bounds the names /cards lists for a query.
const maxCardMatches = 50

// cardSearch serves /cards?q=: the cards named like q, forgiving case,
// apostrophes and typos. A query naming one card goes to its page.
func (s *Server) cardSearch(c echo.Context) error {
	set, data := s.cards()
	q := strings.TrimSpace(c.QueryParam("q"))
	if len(q) > maxJump {
		return badRequest("That is too long to be a card name (over %d characters).", maxJump)
	}
	p := views.CardSearchPage{
		Page:  views.Page{Paths: s.paths, Title: "Cards", Query: q},
		Data:  data,
		Query: q,
	}
	if q != "" {
		if card := set.Named(q); card != nil {
			return c.Redirect(http.StatusFound, s.paths.CardURL(card.Name))
		}
		p.Matches = set.Find(q, maxCardMatches)
		p.Title = q + " · Cards"
	}
	if e := siteOf(c).of(rules.DocCR).lib.Latest(); e != nil {
		p.Edition = e
		for _, u := range s.mentionsIn(e).Unnamed() {
			uc := views.UnnamedCard{Name: u.Name}
			for _, r := range u.Rules {
				uc.Rules = append(uc.Rules, mention(s.paths, e, cards.Mention{Rule: r, Example: true}))
			}
			p.Unnamed = append(p.Unnamed, uc)
			if q != "" && cards.Slug(u.Name) == cards.Slug(q) {
				p.Newer = &uc
			}
		}
	}
	return views.CardSearch(p).Render(c.Request().Context(), htmlResponse(c))
}

// cardPage serves /cards/{name}: the card's faces, rulings and the rules
// of the newest CR that name it. A name written otherwise than its slug
// ("Assassin's Trophy", "fire // ice") redirects to it, and one with a typo
// to the card it is nearest to.
func (s *Server) cardPage(c echo.Context) error {
	set, data := s.cards()
	name := param(c, "name")
	card := set.BySlug(name)
	if card == nil {
		card = set.Named(strings.ReplaceAll(name, "-", " "))
	}
	if card == nil {
		return notFound("No card is named “%s” in the card data of %s. Search the names at /cards.", clip(name), data.Date)
	}
	if slug := cards.Slug(card.Name); slug != name {
		return c.Redirect(http.StatusMovedPermanently, s.paths.CardURL(card.Name))
	}
	faces := set.Faces(card)
	p := views.CardPage{
		Page:   views.Page{Paths: s.paths, Title: set.FullName(card) + " · Cards"},
		Data:   data,
		Name:   set.FullName(card),
		Faces:  faces,
		Layout: card.Layout,
		Sets:   card.Printings,
		First:  card.FirstPrinted,
	}
	// Rulings are the card's, repeated on each face in the data.
	for _, f := range faces {
		if len(f.Rulings) > 0 {
			p.Rulings = f.Rulings
			break
		}
	}
	if e := siteOf(c).of(rules.DocCR).lib.Latest(); e != nil {
		p.Edition = e
		m := s.mentionsIn(e)
		seen := map[string]bool{}
		for _, f := range faces {
			for _, x := range m.Of(f.Name) {
				if cm := mention(s.paths, e, x); !seen[cm.URL] {
					seen[cm.URL] = true
					p.Mentions = append(p.Mentions, cm)
				}
			}
		}
	}
	return s.render(c, views.Card(p))
}

// mention is where an edition names a card, as the card page lists it.
func mention(paths views.Paths, e *rules.Edition, x cards.Mention) views.CardMention {
	if x.Entry != nil {
		return views.CardMention{Label: x.Entry.Term(), URL: paths.TermURL(e.ID, x.Entry.Slug), Where: "glossary"}
	}
	where := "rule"
	if x.Example {
		where = "example"
	}
	return views.CardMention{Label: x.Rule.Number.String(), URL: paths.RuleURL(e.ID, x.Rule.Number), Where: where}
}

// cardNamed is the card q names, "" if none or if q is also a term of
// e's glossary: the jump box goes to a card page only for a card's name.
func (s *Server) cardNamed(e *rules.Edition, q string) string {
	if e.Term(q) != nil {
		return ""
	}
	set := s.cardNames()
	card := set.Named(q)
	if card == nil {
		return ""
	}
	// The jump box takes the reader to a card when the words are the
	// card's name however spelt, or the name with a typo ("blod moon"),
	// but not when a word that differs is an English word: "game play" is
	// ordinary words, not Game Plan misspelt. The search answers those (and
	// its page offers the card).
	same := func(name string) bool { return cardKey(name) == cardKey(q) }
	if same(card.Name) || same(set.FullName(card)) {
		return card.Name
	}
	named := map[string]bool{}
	for _, w := range strings.Fields(strings.ReplaceAll(cards.Slug(set.FullName(card)), "-", " ")) {
		named[w] = true
	}
	for _, w := range strings.Fields(strings.ReplaceAll(cards.Slug(q), "-", " ")) {
		if !named[w] && search.EnglishWord(w) {
			return ""
		}
	}
	return card.Name
}

// cardKey is a card name with case, punctuation and spacing left out:
// "Assassin's Trophy", "assassins trophy" and "ASSASSINS-TROPHY" are one.
func cardKey(name string) string { return strings.ReplaceAll(cards.Slug(name), "-", "") }
