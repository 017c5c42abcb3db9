package wasmstop

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// A few pieces of the binary format, to write test modules by hand.

func vec(entries ...[]byte) []byte {
	out := appendU32(nil, uint32(len(entries)))
	for _, e := range entries {
		out = append(out, e...)
	}
	return out
}

func sec(id byte, body []byte) []byte {
	return append(appendU32([]byte{id}, uint32(len(body))), body...)
}

func module(sections ...[]byte) []byte {
	return bytes.Join(append([][]byte{[]byte("\x00asm\x01\x00\x00\x00")}, sections...), nil)
}

func str(s string) []byte { return append(appendU32(nil, uint32(len(s))), s...) }

// fn is a function body: its locals (already encoded) and instructions,
// which must end with the body's end.
func fn(locals []byte, code ...byte) []byte {
	body := append(append([]byte(nil), locals...), code...)
	return append(appendU32(nil, uint32(len(body))), body...)
}

const (
	i32     = 0x7f
	funcTyp = 0x60
)

// loopModule has "spin", a loop that never ends, and "sum" (n → n(n+1)/2
// by a loop counting n down), and reads global 0 in "get".
func loopModule() []byte {
	spin := fn(vec(), 0x03, 0x40, 0x0c, 0x00, 0x0b, 0x0b) // loop br 0 end end
	sum := fn(vec([]byte{1, i32}),                        // one i32 local: acc
		0x02, 0x40, // block
		0x03, 0x40, // loop
		0x20, 0x00, 0x45, 0x0d, 0x01, // local.get 0, i32.eqz, br_if 1
		0x20, 0x01, 0x20, 0x00, 0x6a, 0x21, 0x01, // acc += n
		0x20, 0x00, 0x41, 0x01, 0x6b, 0x21, 0x00, // n -= 1
		0x0c, 0x00, // br 0
		0x0b, 0x0b, // end loop, end block
		0x20, 0x01, 0x0b) // acc
	get := fn(vec(), 0x23, 0x00, 0x0b)
	return module(
		sec(1, vec([]byte{funcTyp, 0, 0}, []byte{funcTyp, 1, i32, 1, i32}, []byte{funcTyp, 0, 1, i32})),
		sec(3, vec([]byte{0}, []byte{1}, []byte{2})),
		sec(6, vec([]byte{i32, 0, 0x41, 0x2a, 0x0b})), // global 0: i32 const 42
		sec(7, vec(append(str("spin"), 0, 0), append(str("sum"), 0, 1), append(str("get"), 0, 2))),
		sec(10, vec(spin, sum, get)),
	)
}

func instantiate(t *testing.T, wasm []byte) api.Module {
	t.Helper()
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().
		WithCoreFeatures(api.CoreFeaturesV2|experimental.CoreFeaturesExceptionHandling))
	t.Cleanup(func() { rt.Close(ctx) })
	mod, err := rt.Instantiate(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	return mod
}

