package pdftext

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/tetratelabs/wazero/api"
)

// lib calls PDFium's exported C functions in one module instance directly.
// go-pdfium's wrappers allocate module memory for every out-parameter and
// keep every handle in maps; a page's layout needs a few dozen calls a
// line, which through them cost several times PDFium's own work. So
// go-pdfium provides the module and its host functions, and lib makes the
// calls, with one scratch area for out-parameters.
//
// Every call runs under ctx, and ctx's end throws the module's stop switch
// (lib.stopOn), which stops PDFium at its next loop wherever it is.
type lib struct {
	ctx     context.Context
	limit   uint32 // the memory the module may grow to, in bytes
	mod     api.Module
	mem     api.Memory
	fns     [numFuncs]api.Function
	stop    api.MutableGlobal // the stop switch: nonzero stops PDFium
	stack   [8]uint64
	scratch uint32 // scratchSize bytes of module memory
	buf     uint32 // a growing buffer for text, bufSize bytes
	bufSize uint32
}

// The scratch area: out-parameters (four doubles, a matrix) at its start,
// a font's name from scratchName on.
const (
	scratchSize = 512
	scratchName = 64
)

// The PDFium functions lib calls, by index into lib.fns.
const (
	fnMalloc = iota
	fnFree
	fnLoadMemDocument
	fnGetLastError
	fnCloseDocument
	fnGetPageCount
	fnGetMetaText
	fnLoadPage
	fnClosePage
	fnGetPageWidthF
	fnGetPageHeightF
	fnTextLoadPage
	fnTextClosePage
	fnTextCountChars
	fnTextGetText
	fnTextCountRects
	fnTextGetRect
	fnTextGetCharBox
	fnTextGetFontSize
	fnTextGetMatrix
	fnTextGetTextObject
	fnTextObjGetFont
	fnFontGetWeight
	fnFontGetFlags
	fnFontGetBaseFontName
	fnPageCountObjects
	fnPageGetObject
	fnPageObjGetType
	fnPageObjGetBounds
	numFuncs
)

var funcNames = [numFuncs]string{
	fnMalloc:              "malloc",
	fnFree:                "free",
	fnLoadMemDocument:     "FPDF_LoadMemDocument",
	fnGetLastError:        "FPDF_GetLastError",
	fnCloseDocument:       "FPDF_CloseDocument",
	fnGetPageCount:        "FPDF_GetPageCount",
	fnGetMetaText:         "FPDF_GetMetaText",
	fnLoadPage:            "FPDF_LoadPage",
	fnClosePage:           "FPDF_ClosePage",
	fnGetPageWidthF:       "FPDF_GetPageWidthF",
	fnGetPageHeightF:      "FPDF_GetPageHeightF",
	fnTextLoadPage:        "FPDFText_LoadPage",
	fnTextClosePage:       "FPDFText_ClosePage",
	fnTextCountChars:      "FPDFText_CountChars",
	fnTextGetText:         "FPDFText_GetText",
	fnTextCountRects:      "FPDFText_CountRects",
	fnTextGetRect:         "FPDFText_GetRect",
	fnTextGetCharBox:      "FPDFText_GetCharBox",
	fnTextGetFontSize:     "FPDFText_GetFontSize",
	fnTextGetMatrix:       "FPDFText_GetMatrix",
	fnTextGetTextObject:   "FPDFText_GetTextObject",
	fnTextObjGetFont:      "FPDFTextObj_GetFont",
	fnFontGetWeight:       "FPDFFont_GetWeight",
	fnFontGetFlags:        "FPDFFont_GetFlags",
	fnFontGetBaseFontName: "FPDFFont_GetBaseFontName",
	fnPageCountObjects:    "FPDFPage_CountObjects",
	fnPageGetObject:       "FPDFPage_GetObject",
	fnPageObjGetType:      "FPDFPageObj_GetType",
	fnPageObjGetBounds:    "FPDFPageObj_GetBounds",
}

// newLib prepares calls into mod, an instance of the embedded module.
func newLib(ctx context.Context, mod api.Module, memoryLimit int) (*lib, error) {
	l := &lib{ctx: ctx, limit: uint32(min(memoryLimit, 1<<32-wasmPage)), mod: mod, mem: mod.Memory()}
	if l.mem == nil {
		return nil, errors.New("PDFium exports no memory")
	}
	stop, ok := mod.ExportedGlobal(stopGlobal).(api.MutableGlobal)
	if !ok {
		return nil, fmt.Errorf("PDFium exports no stop switch %s", stopGlobal)
	}
	l.stop = stop
	for i, name := range funcNames {
		if l.fns[i] = mod.ExportedFunction(name); l.fns[i] == nil {
			return nil, fmt.Errorf("PDFium does not export %s", name)
		}
	}
	p, err := l.call(fnMalloc, scratchSize)
	if err != nil {
		return nil, err
	}
	if p == 0 {
		return nil, errors.New("PDFium is out of memory")
	}
	l.scratch = uint32(p)
	return l, nil
}

