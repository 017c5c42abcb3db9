package pdftext

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// shared is the extractor the tests share, so the engine starts once (with
// a disk cache in the test's cache directory, which repeated runs reuse).
var shared = sync.OnceValue(func() *Extractor { return New(Options{CacheDir: DefaultCacheDir()}) })

// onePage is a small, valid PDF.
func onePage(tb testing.TB) []byte {
	return testPDF(tb, [][]pdfLine{{
		{x: 72, y: 720, size: 16, bold: true, text: "Tournament Rules"},
		{x: 72, y: 690, size: 12, text: "Players must be polite."},
	}}, pdfOptions{})
}

func TestExtractSmallPDF(t *testing.T) {
	got, err := shared().Extract(context.Background(), "mtr/test.pdf", onePage(t), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := "%arbiter-extract 1\n%source: mtr/test.pdf\n%pages: 1\n%page 1\n# Tournament Rules\nPlayers must be polite.\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestExtractTable reads a table drawn with rulings: a cell set on two
// lines is one cell, and one text object that runs across a ruling (two
// cells written as one string, spaces between) is cut there.
func TestExtractTable(t *testing.T) {
	var rulings [][4]float64
	for _, y := range []float64{700, 670, 650} {
		rulings = append(rulings, [4]float64{100, y, 300, 0.5})
	}
	for _, x := range []float64{100, 250, 400} {
		rulings = append(rulings, [4]float64{x, 650, 0.5, 50})
	}
	pdf := testPDF(t, [][]pdfLine{{
		{x: 72, y: 720, size: 10, text: "The penalties:"},
		{x: 110, y: 688, size: 10, bold: true, text: "Tournament"},
		{x: 110, y: 676, size: 10, bold: true, text: "Record"},
		{x: 260, y: 682, size: 10, bold: true, text: "Penalty"},
		{x: 110, y: 656, size: 10, text: "Slow Play" + strings.Repeat(" ", 40) + "Warning"},
		{x: 72, y: 620, size: 10, text: "After the table."},
	}}, pdfOptions{rulings: rulings})
	got, err := shared().Extract(context.Background(), "ipg/test.pdf", pdf, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := "%arbiter-extract 1\n%source: ipg/test.pdf\n%pages: 1\n%page 1\nThe penalties:\nTournament Record\tPenalty\nSlow Play\tWarning\nAfter the table.\n"
	if string(got) != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// TestExtractHiddenGaps reads lists set side by side whose lines are each
// one string, the gap between the columns inside it (the 2000 MTR's, from
// PDFWriter), on a page of nothing else: each column is read down.
func TestExtractHiddenGaps(t *testing.T) {
	var lines []pdfLine
	for i, pair := range [][2]string{{"Ancestral Recall", "Mox Diamond"}, {"Balance", "Mox Emerald"}, {"Berserk", "Mox Jet"}, {"Black Lotus", "Mox Pearl"}} {
		text := "\x95 " + pair[0] + " \x95 " + pair[1]
		lines = append(lines, pdfLine{x: 72, y: 700 - 12*float64(i), size: 8, text: text, gapAt: len(pair[0]) + 3, gap: 25 - 0.5*float64(len(pair[0]))})
	}
	got, err := shared().Extract(context.Background(), "mtr/test.pdf", testPDF(t, [][]pdfLine{lines}, pdfOptions{}), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := "%arbiter-extract 1\n%source: mtr/test.pdf\n%pages: 1\n%page 1\n• Ancestral Recall\n• Balance\n• Berserk\n• Black Lotus\n• Mox Diamond\n• Mox Emerald\n• Mox Jet\n• Mox Pearl\n"
	if string(got) != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// TestExtractHostile feeds files that are not readable PDFs: each gives an
// error naming the file (and the page where one applies), never a panic
// or a hang.
func TestExtractHostile(t *testing.T) {
	good := onePage(t)
	flipped := bytes.Clone(good)
	for i := 200; i < len(flipped)-40; i += 7 {
		flipped[i] ^= 0x5a
	}
	twoPages := testPDF(t, [][]pdfLine{{{x: 72, y: 700, size: 12, text: "One"}}, {{x: 72, y: 700, size: 12, text: "Two"}}}, pdfOptions{})
	tests := []struct {
		name string
		data []byte
		lim  Limits
		want string
	}{
		{"empty", nil, Limits{}, "x.pdf: is empty"},
		{"not a PDF", []byte("<html><body>Magic Tournament Rules</body></html>"), Limits{}, "x.pdf: is not a PDF (no %PDF- header"},
		{"only a header", []byte("%PDF-1.7\n"), Limits{}, "x.pdf: is not a PDF PDFium can read"},
		{"truncated to its half", good[:len(good)/2], Limits{}, "x.pdf: "},
		{"truncated before its xref", good[:bytes.Index(good, []byte("xref"))], Limits{}, "x.pdf: "},
		{"bytes flipped", flipped, Limits{}, "x.pdf: "},
		{"pictures only", testPDF(t, [][]pdfLine{nil, nil}, pdfOptions{imageOnly: true}), Limits{}, "x.pdf: has no text (a scanned or image-only PDF?)"},
		{"encrypted", testPDF(t, [][]pdfLine{{{x: 72, y: 700, size: 12, text: "Secret"}}}, pdfOptions{userPassword: "secret"}), Limits{}, "x.pdf: is encrypted: it needs a password"},
		{"too large", good, Limits{MaxBytes: 100}, "x.pdf: has " + strconv.Itoa(len(good)) + " bytes, more than the 100 allowed"},
		{"too many pages", twoPages, Limits{MaxPages: 1}, "x.pdf: has 2 pages, more than the 1 allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := shared().Extract(context.Background(), "x.pdf", tt.data, tt.lim)
			if err == nil {
				// A damaged file PDFium repairs is fine if what comes out is
				// the format; the cases that must fail say so.
				if tt.want != "x.pdf: " {
					t.Fatalf("no error; want %q", tt.want)
				}
				if !bytes.HasPrefix(out, []byte("%arbiter-extract 1\n")) {
					t.Fatalf("no error and no extract: %q", out)
				}
				t.Logf("repaired by PDFium: %q", out)
				return
			}
			t.Logf("%v", err)
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %q; want it to start %q", err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) || e.Name != "x.pdf" {
				t.Errorf("error %v is not an *Error naming x.pdf", err)
			}
		})
	}
}

// TestExtractEncryptedWithoutUserPassword: a file encrypted with an owner
// password only opens without one, as readers open it, and reads.
func TestExtractEncryptedWithoutUserPassword(t *testing.T) {
	pdf := testPDF(t, [][]pdfLine{{{x: 72, y: 700, size: 12, text: "Readable text."}}}, pdfOptions{ownerPassword: "owner"})
	got, err := shared().Extract(context.Background(), "x.pdf", pdf, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(got, []byte("\nReadable text.\n")) {
		t.Errorf("got %q", got)
	}
}

// TestExtractDeadline: a deadline stops PDFium in the middle of a document
// (its stop switch) and the error says so; the engine reads
// the next document as usual.
func TestExtractDeadline(t *testing.T) {
	pdf := corpusFile(t, "mtr/2025-04-21.pdf")
	x := shared()
	if _, err := x.Extract(context.Background(), "x.pdf", onePage(t), Limits{}); err != nil {
		t.Fatal(err) // the engine is up: the deadline is the document's alone
	}
	start := time.Now()
	_, err := x.Extract(context.Background(), "mtr/2025-04-21.pdf", pdf, Limits{Timeout: 100 * time.Millisecond})
	took := time.Since(start)
	if err == nil || !strings.HasPrefix(err.Error(), "mtr/2025-04-21.pdf: ") || !errors.Is(err, context.DeadlineExceeded) ||
		!strings.Contains(err.Error(), "not read within the time allowed (100ms)") {
		t.Fatalf("error %v; want the deadline's, naming the file", err)
	}
	t.Logf("after %v: %v", took, err) // it names the page it stopped in, unless it stopped before the first
	if took > 2*time.Second {
		t.Errorf("stopping took %v", took)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := x.Extract(ctx, "x.pdf", onePage(t), Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: error %v", err)
	}
	if _, err := x.Extract(context.Background(), "x.pdf", onePage(t), Limits{}); err != nil {
		t.Errorf("after a stopped document: %v", err)
	}
}

// TestExtractMemoryLimit: a page whose content inflates past the memory
// PDFium may use (a decompression bomb: 200 MiB of spaces in 200 KiB)
// fails with an error naming the file and page, and the engine goes on.
// Every corpus PDF reads within PDFium's initial 18 MiB.
func TestExtractMemoryLimit(t *testing.T) {
	bomb := testPDF(t, [][]pdfLine{{{x: 72, y: 700, size: 12, text: "Boom"}}}, pdfOptions{bomb: 200 << 20})
	x := shared()
	_, err := x.Extract(context.Background(), "x.pdf", bomb, Limits{})
	if err == nil || !strings.HasPrefix(err.Error(), "x.pdf: page 1: PDFium aborted in FPDF_LoadPage, most often for want of memory: it may use 64 MiB") {
		t.Fatalf("error %v; want one naming the file and page", err)
	}
	t.Logf("%d bytes inflating to 200 MiB: %v", len(bomb), err)
	if _, err := x.Extract(context.Background(), "x.pdf", onePage(t), Limits{}); err != nil {
		t.Errorf("a small file after: %v", err)
	}
}

// TestEngineIdle: the engine starts on the first PDF, not before, and
// closes after its idle time; the next PDF starts it again.
func TestEngineIdle(t *testing.T) {
	x := New(Options{IdleTimeout: 50 * time.Millisecond, CacheDir: DefaultCacheDir()})
	defer x.Close()
	if x.Running() {
		t.Fatal("running before any PDF")
	}
	if _, err := x.Extract(context.Background(), "x.pdf", []byte("not a pdf"), Limits{}); err == nil || x.Running() {
		t.Fatalf("a file refused before reading started the engine (err %v)", err)
	}
	for round := range 2 {
		if _, err := x.Extract(context.Background(), "x.pdf", onePage(t), Limits{}); err != nil {
			t.Fatal(err)
		}
		if !x.Running() {
			t.Fatalf("round %d: not running after a PDF", round)
		}
		deadline := time.Now().Add(5 * time.Second)
		for x.Running() && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if x.Running() {
			t.Fatalf("round %d: still running after its idle time", round)
		}
	}
	x.Close()
	if _, err := x.Extract(context.Background(), "x.pdf", onePage(t), Limits{}); err == nil {
		t.Error("extract after Close worked")
	}
}

// TestExtractConcurrent: callers at once are served one at a time, each
// with its own result.
func TestExtractConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			text := "Document " + strconv.Itoa(i) + "."
			pdf := testPDF(t, [][]pdfLine{{{x: 72, y: 700, size: 12, text: text}}}, pdfOptions{})
			got, err := shared().Extract(context.Background(), "x.pdf", pdf, Limits{})
			if err == nil && !bytes.HasSuffix(got, []byte(text+"\n")) {
				err = errors.New("got " + string(got))
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// TestInstanceSeesNoFiles: an instance has its stop switch and PDFium's
// functions, and no filesystem: PDFium cannot open a file that exists.
func TestInstanceSeesNoFiles(t *testing.T) {
	x := shared()
	mod, release, err := x.instance(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	defer mod.Close(context.Background())
	l, err := newLib(context.Background(), mod, defaultMemoryLimit)
	if err != nil {
		t.Fatal(err)
	}
	if l.mem.Size() == 0 || l.scratch == 0 || l.stop.Get() != 0 {
		t.Errorf("memory %d bytes, scratch at %#x, stop switch %d", l.mem.Size(), l.scratch, l.stop.Get())
	}

	// No filesystem is mounted: PDFium cannot open a file that exists.
	path, err := filepath.Abs("extract_test.go")
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.malloc(len(path) + 1)
	if err != nil {
		t.Fatal(err)
	}
	l.mem.Write(p, append([]byte(path), 0))
	load := l.mod.ExportedFunction("FPDF_LoadDocument")
	if load == nil {
		t.Fatal("PDFium exports no FPDF_LoadDocument")
	}
	doc, err := load.Call(context.Background(), uint64(p), 0)
	if err != nil {
		t.Fatal(err)
	}
	code, err := l.call32(fnGetLastError)
	if err != nil {
		t.Fatal(err)
	}
	if uint32(doc[0]) != 0 || code != errFile {
		t.Errorf("FPDF_LoadDocument(%s) = %#x, error %d; want 0 and %d (no file)", path, doc[0], code, errFile)
	}
}

// FuzzExtract runs the whole reader, engine included, on arbitrary bytes
// with a short deadline: an error or format 1, never a panic or a hang.
func FuzzExtract(f *testing.F) {
	good := onePage(f)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(testPDF(f, [][]pdfLine{nil}, pdfOptions{imageOnly: true}))
	f.Add(testPDF(f, [][]pdfLine{{{x: 72, y: 700, size: 12, text: "x"}}}, pdfOptions{userPassword: "p"}))
	f.Add([]byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := shared().Extract(context.Background(), "f.pdf", data, Limits{Timeout: 2 * time.Second, MaxPages: 50})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.pdf: ") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if !bytes.HasPrefix(out, []byte("%arbiter-extract 1\n%source: f.pdf\n")) {
			t.Fatalf("output %q", out)
		}
	})
}

// TestExtractDeterministic: the same bytes give the same text, read by the
// shared engine and twice by another, in a fresh instance each time.
func TestExtractDeterministic(t *testing.T) {
	pdf := corpusFile(t, "ipg/2024-09-23.pdf")
	a, err := shared().Extract(context.Background(), "ipg/2024-09-23.pdf", pdf, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	other := New(Options{CacheDir: DefaultCacheDir()})
	defer other.Close()
	for range 2 {
		b, err := other.Extract(context.Background(), "ipg/2024-09-23.pdf", pdf, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("two extractions differ (%d and %d bytes)", len(a), len(b))
		}
	}
}
