package main

import (
	"context"
	"errors"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// judges are the judge documents embedded in content/docs (every MTR, IPG
// and JAR of the corpus, PDFs as their extracted text), parsed all at once
// in the background: some 0.4 s of one processor for the 112 files, too
// long to hold up the first page, short enough that a request for one of
// them simply waits (awaitEditions). It is safe for concurrent use.
type judges struct {
	once   sync.Once
	ok     atomic.Bool   // eds is set
	done   chan struct{} // closed after parsed has run
	eds    []*rules.Edition
	parsed func() // called once eds is set, before requests waiting for them are let go
}

func newJudges() *judges { return &judges{done: make(chan struct{}), parsed: func() {}} }

// run parses every embedded judge document on all processors, once, and
// returns when they are parsed. A file that fails (the archive damaged)
// is a failed edition, reported like a user's.
// prepare (the edition set's: IDs) sees them before anything else does.
func (j *judges) run(prepare func([]*rules.Edition)) {
	j.once.Do(func() {
		eds := parseJudges()
		prepare(eds)
		j.eds = eds
		j.ok.Store(true)
		j.parsed()
		close(j.done)
	})
}

// ready reports whether run has finished; false on a nil judges.
func (j *judges) ready() bool {
	if j == nil {
		return false
	}
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// wait waits for run to finish, or for ctx to end.
func (j *judges) wait(ctx context.Context) {
	select {
	case <-j.done:
	case <-ctx.Done():
	}
}

// editions returns the parsed editions, none before run has parsed them
// or on a nil judges.
func (j *judges) editions() []*rules.Edition {
	if j == nil || !j.ok.Load() {
		return nil
	}
	return j.eds
}

// parseJudges reads the judge documents' archive (8.5 MB of text, read
// whole first: decompressing is quick beside parsing) and parses its files
// on all processors.
func parseJudges() []*rules.Edition {
	rd, err := content.OpenDocs()
	if err != nil {
		return []*rules.Edition{archiveFailed(err)}
	}
	var srcs []rules.Source
	var broken error
	for {
		f, b, err := rd.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				broken = err
			}
			break
		}
		srcs = append(srcs, rules.Source{Name: f.Name, Data: b})
	}
	out := make([]*rules.Edition, len(srcs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(srcs)) {
		wg.Go(func() {
			for i := range next {
				out[i] = rules.Parse(srcs[i])
				rules.Compact(out[i])
			}
		})
	}
	for i := range srcs {
		next <- i
	}
	close(next)
	wg.Wait()
	if broken != nil {
		out = append(out, archiveFailed(broken))
	}
	return out
}

// archiveFailed is the failed edition standing for a damaged archive.
func archiveFailed(err error) *rules.Edition {
	return &rules.Edition{Files: []string{"docs/docs.tar.zst"}, Diagnostics: []rules.Diagnostic{{File: "docs/docs.tar.zst", Severity: rules.SevError, Message: err.Error()}}}
}
