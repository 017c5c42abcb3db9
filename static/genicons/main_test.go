package main

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIconsCurrent checks the committed PNG icons are what icon.svg draws
// now, pixel for pixel (not byte for byte: another Go's zlib may pack the
// same pixels differently). Run go generate ./static after changing it.
func TestIconsCurrent(t *testing.T) {
	svg, err := os.ReadFile(filepath.Join("..", "icon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range sizes {
		want, err := draw(svg, n)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join("..", fileName(n)))
		if err != nil {
			t.Fatalf("%v: run go generate ./static", err)
		}
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", fileName(n), err)
		}
		if got.Bounds() != want.Bounds() {
			t.Fatalf("%s is %v, want %v", fileName(n), got.Bounds(), want.Bounds())
		}
		for y := range n {
			for x := range n {
				if color.NRGBAModel.Convert(got.At(x, y)) != want.At(x, y) {
					t.Fatalf("%s differs from icon.svg at %d,%d: run go generate ./static", fileName(n), x, y)
				}
			}
		}
	}
}

// TestDraw checks points of the drawing whose colour is plain: the
// rounded corners are transparent, the A white, its hole and the ground
// blue.
func TestDraw(t *testing.T) {
	svg, err := os.ReadFile(filepath.Join("..", "icon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := draw(svg, 320) // 10 pixels a unit of the 32-unit viewBox
	if err != nil {
		t.Fatal(err)
	}
	blue, white := color.NRGBA{0x2b, 0x4c, 0x7e, 255}, color.NRGBA{255, 255, 255, 255}
	for _, tc := range []struct {
		name string
		x, y float64 // in the viewBox's units
		want color.NRGBA
	}{
		{"corner", 0.3, 0.3, color.NRGBA{}},
		{"far corner", 31.7, 31.7, color.NRGBA{}},
		{"ground", 3, 16, blue},
		{"edge beside the corner", 16, 0.5, blue},
		{"apex of the A", 16, 7, white},
		{"left leg", 9, 25.5, white},
		{"crossbar", 16, 20.5, white},
		{"hole", 16, 17, blue},
		{"between the legs", 16, 26, blue},
	} {
		if got := img.NRGBAAt(int(tc.x*10), int(tc.y*10)); got != tc.want {
			t.Errorf("%s (%v, %v): %v, want %v", tc.name, tc.x, tc.y, got, tc.want)
		}
	}
	// Edges are smoothed: some pixel on the A's edge is between the two.
	mixed := false
	for x := range 320 {
		if c := img.NRGBAAt(x, 200); c.R > blue.R && c.R < 255 {
			mixed = true
		}
	}
	if !mixed {
		t.Error("no pixel of row 200 is between blue and white: edges are not smoothed")
	}
}

func TestDrawRefuses(t *testing.T) {
	for _, tc := range []struct{ svg, want string }{
		{`<svg viewBox="0 0 32 16"><rect width="1" height="1" fill="#fff"/></svg>`, "square"},
		{`<svg viewBox="0 0 32 32"><circle r="3" fill="#fff"/></svg>`, "unsupported element"},
		{`<svg viewBox="0 0 32 32"><path d="M0 0 C1 1 2 2 3 3z" fill="#fff"/></svg>`, "unsupported command"},
		{`<svg viewBox="0 0 32 32"><path d="M0 0 L1" fill="#fff"/></svg>`, "wants a number"},
		{`<svg viewBox="0 0 32 32"><path d="M0 0 L1 1 L0 1z" fill="red"/></svg>`, "fill"},
		{`<svg viewBox="0 0 32 32"><path d="M0 0 L1 1 L0 1z" fill="#fff" stroke="#000"/></svg>`, "unsupported attribute stroke"},
		{`<svg viewBox="0 0 32 32"></svg>`, "nothing to draw"},
		{`not svg`, "EOF"},
	} {
		_, err := draw([]byte(tc.svg), 8)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.svg, err, tc.want)
		}
	}
}

func TestTokens(t *testing.T) {
	got := strings.Join(tokens("M16 5-1.8.5zm2,3h4.6"), " ")
	if want := "M 16 5 -1.8 .5 z m 2 3 h 4.6"; got != want {
		t.Errorf("tokens: %q, want %q", got, want)
	}
	// A relative subpath after z starts from the first point of the last.
	polys, err := parsePath("M10 10 h5 v5 z m1 1 h1 v1 z")
	if err != nil {
		t.Fatal(err)
	}
	if len(polys) != 2 || polys[1][0] != (point{11, 11}) {
		t.Errorf("polygons %v", polys)
	}
}
