package search

import "strings"

// Question words say what kind of answer is wanted, not what it is about
// (they weigh nothing as text: slang.go's questionWords, index.go's
// stopwords). "What is a token", "what does ward mean" and a term alone
// ("ward") ask for a definition, which the glossary gives; any other
// question ("can a token be sacrificed") is answered by a rule, and a
// glossary entry that only shares its words ranks below the rules.

// definitionWords ask what something is.
var definitionWords = map[string]bool{"mean": true, "means": true, "meaning": true, "define": true, "definition": true, "whats": true}

// asksDefinition reports whether q asks what something is: it says
// "what is/are", "whats", "mean", "define", or names a term alone (one or
// two words, no question word).
func asksDefinition(q *Query) bool {
	var words []string
	for _, c := range q.Clauses {
		if c.Exclude {
			continue
		}
		for _, t := range Tokenize(c.Text) {
			if t.Kind == TokWord {
				words = append(words, t.Fold)
			}
		}
	}
	content := 0
	for i, w := range words {
		if definitionWords[w] || w == "what" && i+1 < len(words) && (words[i+1] == "is" || words[i+1] == "are") {
			return true
		}
		if !stopwords[w] && !questionWords[w] {
			content++
		}
	}
	return content <= 2 && !strings.Contains(" "+strings.Join(words, " ")+" ", " can ")
}

// A question that says "when do/does/can/is …" asks when something
// happens; "what happens when …" does not, nor one that opens with a
// condition ("when my commander dies, can I move it", "when I cast a
// fuse card what happens"). The rules
// that answer say so with a step, a phase, "at the beginning of",
// "before" or "after" (timingWords).
var (
	timingWords = []string{"begin", "before", "after", "during", "step", "phase"}
	whenVerbs   = map[string]bool{"do": true, "does": true, "did": true, "can": true, "is": true, "are": true, "will": true, "should": true, "exactly": true}
)

// asksWhen reports whether q asks when something happens.
func asksWhen(q *Query) bool {
	var words []string
	for _, c := range q.Clauses {
		if c.Exclude {
			continue
		}
		for _, t := range Tokenize(c.Text) {
			if t.Kind == TokWord {
				words = append(words, t.Fold)
			}
		}
	}
	for i, w := range words {
		if w == "when" && i+1 < len(words) && whenVerbs[words[i+1]] {
			return true
		}
	}
	return false
}

// wordTerms returns the term IDs of the words the index holds.
func (ix *MemIndex) wordTerms(words []string) []int32 {
	var out []int32
	for _, w := range words {
		if id, ok := ix.terms[string(stem(nil, []byte(w)))]; ok {
			out = append(out, id)
		}
	}
	return out
}

// holdsAny reports whether document d holds one of terms.
func (ix *MemIndex) holdsAny(d int32, terms []int32) bool {
	for _, t := range terms {
		if ix.positions(t, d) != nil {
			return true
		}
	}
	return false
}

// whatVerbs ask, after "what", what something is or takes: "what makes
// something a mana ability", "what counts as a spell". They hold the
// question together; the rules that answer never say "makes" or
// "counts", and a word so rare in the rules would weigh most in the
// share of the query a rule matches.
var whatVerbs = map[string]bool{string(stem(nil, []byte("makes"))): true, string(stem(nil, []byte("counts"))): true}

// askingWhat reports whether toks[i] is one of whatVerbs right after "what".
func askingWhat(toks []qtoken, i int) bool {
	return i >= 1 && whatVerbs[toks[i].key] && toks[i-1].key == "what"
}
