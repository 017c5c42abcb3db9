//go:build unix

package pdftext

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used (user and system), which
// the benchmarks report beside the wall clock: the machine is shared, and
// waiting for a core is not the extractor's cost.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