// TestInstrumentStops: a loop that never ends stops with a trap once the
// switch is set, from another goroutine, while it runs.
func TestInstrumentStops(t *testing.T) {
	wasm, err := Instrument(loopModule(), "stop")
	if err != nil {
		t.Fatal(err)
	}
	mod := instantiate(t, wasm)
	stop, ok := mod.ExportedGlobal("stop").(api.MutableGlobal)
	if !ok {
		t.Fatal("no mutable global exported as stop")
	}
	done := make(chan error, 1)
	go func() {
		_, err := mod.ExportedFunction("spin").Call(context.Background())
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("spin returned before the switch: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	stop.Set(1)
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "unreachable") {
			t.Errorf("spin stopped with %v; want the trap", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("spin still running 10 s after the switch")
	}
}

// TestInstrumentKeepsBehaviour: with the switch off, functions compute
// what they did, and the module's own global keeps its index.
func TestInstrumentKeepsBehaviour(t *testing.T) {
	wasm, err := Instrument(loopModule(), "stop")
	if err != nil {
		t.Fatal(err)
	}
	mod := instantiate(t, wasm)
	if got, err := mod.ExportedFunction("sum").Call(context.Background(), 10); err != nil || got[0] != 55 {
		t.Errorf("sum(10) = %v, %v; want 55", got, err)
	}
	if got, err := mod.ExportedFunction("get").Call(context.Background()); err != nil || got[0] != 42 {
		t.Errorf("get() = %v, %v; want 42 (global 0)", got, err)
	}
	if g := mod.ExportedGlobal("stop"); g == nil || g.Get() != 0 || g.Type() != api.ValueTypeI32 {
		t.Errorf("stop global %v", g)
	}
}

// TestInstrumentImportedGlobals: the switch's index counts imported
// globals before the module's own, and a module without a global or an
// export section gets them, in the order the format requires.
func TestInstrumentImportedGlobals(t *testing.T) {
	env := module(
		sec(6, vec([]byte{i32, 0, 0x41, 0x07, 0x0b})),
		sec(7, vec(append(str("g"), 0x03, 0))),
	)
	// Imports env.g, defines no global, exports nothing; its one function
	// has a loop and returns the imported global.
	m := module(
		sec(1, vec([]byte{funcTyp, 0, 1, i32})),
		sec(2, vec(append(append(str("env"), str("g")...), 0x03, i32, 0))),
		sec(3, vec([]byte{0})),
		sec(10, vec(fn(vec(), 0x03, 0x40, 0x0b, 0x23, 0x00, 0x0b))),
	)
	wasm, err := Instrument(m, "stop")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rt := wazero.NewRuntime(ctx)
	defer rt.Close(ctx)
	if _, err := rt.InstantiateWithConfig(ctx, env, wazero.NewModuleConfig().WithName("env")); err != nil {
		t.Fatal(err)
	}
	mod, err := rt.Instantiate(ctx, wasm)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := mod.ExportedGlobal("stop").(api.MutableGlobal); !ok || g.Get() != 0 {
		t.Fatalf("stop global %v", mod.ExportedGlobal("stop"))
	}
	want := []byte{0x03, 0x40, 0x23, 0x01, 0x04, 0x40, 0x00, 0x0b, 0x0b, 0x23, 0x00, 0x0b}
	if !bytes.Contains(wasm, want) {
		t.Errorf("the loop does not read global 1:\n% x", wasm)
	}
}

// check is what Instrument inserts for a switch at global index 0.
var check = []byte{0x23, 0x00, 0x04, 0x40, 0x00, 0x0b}

// TestInstrumentDecodes: every loop gets the check right after its block
// type, and no immediate is mistaken for a loop (0x03 and 0x0b appear as
// immediates throughout).
func TestInstrumentDecodes(t *testing.T) {
	loop := []byte{0x03, 0x40}
	tests := []struct {
		name string
		body [][]byte // pieces, a check after each that is loop
	}{
		{"loop", [][]byte{loop, {0x0b, 0x0b}}},
		{"loop with a value type", [][]byte{{0x03, 0x7f}, {0x41, 0x03, 0x0b, 0x1a, 0x0b}}},
		{"loop with a type index", [][]byte{{0x03, 0x03}, {0x0b, 0x0b}}},
		{"nested loops", [][]byte{loop, {0x02, 0x40}, loop, {0x0b, 0x0b, 0x0b, 0x0b}}},
		{"i32.const 3", [][]byte{{0x41, 0x03, 0x1a}, loop, {0x0b, 0x0b}}},
		{"i32.const, long", [][]byte{{0x41, 0x83, 0x83, 0x83, 0x83, 0x03, 0x1a}, loop, {0x0b, 0x0b}}},
		{"i64.const", [][]byte{{0x42, 0x83, 0x83, 0x83, 0x83, 0x83, 0x83, 0x83, 0x83, 0x83, 0x01, 0x1a}, loop, {0x0b, 0x0b}}},
		{"f32.const", [][]byte{{0x43, 0x03, 0x0b, 0x03, 0x0b, 0x1a}, loop, {0x0b, 0x0b}}},
		{"f64.const", [][]byte{{0x44, 0x03, 0x0b, 0x03, 0x0b, 0x03, 0x0b, 0x03, 0x0b, 0x1a}, loop, {0x0b, 0x0b}}},
		{"load with offset 3", [][]byte{{0x41, 0x00, 0x28, 0x02, 0x03, 0x1a}, loop, {0x0b, 0x0b}}},
		{"load, memory index", [][]byte{{0x41, 0x00, 0x28, 0x42, 0x03, 0x03, 0x1a}, loop, {0x0b, 0x0b}}},
		{"br_table", [][]byte{{0x02, 0x40, 0x41, 0x00, 0x0e, 0x03, 0x00, 0x00, 0x00, 0x00, 0x0b}, loop, {0x0b, 0x0b}}},
		{"call_indirect", [][]byte{{0x41, 0x00, 0x11, 0x03, 0x03}, loop, {0x0b, 0x0b}}},
		{"select with types", [][]byte{{0x1c, 0x01, 0x7f}, loop, {0x0b, 0x0b}}},
		{"ref.null", [][]byte{{0xd0, 0x70, 0x1a}, loop, {0x0b, 0x0b}}},
		{"memory.fill and memory.copy", [][]byte{{0xfc, 0x0b, 0x00, 0xfc, 0x0a, 0x00, 0x00}, loop, {0x0b, 0x0b}}},
		{"memory.init", [][]byte{{0xfc, 0x08, 0x03, 0x00}, loop, {0x0b, 0x0b}}},
		{"v128.const", [][]byte{append([]byte{0xfd, 0x0c}, bytes.Repeat([]byte{0x03}, 16)...), loop, {0x0b, 0x0b}}},
		{"i8x16.shuffle", [][]byte{append([]byte{0xfd, 0x0d}, bytes.Repeat([]byte{0x0b}, 16)...), loop, {0x0b, 0x0b}}},
		{"extract lane", [][]byte{{0xfd, 0x15, 0x03}, loop, {0x0b, 0x0b}}},
		{"load lane", [][]byte{{0xfd, 0x54, 0x00, 0x03, 0x03}, loop, {0x0b, 0x0b}}},
		{"relaxed SIMD", [][]byte{{0xfd, 0x80, 0x02}, loop, {0x0b, 0x0b}}},
		{"atomic fence and load", [][]byte{{0xfe, 0x03, 0x00, 0xfe, 0x10, 0x02, 0x03}, loop, {0x0b, 0x0b}}},
		{"legacy try, catch", [][]byte{{0x06, 0x40}, loop, {0x0b, 0x07, 0x03, 0x19, 0x0b, 0x0b}}},
		{"legacy try, delegate", [][]byte{{0x06, 0x40, 0x18, 0x03}, loop, {0x0b, 0x0b}}},
		{"try_table", [][]byte{{0x1f, 0x40, 0x04, 0x00, 0x03, 0x00, 0x01, 0x03, 0x00, 0x02, 0x03, 0x03, 0x03}, loop, {0x0b, 0x0b, 0x0b}}},
		{"if, else", [][]byte{{0x41, 0x01, 0x04, 0x40}, loop, {0x0b, 0x05}, loop, {0x0b, 0x0b, 0x0b}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			locals := vec([]byte{3, 0x7f}) // 3 i32 locals: a count of 3
			var in, want []byte
			in, want = append(in, locals...), append(want, locals...)
			for _, p := range tt.body {
				in, want = append(in, p...), append(want, p...)
				if p[0] == 0x03 {
					want = append(want, check...)
				}
			}
			m := module(sec(10, vec(append(appendU32(nil, uint32(len(in))), in...))))
			out, err := Instrument(m, "stop")
			if err != nil {
				t.Fatal(err)
			}
			secs, err := sections(out)
			if err != nil {
				t.Fatal(err)
			}
			code := find(secs, secCode)
			d := decoder{b: code.body}
			if n := d.u32(); n != 1 {
				t.Fatalf("%d functions", n)
			}
			size := d.u32()
			if got := code.body[d.i:]; int(size) != len(got) || !bytes.Equal(got, want) {
				t.Errorf("got  % x (size %d)\nwant % x", got, size, want)
			}
		})
	}
}

// TestInstrumentErrors: what Instrument cannot read is an error saying
// where, never a guess.
func TestInstrumentErrors(t *testing.T) {
	body := func(code ...byte) []byte { return module(sec(10, vec(fn(vec(), code...)))) }
	tests := []struct {
		name, want string
		wasm       []byte
	}{
		{"empty", "not a WebAssembly module", nil},
		{"not wasm", "not a WebAssembly module", []byte("%PDF-1.7 and more")},
		{"version 2", "binary version 02000000", []byte("\x00asm\x02\x00\x00\x00")},
		{"section past the end", "past the end", []byte("\x00asm\x01\x00\x00\x00\x0a\x05\x01")},
		{"no code", "no code section", module()},
		{"unknown opcode", "instruction 0x27 at byte 1: unknown opcode", body(0x27, 0x0b)},
		{"unknown 0xfc", "unknown 0xfc instruction 99", body(0xfc, 0x63, 0x0b)},
		{"no final end", "ends before its final end", body(0x02, 0x40, 0x0b)},
		{"after the end", "1 bytes after the body's final end", body(0x0b, 0x01)},
		{"truncated immediate", "unexpected end", body(0x41)},
		{"LEB128 too long", "longer than 32 bits", body(0x20, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x0b)},
		{"export taken", `already exports "stop"`, module(sec(7, vec(append(str("stop"), 0, 0))), sec(10, vec()))},
		{"bad import", "import kind 0x9", module(sec(2, vec(append(append(str("a"), str("b")...), 0x09))), sec(10, vec()))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Instrument(tt.wasm, "stop")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v; want one with %q", err, tt.want)
			}
		})
	}
}

