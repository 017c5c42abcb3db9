package pdftext

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// busyPDF is a one-page PDF whose content stream, compressed to a few
// dozen KiB, is mib MiB of empty save-and-restore pairs ("q Q"): loading
// the page takes PDFium seconds in one call, with no text to find.
func busyPDF(tb testing.TB, mib int) []byte {
	tb.Helper()
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, zlib.BestCompression)
	if err != nil {
		tb.Fatal(err)
	}
	block := bytes.Repeat([]byte("q Q "), 1<<18)
	for range mib {
		zw.Write(block)
	}
	zw.Close()
	w := &pdfWriter{}
	w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	w.obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	w.obj(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>")
	w.stream(4, "/Filter /FlateDecode", z.Bytes())
	return w.finish(false)
}

// TestStopSwitchStopsACall: the end of a call's context stops PDFium
// inside that call (the module's stop switch, not a check between calls):
// FPDF_LoadPage on a page that takes it seconds, called straight through
// wazero, traps once the context is canceled, and so does the next call,
// the switch staying thrown. (The test reads the switch only through
// PDFium: a read from Go would race with the write, which nothing orders
// before it but the trap.)
func TestStopSwitchStopsACall(t *testing.T) {
	x := New(Options{MemoryLimit: 256 << 20, CacheDir: DefaultCacheDir()})
	defer x.Close()
	mod, release, err := x.instance(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	defer mod.Close(context.Background())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	l, err := newLib(ctx, mod, 256<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer l.stopOn(ctx)()

	pdf := busyPDF(t, 48)
	p, err := l.malloc(len(pdf))
	if err != nil {
		t.Fatal(err)
	}
	l.mem.Write(p, pdf)
	doc, err := l.call(fnLoadMemDocument, uint64(p), uint64(len(pdf)), 0)
	if err != nil || uint32(doc) == 0 {
		t.Fatalf("FPDF_LoadMemDocument: %#x, %v", doc, err)
	}

	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	stack := []uint64{doc, 0}
	err = l.fns[fnLoadPage].CallWithStack(ctx, stack)
	took := time.Since(start)
	if err == nil {
		t.Fatalf("FPDF_LoadPage ran to its end (%v, page %#x): the stop switch did not stop it", took, stack[0])
	}
	if msg, _, _ := strings.Cut(err.Error(), "\n"); !strings.Contains(msg, "unreachable") {
		t.Errorf("FPDF_LoadPage failed with %q; want the switch's trap (unreachable)", msg)
	}
	t.Logf("stopped %v after the call began", took)
	stack = []uint64{doc, 0}
	if err := l.fns[fnLoadPage].CallWithStack(context.Background(), stack); err == nil {
		t.Errorf("FPDF_LoadPage ran to its end after the switch was thrown (page %#x)", stack[0])
	}
}

// TestExtractStopsInsideACall: Extract's deadline stops PDFium loading a
// page that would take it seconds in one call (and then fail: the page
// has no text), with the deadline's error naming the file, and the engine
// goes on. The error names page 1 unless a loaded machine spent the
// second before PDFium reached it.
func TestExtractStopsInsideACall(t *testing.T) {
	x := New(Options{MemoryLimit: 256 << 20, CacheDir: DefaultCacheDir()})
	defer x.Close()
	if _, err := x.Extract(context.Background(), "x.pdf", onePage(t), Limits{}); err != nil {
		t.Fatal(err) // the engine is up: the deadline is the document's alone
	}
	busy := busyPDF(t, 48)
	start := time.Now()
	_, err := x.Extract(context.Background(), "busy.pdf", busy, Limits{Timeout: time.Second})
	took := time.Since(start)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "busy.pdf: ") ||
		!strings.Contains(err.Error(), "not read within the time allowed (1s)") {
		t.Fatalf("error %v; want the deadline's, naming the file", err)
	}
	t.Logf("after %v: %v", took, err)
	if _, err := x.Extract(context.Background(), "x.pdf", onePage(t), Limits{}); err != nil {
		t.Errorf("after a stopped document: %v", err)
	}
}
