package search

import (
	"syscall"
	"time"
	"unsafe"
)

// Benchmarks report CPU time beside wall time: on a machine shared with
// other builds, wall time mostly measures the wait for a core.

const (
	clockProcessCPUTime = 2 // CLOCK_PROCESS_CPUTIME_ID: every thread, GC workers included
	clockThreadCPUTime  = 3 // CLOCK_THREAD_CPUTIME_ID: the calling thread, exact to the nanosecond
)

func cpuClock(id uintptr) (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// processCPU is the CPU time the process has used.
func processCPU() (time.Duration, bool) { return cpuClock(clockProcessCPUTime) }

// threadCPU is the CPU time the calling OS thread has used.
func threadCPU() (time.Duration, bool) { return cpuClock(clockThreadCPUTime) }
