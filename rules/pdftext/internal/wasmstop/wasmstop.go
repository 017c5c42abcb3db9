// Package wasmstop gives a WebAssembly module a stop switch: a mutable i32
// global, exported under a name, that every loop of every function reads
// at its start, trapping (unreachable) once the host has set it.
//
// wazero can stop a running call itself (WithCloseOnContextDone), but it
// does so by leaving the compiled code for Go at every loop iteration:
// PDFium reads a document 3.4 times slower under it. A global is read in
// a load and a branch, so a module with the switch, compiled without
// wazero's check, stops as surely (every unbounded run of a function
// passes a loop header, or recurses until its stack overflows) at a cost
// lost in the noise.
//
// Instrument decodes every instruction of the code section to find the
// loops, so it knows the instruction set wazero's CoreFeaturesV2 and
// exception handling (both the legacy and the try_table encoding) use,
// with SIMD and atomics; anything else is an error, not a guess.
package wasmstop

import (
	"bytes"
	"errors"
	"fmt"
)

// Section ids.
const (
	secCustom    = 0
	secImport    = 2
	secGlobal    = 6
	secExport    = 7
	secStart     = 8
	secElem      = 9
	secCode      = 10
	secData      = 11
	secDataCount = 12
)

// Instrument returns module with the stop switch exported as name.
func Instrument(module []byte, name string) ([]byte, error) {
	secs, err := sections(module)
	if err != nil {
		return nil, err
	}
	imported, err := importedGlobals(secs)
	if err != nil {
		return nil, err
	}
	// The new global goes last, so no global index the code uses moves.
	defined := uint32(0)
	if s := find(secs, secGlobal); s != nil {
		if defined, _, err = readU32(s.body, 0); err != nil {
			return nil, fmt.Errorf("global section: %w", err)
		}
	}
	global := imported + defined
	if global < imported {
		return nil, errors.New("global section: too many globals")
	}
	check := append(append([]byte{opGlobalGet}, appendU32(nil, global)...), opIf, blockEmpty, opUnreachable, opEnd)

	newGlobal := []byte{valI32, 1, opI32Const, 0, opEnd} // mutable, 0
	if err := appendEntry(&secs, secGlobal, newGlobal); err != nil {
		return nil, err
	}
	if err := addExport(&secs, name, global); err != nil {
		return nil, err
	}
	code := find(secs, secCode)
	if code == nil {
		return nil, errors.New("the module has no code section")
	}
	if code.body, err = instrumentCode(code.body, check); err != nil {
		return nil, err
	}

	out := append([]byte(nil), module[:8]...)
	for _, s := range secs {
		out = append(out, s.id)
		out = appendU32(out, uint32(len(s.body)))
		out = append(out, s.body...)
	}
	return out, nil
}

type section struct {
	id   byte
	body []byte
}

