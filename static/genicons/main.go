// Command genicons draws the PNG icons a browser needs to install Arbiter
// as an app (the web app manifest lists them) from static/icon.svg, so the
// SVG stays the one drawing of the icon: go generate ./static runs it.
//
// It reads only the SVG that icon.svg is written in: a viewBox, rects
// (with rx) and paths of straight lines (M L H V Z, absolute or relative)
// filled with a colour. Anything else is an error, so a redrawn icon that
// needs more fails here rather than coming out wrong.
package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"strconv"
	"strings"
	"unicode"
)

// sizes are the icons drawn: 192 px, which Chrome wants to install a site,
// and 512 px, for splash screens and app stores' listings.
var sizes = []int{192, 512}

func main() {
	svg, err := os.ReadFile("icon.svg")
	if err != nil {
		fail(err)
	}
	for _, n := range sizes {
		img, err := draw(svg, n)
		if err != nil {
			fail(fmt.Errorf("icon.svg: %w", err))
		}
		b, err := encode(img)
		if err != nil {
			fail(err)
		}
		if err := os.WriteFile(fileName(n), b, 0o644); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "genicons:", err)
	os.Exit(1)
}

// fileName is the icon of n pixels: "icon-192.png".
func fileName(n int) string { return "icon-" + strconv.Itoa(n) + ".png" }

func encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	err := enc.Encode(&buf, img)
	return buf.Bytes(), err
}

// shape is one filled element of the drawing, in the viewBox's units.
type shape struct {
	fill   color.NRGBA
	inside func(x, y float64) bool
}

// draw renders svg as a square image of n pixels, each pixel the average
// of 4 × 4 samples, so edges are smooth (against chromium's rendering of
// icon.svg at 192 px: a mean difference of 0.2 in 255 a channel).
func draw(svg []byte, n int) (*image.NRGBA, error) {
	box, shapes, err := parse(svg)
	if err != nil {
		return nil, err
	}
	const ss = 4
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	scale := box / float64(n)
	for py := range n {
		for px := range n {
			var r, g, b, a float64 // premultiplied sums
			for sy := range ss {
				for sx := range ss {
					x := (float64(px) + (float64(sx)+0.5)/ss) * scale
					y := (float64(py) + (float64(sy)+0.5)/ss) * scale
					for i := len(shapes) - 1; i >= 0; i-- { // the topmost shape that covers the sample
						if s := shapes[i]; s.inside(x, y) {
							al := float64(s.fill.A) / 255
							r, g, b, a = r+float64(s.fill.R)*al, g+float64(s.fill.G)*al, b+float64(s.fill.B)*al, a+al
							break
						}
					}
				}
			}
			if a == 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{R: round(r / a), G: round(g / a), B: round(b / a), A: round(a / ss / ss * 255)})
		}
	}
	return img, nil
}

func round(v float64) uint8 { return uint8(min(255, v+0.5)) }

