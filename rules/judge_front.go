package rules

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// A judge document says what it is in its title, and when it takes effect
// just below it ("Effective April 21, 2025"). The folder a file sits in and
// the file's name (the date it was published) say neither for sure.

// docKeywords name each judge document in its title, in the order they
// are tried on one line. The Universal Tournament Rules were a separate
// DCI document, not the Magic Tournament Rules' forerunner.
var docKeywords = []struct {
	words string
	doc   Doc
}{
	{"infraction procedure guide", DocIPG},
	{"penalty guide", DocIPG}, // "Penalty Guidelines", "Penalty Guide and Procedures"
	{"judging at regular", DocJAR},
	{"floor rules", DocMTR},
	{"universal tournament rules", 0},
	{"tournament rules", DocMTR},
}

// docInTitle is the document a title line names, or 0.
func docInTitle(s string) Doc {
	low := strings.ToLower(s)
	for _, k := range docKeywords {
		if strings.Contains(low, k.words) {
			return k.doc
		}
	}
	return 0
}

// frontLines is how many paragraphs from the start the title and the
// effective date are looked for in.
const frontLines = 16

// judgeFront is what the start of a judge document says about it.
type judgeFront struct {
	doc       Doc
	title     string
	titleLine int // index of the title paragraph, or -1
	effective time.Time
	effLine   int // index of the paragraph stating the effective date, or -1
}

// readFront finds the document, its title and its effective date in the
// first paragraphs. A newsgroup post's headers (Subject, Date) count as
// front matter too: mail is the 1994 rules' only source.
func readFront(lines []jline, meta jsource, mail mailHeader) judgeFront {
	f := judgeFront{titleLine: -1, effLine: -1}
	n := min(len(lines), frontLines)
	for i := range n {
		if t, ok := judgeEffective(lines[i].s); ok && lines[i].kind != jItem {
			f.effective, f.effLine = t, i
			break
		}
	}
	// The title is above the date; without a date, among the first lines.
	top := n
	if f.effLine >= 0 {
		top = f.effLine
	}
	for i := range top {
		l := lines[i]
		if utf8.RuneCountInString(l.s) > 100 || l.kind == jItem || l.kind == jRow {
			continue
		}
		if d := docInTitle(l.s); d != 0 {
			f.doc, f.title, f.titleLine = d, l.s, i
			break
		}
	}
	if f.doc == 0 {
		for _, s := range []string{meta.title, mail.subject} {
			if d := docInTitle(s); d != 0 {
				f.doc = d
				break
			}
		}
	}
	if f.title == "" {
		f.title = meta.title
	}
	if f.effective.IsZero() && !mail.date.IsZero() {
		f.effective = mail.date
	}
	f.title = displayTitle(f.title)
	return f
}

// months maps month names and their abbreviations to months.
var months = func() map[string]time.Month {
	m := map[string]time.Month{"sept": time.September}
	for mo := time.January; mo <= time.December; mo++ {
		name := strings.ToLower(mo.String())
		m[name] = mo
		m[name[:3]] = mo
	}
	return m
}()

// judgeEffective finds "Effective April 21, 2025" (also "Effective — March
// 20, 2008", "Effective Mar 1, 2008", "Updated September 26, 2014") in s.
func judgeEffective(s string) (time.Time, bool) {
	low := strings.ToLower(s)
	for _, kw := range []string{"effective", "updated"} {
		i := strings.Index(low, kw)
		if i < 0 || i > 0 && isLetter(low[i-1]) {
			continue
		}
		rest := low[i+len(kw):]
		rest = strings.TrimLeft(rest, " :—–-\t")
		for _, filler := range []string{"as of ", "on ", "date: ", "date "} {
			rest = strings.TrimPrefix(rest, filler)
		}
		if t, ok := parseLongDate(rest); ok {
			return t, true
		}
	}
	return time.Time{}, false
}

// parseLongDate reads "april 21, 2025", "mar 1, 2008", "1 june 2000" at
// the start of s (lower case).
func parseLongDate(s string) (time.Time, bool) {
	words := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == '\t' })
	if len(words) < 3 {
		return time.Time{}, false
	}
	mo, day, year := words[0], words[1], words[2]
	if _, ok := months[mo]; !ok {
		day, mo = words[0], words[1]
	}
	m, ok := months[mo]
	if !ok {
		return time.Time{}, false
	}
	d, err1 := strconv.Atoi(day)
	y, err2 := strconv.Atoi(year)
	if err1 != nil || err2 != nil || d < 1 || d > 31 || y < 1990 || y > 2200 {
		return time.Time{}, false
	}
	t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return time.Time{}, false // "February 30"
	}
	return t, true
}

