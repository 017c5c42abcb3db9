package main

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/arbiter-rules/arbiter/rules"
)

// A rules page links each document's current file among many others:
// older editions, the other formats, translations, the digital
// tournaments' rules, summaries of changes, other games' documents. Pages
// are redesigned, so a link is known by what it says of itself in two
// places — its file name (MTG_MTR_2025_Apr21_EN.pdf, MagicCompRules
// 20260116.txt) and its words (its text, or when that is only "Download",
// the heading it sits under) — never by where it sits on the page. The
// file is then read to make sure (checkEdition).

// pageLink is one link of a page.
type pageLink struct {
	url     *url.URL // resolved against the page's address
	words   string   // its text, title and aria-label
	heading string   // the last heading before it
}

// pageLinks lists the links of a page at base, in page order: each
// <a href>, then each http(s) address written elsewhere in it. The second
// is for a page that draws its links in the browser from data it carries
// in a script (Wizards' pages carry theirs as JSON, "/" written \u002F):
// such a link has no words, only its file name.
func pageLinks(base *url.URL, body []byte) []pageLink {
	var links []pageLink
	seen := map[string]bool{}
	add := func(href, words, heading string) {
		u, err := base.Parse(strings.TrimSpace(href))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return
		}
		u.Fragment, u.RawFragment = "", ""
		if seen[u.String()] {
			return
		}
		seen[u.String()] = true
		links = append(links, pageLink{url: u, words: words, heading: heading})
	}
	if doc, err := html.Parse(bytes.NewReader(body)); err == nil {
		var heading string
		var walk func(*html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				switch n.DataAtom {
				case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
					heading = nodeWords(n)
				case atom.A:
					if href, ok := attr(n, "href"); ok {
						add(href, strings.Join([]string{nodeWords(n), attrOr(n, "title"), attrOr(n, "aria-label")}, " "), heading)
					}
					return
				case atom.Script, atom.Style, atom.Template:
					return
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
	}
	for _, m := range addressInText.FindAllString(jsonSlashes.Replace(string(body)), -1) {
		add(strings.TrimRight(m, ".,;:)]}"), "", "")
	}
	return links
}

// addressInText is an http(s) address in a page's text or scripts.
var addressInText = regexp.MustCompile(`https?://[^\s"'<>\\{}|^` + "`" + `]+`)

// jsonSlashes undoes the escapes of "/" (and "&") that JSON in a page may
// use, so the addresses in it read as written.
var jsonSlashes = strings.NewReplacer(`\u002F`, "/", `\u002f`, "/", `\/`, "/", `\u0026`, "&")

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && strings.EqualFold(a.Key, key) {
			return a.Val, true
		}
	}
	return "", false
}

func attrOr(n *html.Node, key string) string {
	v, _ := attr(n, key)
	return v
}

