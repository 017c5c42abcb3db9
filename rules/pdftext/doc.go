// Package pdftext turns a PDF of a judge document (the Magic Tournament
// Rules, the Infraction Procedure Guide) into plain text in Arbiter's
// extract format 1 (one paragraph a line, headings, list items and table
// rows marked; see FORMAT.md), which the judge-document parser reads.
//
// It has three parts, each testable alone:
//
//   - the engine (engine.go): PDFium compiled to WebAssembly (go-pdfium's
//     build, embedded compressed with a stop switch added: module.go),
//     run by wazero in pure Go, started only when a PDF must be read and
//     closed again after an idle period;
//   - the reader (read.go): a PDF's text as PDFium places it, line by line,
//     with each line's position, size and weight (a Document of Pages);
//   - the layout (layout.go and the files it names), a pure function from
//     positioned lines to paragraphs in reading order, with page furniture
//     and the table of contents left out; and the writer (format.go).
//
// A PDF is untrusted input: Extract bounds its size, its pages, the memory
// PDFium may use and the time it may take (stopping PDFium inside a call
// when the time is up), and every failure is an error naming the file (and
// the page where one applies).
package pdftext
