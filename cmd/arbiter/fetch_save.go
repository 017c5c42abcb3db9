package main

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"github.com/arbiter-rules/arbiter/rules"
)

// checkEdition reads data, fetched from src, as serve will read it, and
// returns the edition if it is all of an edition of doc with an effective
// date; otherwise it says what it is instead.
func checkEdition(doc rules.Doc, src string, data []byte) (*rules.Edition, error) {
	e := rules.Parse(rules.Source{Name: src, Data: data})
	switch {
	case e.Failed():
		return nil, fmt.Errorf("%s is not %s: %w", src, theDoc(doc), &rules.ParseError{Diagnostics: e.Diagnostics})
	case e.Document() != doc:
		return nil, fmt.Errorf("%s is %s, not %s", src, theDoc(e.Document()), theDoc(doc))
	case e.Kind == rules.KindExcerpt:
		return nil, fmt.Errorf("%s is an excerpt of %s, not all of it", src, theDoc(doc))
	case e.Truncated != nil:
		return nil, fmt.Errorf("%s is cut short: it stops at %s", src, e.Truncated.StopsAt())
	case len(e.Entries()) == 0 && len(e.Topics) == 0:
		return nil, fmt.Errorf("%s has the title of %s but none of its text", src, theDoc(doc))
	case e.EffectiveDate() == "" && doc == rules.DocCR:
		return nil, fmt.Errorf("%s has no effective date (no \"These rules are effective as of …\" line)", src)
	case e.EffectiveDate() == "":
		return nil, fmt.Errorf("%s has no effective date (no \"Effective …\" line under its title)", src)
	}
	return e, nil
}

// theDoc names a document in a sentence: "the Magic Tournament Rules",
// "Judging at Regular REL".
func theDoc(d rules.Doc) string {
	if d == rules.DocJAR {
		return d.Title()
	}
	return "the " + d.Title()
}

// pageArticle is a web page cut to the document it carries: a blog's page
// (the judges' site is WordPress) wraps its post in the site's menus,
// sidebars, comment form and footer, which the judge parser would read as
// the document's text. The post is the page's first <article> (else its
// <main>) without the navigation, asides, forms and footers in it, under
// the page's title. Anything else (a PDF, a page with neither element,
// as the corpus's JAR pages are) is returned as it is.
func pageArticle(src string, body []byte) []byte {
	head := bytes.ToLower(body[:min(len(body), 512)])
	if isPDFData(body) || !bytes.Contains(head, []byte("<html")) && !bytes.Contains(head, []byte("<!doctype html")) {
		return body
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
	if err != nil {
		return body
	}
	post := doc.Find("article").Not("article article").First()
	if post.Length() == 0 {
		post = doc.Find("main").First()
	}
	if post.Length() == 0 {
		return body
	}
	post.Find("nav, aside, footer, form, script, style, noscript, iframe, template, button").Remove()
	inner, err := goquery.OuterHtml(post)
	if err != nil {
		return body
	}
	title := strings.Join(strings.Fields(doc.Find("head title").First().Text()), " ")
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<link rel=\"canonical\" href=\"%s\">\n</head>\n<body>\n%s\n</body>\n</html>\n",
		html.EscapeString(title), html.EscapeString(src), inner)
	return b.Bytes()
}

// save writes data, the file of edition e fetched from src, into the data
// directory root as DOC/DATE.EXT, unless root already holds it: the same
// bytes under that name or any other (an older Arbiter saved the CR in
// root itself; a user may name a file by its release), or another file of
// that document and date, which is kept (the user's own copy, or a
// printing fetched before).
func save(root string, e *rules.Edition, data []byte, src string) (string, error) {
	doc, date := e.Document(), e.EffectiveDate()
	dir := filepath.Join(root, doc.Slug())
	name := filepath.Join(dir, date+fileExt(e, data))
	same, err := sameFile(root, data)
	if err != nil {
		return "", err
	}
	switch {
	case same == name:
		return fmt.Sprintf("%s is already present (%s); nothing to do", name, date), nil
	case same != "":
		return fmt.Sprintf("%s already holds this file (%s); nothing to do", same, date), nil
	}
	if other, err := fileOfDate(dir, date); err != nil {
		return "", err
	} else if other != "" {
		return fmt.Sprintf("%s is already present (%s) and differs from %s; kept it (remove it to download again)", other, date, src), nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := writeFile(name, data); err != nil {
		return "", err
	}
	return fmt.Sprintf("saved %s (%s, %d bytes, %s) from %s", name, date, len(data), contents(e), src), nil
}

// fileExt is the extension serve reads data by: .pdf for a PDF, .html for
// a web page, .txt for text.
func fileExt(e *rules.Edition, data []byte) string {
	switch {
	case isPDFData(data):
		return ".pdf"
	case e.Format == rules.FormatHTML:
		return ".html"
	}
	return ".txt"
}

// isPDFData reports whether data is a PDF by its signature, which may
// follow a few bytes of junk (as rules.Parse reads one).
func isPDFData(data []byte) bool {
	return bytes.Contains(data[:min(len(data), 1024)], []byte("%PDF-"))
}

// contents counts what an edition holds, for the user.
func contents(e *rules.Edition) string {
	switch {
	case e.Document() == rules.DocCR:
		return fmt.Sprintf("%d rules", len(e.Entries()))
	case e.Kind == rules.KindProse:
		return fmt.Sprintf("%d topics", len(e.Topics))
	}
	return fmt.Sprintf("%d entries", len(e.Entries()))
}

// sameFile returns the name of a file under root whose bytes are data,
// or "". Names starting with a dot (a fetch's temporary file) are not
// served, so they do not count.
func sameFile(root string, data []byte) (string, error) {
	var found string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() != int64(len(data)) {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.Equal(b, data) {
			found = p
			return fs.SkipAll
		}
		return nil
	})
	return found, err
}

// fileOfDate returns a file in dir that serve reads as an edition and that
// is named date (date.pdf, date.txt, …), or "".
func fileOfDate(dir, date string) (string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	for _, de := range entries {
		ext := filepath.Ext(de.Name())
		if strings.TrimSuffix(de.Name(), ext) != date {
			continue
		}
		switch strings.ToLower(ext) {
		case ".txt", ".md", ".pdf", ".html", ".htm":
			return filepath.Join(dir, de.Name()), nil
		}
	}
	return "", nil
}

// writeFile writes b to name through a temporary file in the same
// directory, so an interrupted fetch never leaves half a file where serve
// reads it (serve passes over names starting with a dot).
func writeFile(name string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".fetch-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(b); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
