package main

import (
	"testing"
	"time"
)

// The sandbox's budget clock counts the CPU time the run uses, not the
// time it waits: sleeping adds (almost) nothing, working adds.
func TestRunClock(t *testing.T) {
	clock, release := runClock()
	defer release()
	if clock == nil {
		t.Skip("no thread CPU clock on this system: runs are measured by the wall clock")
	}
	before := clock()
	time.Sleep(100 * time.Millisecond)
	if slept := clock() - before; slept >= 50*time.Millisecond {
		t.Errorf("sleeping 100 ms counted as %v of CPU time", slept)
	}
	// Work until the clock has counted more than sleeping could; the wall
	// clock bounds the wait.
	deadline := time.Now().Add(10 * time.Second)
	x := 0
	for clock()-before < 60*time.Millisecond {
		for i := range 1000 {
			x += i
		}
		if time.Now().After(deadline) {
			t.Fatalf("10 s of spinning counted as %v of CPU time", clock()-before)
		}
	}
	_ = x
}
