//go:build !linux

package content

// release does nothing where the kernel is not Linux: the embedded
// archives' pages stay as the system keeps them (see release_linux.go).
func release([]byte) {}

// releaseString does nothing, as release.
func releaseString(string) {}
