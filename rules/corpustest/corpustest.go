// Package corpustest finds the shared corpus (../shared beside the checkout)
// for tests. Locally a test that needs it is skipped when it is absent; under
// CI (CI=true) its absence fails the test, so a green CI run really read it.
package corpustest

import (
	"os"
	"path/filepath"
	"testing"
)

// Path returns the path of elem under the shared directory, e.g.
// Path(t, "corpus", "cr", "2026-01-16.txt").
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(append([]string{filepath.Dir(dir), "shared"}, elem...)...)
			if _, err := os.Stat(p); err != nil {
				if os.Getenv("CI") == "true" {
					tb.Fatalf("shared corpus missing under CI: %v", err)
				}
				tb.Skipf("shared corpus not found: %v", err)
			}
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// ReadFile reads a file under the shared directory.
func ReadFile(tb testing.TB, elem ...string) []byte {
	tb.Helper()
	b, err := os.ReadFile(Path(tb, elem...))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
