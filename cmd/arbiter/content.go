package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing/fstest"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// contentOptions says where a library's editions come from, besides the
// founding documents embedded in content/, which are always there.
type contentOptions struct {
	official bool     // the official editions embedded in content/cr
	dataDir  string   // arbiter fetch's directory: "" for none; a missing one holds none
	paths    []string // --rules files and directories
}

// defaultDataDir is where arbiter fetch saves editions and serve reads
// them: $XDG_DATA_HOME/arbiter, else ~/.local/share/arbiter (on Windows
// under %LocalAppData%, on macOS under ~/Library/Application Support);
// "" where there is no home directory. fetch saves each document in a
// folder of its own (cr/, mtr/, ipg/, jar/), and serve reads the whole
// directory, so the CR files an older Arbiter saved in arbiter/cr (its
// data directory then) are served as before.
func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "arbiter")
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, "arbiter")
		}
	case "darwin":
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, "Library", "Application Support", "arbiter")
		}
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return ""
	}
	return filepath.Join(home, ".local", "share", "arbiter")
}

// editionSet is what a library is built from, by source. The seeds and the
// official editions are read once; the user's (data directory, --rules) are
// read again on every reload.
type editionSet struct {
	seeds    []*rules.Edition
	official *official // nil without the official editions
	judges   *judges   // the embedded judge documents; nil without the official editions
	user     *userEditions
}

// userEditions are the editions of the data directory and the --rules
// paths, read at one time.
type userEditions struct {
	eds  []*rules.Edition
	fsys map[*rules.Edition]fs.FS  // the file system e.Files are named in
	path map[*rules.Edition]string // e's first file, as the user knows it
	// diags are the warnings of the editions read and the errors of the
	// files left out, named as the user knows them.
	diags []rules.Diagnostic
}

// skipped counts the files left out.
func (u *userEditions) skipped() int {
	n := 0
	for _, d := range u.diags {
		if d.Severity == rules.SevError {
			n++
		}
	}
	return n
}

// newEditionSet reads the seeds and the user's editions, and opens the
// official ones without parsing them.
func newEditionSet(o contentOptions, log *slog.Logger) (*editionSet, error) {
	s := &editionSet{}
	eds, err := rules.Load(content.FS, ".")
	if err != nil {
		return nil, fmt.Errorf("embedded content: %w", err)
	}
	for _, e := range eds {
		if e.Failed() {
			log.Error("embedded edition failed to parse", "files", e.Files, "err", (&rules.ParseError{Diagnostics: e.Diagnostics}).Error())
			continue
		}
		s.seeds = append(s.seeds, e)
	}
	if o.official {
		if s.official, err = newOfficial(); err != nil {
			return nil, fmt.Errorf("embedded official editions: %w", err)
		}
		s.judges = newJudges()
	}
	s.user = readUser(o, log)
	s.dropCutCopies()
	s.assignIDs()
	return s, nil
}

// dropCutCopies leaves out a user's file that is cut short where the
// official edition of its date is whole: it would replace the whole text
// with less of it.
func (s *editionSet) dropCutCopies() {
	if s.official == nil {
		return
	}
	s.user.eds = slices.DeleteFunc(s.user.eds, func(e *rules.Edition) bool {
		if e.Truncated == nil || !replaces(e) || s.official.byDate[e.EffectiveDate()] == nil {
			return false
		}
		s.user.diags = append(s.user.diags, rules.Diagnostic{File: s.user.path[e], Severity: rules.SevWarning,
			Message: "cut short (it stops at " + e.Truncated.StopsAt() + "): the embedded edition of " + e.EffectiveDate() + ", whole, is served instead"})
		return true
	})
}

// assignIDs gives every edition the ID it keeps while served: the official
// editions their dates (they are all known from the archive's manifest
// before they are parsed) and the embedded judge documents theirs (once
// they are parsed: runJudges), then the seeds and the user's around them,
// so that no later library renames an edition that one being read has.
func (s *editionSet) assignIDs() {
	var keep []*rules.Edition
	if s.official != nil {
		keep = append(s.official.stubs(), s.judges.editions()...)
		// A user's edition that replaces an embedded one takes its ID.
		for _, e := range s.user.eds {
			if replaces(e) {
				keep = slices.DeleteFunc(keep, func(k *rules.Edition) bool { return k.ID == replaceKey(e) })
			}
		}
	}
	rules.AssignIDs(keep, append(slices.Clone(s.seeds), s.user.eds...))
}

// runJudges parses the embedded judge documents (once; judges.run) and
// gives them their IDs around every other edition's.
func (s *editionSet) runJudges() {
	if s.judges == nil {
		return
	}
	s.judges.run(func(eds []*rules.Edition) {
		keep := append(append(s.official.stubs(), s.seeds...), s.user.eds...)
		rules.AssignIDs(keep, eds)
	})
}

