package pdftext

import (
	"bytes"
	"compress/zlib"
	"crypto/md5"
	"crypto/rc4"
	"fmt"
	"strings"
	"testing"
)

// pdfLine is a line of text a test PDF shows.
type pdfLine struct {
	x, y, size float64 // y from the page's bottom, as PDF has it
	bold       bool
	text       string  // ASCII
	gapAt      int     // with gap, where in text the gap goes
	gap        float64 // a gap of this many ems written inside the one string (TJ), as PDFWriter sets a second column
}

// pdfOptions vary a test PDF.
type pdfOptions struct {
	imageOnly     bool         // pages show a picture and no text
	userPassword  string       // encrypt (RC4, 40 bits) with this password to open
	ownerPassword string       // and this one to change; either makes it encrypted
	bomb          int          // pad each page's content with this many spaces, compressed (a decompression bomb)
	rulings       [][4]float64 // filled rectangles on every page (x, y from the bottom, width, height): a table's borders
}

// testPDF writes a small PDF by hand: one page per element of pages, the
// standard Helvetica fonts, an xref table with true offsets. Tests make
// their hostile inputs from it (truncated, flipped, encrypted, image-only).
func testPDF(tb testing.TB, pages [][]pdfLine, opt pdfOptions) []byte {
	tb.Helper()
	w := &pdfWriter{}
	encrypt := opt.userPassword != "" || opt.ownerPassword != ""
	if encrypt {
		w.setupRC4(opt.userPassword, opt.ownerPassword)
	}
	// Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 image,
	// then per page: page, content.
	n := len(pages)
	kids := make([]string, n)
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 6+2*i)
	}
	w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	w.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), n))
	w.obj(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	w.obj(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	w.stream(5, "/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8", []byte{0, 255, 255, 0})
	for i, lines := range pages {
		var c bytes.Buffer
		if opt.imageOnly {
			c.WriteString("q 200 0 0 200 100 400 cm /Im1 Do Q\n")
		}
		for _, r := range opt.rulings {
			fmt.Fprintf(&c, "%g %g %g %g re f\n", r[0], r[1], r[2], r[3])
		}
		for _, l := range lines {
			font := "F1"
			if l.bold {
				font = "F2"
			}
			if l.gap > 0 {
				fmt.Fprintf(&c, "BT /%s %g Tf %g %g Td [(%s) %g (%s)] TJ ET\n", font, l.size, l.x, l.y, pdfEscape(l.text[:l.gapAt]), -1000*l.gap, pdfEscape(l.text[l.gapAt:]))
				continue
			}
			fmt.Fprintf(&c, "BT /%s %g Tf %g %g Td (%s) Tj ET\n", font, l.size, l.x, l.y, pdfEscape(l.text))
		}
		w.obj(6+2*i, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> /XObject << /Im1 5 0 R >> >> /Contents %d 0 R >>", 7+2*i))
		if opt.bomb > 0 {
			var z bytes.Buffer
			zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
			zw.Write(c.Bytes())
			space := bytes.Repeat([]byte{' '}, 1<<20)
			for n := opt.bomb; n > 0; n -= len(space) {
				zw.Write(space[:min(n, len(space))])
			}
			zw.Close()
			w.stream(7+2*i, "/Filter /FlateDecode", z.Bytes())
			continue
		}
		w.stream(7+2*i, "", c.Bytes())
	}
	return w.finish(encrypt)
}

func pdfEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(s)
}

// pdfWriter writes numbered objects and remembers their offsets.
type pdfWriter struct {
	buf     bytes.Buffer
	offsets map[int]int
	key     []byte // the RC4 file key, when encrypting
	o, u    []byte
	perms   int32
}

var pdfFileID = []byte("arbiter-test-id!")

func (w *pdfWriter) start() {
	if w.offsets == nil {
		w.offsets = map[int]int{}
		w.buf.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	}
}

func (w *pdfWriter) obj(num int, body string) {
	w.start()
	w.offsets[num] = w.buf.Len()
	fmt.Fprintf(&w.buf, "%d 0 obj\n%s\nendobj\n", num, body)
}

func (w *pdfWriter) stream(num int, dict string, data []byte) {
	w.start()
	if w.key != nil {
		data = w.crypt(num, data)
	}
	w.offsets[num] = w.buf.Len()
	fmt.Fprintf(&w.buf, "%d 0 obj\n<< %s /Length %d >>\nstream\n", num, dict, len(data))
	w.buf.Write(data)
	w.buf.WriteString("\nendstream\nendobj\n")
}

func (w *pdfWriter) finish(encrypt bool) []byte {
	w.start()
	size := 0
	for n := range w.offsets {
		size = max(size, n)
	}
	trailerExtra := ""
	if encrypt {
		size++
		w.obj(size, fmt.Sprintf("<< /Filter /Standard /V 1 /R 2 /O <%x> /U <%x> /P %d >>", w.o, w.u, w.perms))
		trailerExtra = fmt.Sprintf(" /Encrypt %d 0 R", size)
	}
	xref := w.buf.Len()
	fmt.Fprintf(&w.buf, "xref\n0 %d\n0000000000 65535 f \n", size+1)
	for n := 1; n <= size; n++ {
		fmt.Fprintf(&w.buf, "%010d 00000 n \n", w.offsets[n])
	}
	fmt.Fprintf(&w.buf, "trailer\n<< /Size %d /Root 1 0 R /ID [<%x> <%x>]%s >>\nstartxref\n%d\n%%%%EOF\n", size+1, pdfFileID, pdfFileID, trailerExtra, xref)
	return w.buf.Bytes()
}

// The standard security handler, revision 2 (PDF 1.7, 7.6.3): 40-bit RC4.
var passwordPad = []byte{0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
	0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A}

func padPassword(p string) []byte {
	return append([]byte(p), passwordPad...)[:32]
}

func rc4Crypt(key, data []byte) []byte {
	c, err := rc4.NewCipher(key)
	if err != nil {
		panic(err)
	}
	out := make([]byte, len(data))
	c.XORKeyStream(out, data)
	return out
}

func (w *pdfWriter) setupRC4(user, owner string) {
	if owner == "" {
		owner = user
	}
	w.perms = -44 // print and copy allowed
	ok := md5.Sum(padPassword(owner))
	w.o = rc4Crypt(ok[:5], padPassword(user))
	h := md5.New()
	h.Write(padPassword(user))
	h.Write(w.o)
	p := uint32(w.perms)
	h.Write([]byte{byte(p), byte(p >> 8), byte(p >> 16), byte(p >> 24)})
	h.Write(pdfFileID)
	w.key = h.Sum(nil)[:5]
	w.u = rc4Crypt(w.key, passwordPad)
}

// crypt encrypts one object's stream with its own key.
func (w *pdfWriter) crypt(num int, data []byte) []byte {
	k := append(append([]byte{}, w.key...), byte(num), byte(num>>8), byte(num>>16), 0, 0)
	sum := md5.Sum(k)
	return rc4Crypt(sum[:10], data)
}