// stopOn throws the stop switch when ctx ends, and returns the function
// that stops waiting for it. The switch is a global of the running module,
// written from another goroutine while PDFium runs: its compiled code
// loads it afresh at every loop header, so PDFium stops within one loop
// iteration; nothing in Go reads it, and a store of a word is atomic on
// the machines wazero compiles for.
func (l *lib) stopOn(ctx context.Context) func() bool {
	return context.AfterFunc(ctx, func() { l.stop.Set(1) })
}

// call calls function fn with args (i32 arguments as uint64s) and returns
// its result's raw bits.
func (l *lib) call(fn int, args ...uint64) (uint64, error) {
	if err := l.ctx.Err(); err != nil {
		return 0, err // (a runtime that stops calls itself checks this too)
	}
	copy(l.stack[:], args)
	if err := l.fns[fn].CallWithStack(l.ctx, l.stack[:]); err != nil {
		if l.ctx.Err() != nil {
			return 0, l.ctx.Err()
		}
		// A trap's message goes on with the WebAssembly stack: the first
		// line says what happened.
		msg, _, _ := strings.Cut(err.Error(), "\n")
		if strings.Contains(msg, "unreachable") {
			// PDFium aborts (an unreachable instruction) where an allocation
			// fails; the memory limit makes that the usual cause.
			return 0, fmt.Errorf("PDFium aborted in %s, most often for want of memory: it may use %d MiB", funcNames[fn], l.limit>>20)
		}
		return 0, fmt.Errorf("PDFium failed in %s (%s)", funcNames[fn], msg)
	}
	return l.stack[0], nil
}

// call32 is call for a function returning an int.
func (l *lib) call32(fn int, args ...uint64) (int32, error) {
	r, err := l.call(fn, args...)
	return int32(uint32(r)), err
}

// malloc returns n bytes of module memory; free gives them back.
func (l *lib) malloc(n int) (uint32, error) {
	p, err := l.call(fnMalloc, uint64(n))
	if err != nil {
		return 0, err
	}
	if p == 0 {
		return 0, fmt.Errorf("PDFium is out of memory (asking for %d bytes)", n)
	}
	return uint32(p), nil
}

func (l *lib) free(p uint32) error {
	if p == 0 {
		return nil
	}
	_, err := l.call(fnFree, uint64(p))
	return err
}

// buffer returns module memory for at least n bytes, reusing one buffer.
func (l *lib) buffer(n int) (uint32, error) {
	if uint32(n) <= l.bufSize {
		return l.buf, nil
	}
	if err := l.free(l.buf); err != nil {
		return 0, err
	}
	l.buf, l.bufSize = 0, 0
	size := max(uint32(n), 4096)
	p, err := l.malloc(int(size))
	if err != nil {
		return 0, err
	}
	l.buf, l.bufSize = p, size
	return p, nil
}

// read copies n bytes of module memory at p.
func (l *lib) read(p uint32, n int) ([]byte, error) {
	b, ok := l.mem.Read(p, uint32(n))
	if !ok {
		return nil, fmt.Errorf("PDFium returned memory out of range (%d bytes at %#x)", n, p)
	}
	return b, nil
}

// f64 reads the double at scratch offset off.
func (l *lib) f64(off uint32) float64 {
	v, _ := l.mem.ReadFloat64Le(l.scratch + off)
	return v
}

// f32 reads the float at scratch offset off.
func (l *lib) f32(off uint32) float32 {
	v, _ := l.mem.ReadFloat32Le(l.scratch + off)
	return v
}

// utf16At decodes n UTF-16LE units at p.
func (l *lib) utf16At(p uint32, n int) ([]uint16, error) {
	b, err := l.read(p, 2*n)
	if err != nil {
		return nil, err
	}
	u := make([]uint16, n)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return u, nil
}

// metaText returns the document's metadata entry tag ("Title").
func (l *lib) metaText(doc uint64, tag string) (string, error) {
	tagPtr, err := l.buffer(len(tag) + 1 + 1024)
	if err != nil {
		return "", err
	}
	if !l.mem.Write(tagPtr, append([]byte(tag), 0)) {
		return "", errors.New("cannot write to PDFium's memory")
	}
	out := tagPtr + uint32(len(tag)+1)
	n, err := l.call(fnGetMetaText, doc, uint64(tagPtr), uint64(out), 1024)
	if err != nil || n < 2 || n > 1024 {
		return "", err // absent, or too long to be a title
	}
	u, err := l.utf16At(out, int(n/2)-1) // n counts the terminating NUL
	if err != nil {
		return "", err
	}
	return string(utf16.Decode(u)), nil
}
