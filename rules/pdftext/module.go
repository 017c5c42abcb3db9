package pdftext

import (
	_ "embed"
	"fmt"

	"github.com/klauspost/compress/zstd"
)

// pdfiumModule is PDFium in WebAssembly, as go-pdfium builds it, with a
// stop switch (package wasmstop, exported as stopGlobal), compressed with
// zstd: 2.5 MB in the binary instead of go-pdfium's 6.0 (not linked:
// of go-pdfium, only the host functions, webassembly/imports, are),
// decompressed only when the engine starts, and dropped when it closes.
// TestEmbeddedModule checks it is go-pdfium's module for the version
// go.mod names; `go test -run TestEmbeddedModule -update-module` rewrites
// it after an upgrade.
//
//go:embed pdfium.wasm.zst
var pdfiumModule []byte

// stopGlobal is the name the module exports its stop switch under.
const stopGlobal = "arbiter_stop"

// maxModuleSize bounds the decompressed module (it is 6.0 MB).
const maxModuleSize = 64 << 20

// decompressModule returns the embedded module's WebAssembly bytes.
func decompressModule() ([]byte, error) {
	d, err := zstd.NewReader(nil,
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(maxModuleSize))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	b, err := d.DecodeAll(pdfiumModule, nil)
	if err != nil {
		return nil, fmt.Errorf("pdftext: the embedded PDFium module: %w", err)
	}
	return b, nil
}
