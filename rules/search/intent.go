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
