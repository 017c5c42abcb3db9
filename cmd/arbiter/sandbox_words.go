package main

import (
	"strconv"
	"strings"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/views"
)

// The sandbox tells a scenario in sentences: each step as what happens in
// the game ("Alice casts Shock targeting the second Grizzly Bears."), with
// the players by name and the objects as views.Words writes them. The
// scenario's own text stays in the editor, for whoever wants the source.

// narrator says one run's steps.
type narrator struct {
	sc    *scenario.Scenario
	words *views.Words
}

// say is step st in words; before and after are the states around it
// (nil when it didn't run), which "resolve" and moving through the turn
// take their words from.
func (n narrator) say(st *scenario.Step, before, after *engine.State) string {
	body := st.Text
	if i := strings.Index(body, "=>"); i >= 0 {
		body = strings.TrimSpace(body[:i])
	}
	switch verb := strings.ToLower(strings.Join(strings.Fields(body), " ")); {
	case verb == "resolve all" || verb == "resolve the stack":
		return "Everyone passes priority in turn until the stack is empty."
	case verb == "resolve" || verb == "resolve it":
		if before != nil {
			if top := before.StackTop(); top != nil {
				return "Everyone passes priority in turn, so " + n.words.Label(top.Label) + " resolves."
			}
		}
		return "Everyone passes priority in turn, so the top of the stack resolves."
	case verb == "check":
		return "State-based actions are checked (704.3)."
	case verb == "next step" || strings.HasPrefix(verb, "go to ") || verb == "end step" || verb == "end phase" || verb == "end turn" ||
		strings.HasPrefix(verb, "end of "):
		if after != nil {
			return "The game moves on to " + after.Players[after.Active].Name + "'s " + after.Step.String() +
				" (turn " + strconv.Itoa(after.Turn) + ")."
		}
	}
	return sentence(n.words.Sentence(n.decidedFor(n.rewrite(body, st.Mentions))))
}

// decidedFor tells a step a player takes for another they control ("Alice
// for Bob casts Shock") as the controlled player's action that the other
// decides (722.5): "Alice decides for Bob: Bob casts Shock".
func (n narrator) decidedFor(s string) string {
	for _, by := range n.sc.Players {
		for _, p := range n.sc.Players {
			if rest, ok := strings.CutPrefix(s, by+" for "+p+" "); ok && p != by {
				return by + " decides for " + p + ": " + p + " " + rest
			}
		}
	}
	return s
}

// rewrite replaces the players and objects the step names with their
// names in the game.
func (n narrator) rewrite(body string, ms []scenario.Mention) string {
	var b strings.Builder
	last := 0
	for _, m := range ms {
		if m.Start < last || m.End > len(body) || m.Start > m.End {
			continue
		}
		b.WriteString(body[last:m.Start])
		switch {
		case m.Player >= 0 && m.Player < len(n.sc.Players):
			b.WriteString(n.sc.Players[m.Player])
		case m.Object != "":
			b.WriteString(n.words.Label(m.Object))
		default:
			b.WriteString(body[m.Start:m.End])
		}
		last = m.End
	}
	b.WriteString(body[last:])
	return b.String()
}

// option is a choice's answer (a step, "A chooses Isamaru#2") in words.
func (n narrator) option(step string) string {
	for i, p := range n.sc.Players {
		if rest, ok := strings.CutPrefix(step, n.sc.Written(i)+" "); ok {
			for j, q := range n.sc.Players {
				if r, ok := strings.CutPrefix(rest, "for "+n.sc.Written(j)+" "); ok {
					return n.decidedFor(p + " for " + q + " " + n.words.Text(r))
				}
			}
			return p + " " + n.words.Text(rest)
		}
	}
	return n.words.Sentence(step)
}

// sentence ends s with a full stop unless it has one.
func sentence(s string) string {
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}
