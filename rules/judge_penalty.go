package rules

import "strings"

// quickReferencePenalties gives an infraction that prints no penalty of its
// own the one the IPG's quick reference lists for it. A few editions print
// none beside an infraction (the 2014-07-18 to 2015-01-23 IPGs' 4.7
// Stalling, 2015-10-02's 2.5 Game Rule Violation), yet a judge must see
// every infraction's penalty; Appendix A ("Penalty Quick Reference") lists
// each infraction by name beside its penalty. The penalty so found says
// where it comes from, and a note names the infraction.
func (b *judgeBuilder) quickReferencePenalties() {
	if b.doc != DocIPG {
		return
	}
	byName := map[string]string{}
	for _, tp := range b.e.Topics {
		if !strings.Contains(strings.ToLower(tp.Title), "quick reference") {
			continue
		}
		for _, bl := range tp.Body {
			cells := strings.Split(bl.Text.S, "\t")
			if bl.Kind != BlockRow || len(cells) != 2 {
				continue
			}
			if p, ok := penaltyText(strings.TrimRight(cells[1], "* ")); ok {
				byName[quickKey(cells[0])] = p
			}
		}
	}
	if len(byName) == 0 {
		return
	}
	b.e.Walk(func(r *Rule) bool {
		if !b.infraction(r) {
			return true
		}
		for _, bl := range r.Body {
			if bl.Kind == BlockPenalty {
				return true
			}
		}
		p, ok := byName[quickKey(r.Title())]
		if !ok {
			p, ok = byName[quickKey(infractionName(r.Title()))]
		}
		if !ok {
			return true
		}
		r.Body = append([]Block{{Kind: BlockPenalty, Text: Text{S: p + " (per Appendix A; none printed here)"}, Pos: r.Pos}}, r.Body...)
		b.d.infof(r.Pos.Line(), "infraction %s prints no penalty: the quick reference's %q is given", r.Number, p)
		return true
	})
}

// infractionName is an infraction's title after its category: "Stalling"
// of "Unsporting Conduct — Stalling".
func infractionName(title string) string {
	for _, dash := range []string{"—", " – ", " - "} {
		if i := strings.LastIndex(title, dash); i >= 0 {
			return title[i+len(dash):]
		}
	}
	return title
}

// quickKey compares names as the quick reference and the headings write
// them: letters and digits only, lowercased.
func quickKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return -1
	}, s)
}
