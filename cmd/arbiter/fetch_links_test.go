package main

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// wpnScriptedHTML is the rules documents page drawn in the browser: the
// page as sent has no link to a document, only the data the script draws
// them from, JSON with "/" written \u002F; the titles sit apart from the
// addresses, so only the file names tell the documents.
const wpnScriptedHTML = `<!DOCTYPE html><html><head><title>Rules &amp; Documents | Wizards Play Network</title></head>
<body><div id="__nuxt"><header><nav><a href="/en/">Home</a></nav></header><main><h1>Rules &amp; Documents</h1><div class="loading"></div></main></div>
<script>window.__NUXT__=(function(a,b,c){return {layout:"default",data:[{titles:["Magic: The Gathering Tournament Rules","Magic: The Gathering Digital Tournament Rules","Magic: The Gathering Infraction Procedure Guide"],
files:[{url:"{{jsonhost}}\u002FContentResources\u002FWPN\u002FMTG_MTR_2025_Apr21_EN.pdf",lang:a},{url:"{{jsonhost}}\u002FContentResources\u002FWPN\u002FMTG_DMTR_2025_Jun02_EN.pdf",lang:a},
{url:"{{jsonhost}}\u002FContentResources\u002FWPN\u002FMTG_MTR_2025_Apr21_DE.pdf",lang:c},{url:"{{jsonhost}}\u002FContentResources\u002FWPN\u002FMTG_IPG_2024Sep23_EN.pdf",lang:a},
{url:"{{jsonhost}}\u002FContentResources\u002FWPN\u002FMTG_MTR_2024_Nov11_EN.pdf",lang:a}]}]}}("en","x","de"));</script></body></html>`

// wpnOpaqueHTML is the page redesigned with files named by a content
// store's hashes: only the links' own words tell the documents.
const wpnOpaqueHTML = `<!DOCTYPE html><html><head><title>Rules &amp; Documents</title></head><body><main>
<h2>Documents</h2>
<ul>
<li><a href="//assets.example/x1/3f9a1c0d.pdf">Digital Tournament Rules (PDF)</a></li>
<li><a href="//assets.example/x1/9b2e77aa.pdf">Magic Tournament Rules (PDF)</a></li>
<li><a href="//assets.example/x1/5c0b5f12.pdf">Magic Tournament Rules (PDF) — Français</a></li>
<li><a href="//assets.example/x1/77b2e0c4.pdf" title="Infraction Procedure Guide">PDF</a></li>
<li><a href="//assets.example/x1/d1e4aa09.pdf">Tournament Rules and Infraction Procedure Guide: what changed</a></li>
</ul></main></body></html>`

