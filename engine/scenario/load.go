package scenario

import (
	"errors"
	"io/fs"
	"path"
	"sort"
)

// Ext is the file extension of scenario files.
const Ext = ".scn"

// LoadFS parses every *.scn file in dir, in name order. It returns the
// scenarios that parsed and, joined, the errors of those that didn't (each
// naming its file and line).
func LoadFS(fsys fs.FS, dir string) ([]*Scenario, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*"+Ext))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []*Scenario
	var errs []error
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		sc, err := Parse(path.Base(n), string(b))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, sc)
	}
	return out, errors.Join(errs...)
}
