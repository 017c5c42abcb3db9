package rules

import "strings"

// Doc names one of the documents judges use. Each is a series of editions
// read into the same model: the Comprehensive Rules, the Magic Tournament
// Rules (with their forerunners, the DCI Floor Rules), the Infraction
// Procedure Guide (with the Universal Penalty Guidelines and the Penalty
// Guide and Procedures before it) and Judging at Regular REL.
//
// The zero Doc is "not said": an edition that does not say is a
// Comprehensive Rules edition (Edition.Document), and a reference that does
// not say names its own edition's document (Cite.Doc).
type Doc uint8

const (
	DocCR Doc = iota + 1
	DocMTR
	DocIPG
	DocJAR
)

// Docs lists every document, in the order pages list them.
var Docs = []Doc{DocCR, DocMTR, DocIPG, DocJAR}

var docNames = [...]struct{ slug, short, title string }{
	DocCR:  {"cr", "CR", "Comprehensive Rules"},
	DocMTR: {"mtr", "MTR", "Magic Tournament Rules"},
	DocIPG: {"ipg", "IPG", "Infraction Procedure Guide"},
	DocJAR: {"jar", "JAR", "Judging at Regular REL"},
}

func (d Doc) known() bool { return d >= DocCR && d <= DocJAR }

// Slug is the document's name in URLs and files: "cr", "mtr", "ipg", "jar".
func (d Doc) Slug() string {
	if !d.known() {
		return ""
	}
	return docNames[d].slug
}

// Short is how judges abbreviate it: "CR", "MTR", "IPG", "JAR".
func (d Doc) Short() string {
	if !d.known() {
		return ""
	}
	return docNames[d].short
}

// Title is the document's name in full: "Magic Tournament Rules".
func (d Doc) Title() string {
	if !d.known() {
		return ""
	}
	return docNames[d].title
}

// Prefix is what an edition's ID starts with: "" for the Comprehensive
// Rules, whose editions keep their bare dates ("2026-01-16"), and the slug
// and a slash for the others ("mtr/2025-04-21"). An edition's ID is thus
// its path below the site's root.
func (d Doc) Prefix() string {
	if d == DocCR || !d.known() {
		return ""
	}
	return docNames[d].slug + "/"
}

func (d Doc) String() string { return d.Slug() }

// DocBySlug finds a document by its slug or abbreviation, any case.
func DocBySlug(s string) (Doc, bool) {
	for _, d := range Docs {
		if strings.EqualFold(s, docNames[d].slug) {
			return d, true
		}
	}
	return 0, false
}

// Document is the document e is an edition of.
func (e *Edition) Document() Doc {
	if e.Doc == 0 {
		return DocCR
	}
	return e.Doc
}

// SplitID splits an edition ID into its document and the ID within it:
// "mtr/2025-04-21" is the MTR's "2025-04-21", and "2026-01-16" the CR's.
func SplitID(id string) (Doc, string) {
	if slug, rest, ok := strings.Cut(id, "/"); ok {
		if d, ok := DocBySlug(slug); ok && d != DocCR {
			return d, rest
		}
	}
	return DocCR, id
}

// SplitIDRest is an edition ID without its document's prefix:
// "2025-04-21" for "mtr/2025-04-21".
func SplitIDRest(id string) string {
	_, rest := SplitID(id)
	return rest
}
