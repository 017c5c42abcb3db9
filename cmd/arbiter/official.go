package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// official parses the official editions embedded in content/cr: the newest
// first, at once, so that a server can answer while the others parse in
// the background, newest first too, except that an edition a request waits
// for (want) is parsed next. Each file is read from the archive when it is
// first needed; one read ahead of its turn waits in memory until parsed.
// It is safe for concurrent use.
type official struct {
	files  []content.CorpusFile
	byDate map[string]*officialEdition

	mu     sync.Mutex
	rd     *content.CorpusReader
	readTo int               // files[:readTo] have been read from the archive
	early  map[string][]byte // read ahead of their turn, not yet taken
	wanted []string          // dates requests wait for, first asked first
	next   int               // files[next:] have not been taken in order
	err    error             // the archive's, once it failed

	// parsed is called with each edition parsed, before requests waiting
	// for it are let go; wanted says whether any is.
	parsed func(e *rules.Edition, wanted bool)
}

type officialEdition struct {
	file   content.CorpusFile
	taken  bool // a worker has it
	wanted bool // a request waits for it
	e      *rules.Edition
	done   chan struct{} // closed when e is set (or the file failed)
}

// newOfficial reads the archive's manifest.
func newOfficial() (*official, error) {
	files, err := content.CorpusManifest()
	if err != nil {
		return nil, err
	}
	o := &official{files: files, byDate: map[string]*officialEdition{}, early: map[string][]byte{}, parsed: func(*rules.Edition, bool) {}}
	for _, f := range files {
		o.byDate[f.Effective] = &officialEdition{file: f, done: make(chan struct{})}
	}
	return o, nil
}

// stubs are editions standing for every official one, for assigning IDs
// before they are parsed: each has its effective date as ID, kind and
// format.
func (o *official) stubs() []*rules.Edition {
	out := make([]*rules.Edition, len(o.files))
	for i, f := range o.files {
		e := &rules.Edition{Format: rules.FormatText, Kind: rules.KindFull}
		e.ID = f.Effective
		out[i] = e
	}
	return out
}

// pending reports whether date names an official edition not parsed yet.
func (o *official) pending(date string) bool {
	s := o.byDate[date]
	if s == nil {
		return false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return s.e == nil
}

// named is the official edition a name in a CR URL stands for, as
// editionNamed reads it: its date, the set that brought it ("M10"), or a
// day between editions (the one in force then); "" for none.
func (o *official) named(name string) string {
	if o.byDate[name] != nil {
		return name
	}
	if day, ok := content.EditionOfSet(name); ok && o.byDate[day] != nil {
		return day
	}
	if _, err := time.Parse(time.DateOnly, name); err != nil {
		return ""
	}
	inForce := ""
	for _, f := range o.files {
		if f.Effective <= name && f.Effective > inForce {
			inForce = f.Effective
		}
	}
	return inForce
}

// want waits until the official edition of date is parsed, asking for it
// to be parsed next, or until ctx ends. It returns at once for a date that
// is no official edition's.
func (o *official) want(ctx context.Context, date string) {
	s := o.byDate[date]
	if s == nil {
		return
	}
	o.mu.Lock()
	if !s.wanted && !s.taken {
		o.wanted = append(o.wanted, date)
	}
	s.wanted = true
	o.mu.Unlock()
	select {
	case <-s.done:
	case <-ctx.Done():
	}
}

// parseNext parses the next edition due and reports whether there was one.
func (o *official) parseNext() bool {
	s, b, err := o.take()
	if s == nil {
		return false
	}
	var e *rules.Edition
	if err != nil {
		e = &rules.Edition{Files: []string{"cr/" + s.file.Name}, Diagnostics: []rules.Diagnostic{{File: "cr/cr.tar.zst", Severity: rules.SevError, Message: err.Error()}}}
	} else {
		e = parseOfficial(s.file, b)
	}
	o.mu.Lock()
	s.e = e
	wanted := s.wanted
	o.mu.Unlock()
	o.parsed(e, wanted)
	close(s.done)
	return true
}

// parseOfficial parses one official file read from the archive.
func parseOfficial(f content.CorpusFile, b []byte) *rules.Edition {
	e := rules.Parse(rules.Source{Name: "cr/" + f.Name, Data: b})
	rules.Compact(e)
	return e
}

// take picks the edition to parse next, the first one a request waits for
// or else the newest not taken, and reads it.
func (o *official) take() (*officialEdition, []byte, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var s *officialEdition
	for s == nil && len(o.wanted) > 0 {
		if w := o.byDate[o.wanted[0]]; !w.taken {
			s = w
		}
		o.wanted = o.wanted[1:]
	}
	for s == nil && o.next < len(o.files) {
		if n := o.byDate[o.files[o.next].Effective]; !n.taken {
			s = n
		}
		o.next++
	}
	if s == nil {
		return nil, nil, nil
	}
	s.taken = true
	b, err := o.read(s.file)
	return s, b, err
}

// read returns f's bytes, reading the archive up to f if need be and
// keeping the files before it that are not taken yet. Called with o.mu held.
func (o *official) read(f content.CorpusFile) ([]byte, error) {
	if b, ok := o.early[f.Effective]; ok {
		delete(o.early, f.Effective)
		return b, nil
	}
	for o.err == nil {
		if o.rd == nil {
			if o.rd, o.err = content.OpenCorpus(); o.err != nil {
				break
			}
		}
		got, b, err := o.rd.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = fmt.Errorf("cr/cr.tar.zst ends before %s", f.Name)
			}
			o.err = err
			break
		}
		o.readTo++
		if got.Effective == f.Effective {
			if o.readTo == len(o.files) {
				// Dropped, not only closed: the decoder keeps its 8 MiB
				// window until it is collected.
				o.rd.Close()
				o.rd = nil
			}
			return b, nil
		}
		if !o.byDate[got.Effective].taken {
			o.early[got.Effective] = b
		}
	}
	return nil, o.err
}

// run parses every edition left, on all processors, and returns when all
// are parsed.
func (o *official) run() {
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for o.parseNext() {
			}
		}()
	}
	wg.Wait()
}

// editions returns the editions parsed so far, newest first; all of them
// once run has returned.
func (o *official) editions() []*rules.Edition {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []*rules.Edition
	for _, f := range o.files {
		if e := o.byDate[f.Effective].e; e != nil {
			out = append(out, e)
		}
	}
	return out
}

// left is how many editions are not parsed yet.
func (o *official) left() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, s := range o.byDate {
		if s.e == nil {
			n++
		}
	}
	return n
}