// FuzzInstrument: Instrument never panics, and what it makes of a module
// wazero accepts, wazero accepts too, with the same functions and the
// switch exported.
func FuzzInstrument(f *testing.F) {
	f.Add(loopModule())
	f.Add(module(sec(10, vec(fn(vec(), 0x03, 0x40, 0x0b, 0x0b)))))
	f.Add([]byte("\x00asm\x01\x00\x00\x00"))
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter().
		WithCoreFeatures(api.CoreFeaturesV2|experimental.CoreFeaturesExceptionHandling))
	defer rt.Close(ctx)
	f.Fuzz(func(t *testing.T, wasm []byte) {
		out, err := Instrument(wasm, "stop")
		if err != nil {
			return
		}
		in, err := rt.CompileModule(ctx, wasm)
		if err != nil {
			return
		}
		defer in.Close(ctx)
		got, err := rt.CompileModule(ctx, out)
		if err != nil {
			t.Fatalf("wazero compiles the module but not its instrumented form: %v", err)
		}
		defer got.Close(ctx)
		if _, err := Instrument(out, "stop"); err == nil || !strings.Contains(err.Error(), `already exports "stop"`) {
			t.Fatalf("instrumenting again: %v; want the switch's name taken", err)
		}
		if len(got.ExportedFunctions()) != len(in.ExportedFunctions()) {
			t.Fatalf("%d exported functions, %d before", len(got.ExportedFunctions()), len(in.ExportedFunctions()))
		}
	})
}
