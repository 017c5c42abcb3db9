package main

import (
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// runClock is what a sandbox run's time budget is measured by: the CPU time
// of the thread the run is locked to. On a busy server a run waits for a
// CPU between its slices, and under wrk at 128 connections a scenario that
// takes 2 ms of CPU took over 50 ms of wall-clock time and was stopped as
// too long; the budget is there to bound what a run costs, which is its
// CPU time. release unlocks the thread. Where the thread's clock can't be
// read, clock is nil: the wall clock.
func runClock() (clock func() time.Duration, release func()) {
	runtime.LockOSThread()
	start, err := threadCPU()
	if err != nil {
		runtime.UnlockOSThread()
		return nil, func() {}
	}
	return func() time.Duration {
		now, err := threadCPU()
		if err != nil {
			return time.Duration(1<<63 - 1) // can't happen once read; stop rather than run unbounded
		}
		return now - start
	}, runtime.UnlockOSThread
}

func threadCPU() (time.Duration, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, err
	}
	return time.Duration(ts.Nano()), nil
}
