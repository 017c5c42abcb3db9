package pdftext

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/klippa-app/go-pdfium/webassembly/imports"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// Options configure an Extractor's engine.
type Options struct {
	// MemoryLimit is the most WebAssembly memory PDFium may use for one
	// document, in bytes (rounded down to 64 KiB pages); 0 is 64 MiB. Every
	// judge document reads within PDFium's initial 18 MiB.
	MemoryLimit int
	// IdleTimeout is how long the engine stays up after its last use; 0 is
	// one minute. Closing it gives back the runtime and the compiled module:
	// BenchmarkEngineMemory, resident 10 MiB before, 64-70 up, 16 closed.
	IdleTimeout time.Duration
	// CacheDir, if set, keeps PDFium's compiled code on disk between starts
	// (wazero's compilation cache), so a start after the first reads it
	// instead of compiling. wazero's cache in memory starts about as fast
	// but keeps the compiled code resident while the engine is closed
	// (BenchmarkEngineStartMemoryCache: 52 MiB against 16), which closing
	// the engine is for.
	CacheDir string
}

// DefaultCacheDir is where Default keeps PDFium's compiled code:
// os.UserCacheDir()/arbiter/wazero, or "" (no cache) where there is no
// such directory. A start that reads it takes 0.37 s instead of compiling
// for 4.2 (BenchmarkEngineStart), with some 20 ms more to decompress the
// module (BenchmarkDecompressModule).
func DefaultCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "arbiter", "wazero")
}

const (
	defaultMemoryLimit = 64 << 20
	defaultIdleTimeout = time.Minute
	wasmPage           = 64 << 10
)

// An Extractor reads PDFs with one PDFium engine, which it starts on the
// first Extract and closes after IdleTimeout without use. It is safe for
// concurrent use; documents are read one at a time.
type Extractor struct {
	opts Options

	mu     sync.Mutex
	eng    *engine // nil while stopped
	busy   int     // Extract calls holding eng
	idle   *time.Timer
	closed bool

	// One document at a time (a channel, so waiting honours a context):
	// each instance has memory of its own, and the server has better use
	// for the second core.
	turnOnce sync.Once
	turnCh   chan struct{}
}

// engine is one started PDFium: a wazero runtime with the compiled module
// and the host modules it imports (WASI, and Emscripten's and PDFium's
// callbacks, which go-pdfium provides).
type engine struct {
	rt       wazero.Runtime
	compiled wazero.CompiledModule
	cache    wazero.CompilationCache // nil without CacheDir
}

// New returns an Extractor; nothing starts until the first Extract.
func New(opts Options) *Extractor {
	if opts.MemoryLimit <= 0 {
		opts.MemoryLimit = defaultMemoryLimit
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = defaultIdleTimeout
	}
	return &Extractor{opts: opts}
}

// instance returns a fresh PDFium instance (a module instance of its own,
// with its own memory) and the function that ends this use of the engine;
// the caller closes the instance first. Starting the engine is done under
// the lock: callers wait for one start, not several.
func (x *Extractor) instance(ctx context.Context) (api.Module, func(), error) {
	x.mu.Lock()
	if x.closed {
		x.mu.Unlock()
		return nil, nil, fmt.Errorf("pdftext: the extractor is closed")
	}
	if x.idle != nil {
		x.idle.Stop()
	}
	if x.eng == nil {
		eng, err := startEngine(x.opts)
		if err != nil {
			x.mu.Unlock()
			return nil, nil, err
		}
		x.eng = eng
	}
	x.busy++
	eng := x.eng
	x.mu.Unlock()

	mod, err := eng.instance(ctx)
	if err != nil {
		x.release()
		return nil, nil, err
	}
	return mod, x.release, nil
}

// release ends one use; the last one arms the idle timer.
func (x *Extractor) release() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.busy--
	if x.busy > 0 || x.eng == nil {
		return
	}
	if x.idle == nil {
		x.idle = time.AfterFunc(x.opts.IdleTimeout, x.stopIdle)
	} else {
		x.idle.Reset(x.opts.IdleTimeout)
	}
}

// stopIdle closes the engine if nobody has used it since the timer was
// armed, and hands the memory back to the system: the module's memory and
// the runtime's are garbage the Go runtime would otherwise keep mapped
// for a while (BenchmarkEngineMemory: some 65 MiB resident while up, 16
// after this).
func (x *Extractor) stopIdle() {
	x.mu.Lock()
	if x.busy > 0 || x.eng == nil {
		x.mu.Unlock()
		return
	}
	x.eng.close()
	x.eng = nil
	x.mu.Unlock()
	debug.FreeOSMemory()
}

// Running says whether the engine is started (for tests and diagnostics).
func (x *Extractor) Running() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.eng != nil
}

// Close closes the engine now; Extract fails afterwards.
func (x *Extractor) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.closed = true
	if x.idle != nil {
		x.idle.Stop()
	}
	if x.eng != nil {
		x.eng.close()
		x.eng = nil
	}
	return nil
}

// startEngine compiles PDFium (or reads it from the cache) into a new
// runtime that caps each module's memory. The runtime does not stop calls
// itself: WithCloseOnContextDone leaves the compiled code for Go at every
// loop iteration, which made PDFium 3.4 times slower; the module's own
// stop switch stops them (module.go, lib.stopOn).
func startEngine(opts Options) (*engine, error) {
	wasm, err := decompressModule()
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	rc := wazero.NewRuntimeConfig().
		WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling).
		WithMemoryLimitPages(uint32(opts.MemoryLimit / wasmPage))
	e := &engine{}
	if opts.CacheDir != "" {
		c, err := wazero.NewCompilationCacheWithDir(opts.CacheDir)
		if err == nil {
			e.cache = c
			rc = rc.WithCompilationCache(c)
		}
		// A cache that cannot be made only costs a compilation.
	}
	e.rt = wazero.NewRuntimeWithConfig(ctx, rc)
	if _, err = wasi_snapshot_preview1.Instantiate(ctx, e.rt); err == nil {
		if e.compiled, err = e.rt.CompileModule(ctx, wasm); err == nil {
			_, err = imports.Instantiate(ctx, e.rt, e.compiled)
		}
	}
	if err != nil {
		e.close()
		return nil, fmt.Errorf("pdftext: cannot start PDFium: %w", err)
	}
	return e, nil
}

// instance starts a PDFium module instance with memory of its own, so no
// document sees what another left. It sees no filesystem, no stdout and
// no stderr (wazero's defaults): the PDF is passed as bytes.
func (e *engine) instance(ctx context.Context) (api.Module, error) {
	cfg := wazero.NewModuleConfig().WithStartFunctions("_initialize").WithName("")
	mod, err := e.rt.InstantiateModule(ctx, e.compiled, cfg)
	if err != nil {
		return nil, fmt.Errorf("pdftext: cannot start a PDFium instance: %w", err)
	}
	initLib := mod.ExportedFunction("FPDF_InitLibrary")
	if initLib == nil {
		mod.Close(ctx)
		return nil, fmt.Errorf("pdftext: PDFium does not export FPDF_InitLibrary")
	}
	if _, err := initLib.Call(ctx); err != nil {
		mod.Close(ctx)
		return nil, fmt.Errorf("pdftext: cannot start a PDFium instance: %w", err)
	}
	return mod, nil
}

func (e *engine) close() {
	ctx := context.Background()
	if e.rt != nil {
		e.rt.Close(ctx)
	}
	if e.cache != nil {
		e.cache.Close(ctx)
	}
}
