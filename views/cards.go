package views

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

// CardData says which card data a page shows: the file and its date.
type CardData struct {
	Source string // "embedded oracle-2018-11-07.jsonl", or the user's file
	Date   string // YYYY-MM-DD
	Faces  int
	// Problem is why a user's card file was not used ("" when none was
	// found or it was read).
	Problem string
}

// CardPage is one card's page: every face, its rulings, and the rules
// that name it.
type CardPage struct {
	Page
	Data     CardData
	Name     string        // the card's name: "Fire // Ice"
	Faces    []*cards.Card // every face, in printed order
	Layout   string
	Rulings  []cards.Ruling
	Sets     []string
	First    string         // the first printing's date
	Mentions []CardMention  // rules of the newest CR that name it
	Edition  *rules.Edition // the edition Mentions are of
}

// CardMention is a rule of the newest CR whose text, an example or a
// glossary entry names a card.
type CardMention struct {
	Label string // "704.5k", or a glossary term
	URL   string
	Where string // "example", "rule", "glossary"
}

// CardSearchPage lists the cards a name query matches.
type CardSearchPage struct {
	Page
	Data    CardData
	Query   string
	Matches []cards.Match
	// Unnamed are the names Edition's examples give that the card data
	// lacks; Newer is the one of them the query names, if any.
	Edition *rules.Edition
	Unnamed []UnnamedCard
	Newer   *UnnamedCard
}

// UnnamedCard is a name the rules' examples give that is not a card of the
// data, and the rules that give it.
type UnnamedCard struct {
	Name  string
	Rules []CardMention
}

// CardURL is a card's page.
func (p Paths) CardURL(name string) string { return p.page("/cards/" + cards.Slug(name)) }

// CardSearchURL searches card names for q.
func (p Paths) CardSearchURL(q string) string {
	return p.page("/cards") + "?q=" + url.QueryEscape(q)
}

// cardText is a line of Oracle text with its symbols marked, for Text.
func cardText(s string) rules.Text {
	t := rules.Text{S: s}
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		if rules.IsSymbol(s[i : i+j+1]) {
			t.Spans = append(t.Spans, rules.Span{Start: int32(i), End: int32(i + j + 1), Kind: rules.SpanMana})
		}
		i += j
	}
	return t
}

// cardLines splits Oracle text into its paragraphs.
func cardLines(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '\n' })
}

// stats is a face's power and toughness, loyalty, or Vanguard modifiers.
func stats(c *cards.Card) string {
	switch {
	case c.Power != "" || c.Toughness != "":
		return string(c.Power) + "/" + string(c.Toughness)
	case c.Loyalty != "":
		return "Loyalty " + string(c.Loyalty)
	case c.Hand != "" || c.Life != "":
		return "Hand " + string(c.Hand) + ", life " + string(c.Life)
	}
	return ""
}

// layoutName says what kind of card has several faces.
func layoutName(layout string) string {
	switch layout {
	case "split":
		return "Split card"
	case "aftermath":
		return "Split card with aftermath"
	case "flip":
		return "Flip card"
	case "double-faced", "transform", "modal_dfc":
		return "Double-faced card"
	case "meld":
		return "Meld card"
	case "adventure":
		return "Adventurer card"
	}
	return ""
}

// printedIn is "Printed in 4 sets, first on 2000-02-01."
func printedIn(sets int, first string) string {
	s := "Printed in " + strconv.Itoa(sets) + " set"
	if sets != 1 {
		s += "s"
	}
	if first != "" {
		s += ", first on " + first
	}
	return s + "."
}

// cardAge is how old card data of date is: "8 years old".
func cardAge(date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return "undated"
	}
	days := int(time.Since(d).Hours() / 24)
	switch {
	case days < 60:
		return strconv.Itoa(days) + " days old"
	case days < 730:
		return strconv.Itoa(days/30) + " months old"
	}
	return strconv.Itoa(days/365) + " years old: newer cards and errata are missing"
}