// replaces reports whether e, a user's edition, takes the place of the
// embedded edition of its document and date: a whole Comprehensive Rules
// in Wizards' text, or any whole edition of a judge document, as arbiter
// fetch saves them, is a newer copy of it.
func replaces(e *rules.Edition) bool {
	if e.Effective.IsZero() {
		return false
	}
	if e.Document() != rules.DocCR {
		return e.Kind != rules.KindExcerpt
	}
	return e.Kind == rules.KindFull && e.Format == rules.FormatText
}

// replaceKey is the ID of the embedded edition e replaces: its document's
// prefix and its date ("mtr/2025-04-21", "2026-01-16").
func replaceKey(e *rules.Edition) string { return e.Document().Prefix() + e.EffectiveDate() }

// library is the library of everything parsed so far: the seeds, the
// user's editions and the embedded ones, of which those a user's edition
// replaces are left out.
func (s *editionSet) library() *rules.Library {
	eds := append(slices.Clone(s.seeds), s.user.eds...)
	if s.official != nil {
		replaced := map[string]bool{}
		for _, e := range s.user.eds {
			if replaces(e) {
				replaced[replaceKey(e)] = true
			}
		}
		for _, e := range s.official.editions() {
			if !replaced[e.EffectiveDate()] {
				eds = append(eds, e)
			}
		}
		for _, e := range s.judges.editions() {
			if !e.Failed() && !replaced[replaceKey(e)] {
				eds = append(eds, e)
			}
		}
	}
	return rules.NewLibrary(eds)
}

// withUser is s with the user's editions read again, for a reload.
func (s *editionSet) withUser(o contentOptions, log *slog.Logger) *editionSet {
	n := &editionSet{seeds: s.seeds, official: s.official, judges: s.judges, user: readUser(o, log)}
	n.user.keepGood(s.user)
	n.dropCutCopies()
	n.assignIDs()
	return n
}

// keepGood keeps serving, from old, the last good version of each file
// that now fails: a file being rewritten, or damaged, takes nothing away.
func (u *userEditions) keepGood(old *userEditions) {
	now := map[string]bool{}
	for _, e := range u.eds {
		now[u.path[e]] = true
	}
	failed := map[string]bool{}
	for _, d := range u.diags {
		if d.Severity == rules.SevError {
			failed[d.File] = true
		}
	}
	var kept []rules.Diagnostic
	for _, e := range old.eds {
		p := old.path[e]
		if failed[p] && !now[p] {
			u.eds = append(u.eds, e)
			u.fsys[e], u.path[e] = old.fsys[e], p
			now[p] = true
			kept = append(kept, rules.Diagnostic{File: p, Severity: rules.SevWarning, Message: "the version read before keeps serving until this file reads again"})
		}
	}
	u.diags = append(u.diags, kept...)
}

// diagnostics lists what /diagnostics shows of s: the errors of the user's
// files left out first, then the warnings of every edition served.
func (s *editionSet) diagnostics() []rules.Diagnostic {
	var errs, warns []rules.Diagnostic
	for _, d := range s.user.diags {
		if d.Severity == rules.SevError {
			errs = append(errs, d)
		} else {
			warns = append(warns, d)
		}
	}
	embedded := s.seeds
	if s.official != nil {
		embedded = append(slices.Clone(embedded), s.official.editions()...)
		embedded = append(embedded, s.judges.editions()...)
	}
	for _, e := range embedded {
		for _, d := range e.Diagnostics {
			if d.Severity == rules.SevWarning || e.Failed() {
				warns = append(warns, d)
			}
		}
	}
	return append(errs, warns...)
}

// readUser reads the data directory and each path. A file that cannot be
// read as rules (empty, binary, not the rules, too large, unreadable) is
// left out with errors saying why; the others load.
//
// A directory is read through an os.Root: a symlink inside it is followed
// only if it stays inside, so a rules directory cannot be used to read
// files elsewhere. A path naming a file is the user's explicit choice and
// is followed wherever its symlinks lead.
func readUser(o contentOptions, log *slog.Logger) *userEditions {
	u := &userEditions{fsys: map[*rules.Edition]fs.FS{}, path: map[*rules.Edition]string{}}
	paths := o.paths
	if o.dataDir != "" {
		if _, err := os.Stat(o.dataDir); err == nil {
			paths = append([]string{o.dataDir}, paths...)
		} else if !errors.Is(err, fs.ErrNotExist) {
			u.diags = append(u.diags, rules.Diagnostic{File: o.dataDir, Severity: rules.SevError, Message: "cannot read the data directory: " + err.Error()})
		}
	}
	for _, p := range paths {
		u.readPath(p, log)
	}
	for _, d := range u.diags {
		if d.Severity == rules.SevError {
			log.Error("left out", "at", d.String())
		}
	}
	return u
}

