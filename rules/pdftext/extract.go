package pdftext

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Limits bound what one PDF may cost.
type Limits struct {
	MaxBytes int           // the largest file read; 0 is 64 MiB
	MaxPages int           // 0 is 1000
	Timeout  time.Duration // for the whole document, within ctx's own deadline; 0 is one minute
}

const (
	defaultMaxBytes = 64 << 20
	defaultMaxPages = 1000
	defaultTimeout  = time.Minute
)

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = defaultMaxBytes
	}
	if l.MaxPages <= 0 {
		l.MaxPages = defaultMaxPages
	}
	if l.Timeout <= 0 {
		l.Timeout = defaultTimeout
	}
	return l
}

// Error is why a PDF could not be read: the file, the page where one
// applies (0 otherwise), and the cause.
type Error struct {
	Name string
	Page int
	Err  error
}

func (e *Error) Error() string {
	if e.Page > 0 {
		return fmt.Sprintf("%s: page %d: %v", e.Name, e.Page, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Name, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Extract reads pdf, named name in its errors and in the output's %source
// header (mtr/2025-04-21.pdf), and returns its text in format 1.
func (x *Extractor) Extract(ctx context.Context, name string, pdf []byte, lim Limits) ([]byte, error) {
	doc, err := x.Read(ctx, name, pdf, lim)
	if err != nil {
		return nil, err
	}
	return Format(name, doc, Layout(doc)), nil
}

// Read reads pdf's positioned text, as Extract does before its layout.
func (x *Extractor) Read(ctx context.Context, name string, pdf []byte, lim Limits) (doc *Document, err error) {
	lim = lim.withDefaults()
	if err := checkHeader(pdf, lim); err != nil {
		return nil, &Error{Name: name, Err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	select {
	case x.turn() <- struct{}{}:
	case <-ctx.Done():
		return nil, &Error{Name: name, Err: stopped(ctx, lim)}
	}
	defer func() { <-x.turn() }()

	mod, release, err := x.instance(ctx)
	if err != nil {
		return nil, &Error{Name: name, Err: err}
	}
	defer release()
	// Each document has an instance of its own, stopped or not.
	defer mod.Close(context.Background())
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, &Error{Name: name, Err: fmt.Errorf("PDFium failed: %v", r)}
		}
	}()
	doc, err = read(ctx, mod, pdf, lim, x.opts.MemoryLimit)
	if err != nil {
		e := &Error{Name: name, Err: err}
		var pe *Error
		if errors.As(err, &pe) {
			e.Page, e.Err = pe.Page, pe.Err
		}
		if ctx.Err() != nil {
			e.Err = stopped(ctx, lim)
		}
		return nil, e
	}
	return doc, nil
}

// stopped says why ctx ended.
func stopped(ctx context.Context, lim Limits) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("not read within the time allowed (%v): %w", lim.Timeout, ctx.Err())
	}
	return ctx.Err()
}

// checkHeader refuses, before any engine starts, what cannot be a PDF:
// nothing, too much, or no "%PDF-" where readers look for it (within the
// first KiB).
func checkHeader(pdf []byte, lim Limits) error {
	switch {
	case len(pdf) == 0:
		return errors.New("is empty")
	case len(pdf) > lim.MaxBytes:
		return fmt.Errorf("has %d bytes, more than the %d allowed", len(pdf), lim.MaxBytes)
	case !bytes.Contains(pdf[:min(len(pdf), 1024)], []byte("%PDF-")):
		return errors.New("is not a PDF (no %PDF- header in its first KiB)")
	}
	return nil
}

// turn is the semaphore that lets one document be read at a time.
func (x *Extractor) turn() chan struct{} {
	x.turnOnce.Do(func() { x.turnCh = make(chan struct{}, 1) })
	return x.turnCh
}

var (
	defaultOnce      sync.Once
	defaultExtractor *Extractor
)

// Default is the process's shared Extractor (default Options, with the
// compiled code cached under the user's cache directory).
func Default() *Extractor {
	defaultOnce.Do(func() { defaultExtractor = New(Options{CacheDir: DefaultCacheDir()}) })
	return defaultExtractor
}

// Extract reads pdf with the Default extractor.
func Extract(ctx context.Context, name string, pdf []byte, lim Limits) ([]byte, error) {
	return Default().Extract(ctx, name, pdf, lim)
}