func TestDocLink(t *testing.T) {
	host := "https://media.example"
	fill := func(page string) []byte {
		return []byte(strings.NewReplacer("{{host}}", host, "{{jsonhost}}", `https:\u002F\u002Fmedia.example`).Replace(page))
	}
	const wpn = "https://wpn.example/en/rules-documents"
	tests := []struct {
		name, page string
		body       []byte
		doc        rules.Doc
		want       string // "" for none
	}{
		{"MTR among its translations, the digital MTR, a summary and older ones", wpn, fill(wpnPageHTML), rules.DocMTR, host + "/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf"},
		{"IPG beside the digital IPG and an older one", wpn, fill(wpnPageHTML), rules.DocIPG, host + "/ContentResources/WPN/MTG_IPG_2024Sep23_EN.pdf"},
		{"the documents page links JAR's page", wpn, fill(wpnPageHTML), rules.DocJAR, "https://blogs.magicjudges.org/rules/jar/"},
		{"nor the CR's text", wpn, fill(wpnPageHTML), rules.DocCR, ""},
		{"MTR in a script's JSON", wpn, fill(wpnScriptedHTML), rules.DocMTR, host + "/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf"},
		{"IPG in a script's JSON", wpn, fill(wpnScriptedHTML), rules.DocIPG, host + "/ContentResources/WPN/MTG_IPG_2024Sep23_EN.pdf"},
		{"MTR by its link's words", wpn, fill(wpnOpaqueHTML), rules.DocMTR, "https://assets.example/x1/9b2e77aa.pdf"},
		{"IPG by its link's title", wpn, fill(wpnOpaqueHTML), rules.DocIPG, "https://assets.example/x1/77b2e0c4.pdf"},
		{"JAR's PDF under its heading", "https://blogs.example/rules/jar/",
			[]byte(`<nav><a href="/rules/jar/">Judging at Regular REL</a><a href="/rules/mtr/">MTR</a></nav><h1>Judging at Regular REL</h1><p><a href="https://media.example/f/MTG_JAR_2024Sep23_FR.pdf">FR</a> <a href="https://media.example/f/MTG_JAR_2024Sep23_EN.pdf">Download</a></p>`),
			rules.DocJAR, "https://media.example/f/MTG_JAR_2024Sep23_EN.pdf"},
		{"a translation alone, by its file name", wpn, []byte(`<h2>Magic Tournament Rules</h2><a href="/f/MTG_MTR_2025_Apr21_FR.pdf">Download</a>`), rules.DocMTR, ""},
		{"a translation alone, by its words", wpn, []byte(`<a href="/f/a1b2.pdf">Magic Tournament Rules – Deutsch</a>`), rules.DocMTR, ""},
		{"a newer translation beside the English file", wpn, []byte(`<h2>Infraction Procedure Guide</h2><a href="/f/MTG_IPG_2024Sep23_EN.pdf">EN</a> <a href="/f/MTG_IPG_2024Oct01_JP.pdf">日本語</a>`),
			rules.DocIPG, "https://wpn.example/f/MTG_IPG_2024Sep23_EN.pdf"},
		{"a file naming two documents", wpn, []byte(`<h2>Magic Tournament Rules</h2><a href="/f/MTR_IPG_2025.pdf">Download</a>`), rules.DocMTR, ""},
		{"a page that links only itself", "https://blogs.example/rules/jar/",
			[]byte(`<nav><a href="/rules/jar/">Judging at Regular REL</a> <a href="https://blogs.example/rules/jar#top">JAR</a></nav>`), rules.DocJAR, ""},
		// Wizards' rules page and the forms its links have taken.
		{"the CR's text, not its PDF, DOCX, an older text or the MTR's", "https://magic.wizards.com/en/rules", []byte(rulesPageHTML), rules.DocCR,
			"https://magic.wizards.com/downloads/MagicCompRules%2020260116.txt"},
		{"an absolute link with a space", "https://magic.wizards.com/en/rules", []byte(`<a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260116.txt">TXT</a>`), rules.DocCR,
			"https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt"},
		{"upper case, a query", "https://magic.wizards.com/en/rules", []byte(`<A HREF='MagicCompRules.TXT?v=2'>TXT</A>`), rules.DocCR, "https://magic.wizards.com/en/MagicCompRules.TXT?v=2"},
		{"no page", "https://magic.wizards.com/en/rules", nil, rules.DocCR, ""},
		{"no href", "https://magic.wizards.com/en/rules", []byte(`<a>TXT</a>`), rules.DocCR, ""},
		{"the PDF alone", "https://magic.wizards.com/en/rules", []byte(`<a href="MagicCompRules.pdf">`), rules.DocCR, ""},
		{"a text named for nothing", "https://magic.wizards.com/en/rules", []byte(`<a href="rules.txt">`), rules.DocCR, ""},
		{"a script's address", "https://magic.wizards.com/en/rules", []byte(`<a href="javascript:MagicCompRules.txt">TXT</a>`), rules.DocCR, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, _ := url.Parse(tt.page)
			got, err := docLink(tt.doc, base, tt.body)
			switch {
			case tt.want == "" && err == nil:
				t.Errorf("found %s, want none", got)
			case tt.want != "" && (err != nil || got != tt.want):
				t.Errorf("got %q, %v; want %s", got, err, tt.want)
			case err != nil && !strings.Contains(err.Error(), tt.page+" links no "+tt.doc.Title()):
				t.Errorf("error %q does not name the page and the document", err)
			}
		})
	}
}

