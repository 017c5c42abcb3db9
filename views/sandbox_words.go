package views

import (
	"context"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/a-h/templ"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/rules"
)

// Words writes a run's objects as a reader says them. The engine labels
// every object by its name and a count ("Isamaru#2"), which a judge reading
// a log needs only when two objects share a name: so "Isamaru#1" is
// "Isamaru" when it was the only Isamaru the game saw, and "the first
// Isamaru" when there were two.
type Words struct {
	count map[string]int // name → how many objects carried it
	names []string       // the names, longest first, so "Isamaru, Hound of Konda" wins over "Isamaru"
}

// NewWords reads labels with the counts of a run's last state
// (engine.State.Labelled).
func NewWords(count map[string]int) *Words {
	w := &Words{count: count}
	for n := range count {
		w.names = append(w.names, n)
	}
	sort.Slice(w.names, func(i, j int) bool {
		if len(w.names[i]) != len(w.names[j]) {
			return len(w.names[i]) > len(w.names[j])
		}
		return w.names[i] < w.names[j]
	})
	return w
}

// Text rewrites every label in s: "Isamaru#2 is put into Alice's
// graveyard" → "the second Isamaru is put into Alice's graveyard". An
// ability on the stack, labelled by its source ("Soul Net#1 ability#2"),
// is "Soul Net's ability", or "the second Soul Net ability" when its
// source had several on the stack in the run.
func (w *Words) Text(s string) string {
	if w == nil || !strings.Contains(s, "#") {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '#' {
			continue
		}
		n, j := number(s, i+1)
		name := w.nameBefore(s, i, last)
		if n == 0 || name == "" || n > w.count[name] {
			continue // not a label of this run: "Isamaru#9" in a step that failed
		}
		start := i - len(name)
		phrase := w.object(name, n)
		const ab = " ability#"
		if strings.HasPrefix(s[j:], ab) && w.count[name+" ability"] > 0 {
			if m, k := number(s, j+len(ab)); m > 0 {
				phrase, j = w.ability(name, phrase, m), k
			}
		}
		b.WriteString(s[last:start])
		b.WriteString(phrase)
		last, i = j, j-1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// Label is an object's label in words.
func (w *Words) Label(l string) string { return w.Text(l) }

// Sentence is Text with a capital first letter.
func (w *Words) Sentence(s string) string {
	if s = w.Text(s); s == "" {
		return s
	}
	return capitalize(s)
}

// nameBefore is the longest known name ending at s[i] (in any case),
// starting at a word boundary no earlier than from.
func (w *Words) nameBefore(s string, i, from int) string {
	for _, n := range w.names {
		start := i - len(n)
		if start < from || !strings.EqualFold(s[start:i], n) {
			continue
		}
		if start > 0 {
			r, _ := utf8.DecodeLastRuneInString(s[:start])
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		return n
	}
	return ""
}

func (w *Words) object(name string, n int) string {
	if w.count[name] <= 1 {
		return name
	}
	return "the " + cardtext.Ordinal(n) + " " + name
}

func (w *Words) ability(source, sourcePhrase string, n int) string {
	if w.count[source+" ability"] <= 1 {
		return sourcePhrase + "'s ability"
	}
	return "the " + cardtext.Ordinal(n) + " " + source + " ability"
}

// number reads the decimal number at s[i:], returning it and where it
// ends; 0 if there is none (or it is absurdly long).
func number(s string, i int) (int, int) {
	j := i
	for j < len(s) && j-i < 6 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(s[i:j])
	if err != nil {
		return 0, i
	}
	return n, j
}

// SymbolText renders text with its mana and tap symbols drawn as the rules
// pages draw them ("{T}: Add {G}."); braces that hold no symbol stay text.
func SymbolText(s string) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := w.Write(appendSymbolText(make([]byte, 0, len(s)+len(s)/2), s))
		return err
	})
}

func appendSymbolText(b []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return appendEscaped(b, s)
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return appendEscaped(b, s)
		}
		// A symbol, and one the rules name: "{not a symbol}" is text.
		if sym := s[i : i+j+1]; rules.IsSymbol(sym) && rules.SymbolName(sym) != sym[1:len(sym)-1] {
			b = appendSymbol(appendEscaped(b, s[:i]), sym)
		} else {
			b = appendEscaped(b, s[:i+j+1])
		}
		s = s[i+j+1:]
	}
}
