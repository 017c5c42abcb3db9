//go:build !unix

package pdftext

import "time"

func processCPU() time.Duration { return 0 }
