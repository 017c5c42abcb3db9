package main

import (
	"strings"
	"testing"
)

// TestSandboxStackAndLayers: the board shows the turn, step and priority
// holder, the stack top first with each object's controller and targets,
// continuous effects, and for each card the layers that changed it (613).
func TestSandboxStackAndLayers(t *testing.T) {
	srv := sandboxServer(t)
	tests := []struct {
		path   string
		checks []check
		absent []string
	}{
		{"/sandbox/scenario/brothers-of-fire?step=2", []check{
			{".sb-state .board .turn", "Turn 1"},
			{".sb-state .board .turn .t-step", "precombat main phase"},
			{".sb-state .board .turn .t-prio", "Sue has priority"},
			{".sb-state .stack h3", "2 objects, top first"},
			{".sb-state .stack .st:first-child[data-label='Purelace#1'] .st-kind", "spell"},
			{".sb-state .stack .st:first-child .c-type", "controlled by Sue · targets the first Brothers of Fire"},
			{".sb-state .stack .st:nth-child(2)[data-label='Brothers of Fire#1 ability#1'] .c-name", "The first Brothers of Fire ability"},
			{".sb-state .stack .st:nth-child(2)[data-label='Brothers of Fire#1 ability#1'] .st-kind", "activated ability"},
			{".sb-state .stack .st:nth-child(2) .st-text", "deals 1 damage to any target and 1 damage to you"},
			{".sb-state .stack .st:nth-child(2) .st-text abbr.ms", ""},
			{".sb-state .player[data-player=Bob] .card[data-label='Brothers of Fire#1'] .c-ab", "{1}{R}{R}: Brothers of Fire deals 1 damage"},
			{".sb-state .player[data-player=Bob] .card[data-label='Brothers of Fire#1'] .c-ab abbr.ms.r[title='red mana']", "{R}"},
		}, []string{".sb-state .shared .z-stack", ".sb-state .c-layers", ".sb-state .effects"}},
		{"/sandbox/scenario/brothers-of-fire?step=last", []check{
			{".sb-state .card[data-label='Brothers of Fire#1'] .colors", "white"},
			{".sb-state .card[data-label='Brothers of Fire#1'] .c-layers summary", "layers: 1 change"},
			{".sb-state .card[data-label='Brothers of Fire#1'] .c-layers li", "5: white (Purelace)"},
			{".sb-state .effects li", "Purelace: Target permanent becomes white"},
		}, []string{".sb-state .stack"}},
		{"/sandbox/scenario/switch?rules=2026-01-16&step=4", []check{
			{".sb-state .card[data-label='Wall Walker#1'] .pt[title*='7d: switched to']", "4/1"},
			{".sb-state .card[data-label='Wall Walker#1'] .c-layers li", "7c: +0/+1 (the first Lesser Boon)"},
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			w := do(t, srv, "GET", tc.path)
			if w.Code != 200 {
				t.Fatalf("status %d\n%s", w.Code, w.Body)
			}
			d := parse(t, w)
			for _, c := range tc.checks {
				sel := d.Find(c.sel)
				if sel.Length() == 0 {
					t.Errorf("no %s", c.sel)
				} else if !strings.Contains(strings.Join(strings.Fields(sel.Text()), " "), c.want) {
					t.Errorf("%s: %q does not contain %q", c.sel, sel.Text(), c.want)
				}
			}
			for _, a := range tc.absent {
				if n := d.Find(a).Length(); n != 0 {
					t.Errorf("%d of %s", n, a)
				}
			}
		})
	}
}