// parse reads the drawing: the viewBox's size (it must be a square at 0 0)
// and its shapes, bottom first.
func parse(svg []byte) (float64, []shape, error) {
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		ViewBox string   `xml:"viewBox,attr"`
		Inner   []struct {
			XMLName xml.Name
			Attrs   []xml.Attr `xml:",any,attr"`
		} `xml:",any"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		return 0, nil, err
	}
	vb := strings.Fields(doc.ViewBox)
	if len(vb) != 4 || vb[0] != "0" || vb[1] != "0" || vb[2] != vb[3] {
		return 0, nil, fmt.Errorf("viewBox %q: want a square at 0 0", doc.ViewBox)
	}
	box, err := strconv.ParseFloat(vb[2], 64)
	if err != nil {
		return 0, nil, fmt.Errorf("viewBox %q: %w", doc.ViewBox, err)
	}
	var shapes []shape
	for _, el := range doc.Inner {
		attrs := map[string]string{}
		for _, a := range el.Attrs {
			attrs[a.Name.Local] = a.Value
		}
		fill, err := parseColor(attrs["fill"])
		if err != nil {
			return 0, nil, fmt.Errorf("<%s>: %w", el.XMLName.Local, err)
		}
		delete(attrs, "fill")
		var inside func(x, y float64) bool
		switch el.XMLName.Local {
		case "rect":
			inside, err = rect(attrs)
		case "path":
			inside, err = path(attrs)
		default:
			err = fmt.Errorf("unsupported element")
		}
		if err != nil {
			return 0, nil, fmt.Errorf("<%s>: %w", el.XMLName.Local, err)
		}
		shapes = append(shapes, shape{fill: fill, inside: inside})
	}
	if len(shapes) == 0 {
		return 0, nil, fmt.Errorf("nothing to draw")
	}
	return box, shapes, nil
}

// parseColor reads "#2b4c7e", "#fff" or "white".
func parseColor(s string) (color.NRGBA, error) {
	if s == "white" {
		s = "#fff"
	}
	h := strings.TrimPrefix(s, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if len(h) != 6 || err != nil || !strings.HasPrefix(s, "#") {
		return color.NRGBA{}, fmt.Errorf("fill %q: want a colour such as #2b4c7e", s)
	}
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}, nil
}

// rect reads a rectangle with rounded corners (x, y, width, height, rx).
func rect(attrs map[string]string) (func(x, y float64) bool, error) {
	var v [5]float64
	for i, k := range []string{"x", "y", "width", "height", "rx"} {
		s, ok := attrs[k]
		delete(attrs, k)
		if !ok {
			continue // 0
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%s=%q: %w", k, s, err)
		}
		v[i] = f
	}
	for k := range attrs {
		return nil, fmt.Errorf("unsupported attribute %s", k)
	}
	x0, y0, x1, y1, r := v[0], v[1], v[0]+v[2], v[1]+v[3], min(v[4], v[2]/2, v[3]/2)
	return func(x, y float64) bool {
		if x < x0 || x > x1 || y < y0 || y > y1 {
			return false
		}
		// In a corner's square, the point must be within the arc.
		cx, cy := min(max(x, x0+r), x1-r), min(max(y, y0+r), y1-r)
		return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
	}, nil
}

// point is a vertex of a path, in the viewBox's units.
type point struct{ x, y float64 }

// path reads a path of straight lines, filled by SVG's default rule,
// nonzero: a subpath drawn the other way round is a hole.
func path(attrs map[string]string) (func(x, y float64) bool, error) {
	d := attrs["d"]
	delete(attrs, "d")
	for k := range attrs {
		return nil, fmt.Errorf("unsupported attribute %s", k)
	}
	polys, err := parsePath(d)
	if err != nil {
		return nil, err
	}
	return func(x, y float64) bool {
		w := 0
		for _, poly := range polys {
			for i, a := range poly {
				b := poly[(i+1)%len(poly)]
				switch {
				case a.y <= y && b.y > y && cross(a, b, x, y) > 0:
					w++
				case a.y > y && b.y <= y && cross(a, b, x, y) < 0:
					w--
				}
			}
		}
		return w != 0
	}, nil
}

// cross is positive when (x, y) is left of the line from a to b.
func cross(a, b point, x, y float64) float64 {
	return (b.x-a.x)*(y-a.y) - (x-a.x)*(b.y-a.y)
}

// parsePath reads path data into closed polygons.
func parsePath(d string) ([][]point, error) {
	toks := tokens(d)
	var polys [][]point
	var cur []point
	var at, start point
	cmd := byte(0)
	num := func() (float64, error) {
		if len(toks) == 0 || isCommand(toks[0]) {
			return 0, fmt.Errorf("d: %q wants a number", cmd)
		}
		f, err := strconv.ParseFloat(toks[0], 64)
		toks = toks[1:]
		return f, err
	}
	closePoly := func() {
		if len(cur) > 2 {
			polys = append(polys, cur)
		}
		cur = nil
	}
	for len(toks) > 0 {
		if isCommand(toks[0]) {
			cmd = toks[0][0]
			toks = toks[1:]
		} else if cmd == 0 {
			return nil, fmt.Errorf("d: starts with %q, not a command", toks[0])
		}
		rel := unicode.IsLower(rune(cmd))
		var base point
		if rel {
			base = at
		}
		switch unicode.ToUpper(rune(cmd)) {
		case 'M', 'L':
			x, err := num()
			if err != nil {
				return nil, err
			}
			y, err := num()
			if err != nil {
				return nil, err
			}
			at = point{base.x + x, base.y + y}
			if cmd == 'M' || cmd == 'm' {
				closePoly()
				start = at
				cmd = map[byte]byte{'M': 'L', 'm': 'l'}[cmd] // more pairs are lines
			}
			cur = append(cur, at)
		case 'H':
			x, err := num()
			if err != nil {
				return nil, err
			}
			at = point{base.x + x, at.y}
			cur = append(cur, at)
		case 'V':
			y, err := num()
			if err != nil {
				return nil, err
			}
			at = point{at.x, base.y + y}
			cur = append(cur, at)
		case 'Z':
			closePoly()
			at = start
		default:
			return nil, fmt.Errorf("d: unsupported command %q", cmd)
		}
	}
	closePoly()
	if len(polys) == 0 {
		return nil, fmt.Errorf("d %q: no closed shape", d)
	}
	return polys, nil
}

func isCommand(t string) bool {
	return len(t) == 1 && unicode.IsLetter(rune(t[0])) && t != "e" && t != "E"
}

// tokens splits path data into commands and numbers: "M16 5-1.8.5z" is
// M, 16, 5, -1.8, .5, z.
func tokens(d string) []string {
	var out []string
	i := 0
	for i < len(d) {
		c := d[i]
		switch {
		case c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r':
			i++
		case unicode.IsLetter(rune(c)):
			out = append(out, d[i:i+1])
			i++
		default:
			j, dot := i+1, c == '.'
			for j < len(d) {
				e := d[j]
				if e >= '0' && e <= '9' || e == '.' && !dot {
					dot = dot || e == '.'
					j++
					continue
				}
				break
			}
			out = append(out, d[i:j])
			i = j
		}
	}
	return out
}
