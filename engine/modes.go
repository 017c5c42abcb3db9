package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// FoldModes gathers the modes of a modal spell ("• Destroy target
// creature." lines, read one by one) into the "Choose one —" ability
// before them (700.2), and reports a mode with no such line before it.
func FoldModes(abs []*cardtext.Ability) ([]*cardtext.Ability, error) {
	var out []*cardtext.Ability
	var head *cardtext.Ability
	for _, a := range abs {
		switch {
		case a.Mode:
			if head == nil {
				return nil, fmt.Errorf("the mode %q has no \"Choose one —\" before it", a.Text)
			}
			head.Modes = append(head.Modes, a)
			head.Text += " " + a.Text
			continue
		case a.Modal != nil:
			h := *a
			head = &h
			out = append(out, head)
			continue
		}
		head = nil
		out = append(out, a)
	}
	for _, a := range out {
		if a.Modal != nil && len(a.Modes) < 2 {
			return nil, fmt.Errorf("%q needs two or more modes after it, each a line starting \"•\" (700.2)", a.Text)
		}
	}
	return out, nil
}

// chooseModes checks the modes announced for a modal spell (601.2b,
// 700.2a) and returns their abilities in printed order. kicked says
// whether a kicker cost will be paid, a choice 601.2b makes after the
// modes: 601.4 lets a mode count that depends on it consider it.
func (t *tx) chooseModes(m *cardtext.Ability, picked []int, kicked bool, name string) ([]*cardtext.Ability, error) {
	lo, hi := m.Modal.Min, m.Modal.Max
	if c := m.Modal.If; c != nil && c.Kind == cardtext.CondKicked && kicked {
		if t.applies(registry.ModesAhead) { // 601.4: the kicker is announced later, but may be considered
			lo, hi = m.Modal.Instead[0], m.Modal.Instead[1]
		}
	}
	if hi == cardtext.AnyNumber {
		hi = len(m.Modes)
	}
	if len(picked) < lo || len(picked) > hi {
		want := fmt.Sprintf("%d", lo)
		if hi != lo {
			want = fmt.Sprintf("%d to %d", lo, hi)
		}
		return nil, t.ruleErr(registry.AddCost, "%s is modal: choose %s of its %d modes; %d chosen", name, want, len(m.Modes), len(picked))
	}
	sorted := slices.Clone(picked)
	slices.Sort(sorted)
	var out []*cardtext.Ability
	for i, k := range sorted {
		if k < 0 || k >= len(m.Modes) {
			return nil, t.ruleErr(registry.AddCost, "%s has no mode %d", name, k+1)
		}
		if i > 0 && sorted[i-1] == k {
			// 700.2d: the same mode only once.
			return nil, t.ruleErr(registry.AddCost, "%s's mode %d can't be chosen twice", name, k+1)
		}
		out = append(out, m.Modes[k])
	}
	return out, nil
}

// modesText names the chosen modes for events: "mode 3 (Target creature
// loses flying until end of turn.)".
func modesText(m *cardtext.Ability, picked []int) string {
	var w []string
	for _, k := range picked {
		if k >= 0 && k < len(m.Modes) {
			w = append(w, fmt.Sprintf("mode %d (%s)", k+1, strings.TrimSpace(strings.TrimPrefix(m.Modes[k].Text, "•"))))
		}
	}
	return strings.Join(w, ", ")
}

// modeChooser is the player who chooses a modal spell's modes: its caster,
// or for "An opponent chooses one —" the opponent the caster names
// (700.2e; by (one plus a player's index) 0 names none). Under the limited
// range of influence option, the caster names a player within their range
// (801.5a), who may choose modes that refer to objects or players outside
// their own (801.5b).
func (t *tx) modeChooser(m *cardtext.Ability, caster PlayerID, by int, modes []*cardtext.Ability, name string) (PlayerID, error) {
	if !m.Modal.ByOpponent {
		if by != 0 && by-1 != int(caster) {
			return caster, t.ruleErr(registry.AddCost, "%s's controller chooses its modes (700.2a), not %s", name, t.name(PlayerID(by-1)))
		}
		return caster, nil
	}
	if by == 0 || by > len(t.s.Players) {
		return caster, t.ruleErr(registry.AddCost, "an opponent chooses %s's modes (700.2e): say which, like: with B choosing mode 1", name)
	}
	p := PlayerID(by - 1)
	if !t.s.Opponents(caster, p) || !t.s.InGame(p) {
		return caster, t.ruleErr(registry.AddCost, "%s isn't an opponent of %s in the game: an opponent chooses %s's modes (700.2e)", t.name(p), t.name(caster), name)
	}
	if !t.s.InRange(caster, p) && t.applies(registry.RangeChoose) {
		return caster, t.ruleErr(registry.RangeChoose, "%s is outside %s's range of influence: %s can't choose them to choose %s's modes", t.name(p), t.name(caster), t.name(caster), name)
	}
	if t.applies(registry.RangeOptions) {
		return p, nil
	}
	// Without 801.5b a mode is chosen as an object or player is (801.5a):
	// one that refers to a player outside the chooser's range can't be.
	// Every mode refers to the spell's controller, who carries out its
	// instructions.
	if len(modes) > 0 && !t.s.InRange(p, caster) && t.applies(registry.RangeChoose) {
		return p, t.ruleErr(registry.RangeChoose, "%s's modes refer to %s, outside %s's range of influence", name, t.name(caster), t.name(p))
	}
	return p, nil
}
