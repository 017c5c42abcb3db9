package search

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Query syntax, as a judge types it:
//
//	legend rule            words: every word counts, rules with all of them first
//	"legend rule"          an exact phrase, which a result must contain
//	-trample  -"first strike"   leave out results with a word or phrase
//	counter*               a prefix: counter, counters, countered, counterspell…
//	section:7  chapter:702 only rules in a section or chapter
//	edition:all            search every loaded edition (edition:2024-02-06 names one)
//	704.5k                 a rule number alone jumps to the rule
//
// Parse never fails: anything it cannot use is dropped with a Note saying so.

// Limits that keep a pasted page from costing more than a typed query.
const (
	MaxQueryBytes = 512 // longer input is cut at a character boundary
	MaxClauses    = 24  // further words and phrases are dropped
)

// ClauseKind is what a clause asks for.
type ClauseKind uint8

const (
	Word   ClauseKind = iota + 1 // a bare word
	Phrase                       // "an exact phrase"
	Prefix                       // counter*
)

// Clause is one word, phrase or prefix of a query.
type Clause struct {
	Kind    ClauseKind
	Text    string // as typed, without quotes, minus sign or star; phrases with spaces collapsed
	Exclude bool   // -word: results must not contain it
}

// Query is a parsed query.
type Query struct {
	Clauses []Clause
	Section int    // section:N, 1–9; 0 for any
	Chapter int    // chapter:NNN, 100–999; 0 for any
	Edition string // edition:ID or edition:all; "" for the edition being searched
	Notes   []string
}

// Filtered reports whether the query restricts results by section or chapter.
func (q *Query) Filtered() bool { return q.Section != 0 || q.Chapter != 0 }

// Parse reads a query. It never fails; see Query.Notes.
func Parse(s string) *Query {
	q := &Query{}
	if len(s) > MaxQueryBytes {
		cut := MaxQueryBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
		q.note("The query was cut to its first %d characters.", MaxQueryBytes)
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	dropped := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		exclude := false
		if r == '-' && i+1 < len(s) {
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			if !unicode.IsSpace(next) && !(next >= '0' && next <= '9') {
				exclude = true
				i++
				r, size = next, utf8.RuneLen(next)
			}
		}
		var c Clause
		if isDoubleQuote(r) {
			j := i + size
			end := len(s)
			close := len(s)
			if k := strings.IndexFunc(s[j:], isDoubleQuote); k >= 0 {
				end = j + k
				_, n := utf8.DecodeRuneInString(s[end:])
				close = end + n
			} else {
				q.note("A phrase had no closing quote; it runs to the end of the query.")
			}
			c = Clause{Kind: Phrase, Text: strings.Join(strings.Fields(s[j:end]), " "), Exclude: exclude}
			i = close
			if c.Text == "" {
				continue
			}
		} else {
			j := i + strings.IndexFunc(s[i:], func(r rune) bool { return unicode.IsSpace(r) || isDoubleQuote(r) })
			if j < i {
				j = len(s)
			}
			w := s[i:j]
			i = j
			if key, val, ok := strings.Cut(w, ":"); ok && q.filter(strings.ToLower(key), val, exclude) {
				continue
			}
			c = Clause{Kind: Word, Text: w, Exclude: exclude}
			if strings.HasSuffix(w, "*") {
				c = Clause{Kind: Prefix, Text: strings.TrimRight(w, "*"), Exclude: exclude}
				if c.Text == "" {
					q.note("A lone * was ignored: put it after the start of a word, as in counter*.")
					continue
				}
			}
		}
		if len(q.Clauses) == MaxClauses {
			dropped++
			continue
		}
		q.Clauses = append(q.Clauses, c)
	}
	if dropped > 0 {
		q.note("Only the first %d words and phrases were used; %d more were ignored.", MaxClauses, dropped)
	}
	return q
}

// filter applies key:val if key is a filter, and reports whether it was one.
func (q *Query) filter(key, val string, exclude bool) bool {
	switch key {
	case "section", "chapter", "edition":
	default:
		return false
	}
	if exclude {
		q.note("-%s: a filter cannot be excluded; it was ignored.", key)
		return true
	}
	val = strings.ToLower(val)
	switch key {
	case "section":
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 || n > 9 || len(val) != 1 {
			q.note("section:%s was ignored: a section is one digit, 1 to 9, as in section:7.", clip(val))
			return true
		}
		q.Section = n
	case "chapter":
		n, err := strconv.Atoi(val)
		if err != nil || n < 100 || n > 999 || len(val) != 3 {
			q.note("chapter:%s was ignored: a chapter is three digits, as in chapter:702.", clip(val))
			return true
		}
		q.Chapter = n
	case "edition":
		if !validEditionID(val) {
			q.note("edition:%s was ignored: give an edition ID such as 2026-01-16, or all.", clip(val))
			return true
		}
		q.Edition = val
	}
	return true
}

// validEditionID accepts the IDs rules.NewLibrary makes: letters, digits and dashes.
func validEditionID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// String writes q back in query syntax; Parse(q.String()) gives q again
// (without its notes).
func (q *Query) String() string {
	var b strings.Builder
	sep := func() {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
	}
	for _, c := range q.Clauses {
		sep()
		if c.Exclude {
			b.WriteByte('-')
		}
		switch c.Kind {
		case Phrase:
			b.WriteByte('"')
			b.WriteString(c.Text)
			b.WriteByte('"')
		case Prefix:
			b.WriteString(c.Text)
			b.WriteByte('*')
		default:
			b.WriteString(c.Text)
		}
	}
	if q.Section != 0 {
		sep()
		b.WriteString("section:" + strconv.Itoa(q.Section))
	}
	if q.Chapter != 0 {
		sep()
		b.WriteString("chapter:" + strconv.Itoa(q.Chapter))
	}
	if q.Edition != "" {
		sep()
		b.WriteString("edition:" + q.Edition)
	}
	return b.String()
}

func (q *Query) note(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, n := range q.Notes {
		if n == msg {
			return
		}
	}
	q.Notes = append(q.Notes, msg)
}

func isDoubleQuote(r rune) bool {
	switch r {
	case '"', '\u201c', '\u201d', '\u201e', '\u00ab', '\u00bb':
		return true
	}
	return false
}

// clip shortens a value echoed in a note.
func clip(s string) string {
	if len(s) <= 20 {
		return s
	}
	i := 20
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
