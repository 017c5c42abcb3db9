//go:build !linux

package search

import "time"

// CPU clocks are unavailable here; benchmarks report wall time only.
func processCPU() (time.Duration, bool) { return 0, false }
func threadCPU() (time.Duration, bool)  { return 0, false }
