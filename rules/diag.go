package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Severity grades a diagnostic. Only errors make a file fail to parse.
type Severity string

const (
	SevError   Severity = "error"   // the file could not be read as rules; the edition is unusable
	SevWarning Severity = "warning" // something was read in a way a person should check
	SevInfo    Severity = "info"    // a known source quirk handled as documented
)

// Diagnostic is a message about a place in a source file.
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
}

// String formats d as "file:line: message", with the severity for
// anything but an error.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d", d.Line)
	}
	b.WriteString(": ")
	if d.Severity != SevError && d.Severity != "" {
		b.WriteString(string(d.Severity))
		b.WriteString(": ")
	}
	b.WriteString(d.Message)
	return b.String()
}

// ParseError is returned when a file cannot be read as rules at all. It names
// the file and line of the first error and carries every diagnostic.
type ParseError struct {
	Diagnostics []Diagnostic
}

func (e *ParseError) Error() string {
	for _, d := range e.Diagnostics {
		if d.Severity == SevError {
			if n := e.errors(); n > 1 {
				return fmt.Sprintf("%s (and %d more errors)", d, n-1)
			}
			return d.String()
		}
	}
	return "parse failed"
}

func (e *ParseError) errors() int {
	n := 0
	for _, d := range e.Diagnostics {
		if d.Severity == SevError {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func HasErrors(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == SevError {
			return true
		}
	}
	return false
}

// Failed reports whether the edition's sources failed to parse.
func (e *Edition) Failed() bool { return HasErrors(e.Diagnostics) }

// diags collects diagnostics for one file while a parser runs.
type diags struct {
	file string
	list []Diagnostic
	// fileID is file's number in the table of file names (files), kept
	// while file stays fileName, so positions are made without a look-up.
	fileID   fileID
	fileName string
}

// at is the position of line in d's file.
func (d *diags) at(line int) Pos {
	if d.fileName != d.file || d.fileID == 0 {
		d.fileID, d.fileName = fileOf(d.file), d.file
	}
	return d.fileID.at(line)
}

func (d *diags) add(line int, sev Severity, format string, args ...any) {
	d.list = append(d.list, Diagnostic{File: d.file, Line: line, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

func (d *diags) errorf(line int, format string, args ...any) { d.add(line, SevError, format, args...) }
func (d *diags) warnf(line int, format string, args ...any)  { d.add(line, SevWarning, format, args...) }
func (d *diags) infof(line int, format string, args ...any)  { d.add(line, SevInfo, format, args...) }

// errNotRules is wrapped when input has no recognisable rules at all.
var errNotRules = errors.New("no rules found")
