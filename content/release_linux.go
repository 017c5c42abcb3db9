package content

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// release tells the kernel that the process no longer needs the pages of
// embedded, one of the archives the binary embeds, once it is
// decompressed: they are pages of the executable's read-only file mapping,
// which stay resident (and count in the server's RSS, issue 23: 1.6 MiB
// for the CR and judge documents' archives) until memory runs short. A
// later read of the archive, a reload or an export, faults them in again
// from the page cache, so nothing reads other bytes than before.
//
// Only the whole pages inside embedded are dropped: a page it shares with
// other data is left as it is. Madvise is advice: if it fails, the pages
// stay resident, as they would without it.
func release(embedded []byte) {
	page := uintptr(os.Getpagesize())
	if len(embedded) == 0 {
		return
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(embedded)))
	skip := (page - start%page) % page
	n := (uintptr(len(embedded)) - min(skip, uintptr(len(embedded)))) / page * page
	if n == 0 {
		return
	}
	_ = unix.Madvise(embedded[skip:skip+n], unix.MADV_DONTNEED)
}

// releaseString is release for an archive embedded as a string. The slice
// it makes of the string's bytes goes to madvise alone, which does not
// write them.
func releaseString(embedded string) {
	release(unsafe.Slice(unsafe.StringData(embedded), len(embedded)))
}