func TestFileDate(t *testing.T) {
	for name, want := range map[string]string{
		"MagicCompRules 20260116.txt":   "2026-01-16",
		"MagicCompRules_2026-01-16.txt": "2026-01-16",
		"MTG_MTR_2025_Apr21_EN.pdf":     "2025-04-21",
		"MTG_IPG_2024Sep23_EN.pdf":      "2024-09-23",
		"mtg_mtr_2022mar7_en.pdf":       "2022-03-07",
		"mtg_ipg_5feb21_en_0.pdf":       "2021-02-05",
		"MTG_MTR_2026_Feb27_EN-2.pdf":   "2026-02-27",
		"JAR 21 January 2019.html":      "2019-01-21",
		"jar-september-23-2024.pdf":     "2024-09-23",
		"MTG_MTR_2025_Apr31_EN.pdf":     "",
		"MagicCompRules 20261399.txt":   "",
		"MagicCompRules.txt":            "",
		"Premier_Play_Policy_2025.pdf":  "",
		"decklist_12.pdf":               "",
	} {
		if got := fileDate(name); got != want {
			t.Errorf("fileDate(%q) = %q, want %q", name, got, want)
		}
	}
}

// pageArticle keeps a blog page's post, under the page's title, and
// nothing of the site around it; a page with no article or main element
// (the corpus's JAR pages) and a PDF are left as they are.
func TestPageArticle(t *testing.T) {
	jar := corpustest.ReadFile(t, "corpus", "jar", "2019-01-21.html")
	got := pageArticle("https://blogs.example/rules/jar/", []byte(jarBlogPage(t, jar)))
	for _, want := range []string{
		"<title>Judging at Regular REL – Magic Judges Rules and Policy Blog</title>",
		`<link rel="canonical" href="https://blogs.example/rules/jar/">`,
		`<h1 class="entry-title">Judging at Regular Rules Enforcement Level</h1>`,
		"All trademarks are property of Wizards of the Coast LLC",
	} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("the post lacks %q", want)
		}
	}
	for _, not := range []string{"site-navigation", "Rules and Policy Blog</a>", "post.php", "Leave a Reply", "Recent Posts", "Proudly powered", "wpData"} {
		if bytes.Contains(got, []byte(not)) {
			t.Errorf("the post keeps %q", not)
		}
	}
	// The post reads as the corpus page does.
	a, b := rules.Parse(rules.Source{Name: "post.html", Data: got}), rules.Parse(rules.Source{Name: "corpus.html", Data: jar})
	if a.Title != b.Title || a.EffectiveDate() != b.EffectiveDate() || len(a.Topics) != len(b.Topics) || len(a.Topics) == 0 {
		t.Errorf("the post reads as %q %s with %d topics; the corpus page as %q %s with %d", a.Title, a.EffectiveDate(), len(a.Topics), b.Title, b.EffectiveDate(), len(b.Topics))
	}
	for i := range min(len(a.Topics), len(b.Topics)) {
		if a.Topics[i].Title != b.Topics[i].Title {
			t.Errorf("topic %d: %q, corpus %q", i, a.Topics[i].Title, b.Topics[i].Title)
		}
	}
	for _, same := range [][]byte{jar, []byte("%PDF-1.7 <html><article>x</article>"), nil} {
		if got := pageArticle("x", same); !bytes.Equal(got, same) {
			t.Errorf("pageArticle changed %.40q", same)
		}
	}
}

// The link finder and the post cutter take any page: never a panic, and
// a link found is an http(s) address in the document's form.
func FuzzFetchPage(f *testing.F) {
	f.Add([]byte(wpnPageHTML))
	f.Add([]byte(wpnScriptedHTML))
	f.Add([]byte(wpnOpaqueHTML))
	f.Add([]byte(rulesPageHTML))
	f.Add([]byte(`<html><article><nav>x</nav><article>y</article></article><main>z</main></html>`))
	f.Add([]byte(`<h1>JAR</h1><a href="https:\u002F\u002Fa.example\u002Fjar.pdf">`))
	base, _ := url.Parse("https://pages.example/en/rules-documents")
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, doc := range rules.Docs {
			link, err := docLink(doc, base, body)
			if err != nil {
				continue
			}
			u, perr := url.Parse(link)
			if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || !docForm(doc, u.Path) {
				t.Errorf("%s: link %q", doc, link)
			}
		}
		pageArticle("https://pages.example/", body)
	})
}
