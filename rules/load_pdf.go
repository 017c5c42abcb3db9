//go:build !(js && wasm)

package rules

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/rules/pdftext"
)

// pdfTimeout bounds one PDF's reading: the newest MTR, 55 pages, takes
// about half a second with the deadline checked inside PDFium.
const pdfTimeout = 20 * time.Second

// PDFText is a PDF's text in extract format 1 (rules/pdftext/FORMAT.md),
// read with PDFium, sandboxed in WebAssembly, under a time and memory
// bound. Its error says what is wrong without repeating src's name.
func PDFText(src Source) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pdfTimeout)
	defer cancel()
	text, err := pdftext.Extract(ctx, src.Name, src.Data, pdftext.Limits{MaxBytes: MaxSourceBytes})
	if err != nil {
		msg := err.Error()
		var pe *pdftext.Error
		if errors.As(err, &pe) {
			msg = strings.TrimPrefix(strings.TrimPrefix(msg, pe.Name), ": ")
		}
		return nil, errors.New(msg)
	}
	return text, nil
}
