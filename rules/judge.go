package rules

import (
	"bytes"
	"strings"
)

// ParseJudge reads one edition of a judge document — the Magic Tournament
// Rules, the Infraction Procedure Guide, Judging at Regular REL or one of
// their forerunners — from extracted text (format 1), a Word "save as
// text" file, hard-wrapped text or an HTML page. The document is told by
// its title (JudgeDocOf); a text that names none of them gives an edition
// with an error diagnostic. The result is linked: references to its own
// entries are resolved, references to other documents are marked for a
// pass across documents.
func ParseJudge(src Source) *Edition {
	e := parseJudge(src)
	Link(e)
	return e
}

// JudgeDocOf tells which judge document src is an edition of, from the
// title at its start, or 0 if it is none of them (a Comprehensive Rules
// file, say): a loader routes a file with it. Only the start of a text is
// read.
func JudgeDocOf(src Source) Doc {
	data := src.Data
	if len(data) > judgeFrontBytes && !looksLikeHTML(data) {
		data = data[:judgeFrontBytes]
		if i := bytes.LastIndexByte(data, '\n'); i > 0 {
			data = data[:i+1]
		}
	}
	var e Edition
	d := &diags{file: src.Name}
	js, mail, ok := readJudge(Source{Name: src.Name, Data: data}, &e, d)
	if !ok {
		return 0
	}
	return readFront(dropFurniture(js.lines), js, mail).doc
}

// judgeFrontBytes is how much of a text JudgeDocOf reads: the title and
// the effective date are within the first lines.
const judgeFrontBytes = 16 << 10

// parseJudge is ParseJudge without linking.
func parseJudge(src Source) *Edition {
	e := &Edition{Kind: KindFull, Files: []string{src.Name}}
	d := &diags{file: src.Name}
	if js, mail, ok := readJudge(src, e, d); ok {
		buildJudge(e, d, js, mail)
	}
	e.Diagnostics = append(e.Diagnostics, d.list...)
	return e
}

// readJudge decodes src and reads it into paragraphs with the reader its
// form needs.
func readJudge(src Source, e *Edition, d *diags) (jsource, mailHeader, bool) {
	if len(src.Data) == 0 {
		d.errorf(1, "empty file: no rules found")
		return jsource{}, mailHeader{}, false
	}
	text, enc := Decode(src.Data)
	e.Encoding = enc
	if i := strings.IndexByte(text, 0); i >= 0 {
		d.errorf(lineOf(text, i), "binary data (a NUL byte): not text; a Word or PDF file must be turned into text first")
		return jsource{}, mailHeader{}, false
	}
	switch {
	case strings.HasPrefix(text, extractMagic):
		// Extracted text: a PDF's, or a Word .doc's, as its header says.
		js := readExtract(text, d)
		e.Format = FormatPDF
		if strings.HasSuffix(strings.ToLower(js.source), ".doc") {
			e.Format = FormatWord
		}
		return js, mailHeader{}, true
	case looksLikeHTML(src.Data):
		e.Format = FormatHTML
		js := readHTML(blankStamp(text), d)
		return js, mailHeader{}, !HasErrors(d.list)
	}
	e.Format = FormatText
	lines := Lines(text)
	mail := readMailHeader(lines)
	body := lines[mail.lines:]
	var js jsource
	if judgeWrapped(body) {
		js = readWrapped(body)
	} else {
		js = readParagraphs(body)
	}
	for i := range js.lines {
		js.lines[i].n += int32(mail.lines)
	}
	return js, mail, true
}

// blankStamp blanks a line a saved page may carry before its first tag (a
// date the saver wrote: "2019-03-24"), which is no text of the page, and
// which HTML would otherwise put in its body before everything else. The
// line stays as an empty one so that line numbers hold.
func blankStamp(text string) string {
	i := strings.IndexByte(text, '<')
	if i <= 0 {
		return text
	}
	nl := strings.LastIndexByte(text[:i], '\n')
	if nl < 0 {
		return text
	}
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return r
		}
		return ' '
	}, text[:nl]) + text[nl:]
}
