package wasmstop

import "fmt"

// Opcodes and encodings Instrument reads or writes.
const (
	opUnreachable = 0x00
	opBlock       = 0x02
	opLoop        = 0x03
	opIf          = 0x04
	opTry         = 0x06
	opEnd         = 0x0b
	opDelegate    = 0x18
	opTryTable    = 0x1f
	opGlobalGet   = 0x23
	opI32Const    = 0x41

	blockEmpty   = 0x40
	valI32       = 0x7f
	exportGlobal = 0x03
)

// A decoder reads the binary format; the first error sticks, and every
// read after it returns zero, so callers check once after a group.
type decoder struct {
	b   []byte
	i   int
	err error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
}

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if d.i >= len(d.b) {
		d.fail("unexpected end")
		return 0
	}
	c := d.b[d.i]
	d.i++
	return c
}

func (d *decoder) skip(n int) {
	if d.err != nil {
		return
	}
	if n > len(d.b)-d.i {
		d.fail("unexpected end")
		return
	}
	d.i += n
}

// leb reads an LEB128 number of at most bits bits and returns its low 64
// bits (signedness only changes what the last byte may hold, which the
// binary format's validators check and this reader need not).
func (d *decoder) leb(bits int) uint64 {
	var v uint64
	for shift := 0; ; shift += 7 {
		if shift >= bits {
			d.fail("LEB128 number longer than %d bits", bits)
			return 0
		}
		c := d.byte()
		if d.err != nil {
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
}

func (d *decoder) u32() uint32 { return uint32(d.leb(32)) }

func (d *decoder) name() string {
	n := d.u32()
	start := d.i
	d.skip(int(n))
	if d.err != nil {
		return ""
	}
	return string(d.b[start:d.i])
}

// valType reads a value type: one byte, or a nullable reference (0x63,
// 0x64) and its heap type.
func (d *decoder) valType() {
	if c := d.byte(); c == 0x63 || c == 0x64 {
		d.leb(33)
	}
}

func (d *decoder) refType() { d.valType() }

// blockType reads a block type: empty (0x40), a value type, or a type
// index, which the signed 33-bit encoding tells apart.
func (d *decoder) blockType() {
	if d.i < len(d.b) && (d.b[d.i] == 0x63 || d.b[d.i] == 0x64) {
		d.valType()
		return
	}
	d.leb(33)
}

// limits reads a table's or memory's limits: flags, minimum, maximum if
// flag 1 says so (64-bit ones for memory64).
func (d *decoder) limits() {
	flags := d.byte()
	if flags > 0x07 {
		d.fail("limits flags %#x", flags)
		return
	}
	d.leb(64)
	if flags&1 != 0 {
		d.leb(64)
	}
}

// memarg reads a memory instruction's alignment (bit 6: a memory index
// follows) and offset.
func (d *decoder) memarg() {
	if align := d.u32(); align&(1<<6) != 0 {
		d.u32()
	}
	d.leb(64)
}

// immediates reads the immediates of every instruction but the ones that
// open or close blocks, which instrumentFunc reads itself.
func (d *decoder) immediates(op byte) {
	switch {
	case op == 0x00, op == 0x01, op == 0x05, op == 0x0a, op == 0x0f, op == 0x19,
		op == 0x1a, op == 0x1b, op == 0xd1, op == 0xd3, op == 0xd5,
		op >= 0x45 && op <= 0xc4:
		// unreachable, nop, else, throw_ref, return, catch_all, drop, select,
		// ref.is_null, ref.as_non_null, ref.eq and the numeric
		// instructions: none.
	case op == 0x07, op == 0x08, op == 0x09, op == 0x0c, op == 0x0d,
		op == 0x10, op == 0x12, op == 0x14, op == 0x15,
		op >= 0x20 && op <= 0x26,
		op == 0x3f, op == 0x40, op == 0xd2, op == 0xd4, op == 0xd6:
		// catch, throw, rethrow (tag or label), br, br_if, call,
		// return_call, call_ref, return_call_ref, local.*, global.*,
		// table.get/set, memory.size/grow (memory), ref.func,
		// br_on_null, br_on_non_null: one index.
		d.u32()
	case op == 0x0e: // br_table: labels, default
		for range d.u32() {
			if d.err != nil {
				return
			}
			d.u32()
		}
		d.u32()
	case op == 0x11, op == 0x13: // call_indirect, return_call_indirect: type, table
		d.u32()
		d.u32()
	case op == 0x1c: // select with types
		for range d.u32() {
			if d.err != nil {
				return
			}
			d.valType()
		}
	case op >= 0x28 && op <= 0x3e: // loads and stores
		d.memarg()
	case op == 0x41: // i32.const
		d.leb(35)
	case op == 0x42: // i64.const
		d.leb(70)
	case op == 0x43: // f32.const
		d.skip(4)
	case op == 0x44: // f64.const
		d.skip(8)
	case op == 0xd0: // ref.null: heap type
		d.leb(33)
	case op == 0xfc:
		d.miscImmediates()
	case op == 0xfd:
		d.simdImmediates()
	case op == 0xfe:
		d.atomicImmediates()
	default:
		d.fail("unknown opcode")
	}
}

// miscImmediates reads a 0xfc instruction: saturating truncation, bulk
// memory and tables.
func (d *decoder) miscImmediates() {
	switch sub := d.u32(); {
	case sub <= 7: // trunc_sat
	case sub == 8, sub == 10, sub == 12, sub == 14: // memory.init, memory.copy, table.init, table.copy
		d.u32()
		d.u32()
	case sub == 9, sub == 11, sub == 13, sub >= 15 && sub <= 17: // data.drop, memory.fill, elem.drop, table.grow/size/fill
		d.u32()
	default:
		d.fail("unknown 0xfc instruction %d", sub)
	}
}

// simdImmediates reads a 0xfd (vector) instruction.
func (d *decoder) simdImmediates() {
	switch sub := d.u32(); {
	case sub <= 11, sub == 92, sub == 93: // loads and stores
		d.memarg()
	case sub == 12, sub == 13: // v128.const, i8x16.shuffle
		d.skip(16)
	case sub >= 21 && sub <= 34: // extract and replace lane
		d.skip(1)
	case sub >= 84 && sub <= 91: // load and store lane
		d.memarg()
		d.skip(1)
	case sub <= 0xff, sub >= 0x100 && sub <= 0x113: // arithmetic, relaxed SIMD
	default:
		d.fail("unknown 0xfd instruction %d", sub)
	}
}

// atomicImmediates reads a 0xfe (threads) instruction.
func (d *decoder) atomicImmediates() {
	switch sub := d.u32(); {
	case sub == 0x03: // atomic.fence
		d.skip(1)
	case sub <= 0x02, sub >= 0x10 && sub <= 0x4e:
		d.memarg()
	default:
		d.fail("unknown 0xfe instruction %d", sub)
	}
}

// appendU32 appends v as unsigned LEB128.
func appendU32(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// readU32 reads an unsigned LEB128 number at b[i:].
func readU32(b []byte, i int) (uint32, int, error) {
	d := decoder{b: b, i: i}
	v := d.u32()
	return v, d.i, d.err
}
