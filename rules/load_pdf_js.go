//go:build js && wasm

package rules

import "errors"

// PDFText is a PDF's text; the browser's build (cmd/searchwasm) has no PDF
// reader: PDFium would make the search code some 15 MB larger. What it
// loads holds the extracted text instead (cmd/arbiter's editionZip).
func PDFText(Source) ([]byte, error) {
	return nil, errors.New("a PDF: the search that runs in the browser reads no PDFs; it reads their text, which arbiter export --site writes")
}