// readPath reads the editions at p into u.
func (u *userEditions) readPath(p string, log *slog.Logger) {
	st, err := os.Stat(p)
	if err != nil {
		u.diags = append(u.diags, rules.Diagnostic{File: p, Severity: rules.SevError, Message: "cannot read: " + pathErr(err)})
		return
	}
	dir, name, shown := p, ".", p
	if !st.IsDir() {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			u.diags = append(u.diags, rules.Diagnostic{File: p, Severity: rules.SevError, Message: "cannot read: " + pathErr(err)})
			return
		}
		dir, name = filepath.Split(real)
		shown, _ = filepath.Split(filepath.Clean(p))
		if dir == "" {
			dir = "."
		}
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		u.diags = append(u.diags, rules.Diagnostic{File: p, Severity: rules.SevError, Message: "cannot read: " + pathErr(err)})
		return
	}
	// The editions read keep what they need; the files are read again
	// through a new root where they are needed later (the site export).
	defer root.Close()
	fsys := root.FS()
	eds, err := rules.Load(fsys, name)
	if err != nil {
		u.diags = append(u.diags, rules.Diagnostic{File: p, Severity: rules.SevError, Message: "cannot read: " + pathErr(err)})
		return
	}
	for _, e := range eds {
		ds := withDir(shown, e.Diagnostics)
		if e.Failed() {
			u.diags = append(u.diags, ds...)
			continue
		}
		warnings := 0
		for _, d := range ds {
			if d.Severity == rules.SevWarning {
				warnings++
				u.diags = append(u.diags, d)
			}
		}
		log.Info("loaded", "files", e.Files, "effective", e.EffectiveDate(), "rules", len(e.Entries()), "terms", len(e.Glossary), "warnings", warnings)
		u.eds = append(u.eds, e)
		u.fsys[e] = dirFS{dir}
		if len(e.Files) > 0 {
			u.path[e] = filepath.Join(shown, e.Files[0])
		}
	}
}

// dirFS reads the files of a directory given by the user, through an
// os.Root each time, so symlinks lead nowhere outside it.
type dirFS struct{ dir string }

func (d dirFS) Open(name string) (fs.File, error) {
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	return root.FS().Open(name)
}

// pathErr is err without the path a *fs.PathError repeats.
func pathErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
}

// withDir names diagnostics' files by the path the user gave, not the name
// inside the directory we opened.
func withDir(dir string, ds []rules.Diagnostic) []rules.Diagnostic {
	out := make([]rules.Diagnostic, len(ds))
	for i, d := range ds {
		d.File = filepath.Join(dir, d.File)
		out[i] = d
	}
	return out
}

// loaded is a whole library read at once, for the commands that need every
// edition before they start (check, export) and for tests.
type loaded struct {
	*editionSet
	lib *rules.Library
}

// sources returns the file system each edition's files are named in: the
// user's directories, content.FS for the seeds, the archives' files (each
// archive read into memory on first use) for the official editions and
// the judge documents.
func (l *loaded) sources() func(*rules.Edition) fs.FS {
	var archive, docs fstest.MapFS
	return func(e *rules.Edition) fs.FS {
		if f, ok := l.user.fsys[e]; ok {
			return f
		}
		if slices.Contains(l.seeds, e) {
			return content.FS
		}
		if slices.Contains(l.judges.editions(), e) {
			if docs == nil {
				docs = readDocsArchive()
			}
			return docs
		}
		if archive == nil {
			archive = readCorpusArchive()
		}
		return archive
	}
}

// readCorpusArchive is the official editions' archive as files, named as
// their editions name them ("cr/2026-04-17.txt"). An in-memory file
// system is what is wanted here, and the standard library's (meant for
// tests) is one. A damaged archive gives the files read before the damage;
// editionZip then says which edition's are missing.
func readCorpusArchive() fstest.MapFS {
	out := fstest.MapFS{}
	rd, err := content.OpenCorpus()
	for err == nil {
		var f content.CorpusFile
		var b []byte
		if f, b, err = rd.Next(); err == nil {
			out["cr/"+f.Name] = &fstest.MapFile{Data: b}
		}
	}
	if rd != nil {
		rd.Close()
	}
	return out
}

// readDocsArchive is the judge documents' archive as files, named as their
// editions name them ("mtr/2025-04-21.txt"), as readCorpusArchive.
func readDocsArchive() fstest.MapFS {
	out := fstest.MapFS{}
	rd, err := content.OpenDocs()
	for err == nil {
		var f content.DocFile
		var b []byte
		if f, b, err = rd.Next(); err == nil {
			out[f.Name] = &fstest.MapFile{Data: b}
		}
	}
	if rd != nil {
		rd.Close()
	}
	return out
}

// loadContent reads everything o names, the official editions all parsed.
func loadContent(o contentOptions, log *slog.Logger) (*loaded, error) {
	s, err := newEditionSet(o, log)
	if err != nil {
		return nil, err
	}
	if s.official != nil {
		s.runJudges()
		s.official.run()
	}
	return &loaded{editionSet: s, lib: s.library()}, nil
}

// loadLibrary is loadContent's library.
func loadLibrary(o contentOptions, log *slog.Logger) (*rules.Library, error) {
	l, err := loadContent(o, log)
	if err != nil {
		return nil, err
	}
	return l.lib, nil
}
