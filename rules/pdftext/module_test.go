package pdftext

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-rules/arbiter/rules/pdftext/internal/wasmstop"
)

var updateModule = flag.Bool("update-module", false, "rewrite pdfium.wasm.zst from go-pdfium's module")

// upstreamModule reads go-pdfium's PDFium module for the version go.mod
// names, from the module cache (the go command says where).
func upstreamModule(t *testing.T) []byte {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("the go command is needed under CI:", err)
		}
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goCmd, "list", "-m", "-f", "{{.Dir}}", "github.com/klippa-app/go-pdfium").Output()
	if err != nil {
		t.Fatalf("go list go-pdfium: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "internal", "pdfium_wasm", "pdfium.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestEmbeddedModule checks that the embedded module is go-pdfium's with
// the stop switch and nothing else, so a go-pdfium upgrade cannot leave an
// older PDFium behind; with -update-module it writes it.
func TestEmbeddedModule(t *testing.T) {
	want, err := wasmstop.Instrument(upstreamModule(t), stopGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if *updateModule {
		zw, err := zstd.NewWriter(nil,
			zstd.WithEncoderLevel(zstd.SpeedBestCompression),
			zstd.WithEncoderConcurrency(1), // the same bytes every run
			zstd.WithEncoderCRC(true))
		if err != nil {
			t.Fatal(err)
		}
		// One frame that states its size, which the decoder then allocates
		// at once (BenchmarkDecompressModule: 22 ms and 6.3 MB, against 50
		// ms and 28 MB growing the output of a stream).
		z := zw.EncodeAll(want, nil)
		if err := os.WriteFile("pdfium.wasm.zst", z, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote pdfium.wasm.zst: %d bytes, %d decompressed", len(z), len(want))
		pdfiumModule = z
	}
	got, err := decompressModule()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("pdfium.wasm.zst (%d bytes decompressed) is not go-pdfium's module with the stop switch (%d): run go test -run TestEmbeddedModule -update-module", len(got), len(want))
	}
}
