package rules

import (
	"math"
	"strconv"
	"sync"
	"sync/atomic"
)

// Pos is where something was read: a file and a 1-based line (0 if
// unknown). Every rule, section, glossary entry and topic of every edition
// holds one, a quarter of a million in the editions served, so it is eight
// bytes: the file is a number in a table of file names (files), which a
// file name enters once, the first time a position in it is made. Positions
// in one file are equal whatever string their name was made from.
type Pos struct {
	file fileID
	line int32
}

// At is the position of line in the named file.
func At(file string, line int) Pos { return fileOf(file).at(line) }

// File is the name of the file p is in, "" if unknown.
func (p Pos) File() string { return p.file.name() }

// Line is p's line, 1-based; 0 if unknown.
func (p Pos) Line() int { return int(p.line) }

// fileID numbers a file name in files; 0 is "".
type fileID uint32

// at is the position of line in f. A line past what 32 bits hold (a file
// of two billion lines, which nothing reads) is kept as the last line
// they hold rather than wrapped round.
func (f fileID) at(line int) Pos {
	return Pos{file: f, line: int32(min(max(line, 0), math.MaxInt32))}
}

// files is the table of file names that positions number. It only grows:
// file names are few (one for each source file ever read, a few thousand
// for the embedded editions and a user's) and a name is entered once.
// Parsers on several goroutines look names up and enter them at once;
// reading a name back (Pos.File) takes no lock.
var files struct {
	ids   sync.Map                 // name → fileID, for names entered
	mu    sync.Mutex               // held to enter a name
	names atomic.Pointer[[]string] // by fileID; names[0] is ""
}

func init() {
	names := []string{""}
	files.names.Store(&names)
}

// fileOf returns the number of name in files, entering it if new.
func fileOf(name string) fileID {
	if name == "" {
		return 0
	}
	if id, ok := files.ids.Load(name); ok {
		return id.(fileID)
	}
	files.mu.Lock()
	defer files.mu.Unlock()
	if id, ok := files.ids.Load(name); ok {
		return id.(fileID)
	}
	// Appending never changes the elements readers of the old slice can
	// see (the new one is stored once its last element is written), so the
	// slice can share its array with the one before.
	names := *files.names.Load()
	if len(names) > math.MaxUint32 {
		panic("rules: more than 4 billion file names")
	}
	id := fileID(len(names))
	names = append(names, intern(name))
	files.names.Store(&names)
	files.ids.Store(names[id], id)
	return id
}

func (f fileID) name() string { return (*files.names.Load())[f] }

// String is "file:line", as diagnostics name a place.
func (p Pos) String() string { return p.File() + ":" + strconv.Itoa(p.Line()) }
