package content

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// BenchmarkOpenCorpus decompresses and checks the whole embedded archive,
// as the server does at start.
func BenchmarkOpenCorpus(b *testing.B) {
	files, err := CorpusManifest()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(corpusBytes(files))
	b.ReportAllocs()
	for b.Loop() {
		r, err := OpenCorpus()
		if err != nil {
			b.Fatal(err)
		}
		readCorpus(b, r)
	}
}

// BenchmarkOpenCorpusNewest reads only the newest file, which the server
// serves before the rest are read.
func BenchmarkOpenCorpusNewest(b *testing.B) {
	files, err := CorpusManifest()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(files[0].Size)
	b.ReportAllocs()
	for b.Loop() {
		r, err := OpenCorpus()
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := r.Next(); err != nil {
			b.Fatal(err)
		}
		r.Close()
	}
}

// BenchmarkCorpusWindow is the measurement behind corpusWindow: for each
// zstd window it compresses the embedded files again and reports the
// archive's size, the time and allocations to decompress it all, and the
// decoder's live heap (the most the heap held after a GC at any file,
// beyond the file's own bytes). It takes a minute or two; run it with
//
//	go test -run '^$' -bench CorpusWindow -benchmem ./content/
func BenchmarkCorpusWindow(b *testing.B) {
	srcs := embeddedSources(b)
	files, err := CorpusManifest()
	if err != nil {
		b.Fatal(err)
	}
	for _, window := range []int{1 << 20, 2 << 20, 4 << 20, 8 << 20, 16 << 20, 32 << 20, 64 << 20} {
		var zst, manifest bytes.Buffer
		if err := writeCorpus(&zst, &manifest, srcs, nil, window); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("window=%dMiB", window>>20), func(b *testing.B) {
			live := decoderLiveBytes(b, zst.String(), files, window)
			b.SetBytes(corpusBytes(files))
			b.ReportAllocs()
			for b.Loop() {
				r, err := openCorpus("archive", strings.NewReader(zst.String()), files, window)
				if err != nil {
					b.Fatal(err)
				}
				readCorpus(b, r)
			}
			b.ReportMetric(float64(zst.Len()), "archive-bytes")
			b.ReportMetric(float64(live), "decoder-live-bytes")
		})
	}
}

// readCorpus reads r to its end and closes it.
func readCorpus(tb testing.TB, r *CorpusReader) {
	tb.Helper()
	defer r.Close()
	for {
		_, _, err := r.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
}

// decoderLiveBytes reads the archive once, collecting garbage after each
// file, and returns the most the heap held beyond what it held before and
// the current file's bytes: what the decoder keeps between files.
func decoderLiveBytes(tb testing.TB, archive string, files []CorpusFile, window int) uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	r, err := openCorpus("archive", strings.NewReader(archive), files, window)
	if err != nil {
		tb.Fatal(err)
	}
	defer r.Close()
	var most uint64
	for {
		_, b, err := r.Next()
		if err == io.EOF {
			return most
		}
		if err != nil {
			tb.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&ms)
		if live := ms.HeapAlloc - base - uint64(len(b)); ms.HeapAlloc > base+uint64(len(b)) && live > most {
			most = live
		}
		runtime.KeepAlive(b)
	}
}

// embeddedSources reads the embedded archive back as WriteCorpus's input.
func embeddedSources(tb testing.TB) []CorpusSource {
	tb.Helper()
	r, err := OpenCorpus()
	if err != nil {
		tb.Fatal(err)
	}
	defer r.Close()
	var srcs []CorpusSource
	for {
		f, b, err := r.Next()
		if err == io.EOF {
			return srcs
		}
		if err != nil {
			tb.Fatal(err)
		}
		srcs = append(srcs, CorpusSource{Effective: f.Effective, Name: f.Name, Encoding: f.Encoding, Data: b})
	}
}

func corpusBytes(files []CorpusFile) int64 {
	var n int64
	for _, f := range files {
		n += f.Size
	}
	return n
}
