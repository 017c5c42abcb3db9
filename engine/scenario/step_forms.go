package scenario

import (
	"slices"
	"strings"
	"sync"
)

// StepForm is one way a step may begin, as the step reader tries it.
type StepForm struct {
	Words string // "casts", "go to", "end turn"
	// Player is set when the words follow a player's name: "A casts".
	Player bool
}

// String is the form as written in a scenario: "A casts …", "go to …".
func (f StepForm) String() string {
	if f.Player {
		return "A " + f.Words
	}
	return f.Words
}

// StepForms lists the words the step reader tries at the start of a step,
// in the order it tries them: first the steps that begin with a word
// ("check", "go to", "destroy"), then those that begin with a player
// ("A casts", "A attacks with"). It is read from the reader itself, by
// giving it a step with nothing after those words and noting each word it
// tries, so a new form is listed the day it is read. The two damage steps,
// which begin with a number or a card's name, are not words: AllStepForms
// adds them.
func StepForms() []StepForm {
	stepForms.once.Do(func() { stepForms.forms = readStepForms() })
	return stepForms.forms
}

var stepForms struct {
	once  sync.Once
	forms []StepForm
}

func readStepForms() []StepForm {
	plain := triedWords("")
	seen := map[string]bool{}
	var out []StepForm
	for _, w := range plain {
		if !seen[w] && !playerWord(w) {
			seen[w] = true
			out = append(out, StepForm{Words: w})
		}
	}
	for _, w := range triedWords("A") {
		if !seen[w] && !playerWord(w) {
			seen[w] = true
			out = append(out, StepForm{Words: w, Player: true})
		}
	}
	return out
}

// triedWords is every eat the reader tries on the step text s, in order.
func triedWords(s string) []string {
	var tried []string
	sc := &Scenario{Players: []string{"Alice", "Bob"}, Short: []string{"A", "B"}}
	p := &parser{sc: sc, section: "steps", line: 1, tried: &tried}
	p.step(s)
	return tried
}

// playerWord reports whether w is a player's name the reader tried, not
// a step's words.
func playerWord(w string) bool {
	return slices.Contains([]string{"alice", "bob", "a", "b"}, strings.ToLower(w))
}

// damageForms are the steps that begin with no word of their own: a
// number ("3 damage to B") or a card's name ("Shock deals 2 damage to
// Bears"). The reader tries them after every worded form.
var damageForms = []StepForm{{Words: "N damage to …"}, {Words: "CARD deals N damage to …"}}

// AllStepForms is StepForms and then the damage forms: every way a step
// may be written.
func AllStepForms() []StepForm {
	return append(slices.Clip(StepForms()), damageForms...)
}

// StepExample is a step written out, for the sandbox's help: one for
// each form (a test checks that each form has one and that each reads).
func StepExample(f StepForm) string { return stepExamples[f.String()] }

var stepExamples = map[string]string{
	"verify":                          "verify B life = 17",
	"check":                           "check",
	"resolve all":                     "resolve all",
	"resolve the stack":               "resolve the stack",
	"resolve":                         "resolve",
	"next step":                       "next step",
	"go to":                           "go to B's upkeep",
	"end step":                        "end step",
	"end of step":                     "end of step",
	"end phase":                       "end phase",
	"end of phase":                    "end of phase",
	"end turn":                        "end turn",
	"end of turn":                     "end of turn",
	"destroy":                         "destroy Grizzly Bears",
	"transform":                       "transform Huntmaster of the Fells",
	"flip":                            "flip Jushi Apprentice",
	"tap":                             "tap Forest",
	"untap":                           "untap Forest",
	"put":                             "put 2 +1/+1 counters on Grizzly Bears",
	"remove":                          "remove 1 storage counter from Mage-Ring Network",
	"move":                            "move Isamaru to graveyard",
	"A casts":                         "A casts Shock targeting Grizzly Bears",
	"A activates":                     "A activates Prodigal Sorcerer targeting B",
	"A passes":                        "A passes",
	"A passes priority":               "A passes priority",
	"A attacks with":                  "A attacks with Grizzly Bears",
	"A blocks":                        "B blocks Grizzly Bears with Wall of Wood",
	"A assigns":                       "A assigns Grizzly Bears' damage: 2 to Wall of Wood",
	"A announces":                     "B announces Grizzly Bears' damage assignment order: Wall of Wood, Isamaru",
	"A for":                           "A for B casts Shock targeting A",
	"A proposes a shortcut to":        "A proposes a shortcut to B's upkeep",
	"A shortens the shortcut to":      "B shortens the shortcut to beginning of combat",
	"A accepts the shortcut":          "B accepts the shortcut",
	"A agrees to a draw":              "A agrees to a draw",
	"A agrees to an intentional draw": "A agrees to an intentional draw",
	"A concedes":                      "A concedes",
	"A plays":                         "A plays Forest",
	"A draws a starting hand":         "A draws a starting hand",
	"A draws their starting hand":     "A draws their starting hand",
	"A draws an opening hand":         "A draws an opening hand",
	"A takes a mulligan":              "A takes a mulligan",
	"A mulligans":                     "A mulligans",
	"A keeps":                         "A keeps",
	"A draws":                         "A draws 2",
	"A puts":                          "A puts Isamaru onto the battlefield",
	"A creates":                       "A creates 2 Wasp",
	"A gets":                          "A gets 3 poison counters",
	"A gains":                         "A gains 3 life",
	"A loses":                         "A loses 3 life",
	"A sacrifices":                    "A sacrifices Grizzly Bears",
	"A adds":                          "A adds {R}{G}",
	"A taps":                          "A taps Forest for mana",
	"A untaps":                        "A untaps Forest",
	"A transforms":                    "A transforms Huntmaster of the Fells",
	"A flips":                         "A flips Jushi Apprentice",
	"A turns":                         "A turns Grinning Demon face up",
	"A destroys":                      "A destroys Grizzly Bears",
	"A orders":                        "A orders triggers: Spirit Blink, Wall of Wood",
	"A chooses":                       "A chooses Isamaru#1",
	"N damage to …":                   "2 damage to B",
	"CARD deals N damage to …":        "Shock deals 2 damage to Grizzly Bears",
}

// stepHelp is what an unreadable step is answered with: every form.
func stepHelp() string {
	var words []string
	for _, f := range AllStepForms() {
		words = append(words, f.String())
	}
	return "a step begins with one of: " + strings.Join(words, ", ") + ` (A is any player; the sandbox's help has an example of each)`
}