// sections splits a module after its header.
func sections(m []byte) ([]section, error) {
	if len(m) < 8 || !bytes.Equal(m[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly module (no \\0asm header)")
	}
	if !bytes.Equal(m[4:8], []byte{1, 0, 0, 0}) {
		return nil, fmt.Errorf("WebAssembly binary version %x, not 1", m[4:8])
	}
	var secs []section
	for i := 8; i < len(m); {
		id := m[i]
		n, next, err := readU32(m, i+1)
		if err != nil {
			return nil, fmt.Errorf("section at byte %d: %w", i, err)
		}
		if uint64(n) > uint64(len(m)-next) {
			return nil, fmt.Errorf("section %d at byte %d: %d bytes, past the end", id, i, n)
		}
		secs = append(secs, section{id: id, body: m[next : next+int(n)]})
		i = next + int(n)
	}
	return secs, nil
}

func find(secs []section, id byte) *section {
	for i := range secs {
		if secs[i].id == id {
			return &secs[i]
		}
	}
	return nil
}

// appendEntry adds entry to the vector section id, making the section
// where the binary format's order puts it if the module has none.
func appendEntry(secs *[]section, id byte, entry []byte) error {
	s := find(*secs, id)
	if s == nil {
		// Sections after global and export in the required order.
		later := map[byte]bool{secExport: id == secGlobal, secStart: true, secElem: true, secDataCount: true, secCode: true, secData: true}
		at := len(*secs)
		for i, s := range *secs {
			if later[s.id] {
				at = i
				break
			}
		}
		*secs = append((*secs)[:at], append([]section{{id: id, body: []byte{0}}}, (*secs)[at:]...)...)
		s = &(*secs)[at]
	}
	n, next, err := readU32(s.body, 0)
	if err != nil {
		return fmt.Errorf("section %d: %w", id, err)
	}
	if n == 1<<32-1 {
		return fmt.Errorf("section %d: too many entries", id)
	}
	body := appendU32(nil, n+1)
	body = append(body, s.body[next:]...)
	s.body = append(body, entry...)
	return nil
}

// addExport exports global index as name, which must be free.
func addExport(secs *[]section, name string, index uint32) error {
	if s := find(*secs, secExport); s != nil {
		d := decoder{b: s.body}
		n := d.u32()
		for range n {
			if d.err != nil {
				break
			}
			if d.name() == name {
				return fmt.Errorf("the module already exports %q", name)
			}
			d.byte()
			d.u32()
		}
		if d.err != nil {
			return fmt.Errorf("export section: %w", d.err)
		}
	}
	entry := appendU32(nil, uint32(len(name)))
	entry = append(entry, name...)
	entry = append(entry, exportGlobal)
	entry = appendU32(entry, index)
	return appendEntry(secs, secExport, entry)
}

// importedGlobals counts the module's imported globals, which come before
// its own in the global index space.
func importedGlobals(secs []section) (uint32, error) {
	s := find(secs, secImport)
	if s == nil {
		return 0, nil
	}
	d := decoder{b: s.body}
	count := uint32(0)
	n := d.u32()
	for range n {
		if d.err != nil {
			break
		}
		d.name()
		d.name()
		switch kind := d.byte(); kind {
		case 0x00: // function: type index
			d.u32()
		case 0x01: // table: reference type, limits
			d.refType()
			d.limits()
		case 0x02: // memory: limits
			d.limits()
		case 0x03: // global: value type, mutability
			d.valType()
			d.byte()
			count++
		case 0x04: // tag: attribute, type index
			d.byte()
			d.u32()
		default:
			if d.err == nil {
				d.fail("import kind %#x", kind)
			}
		}
	}
	if d.err != nil {
		return 0, fmt.Errorf("import section: %w", d.err)
	}
	return count, nil
}

// instrumentCode inserts check after the block type of every loop of every
// function body in the code section.
func instrumentCode(body []byte, check []byte) ([]byte, error) {
	d := decoder{b: body}
	n := d.u32()
	out := appendU32(make([]byte, 0, len(body)+len(body)/16), n)
	var fn []byte
	for i := range n {
		size := d.u32()
		if d.err != nil {
			return nil, fmt.Errorf("code section, function %d: %w", i, d.err)
		}
		if uint64(size) > uint64(len(body)-d.i) {
			return nil, fmt.Errorf("code section, function %d: %d bytes, past the end", i, size)
		}
		var err error
		if fn, err = instrumentFunc(fn[:0], body[d.i:d.i+int(size)], check); err != nil {
			return nil, fmt.Errorf("code section, function %d: %w", i, err)
		}
		d.i += int(size)
		out = appendU32(out, uint32(len(fn)))
		out = append(out, fn...)
	}
	if d.err != nil {
		return nil, fmt.Errorf("code section: %w", d.err)
	}
	if d.i != len(body) {
		return nil, fmt.Errorf("code section: %d bytes after the last function", len(body)-d.i)
	}
	return out, nil
}

// instrumentFunc appends the function body b, with check after every
// loop's block type, to out.
func instrumentFunc(out, b, check []byte) ([]byte, error) {
	d := decoder{b: b}
	groups := d.u32()
	for range groups {
		if d.err != nil {
			break
		}
		d.u32()
		d.valType()
	}
	if d.err != nil {
		return nil, fmt.Errorf("locals: %w", d.err)
	}
	copied := 0
	depth := 1 // the body is a block its final end closes
	for depth > 0 {
		if d.i >= len(b) {
			return nil, errors.New("the body ends before its final end")
		}
		start := d.i
		op := d.byte()
		switch op {
		case opBlock, opIf, opTry:
			d.blockType()
			depth++
		case opLoop:
			d.blockType()
			depth++
			out = append(out, b[copied:d.i]...)
			out = append(out, check...)
			copied = d.i
		case opTryTable:
			d.blockType()
			for range d.u32() {
				if d.err != nil {
					break
				}
				switch kind := d.byte(); kind {
				case 0x00, 0x01: // catch, catch_ref: tag, label
					d.u32()
					d.u32()
				case 0x02, 0x03: // catch_all, catch_all_ref: label
					d.u32()
				default:
					d.fail("try_table catch kind %#x", kind)
				}
			}
			depth++
		case opEnd:
			depth--
		case opDelegate: // ends a legacy try block
			d.u32()
			depth--
		default:
			d.immediates(op)
		}
		if d.err != nil {
			return nil, fmt.Errorf("instruction %#x at byte %d: %w", op, start, d.err)
		}
	}
	if d.i != len(b) {
		return nil, fmt.Errorf("%d bytes after the body's final end", len(b)-d.i)
	}
	return append(out, b[copied:]...), nil
}
