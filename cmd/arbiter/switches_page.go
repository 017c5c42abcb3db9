package main

import (
	"cmp"
	"slices"

	"github.com/labstack/echo/v4"

	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/views"
)

// The rules switches: which version of each rule that changed how the game
// plays (mana burn, damage on the stack, the legend rule) every loaded
// edition holds, as the sandbox's engine reads it from the edition's text.
// /sandbox/switches shows them; /api/switches is the same as JSON.

// editionSwitches is one loaded edition's switches.
type editionSwitches struct {
	ed *rules.Edition
	sw []scenario.EditionSwitch
}

// switchTable reads the switches of every edition of lib once per site,
// oldest first (a prose edition with no date first: it plays by the oldest
// rules). Reading only the switches takes about 20 ms for a full edition.
func (d *sandboxData) switchTable(lib *rules.Library) []editionSwitches {
	d.switchesOnce.Do(func() {
		for _, e := range lib.Editions {
			d.switches = append(d.switches, editionSwitches{e, scenario.SwitchesFor(e)})
		}
		slices.SortStableFunc(d.switches, func(a, b editionSwitches) int {
			return cmp.Or(a.ed.Effective.Compare(b.ed.Effective), cmp.Compare(a.ed.ID, b.ed.ID))
		})
	})
	return d.switches
}

// switchesPage serves /sandbox/switches.
func (s *Server) switchesPage(c echo.Context) error {
	st := siteOf(c)
	table := st.sandbox.switchTable(st.lib)
	p := views.SwitchesPage{
		Page:     views.Page{Paths: s.paths, Title: "Rules switches"},
		Editions: len(table),
	}
	for i, sw := range engine.Switches() {
		v := views.SwitchView{ID: sw.ID, Name: sw.Name}
		for _, x := range sw.States {
			v.States = append(v.States, views.SwitchStateView{ID: x.ID, Text: x.Text})
		}
		for _, es := range table {
			at := es.sw[i]
			state := at.Info().ID
			if n := len(v.Runs); n == 0 || v.Runs[n-1].State != state {
				v.Runs = append(v.Runs, views.SwitchRun{State: state, From: views.EditionName(es.ed)})
			}
			r := &v.Runs[len(v.Runs)-1]
			r.To = views.EditionName(es.ed)
			r.Editions = append(r.Editions, s.switchAt(st.lib, es.ed, at))
		}
		p.Switches = append(p.Switches, v)
	}
	return s.render(c, views.Switches(p))
}

// switchAt links one edition's version of a switch to the rule that states
// it: in the edition, or for a version an excerpt takes from the built-in
// rules, in that edition if it is loaded; else to the edition's contents.
func (s *Server) switchAt(lib *rules.Library, e *rules.Edition, at scenario.EditionSwitch) views.SwitchAt {
	v := views.SwitchAt{Edition: views.EditionName(e), Builtin: at.Builtin, URL: s.paths.TOCURL(e.ID)}
	if at.Rule.IsZero() {
		return v
	}
	v.Rule = at.Rule.String()
	in := e
	if at.Builtin != "" {
		in = lib.Edition(at.Builtin)
	}
	if in != nil && in.Rule(at.Rule) != nil {
		v.URL = s.paths.RuleURL(in.ID, at.Rule)
	}
	return v
}

type apiSwitch struct {
	ID       string           `json:"id"`
	Name     string           `json:"name"`
	States   []apiSwitchState `json:"states"`
	Editions []apiSwitchAt    `json:"editions"` // oldest first
}

type apiSwitchState struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

type apiSwitchAt struct {
	Edition string  `json:"edition"`
	State   string  `json:"state"`
	Rule    *string `json:"rule"`    // null when no rule of the edition states it
	Builtin *string `json:"builtin"` // the built-in edition the state comes from; null when the edition's text decides
}

// apiSwitches serves GET /api/switches.
func (s *Server) apiSwitches(c echo.Context) error {
	st := siteOf(c)
	table := st.sandbox.switchTable(st.lib)
	out := make([]apiSwitch, 0, len(engine.Switches()))
	for i, sw := range engine.Switches() {
		a := apiSwitch{ID: sw.ID, Name: sw.Name, States: []apiSwitchState{}, Editions: []apiSwitchAt{}}
		for _, x := range sw.States {
			a.States = append(a.States, apiSwitchState{x.ID, x.Text})
		}
		for _, es := range table {
			at := es.sw[i]
			j := apiSwitchAt{Edition: es.ed.ID, State: at.Info().ID}
			if !at.Rule.IsZero() {
				r := at.Rule.String()
				j.Rule = &r
			}
			if at.Builtin != "" {
				b := at.Builtin
				j.Builtin = &b
			}
			a.Editions = append(a.Editions, j)
		}
		out = append(out, a)
	}
	return s.renderAs(c, jsonBody(out), echo.MIMEApplicationJSON)
}
