package search

import (
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

// Options tune one search.
type Options struct {
	Limit int // hits to return: DefaultLimit if 0, at most MaxLimit
	// PrefixLast reads the query's last word as a prefix, for suggestions
	// while the user is still typing it.
	PrefixLast bool
	NoSnippets bool // leave Hit.Snippet empty, for callers that only rank
}

const (
	DefaultLimit = 20
	MaxLimit     = 100
)

func (o Options) limit() int {
	switch {
	case o.Limit <= 0:
		return DefaultLimit
	case o.Limit > MaxLimit:
		return MaxLimit
	}
	return o.Limit
}

// HitKind says what a hit is.
type HitKind string

const (
	HitRule     HitKind = "rule"
	HitGlossary HitKind = "glossary"
	HitTopic    HitKind = "topic"
)

// Hit is one result.
type Hit struct {
	Kind    HitKind      `json:"kind"`
	Number  rules.Number `json:"number,omitzero"` // rules
	Slug    string       `json:"slug,omitempty"`  // glossary entries and topics
	Title   string       `json:"title,omitempty"` // its heading, or the keyword heading above it: "Trample"
	Chapter string       `json:"chapter"`         // "702. Keyword Abilities", "Glossary"
	Snippet Snippet      `json:"snippet"`
	Score   float64      `json:"score"`
	// Also names the other subrules of the same rule that matched, best
	// first: the hit stands for them (704.5f with 704.5g, 704.5h).
	Also []rules.Number `json:"also,omitempty"`
	// Editions holding the hit, newest first: the searched edition alone,
	// or with edition:all every edition where it matched.
	Editions []string `json:"editions"`

	// With edition:all a hit is an entry through time (its lineage): shown
	// as its newest version, in Edition, which is the newest edition if
	// Current. Eras are its numbers (glossary entries: headwords) through
	// time, newest first. SnippetFrom names the edition whose wording the
	// snippet quotes when the version shown did not match.
	Edition     string `json:"edition,omitempty"`
	Current     bool   `json:"current,omitempty"`
	Eras        []Era  `json:"eras,omitempty"`
	SnippetFrom string `json:"snippet_from,omitempty"`

	Rule  *rules.Rule          `json:"-"`
	Entry *rules.GlossaryEntry `json:"-"`
	Topic *rules.Topic         `json:"-"`
}

// key identifies a hit across editions: the same rule number, glossary
// term or topic.
func (h *Hit) key() string {
	switch h.Kind {
	case HitRule:
		return "r" + h.Number.String()
	case HitGlossary:
		return "g" + h.Slug
	}
	return "t" + h.Slug
}

// Era is a run of editions, From the oldest to To the newest, in which an
// entry had one number (a glossary entry or topic: one headword).
type Era struct {
	Number rules.Number `json:"number,omitzero"`
	Term   string       `json:"term,omitempty"`
	From   string       `json:"from"`
	To     string       `json:"to"`
}

// Snippet is a passage of a hit's own text with the query's words marked.
type Snippet struct {
	Example bool   `json:"example,omitempty"` // the passage is from one of the rule's examples
	Parts   []Part `json:"parts"`
}

// Part is a run of snippet text, marked if it matched the query.
type Part struct {
	Text string `json:"text"`
	Mark bool   `json:"mark,omitempty"`
}

// String is the snippet's plain text.
func (s Snippet) String() string {
	var b strings.Builder
	for _, p := range s.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// Marked is the snippet with marked parts in [brackets], for tests and logs.
func (s Snippet) Marked() string {
	var b strings.Builder
	for _, p := range s.Parts {
		if p.Mark {
			b.WriteString("[" + p.Text + "]")
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// Jump is a rule a bare number in the query names.
type Jump struct {
	Edition string       `json:"edition"`
	Number  rules.Number `json:"number"`
}

// Correction is a word the search read as another.
type Correction struct {
	From string `json:"from"`
	To   string `json:"to"`
	at   [2]int // byte span of From in its clause's text
}

// Results is the answer to one query.
type Results struct {
	Query    string   `json:"query"`    // the query as understood, in query syntax
	Edition  string   `json:"edition"`  // the edition searched, or "all"
	Editions []string `json:"editions"` // editions searched
	Hits     []Hit    `json:"hits"`
	Total    int      `json:"total"` // entries that matched, before the limit

	Jump *Jump `json:"jump,omitempty"` // the query is a rule number that exists
	// DidYouMean is the query with unknown words corrected; when set, the
	// hits are for it.
	DidYouMean  string       `json:"did_you_mean,omitempty"`
	Corrections []Correction `json:"corrections,omitempty"`
	Unknown     []string     `json:"unknown,omitempty"` // words no entry holds, with no close match
	Message     string       `json:"message,omitempty"` // why there are no hits, for the user
	Notes       []string     `json:"notes,omitempty"`   // what the parser dropped or changed
}