// mailHeader is what a newsgroup post's headers say.
type mailHeader struct {
	subject string
	date    time.Time
	lines   int // how many lines the headers and the blank line after them take
}

// readMailHeader reads the headers at the start of a mail or news post:
// "Key: value" lines up to the first blank line, the first of them From.
func readMailHeader(lines []string) mailHeader {
	var h mailHeader
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "From:") && !strings.HasPrefix(lines[0], "From ") {
		return h
	}
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			h.lines = i + 1
			return h
		}
		k, v, ok := strings.Cut(l, ":")
		if l[0] == ' ' || l[0] == '\t' {
			continue // a folded header's continuation
		}
		if !ok || strings.ContainsAny(k, " \t") && i > 0 {
			return mailHeader{}
		}
		v = strings.TrimSpace(v)
		switch strings.ToLower(k) {
		case "subject":
			h.subject = v
		case "date":
			h.date = mailDate(v)
		}
	}
	return mailHeader{}
}

// mailDate reads a header date: "26 Jan 94 12:30:31", "Wed, 26 Jan 1994
// 12:30:31 -0500".
func mailDate(v string) time.Time {
	f := strings.Fields(strings.ReplaceAll(v, ",", " "))
	if len(f) > 0 && len(f[0]) == 3 && !isDigit(f[0][0]) {
		if _, ok := months[strings.ToLower(f[0])]; !ok {
			f = f[1:] // the weekday
		}
	}
	if len(f) < 3 {
		return time.Time{}
	}
	d, err1 := strconv.Atoi(f[0])
	m, ok := months[strings.ToLower(f[1])]
	y, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || !ok || d < 1 || d > 31 {
		return time.Time{}
	}
	if y < 100 { // a two-digit year of the last century
		y += 1900
		if y < 1970 {
			y += 100
		}
	}
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// displayTitle writes a title printed in capitals in title case ("MAGIC:
// THE GATHERING® TOURNAMENT RULES" → "Magic: The Gathering® Tournament
// Rules"); any other title stays as printed.
func displayTitle(s string) string {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ":"))
	if !allCaps(s) {
		return s
	}
	words := strings.Fields(s)
	for i, w := range words {
		if i > 0 && strings.EqualFold(words[i-1], "appendix") {
			continue // "Appendix A"
		}
		words[i] = titleWord(w, i == 0 || strings.HasSuffix(words[i-1], ":") || strings.HasSuffix(words[i-1], "—"))
	}
	return strings.Join(words, " ")
}

// allCaps reports whether s has letters, two or more of them in a word,
// and none in lower case.
func allCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsUpper(r) {
			letters++
		}
	}
	return letters >= 2
}

// keepCaps are the words a title keeps in capitals.
var keepCaps = map[string]bool{"DCI": true, "REL": true, "MTR": true, "IPG": true, "JAR": true, "CR": true, "UTR": true,
	"ID": true, "II": true, "III": true, "IV": true, "N/A": true, "DQ": true, "TO": false, "2HG": true, "FAQ": true, "URL": true}

func titleWord(w string, first bool) string {
	if keepCaps[strings.TrimFunc(w, notAlnum)] {
		return w
	}
	// Each part of a compound is a word of its own: "Out-of-Order",
	// "Play/Draw".
	parts := strings.FieldsFunc(strings.ToLower(w), func(r rune) bool { return r == '-' || r == '/' })
	if len(parts) > 1 {
		var b strings.Builder
		low := strings.ToLower(w)
		start := 0
		for i := 0; i <= len(low); i++ {
			if i == len(low) || low[i] == '-' || low[i] == '/' {
				b.WriteString(titleWord(low[start:i], first && start == 0 || start > 0 && !smallWords[strings.TrimFunc(low[start:i], notAlnum)]))
				if i < len(low) {
					b.WriteByte(low[i])
				}
				start = i + 1
			}
		}
		return b.String()
	}
	low := strings.ToLower(w)
	if !first && smallWords[strings.TrimFunc(low, notAlnum)] {
		return low
	}
	for i, r := range low {
		if unicode.IsLetter(r) {
			return low[:i] + string(unicode.ToUpper(r)) + low[i+utf8.RuneLen(r):]
		}
	}
	return low
}

func notAlnum(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
