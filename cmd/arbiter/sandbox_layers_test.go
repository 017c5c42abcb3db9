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
			{".board .turn", "Turn 1"},
			{".board .turn .t-step", "precombat main phase"},
			{".board .turn .t-prio", "Sue has priority"},
			{".stack h3", "2 objects, top first"},
			{".stack .st:first-child[data-label='Purelace#1'] .st-kind", "spell"},
			{".stack .st:first-child .c-type", "controlled by Sue · targets Brothers of Fire#1"},
			{".stack .st:nth-child(2)[data-label='Brothers of Fire#1 ability#1'] .st-kind", "activated ability"},
			{".stack .st:nth-child(2) .st-text", "deals 1 damage to any target and 1 damage to you"},
			{".player[data-player=Bob] .card[data-label='Brothers of Fire#1'] .c-ab", "{1}{R}{R}: Brothers of Fire deals 1 damage"},
		}, []string{".shared .z-stack", ".c-layers", ".effects"}},
		{"/sandbox/scenario/brothers-of-fire", []check{
			{".card[data-label='Brothers of Fire#1'] .colors", "white"},
			{".card[data-label='Brothers of Fire#1'] .c-layers summary", "layers: 1 change"},
			{".card[data-label='Brothers of Fire#1'] .c-layers li", "5: white (Purelace#1)"},
			{".effects li", "Purelace#1: Target permanent becomes white"},
		}, []string{".stack"}},
		{"/sandbox/scenario/switch?rules=2026-01-16&step=4", []check{
			{".card[data-label='Wall Walker#1'] .pt[title*='7d: switched to']", "4/1"},
			{".card[data-label='Wall Walker#1'] .c-layers li", "7c: +0/+1 (Lesser Boon#1)"},
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