// nodeWords is n's text with its spaces collapsed.
func nodeWords(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			b.WriteByte(' ')
		case html.ElementNode:
			if n.DataAtom == atom.Script || n.DataAtom == atom.Style {
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// docLink finds the link to doc's newest file on the page at base: a link
// whose file name, else its words, else its heading names doc, in a form
// fetch reads for it, and not in another language than English. Of
// several, the one whose file name carries the latest date wins, then one
// marked English, then the first.
func docLink(doc rules.Doc, base *url.URL, body []byte) (string, error) {
	type candidate struct {
		link    string
		date    string
		english bool
	}
	var found []candidate
	self := *base
	self.Fragment, self.RawFragment = "", ""
	for _, l := range pageLinks(base, body) {
		// A page's menu may link the page itself.
		if strings.TrimSuffix(l.url.String(), "/") == strings.TrimSuffix(self.String(), "/") || !docForm(doc, l.url.Path) || linkDoc(l) != doc {
			continue
		}
		lang := linkLang(l)
		if lang != "" && lang != "en" {
			continue
		}
		found = append(found, candidate{l.url.String(), fileDate(fileName(l.url.Path)), lang == "en"})
	}
	if len(found) == 0 {
		return "", fmt.Errorf("%s links no %s: no %s link whose file name or words name it; the page may have changed", base, doc.Title(), formNames[doc])
	}
	best := found[0]
	for _, c := range found[1:] {
		if c.date > best.date || c.date == best.date && c.english && !best.english {
			best = c
		}
	}
	return best.link, nil
}

// docForm reports whether a file at p is in a form fetch takes doc in: the
// Comprehensive Rules as Wizards' text, the MTR and IPG as PDFs, JAR as a
// PDF or a web page.
func docForm(doc rules.Doc, p string) bool {
	ext := strings.ToLower(path.Ext(fileName(p)))
	switch doc {
	case rules.DocCR:
		return ext == ".txt"
	case rules.DocMTR, rules.DocIPG:
		return ext == ".pdf"
	case rules.DocJAR:
		return ext == ".pdf" || ext == ".html" || ext == ".htm" || ext == ""
	}
	return false
}

// formNames says docForm's forms in messages.
var formNames = map[rules.Doc]string{
	rules.DocCR:  ".txt",
	rules.DocMTR: "PDF",
	rules.DocIPG: "PDF",
	rules.DocJAR: "PDF or web page",
}

// fileName is the last element of an address's path, unescaped
// ("MagicCompRules 20260116.txt").
func fileName(p string) string {
	name := path.Base(p)
	if u, err := url.PathUnescape(name); err == nil {
		name = u
	}
	if name == "/" || name == "." {
		return ""
	}
	return name
}

// linkDoc is the document a link names: by its file name, else its words,
// else its heading. Each may name another document instead (the digital
// tournaments' rules, a summary of changes), which settles it too.
func linkDoc(l pageLink) rules.Doc {
	if d, ok := nameDoc(fileName(l.url.Path)); ok {
		return d
	}
	if d, ok := wordsDoc(l.words); ok {
		return d
	}
	d, _ := wordsDoc(l.heading)
	return d
}

// notTheDocument are words that mark a file as something else than a
// document's edition, though it names the document: the tournament rules
// of Magic's digital games, a summary of changes, a judge's annotations.
var notTheDocument = []string{"digital", "arena", "mtgo", "magic online", "changes", "summary", "bulletin", "annotated", "universal tournament rules"}

// nameDoc reads a file name: MTG_MTR_2025_Apr21_EN.pdf is the MTR's,
// mtg_ipg_2024sep23_en.pdf the IPG's, MagicCompRules 20260116.txt the
// CR's, MTG_DMTR_… (the digital MTR) another document's. ok is false for
// a name that names none (a2f9c1.pdf).
func nameDoc(name string) (doc rules.Doc, ok bool) {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	joined := strings.Join(words, "")
	for _, w := range notTheDocument {
		if strings.Contains(joined, strings.ReplaceAll(w, " ", "")) {
			return 0, true
		}
	}
	if slices.Contains(words, "dmtr") || slices.Contains(words, "dipg") {
		return 0, true
	}
	var docs []rules.Doc
	note := func(d rules.Doc, hit bool) {
		if hit && !slices.Contains(docs, d) {
			docs = append(docs, d)
		}
	}
	note(rules.DocCR, strings.Contains(joined, "comprules") || strings.Contains(joined, "comprehensiverules"))
	note(rules.DocMTR, slices.Contains(words, "mtr") || strings.Contains(joined, "tournamentrules"))
	note(rules.DocIPG, slices.Contains(words, "ipg") || strings.Contains(joined, "infractionprocedure"))
	note(rules.DocJAR, slices.Contains(words, "jar") || strings.Contains(joined, "judgingatregular"))
	return oneDoc(docs)
}

// wordsDoc reads a link's words or a heading: "Magic Tournament Rules",
// "Infraction Procedure Guide (PDF)", "Judging at Regular REL", "MTR".
func wordsDoc(s string) (doc rules.Doc, ok bool) {
	low := strings.ToLower(strings.Join(strings.Fields(s), " "))
	for _, w := range notTheDocument {
		if strings.Contains(low, w) {
			return 0, true
		}
	}
	words := strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	var docs []rules.Doc
	note := func(d rules.Doc, hit bool) {
		if hit && !slices.Contains(docs, d) {
			docs = append(docs, d)
		}
	}
	note(rules.DocCR, strings.Contains(low, "comprehensive rules"))
	note(rules.DocMTR, strings.Contains(low, "tournament rules") || slices.Contains(words, "mtr"))
	note(rules.DocIPG, strings.Contains(low, "infraction procedure guide") || slices.Contains(words, "ipg"))
	note(rules.DocJAR, strings.Contains(low, "judging at regular") || slices.Contains(words, "jar"))
	return oneDoc(docs)
}

// oneDoc is the document named, when one is; naming two ("the MTR and the
// IPG") names neither file for sure.
func oneDoc(docs []rules.Doc) (rules.Doc, bool) {
	switch len(docs) {
	case 0:
		return 0, false
	case 1:
		return docs[0], true
	}
	return 0, true
}

// languages are the languages other than English that Wizards translates
// the documents into, as file names (…_FR.pdf) and links ("Français")
// name them.
var (
	languageCodes = []string{"fr", "de", "it", "es", "pt", "ptbr", "br", "ja", "jp", "ko", "kr", "ru", "zh", "cn", "chs", "cht", "zhs", "zht", "tw"}
	languageNames = []string{"french", "français", "german", "deutsch", "italian", "italiano", "spanish", "español", "portuguese", "português",
		"japanese", "日本語", "korean", "한국어", "russian", "русский", "chinese", "中文", "简体", "繁體"}
)

// linkLang is the language a link's file name or words say the file is
// in: "en", "other", or "" when they do not say.
func linkLang(l pageLink) string {
	for _, w := range strings.FieldsFunc(strings.ToLower(fileName(l.url.Path)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		switch {
		case w == "en" || w == "eng" || w == "english":
			return "en"
		case slices.Contains(languageCodes, w):
			return "other"
		}
	}
	low := strings.ToLower(l.words)
	for _, n := range languageNames {
		if strings.Contains(low, n) {
			return "other"
		}
	}
	if strings.Contains(low, "english") {
		return "en"
	}
	return ""
}

// Dates in the documents' file names: 20260116 (the CR), 2025_Apr21,
// 2024Sep23, 2022mar7, 5feb21, 21 April 2025, April 21, 2025.
var (
	monthPat    = `(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*`
	dateYMD     = regexp.MustCompile(`(?:^|\D)((?:19|20)\d\d)[-_ ]?(\d\d)[-_ ]?(\d\d)(?:\D|$)`)
	dateYMonD   = regexp.MustCompile(`(?:^|\D)((?:19|20)\d\d)[-_ ]?` + monthPat + `[-_ ]?(\d{1,2})(?:\D|$)`)
	dateDMonY   = regexp.MustCompile(`(?:^|\D)(\d{1,2})[-_ ]?` + monthPat + `[-_ ]?((?:19|20)?\d\d)(?:\D|$)`)
	dateMonDY   = regexp.MustCompile(`(?:^|[^a-z])` + monthPat + `[-_ ]?(\d{1,2})[-_, ]*((?:19|20)\d\d)(?:\D|$)`)
	monthsByAbb = map[string]time.Month{"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}
)

// fileDate is the date a file name carries, as 2006-01-02, or "". It only
// orders the links to one document; the date a file is saved under is the
// one its text states.
func fileDate(name string) string {
	low := strings.ToLower(name)
	if m := dateYMD.FindStringSubmatch(low); m != nil {
		if d := validDate(m[1], monthOf(m[2]), m[3]); d != "" {
			return d
		}
	}
	if m := dateYMonD.FindStringSubmatch(low); m != nil {
		if d := validDate(m[1], monthsByAbb[m[2]], m[3]); d != "" {
			return d
		}
	}
	if m := dateMonDY.FindStringSubmatch(low); m != nil {
		if d := validDate(m[3], monthsByAbb[m[1]], m[2]); d != "" {
			return d
		}
	}
	if m := dateDMonY.FindStringSubmatch(low); m != nil {
		year := m[3]
		if len(year) == 2 {
			year = "20" + year
		}
		if d := validDate(year, monthsByAbb[m[2]], m[1]); d != "" {
			return d
		}
	}
	return ""
}

func monthOf(s string) time.Month {
	var m int
	fmt.Sscanf(s, "%d", &m)
	return time.Month(m)
}

// validDate is the date of year, month and day, or "" for none (a 31st of
// April, a thirteenth month).
func validDate(year string, month time.Month, day string) string {
	var y, d int
	if _, err := fmt.Sscanf(year+" "+day, "%d %d", &y, &d); err != nil || month < 1 || month > 12 {
		return ""
	}
	t := time.Date(y, month, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d || t.Month() != month {
		return ""
	}
	return t.Format(time.DateOnly)
}
