package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
)

// loaded is what the server and the site export read: the embedded
// editions and the user's --rules paths, with where each edition's files
// are (the export ships them to the browser's search).
type loaded struct {
	lib      *rules.Library
	fsys     map[*rules.Edition]fs.FS // the file system e.Files are named in
	warnings []rules.Diagnostic       // of the user's editions, named by the paths given
	roots    []*os.Root
}

// Close releases the directories the user's editions were read from.
func (l *loaded) Close() {
	for _, r := range l.roots {
		r.Close()
	}
	l.roots = nil
}

// loadLibrary reads the embedded editions and each path given; see loadContent.
func loadLibrary(paths []string, log *slog.Logger) (*rules.Library, error) {
	l, err := loadContent(paths, log)
	if err != nil {
		return nil, err
	}
	l.Close()
	return l.lib, nil
}

// loadContent reads the embedded editions and each path given. An
// embedded edition that fails is logged and left out; a user's file that
// fails fails the whole load, with every failing file's diagnostics in a
// *rules.ParseError, since serving without it would hide the problem.
//
// A directory is read through an os.Root: a symlink inside it is followed
// only if it stays inside, so a rules directory cannot be used to read
// files elsewhere. A path naming a file is the user's explicit choice and
// is followed wherever its symlinks lead.
func loadContent(paths []string, log *slog.Logger) (*loaded, error) {
	eds, err := rules.Load(content.FS, ".")
	if err != nil {
		return nil, fmt.Errorf("embedded content: %w", err)
	}
	l := &loaded{fsys: map[*rules.Edition]fs.FS{}}
	var out []*rules.Edition
	for _, e := range eds {
		if e.Failed() {
			log.Warn("embedded edition failed to parse", "files", e.Files, "err", (&rules.ParseError{Diagnostics: e.Diagnostics}).Error())
			continue
		}
		l.fsys[e] = content.FS
		out = append(out, e)
	}
	var failed []rules.Diagnostic
	for _, p := range paths {
		es, fsys, shown, err := l.loadPath(p)
		if err != nil {
			l.Close()
			return nil, err // names the path
		}
		for _, e := range es {
			ds := withDir(shown, e.Diagnostics)
			if e.Failed() {
				failed = append(failed, ds...)
				continue
			}
			warnings := 0
			for _, d := range ds {
				if d.Severity == rules.SevWarning {
					warnings++
					l.warnings = append(l.warnings, d)
				}
			}
			log.Info("loaded", "files", e.Files, "effective", e.EffectiveDate(), "rules", len(e.Entries()), "terms", len(e.Glossary), "warnings", warnings)
			l.fsys[e] = fsys
			out = append(out, e)
		}
	}
	if len(failed) > 0 {
		l.Close()
		return nil, &rules.ParseError{Diagnostics: failed}
	}
	l.lib = rules.NewLibrary(out)
	return l, nil
}

// loadPath reads the editions at p. It returns the file system their Files
// are named in, and the directory to prefix those names with to show them
// as the user wrote them.
func (l *loaded) loadPath(p string) (eds []*rules.Edition, fsys fs.FS, shown string, err error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, nil, "", err
	}
	dir, name := p, "."
	if !st.IsDir() {
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return nil, nil, "", err
		}
		dir, name = filepath.Split(real)
		shown, _ = filepath.Split(filepath.Clean(p))
	} else {
		shown = p
	}
	if dir == "" {
		dir = "."
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, "", err
	}
	l.roots = append(l.roots, root)
	fsys = root.FS()
	eds, err = rules.Load(fsys, name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			// Name the file as the user knows it, not inside the root.
			pe.Path = filepath.Join(shown, pe.Path)
		}
		return nil, nil, "", err
	}
	return eds, fsys, shown, nil
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
