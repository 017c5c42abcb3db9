package scenario

import (
	"errors"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/engine"
)

// FuzzParse feeds the parser arbitrary text: it must never panic, every error
// must name a line of the text, a step's mentions must be in order within
// its text, and whatever parses must run to an end under old and new rules
// without panicking.
//
//	go test ./engine/scenario -run '^$' -fuzz FuzzParse -fuzztime 5m
func FuzzParse(f *testing.F) {
	scs, _ := LoadFS(content.Scenarios, "scenarios")
	for _, sc := range scs {
		f.Add(sc.Text)
	}
	f.Add(good)
	f.Add("scenario \"x\"\ncard \"A, B\": {2/W}{W/U/P} Land Creature — Forest Dryad 1/1, deathtouch, green\nsetup\n  B battlefield: 3 x token \"A, B\" (tapped, 2 damage, 1 +1/+1 counter, owned by A)\nsteps\n  \"A, B\" deals 9 damage to B => rejected\nexpect from 2009-01-01 before 2020-01-01\n  \"A, B\" pt = 1/1\n")
	f.Add("scenario \"y\" rules 704.5a, 704.5b\nplayers Ann Bob Cy\nlife 3\nsteps\n  Ann loses 3 life\n  end turn\nexpect\n  Ann lost\n")
	f.Add("scenario \"z\"\nreveal B hand, Alice library\ncard Elf (invented): {G} Creature — Elf 1/1\nsetup\n  B hand: Elf\nsteps\n  Bob casts Elf\n  A's Elf#1 B's\nexpect\n  Elf#1 in B's hand\n")
	eds := []*engine.RulesEdition{engine.Latest(), mustEdition("2007-02-01")}
	f.Fuzz(func(t *testing.T, text string) {
		sc, err := Parse("f.scn", text)
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 || len(list) > maxErrors {
				t.Fatalf("error is not a short ErrorList: %v", err)
			}
			lines := strings.Count(text, "\n") + 1
			for _, e := range list {
				if e.Line < 1 || e.Line > lines {
					t.Fatalf("error names line %d of %d: %v", e.Line, lines, e)
				}
			}
			return
		}
		for _, st := range sc.Steps {
			end := 0
			for _, m := range st.Mentions {
				if m.Start < end || m.End < m.Start || m.End > len(st.Text) || (m.Player < 0) == (m.Object == "") {
					t.Fatalf("step %q: mention %+v after %d", st.Text, m, end)
				}
				end = m.End
			}
		}
		for _, ed := range eds {
			tr := RunWith(t.Context(), sc, ed, Options{Budget: -1})
			_ = tr.Passed()
			_ = tr.Failures()
			_ = engine.Render(ed, tr.Final())
		}
	})
}

func mustEdition(id string) *engine.RulesEdition {
	ed, err := engine.EditionByID(id)
	if err != nil {
		panic(err)
	}
	return ed
}
