package main

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// rulesPageHTML is the shape of magic.wizards.com/en/rules: the current
// rules as PDF, TXT and DOCX (file names with a space and the release
// date), and older links elsewhere on the page.
const rulesPageHTML = `<!DOCTYPE html>
<html lang="en"><head><title>Rules | Magic: The Gathering</title></head>
<body>
<main>
  <h1>Magic: The Gathering Comprehensive Rules</h1>
  <p>These rules are effective as of January 16, 2026.</p>
  <div class="links">
    <a class="cta" href="https://media.example/downloads/MagicCompRules 20260116.pdf">PDF</a>
    <a class="cta" href="/downloads/MagicCompRules%2020260116.txt" target="_blank">TXT</a>
    <a class="cta" href="/downloads/MagicCompRules 20260116.docx">DOCX</a>
  </div>
  <h2>Previous rules</h2>
  <a href="/downloads/MagicCompRules 20250919.txt">September 19, 2025</a>
  <a href="/downloads/MagicTournamentRules.txt">Tournament rules</a>
</main>
</body></html>`

// wpnPageHTML is the shape of wpn.wizards.com/en/rules-documents: a card
// for each document, its name in a heading over a "Download" button (the
// file named MTG_MTR_2025_Apr21_EN.pdf), translations beside it, the
// digital tournaments' rules (dated later), a summary of changes, other
// documents, and older editions further down. {{host}} is the test
// server, which serves the files.
const wpnPageHTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Rules &amp; Documents | Wizards Play Network</title>
<script>window.dataLayer = window.dataLayer || [];</script></head>
<body>
<header class="site-header"><nav>
  <a href="/en/">Home</a> <a href="/en/events">Events</a> <a href="/en/rules-documents">Rules &amp; Documents</a>
  <a href="/en/news/tournament-rules-update">Tournament Rules update</a>
</nav></header>
<main>
<h1>Rules &amp; Documents</h1>
<section class="documents">
  <div class="card"><h2>Magic: The Gathering Comprehensive Rules</h2><p>The complete rules of the game.</p>
    <a class="button" href="https://magic.wizards.com/en/rules">View</a></div>
  <div class="card"><h2>Magic: The Gathering Tournament Rules</h2><p>Effective April 21, 2025</p>
    <a class="button" href="{{host}}/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf" target="_blank">Download</a>
    <ul class="translations">
      <li><a href="{{host}}/ContentResources/WPN/MTG_MTR_2025_Apr21_FR.pdf">Français</a></li>
      <li><a href="{{host}}/ContentResources/WPN/MTG_MTR_2025_Apr21_JP.pdf">日本語</a></li>
    </ul></div>
  <div class="card"><h2>Magic: The Gathering Infraction Procedure Guide</h2><p>Effective September 23, 2024</p>
    <a class="button" href="{{host}}/ContentResources/WPN/MTG_IPG_2024Sep23_EN.pdf">Download</a></div>
  <div class="card"><h2>Magic: The Gathering Digital Tournament Rules</h2>
    <a class="button" href="{{host}}/ContentResources/WPN/MTG_DMTR_2025_Jun02_EN.pdf">Download</a></div>
  <div class="card"><h2>Magic: The Gathering Digital Infraction Procedure Guide</h2>
    <a class="button" href="{{host}}/ContentResources/WPN/MTG_DIPG_2025_Jun02_EN.pdf">Download</a></div>
  <div class="card"><h2>Magic Tournament Rules: summary of changes</h2>
    <a class="button" href="{{host}}/ContentResources/WPN/MTG_MTR_2025_Apr22_Changes_EN.pdf">Download</a></div>
  <div class="card"><h2>Judging at Regular REL</h2>
    <a class="button" href="https://blogs.magicjudges.org/rules/jar/">Read</a></div>
  <div class="card"><h2>Premier Play Policy</h2>
    <a class="button" href="{{host}}/ContentResources/WPN/Premier_Play_Policy_2025.pdf">Download</a></div>
</section>
<section class="archive"><h2>Previous versions</h2>
  <a href="{{host}}/ContentResources/WPN/MTG_MTR_2024_Nov11_EN.pdf">Magic Tournament Rules, November 11, 2024</a>
  <a href="{{host}}/ContentResources/WPN/mtg_ipg_5feb21_en_0.pdf">Infraction Procedure Guide, February 5, 2021</a>
</section>
</main>
<footer><a href="/en/privacy">Privacy</a></footer>
</body></html>`

// siteServer serves each of files at its path (decoded), as the real sites
// do: a web page in two flushed halves (so without a Content-Length), with
// {{host}} replaced by the server's address ({{jsonhost}} by it as a
// page's JSON writes it), any other file with its length. Other paths are
// 404.
func siteServer(t *testing.T, files map[string][]byte) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		switch strings.ToLower(filepath.Ext(r.URL.Path)) {
		case ".pdf":
			w.Header().Set("Content-Type", "application/pdf")
		case ".txt":
			w.Header().Set("Content-Type", "text/plain")
		default:
			host := "http://" + r.Host
			page := strings.NewReplacer("{{host}}", host, "{{jsonhost}}", strings.ReplaceAll(host, "/", `\u002F`)).Replace(string(b))
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(page[:len(page)/2]))
			w.(http.Flusher).Flush()
			w.Write([]byte(page[len(page)/2:]))
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func runFetchCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(append([]string{"fetch"}, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

// judgeCorpus is the newest MTR and IPG PDFs and a JAR page of the corpus.
type judgeCorpus struct{ mtr, ipg, jar []byte }

func readJudgeCorpus(t *testing.T) judgeCorpus {
	return judgeCorpus{
		mtr: corpustest.ReadFile(t, "corpus", "mtr", "2025-04-21.pdf"),
		ipg: corpustest.ReadFile(t, "corpus", "ipg", "2024-09-23.pdf"),
		jar: corpustest.ReadFile(t, "corpus", "jar", "2019-01-21.html"),
	}
}

// jarBlogPage is the shape of blogs.magicjudges.org/rules/jar/: a
// WordPress page whose post is the document — the corpus's JAR page is
// that post's header and content — inside the site's header and menu, an
// edit link, a comment form, a sidebar and a footer, none of which is the
// document's.
func jarBlogPage(t *testing.T, corpusPage []byte) string {
	t.Helper()
	s := string(corpusPage)
	i := strings.Index(s, "<header")
	if i < 0 {
		t.Fatal("the corpus's JAR page has no <header>")
	}
	post := strings.Replace(s[i:], "</html>", "", 1)
	return `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="UTF-8">
<title>Judging at Regular REL &#8211; Magic Judges Rules and Policy Blog</title>
<script>var wpData = {"ajaxurl":"https:\/\/blogs.magicjudges.org\/rules\/wp-admin\/admin-ajax.php"};</script></head>
<body class="page-template-default page">
<div id="page" class="site">
<header id="masthead" class="site-header">
  <p class="site-title"><a href="/rules/">Rules and Policy Blog</a></p>
  <p class="site-description">Magic: The Gathering rules and policy for judges</p>
  <nav id="site-navigation" class="main-navigation"><ul>
    <li><a href="/rules/">Home</a></li>
    <li><a href="/rules/mtr/">Magic Tournament Rules</a></li>
    <li><a href="/rules/ipg/">Infraction Procedure Guide</a></li>
    <li><a href="/rules/jar/">Judging at Regular REL</a></li>
    <li><a href="/rules/cr/">Comprehensive Rules</a></li>
    <li><a href="/rules/translations/">Translations</a></li>
  </ul></nav>
</header>
<div id="content" class="site-content"><main id="main" class="site-main">
<article id="post-2" class="post-2 page type-page status-publish hentry">
` + post + `
<footer class="entry-footer"><span class="edit-link"><a href="/rules/wp-admin/post.php?post=2&amp;action=edit">Edit</a></span></footer>
</article>
<div id="comments" class="comments-area"><h2>Leave a Reply</h2>
  <form id="commentform"><textarea name="comment"></textarea><input type="submit" value="Post Comment"></form></div>
</main>
<aside id="secondary" class="widget-area"><h2>Recent Posts</h2><ul><li><a href="/rules/2024/ipg-update/">IPG Update</a></li></ul></aside>
</div>
<footer id="colophon" class="site-footer">Proudly powered by WordPress</footer>
</div></body></html>`
}

// sites serves every document's page and files: Wizards' rules page and
// the CR text, the rules documents page and the MTR and IPG PDFs (the
// digital tournaments' files are the same PDFs, so only the address tells
// them apart), and the judges' JAR page.
func sites(t *testing.T, cr []byte, j judgeCorpus) *httptest.Server {
	return siteServer(t, map[string][]byte{
		"/en/rules":                                        []byte(rulesPageHTML),
		"/downloads/MagicCompRules 20260116.txt":           cr,
		"/en/rules-documents":                              []byte(wpnPageHTML),
		"/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf":  j.mtr,
		"/ContentResources/WPN/MTG_IPG_2024Sep23_EN.pdf":   j.ipg,
		"/ContentResources/WPN/MTG_DMTR_2025_Jun02_EN.pdf": j.mtr,
		"/ContentResources/WPN/MTG_DIPG_2025_Jun02_EN.pdf": j.ipg,
		"/rules/jar/": []byte(jarBlogPage(t, j.jar)),
	})
}

// pageFlags points every document's page at srv.
func pageFlags(srv *httptest.Server) []string {
	return []string{"--url", srv.URL + "/en/rules", "--mtr-url", srv.URL + "/en/rules-documents",
		"--ipg-url", srv.URL + "/en/rules-documents", "--jar-url", srv.URL + "/rules/jar/"}
}

// TestFetchEveryDocument: with no --doc, fetch saves the newest edition of
// each document from its page, under the date its text states, in the
// document's folder; the JAR page is saved as its post alone. Fetched
// again, nothing is written. And serve reads the directory as saved: each
// document's edition is served under its ID.
func TestFetchEveryDocument(t *testing.T) {
	t.Parallel()
	cr := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	j := readJudgeCorpus(t)
	srv := sites(t, cr, j)
	dir := t.TempDir()
	code, out, errOut := runFetchCmd(t, append([]string{"--dir", dir}, pageFlags(srv)...)...)
	if code != 0 {
		t.Fatalf("exit %d: stdout %q, stderr %q", code, out, errOut)
	}
	for _, w := range []struct {
		name string
		same []byte // the bytes served, or nil
		from string
	}{
		{"cr/2026-01-16.txt", cr, "/downloads/MagicCompRules%2020260116.txt"},
		{"mtr/2025-04-21.pdf", j.mtr, "/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf"},
		{"ipg/2024-09-23.pdf", j.ipg, "/ContentResources/WPN/MTG_IPG_2024Sep23_EN.pdf"},
		{"jar/2019-01-21.html", nil, "/rules/jar/"},
	} {
		name := filepath.Join(dir, filepath.FromSlash(w.name))
		got, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%s not saved: %v", w.name, err)
			continue
		}
		if w.same != nil && !bytes.Equal(got, w.same) {
			t.Errorf("%s differs from the file served", w.name)
		}
		if !strings.Contains(out, "saved "+name+" (") || !strings.Contains(out, srv.URL+w.from+"\n") {
			t.Errorf("stdout does not say %s was saved from %s:\n%s", name, w.from, out)
		}
	}
	jar, _ := os.ReadFile(filepath.Join(dir, "jar", "2019-01-21.html"))
	for _, furniture := range []string{"Leave a Reply", "Recent Posts", "Proudly powered", "Translations", "post.php"} {
		if bytes.Contains(jar, []byte(furniture)) {
			t.Errorf("the saved JAR page keeps the blog's %q", furniture)
		}
	}
	if !bytes.Contains(jar, []byte("Effective January 21, 2019")) || !bytes.Contains(jar, []byte("All trademarks are property")) {
		t.Error("the saved JAR page lacks the post's first or last lines")
	}
	for _, sub := range []string{"cr", "mtr", "ipg", "jar"} {
		if entries, _ := os.ReadDir(filepath.Join(dir, sub)); len(entries) != 1 {
			t.Errorf("%s/ holds %d entries, want the one file (no temporary left)", sub, len(entries))
		}
	}

	// Again: every file is there, nothing is written.
	var before []time.Time
	names, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, n := range names {
		st, _ := os.Stat(n)
		before = append(before, st.ModTime())
	}
	code, out, errOut = runFetchCmd(t, append([]string{"--dir", dir}, pageFlags(srv)...)...)
	if code != 0 || strings.Count(out, "is already present") != 4 || strings.Contains(out, "saved") {
		t.Errorf("second fetch: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for i, n := range names {
		if st, _ := os.Stat(n); !st.ModTime().Equal(before[i]) {
			t.Errorf("second fetch rewrote %s", n)
		}
	}

	// serve reads what fetch saved.
	l, err := loadContent(contentOptions{dataDir: dir}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range l.lib.Editions {
		ids = append(ids, e.ID)
	}
	for _, want := range []string{"2026-01-16", "mtr/2025-04-21", "ipg/2024-09-23", "jar/2019-01-21"} {
		if !slices.Contains(ids, want) {
			t.Errorf("serve does not read %s from the data directory: %v", want, ids)
		}
	}
	if ds := l.user.diags; rules.HasErrors(ds) {
		t.Errorf("serve left files out: %v", ds)
	}
}

// TestFetchSomeDocuments: --doc fetches only the documents named, any case.
func TestFetchSomeDocuments(t *testing.T) {
	j := readJudgeCorpus(t)
	srv := sites(t, nil, j)
	dir := t.TempDir()
	code, out, errOut := runFetchCmd(t, append([]string{"--dir", dir, "--doc", "JAR, ipg"}, pageFlags(srv)...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	entries, _ := os.ReadDir(dir)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, []string{"ipg", "jar"}) {
		t.Errorf("fetched into %v, want ipg and jar alone", got)
	}
	for _, bad := range []string{"", "cr,", "mtr,crr", "all"} {
		if code, _, errOut := runFetchCmd(t, "--dir", dir, "--doc", bad); code != 2 || !strings.Contains(errOut, "--doc") {
			t.Errorf("--doc %q: exit %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
}

// TestFetchJARLinked: a JAR page that is not the document but links it
// (as a web page) has the linked file saved, as it is.
func TestFetchJARLinked(t *testing.T) {
	j := readJudgeCorpus(t)
	landing := `<!DOCTYPE html><html><head><title>Judging at Regular REL</title></head><body>
<nav><a href="/rules/jar/">Judging at Regular REL</a> <a href="/rules/mtr/">Magic Tournament Rules</a></nav>
<h1>Judging at Regular REL</h1><p>The document for judges at Regular REL events, updated with each IPG.</p>
<p><a href="/rules/jar/fr/jar-fr.html">Français</a> <a href="{{host}}/files/judging-at-regular-rel-2019-01-21.html">Read the current document</a></p>
</body></html>`
	srv := siteServer(t, map[string][]byte{
		"/rules/jar/": []byte(landing),
		"/files/judging-at-regular-rel-2019-01-21.html": j.jar,
	})
	dir := t.TempDir()
	code, out, errOut := runFetchCmd(t, "--dir", dir, "--doc", "jar", "--jar-url", srv.URL+"/rules/jar/")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	got, err := os.ReadFile(filepath.Join(dir, "jar", "2019-01-21.html"))
	if err != nil || !bytes.Equal(got, j.jar) {
		t.Errorf("the linked page is not saved as it is: %v; stdout %q", err, out)
	}
}

// TestFetchFailuresAreEach: one document failing — its page missing, a
// page without its link, a file that is another document, a broken file —
// does not stop the others; each failure names the URL, the exit status
// is 1, and nothing broken is written.
func TestFetchFailuresAreEach(t *testing.T) {
	cr := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	j := readJudgeCorpus(t)
	noIPG := regexp.MustCompile(`(?i)infraction procedure guide|ipg`).ReplaceAllString(wpnPageHTML, "Guide")
	tests := []struct {
		name    string
		files   map[string][]byte
		saved   []string // the files written
		failed  string   // the summary's list
		wantErr []string
	}{
		{
			name: "a page missing, a page without the link",
			files: map[string][]byte{
				"/en/rules": []byte(rulesPageHTML), "/downloads/MagicCompRules 20260116.txt": cr,
				"/en/rules-documents": []byte(noIPG), "/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf": j.mtr,
			},
			saved:  []string{"cr/2026-01-16.txt", "mtr/2025-04-21.pdf"},
			failed: "2 of 4 documents not fetched (ipg, jar)",
			wantErr: []string{
				"ipg: http://", "/en/rules-documents links no Infraction Procedure Guide: no PDF link whose file name or words name it; the page may have changed",
				"jar: GET http://", "/rules/jar/: 404 Not Found",
			},
		},
		{
			name: "files that are not what their links say",
			files: map[string][]byte{
				"/en/rules": []byte(rulesPageHTML), "/downloads/MagicCompRules 20260116.txt": j.jar,
				"/en/rules-documents":                             []byte(wpnPageHTML),
				"/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf": j.ipg,
				"/ContentResources/WPN/MTG_IPG_2024Sep23_EN.pdf":  j.ipg[:len(j.ipg)/2],
				"/rules/jar/": []byte(`<!DOCTYPE html><html><head><title>Judging at Regular REL</title></head><body><h1>Judging at Regular REL</h1><p>Coming soon.</p></body></html>`),
			},
			failed: "4 of 4 documents not fetched (cr, mtr, ipg, jar)",
			wantErr: []string{
				"cr: http://", "/downloads/MagicCompRules%2020260116.txt is Judging at Regular REL, not the Comprehensive Rules",
				"mtr: http://", "/ContentResources/WPN/MTG_MTR_2025_Apr21_EN.pdf is the Infraction Procedure Guide, not the Magic Tournament Rules",
				"ipg: http://", "/ContentResources/WPN/MTG_IPG_2024Sep23_EN.pdf is not the Infraction Procedure Guide: http://",
				"jar: http://", "/rules/jar/ links no Judging at Regular REL", "nor is the page itself the document: http://",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := siteServer(t, tt.files)
			dir := t.TempDir()
			code, out, errOut := runFetchCmd(t, append([]string{"--dir", dir}, pageFlags(srv)...)...)
			if code != 1 {
				t.Errorf("exit %d, want 1; stdout %q", code, out)
			}
			for _, w := range append(tt.wantErr, "arbiter fetch: "+tt.failed) {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr does not say %q:\n%s", w, errOut)
				}
			}
			var saved []string
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(dir, p)
					saved = append(saved, filepath.ToSlash(rel))
				}
				return nil
			})
			if !slices.Equal(saved, tt.saved) {
				t.Errorf("files written: %v, want %v", saved, tt.saved)
			}
		})
	}
}

// TestFetchKeepsWhatIsThere: a file with the same bytes anywhere in the
// data directory (where an older Arbiter saved the CR, a copy named by
// its release) is reported, not written again; another file of the same
// document and date is kept.
func TestFetchKeepsWhatIsThere(t *testing.T) {
	cr := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	j := readJudgeCorpus(t)
	srv := sites(t, cr, j)
	tests := []struct {
		name, have string
		data       []byte
		doc, want  string
	}{
		{"an older Arbiter's flat directory", "2026-01-16.txt", cr, "cr", "2026-01-16.txt already holds this file (2026-01-16); nothing to do"},
		{"a copy named by its release", "mtr/MTG_MTR_2025_Apr21_EN.pdf", j.mtr, "mtr", "MTG_MTR_2025_Apr21_EN.pdf already holds this file (2025-04-21); nothing to do"},
		{"another printing of the date", "ipg/2024-09-23.pdf", append(slices.Clone(j.ipg), '\n'), "ipg", "ipg/2024-09-23.pdf is already present (2024-09-23) and differs from http://"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			have := filepath.Join(dir, filepath.FromSlash(tt.have))
			os.MkdirAll(filepath.Dir(have), 0o755)
			putFile(t, have, tt.data)
			code, out, errOut := runFetchCmd(t, append([]string{"--dir", dir, "--doc", tt.doc}, pageFlags(srv)...)...)
			if code != 0 || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, stdout %q (want %q), stderr %q", code, out, tt.want, errOut)
			}
			n := 0
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					n++
				}
				return nil
			})
			if n != 1 {
				t.Errorf("the directory holds %d files, want the one there before", n)
			}
			if got, _ := os.ReadFile(have); !bytes.Equal(got, tt.data) {
				t.Error("the file there before was changed")
			}
		})
	}
}

// TestFetchNewRelease: a text built from a corpus file with a new date is
// saved under that date; the file name on the site does not matter.
func TestFetchNewRelease(t *testing.T) {
	old := corpustest.ReadFile(t, "corpus", "cr", "2025-09-19.txt")
	text := bytes.ReplaceAll(old, []byte("September 19, 2025"), []byte("March 6, 2026"))
	page := strings.ReplaceAll(rulesPageHTML, "20260116.txt", "20260306-final.txt")
	srv := siteServer(t, map[string][]byte{"/en/rules": []byte(page), "/downloads/MagicCompRules 20260306-final.txt": text})
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "2025-09-19.txt"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runFetchCmd(t, "--dir", dir, "--doc", "cr", "--url", srv.URL+"/en/rules")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "cr", "2026-03-06.txt")); err != nil || !bytes.Equal(got, text) {
		t.Errorf("not saved as cr/2026-03-06.txt: %v; stdout %q", err, out)
	}
}

// TestFetchIntoDataDir: with no --dir, fetch saves into the data directory
// (made if need be), which a server reads with no flags: after a reload the
// fetched edition is the newest, and the embedded ones are all still
// there. The data directory is the one an older Arbiter's held, so the CR
// an older fetch saved (in arbiter/cr) serves too.
func TestFetchIntoDataDir(t *testing.T) {
	old := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	text := bytes.ReplaceAll(old, []byte("January 16, 2026"), []byte("June 19, 2026"))
	page := strings.ReplaceAll(rulesPageHTML, "20260116.txt", "20260619.txt")
	srv := siteServer(t, map[string][]byte{"/en/rules": []byte(page), "/downloads/MagicCompRules 20260619.txt": text})
	xdg := t.TempDir()
	t.Setenv("XDG_DATA_HOME", xdg)
	data := defaultDataDir()
	if data != filepath.Join(xdg, "arbiter") {
		t.Fatalf("data directory %s, want XDG_DATA_HOME/arbiter", data)
	}
	// What an older Arbiter's fetch saved: its data directory was arbiter/cr.
	older := bytes.ReplaceAll(old, []byte("January 16, 2026"), []byte("May 1, 2026"))
	os.MkdirAll(filepath.Join(data, "cr"), 0o755)
	putFile(t, filepath.Join(data, "cr", "2026-05-01.txt"), older)

	o := contentOptions{official: true, dataDir: data}
	set, err := newEditionSet(o, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	server := NewServer(set.library(), Options{Content: set, Reread: o})
	server.Warm()
	if ids := editionIDs(t, server); ids[0] != "2026-05-01" {
		t.Fatalf("before the fetch the newest is %s, want the older Arbiter's 2026-05-01", ids[0])
	}
	if code, out, errOut := runFetchCmd(t, "--doc", "cr", "--url", srv.URL+"/en/rules"); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(data, "cr", "2026-06-19.txt")); err != nil {
		t.Fatalf("not saved in the data directory: %v", err)
	}
	if err := server.Reload("test"); err != nil {
		t.Fatal(err)
	}
	ids := editionIDs(t, server)
	if len(ids) != 133 || ids[0] != "2026-06-19" || ids[1] != "2026-05-01" || ids[2] != "2026-04-17" {
		t.Errorf("after the reload: %d editions, %v…", len(ids), ids[:3])
	}
	if w := do(t, server, "GET", "/"); !strings.Contains(w.Body.String(), "2026-06-19") {
		t.Error("the home page does not show the fetched edition")
	}
}

func TestFetchErrors(t *testing.T) {
	text := corpustest.ReadFile(t, "corpus", "cr", "2026-01-16.txt")
	noLink := strings.ReplaceAll(strings.ReplaceAll(rulesPageHTML, "MagicCompRules 20250919.txt", "x.pdf"), "MagicCompRules%2020260116.txt", "rules.pdf")
	slow := http.NewServeMux()
	slow.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	})
	slowSrv := httptest.NewServer(slow)
	t.Cleanup(slowSrv.Close)

	tests := []struct {
		name    string
		page    string
		texts   map[string][]byte
		path    string // of the page; default /en/rules
		args    []string
		limit   int64 // of the text, announced by Content-Length
		pageMax int64 // of the page, which is sent without a length
		wantErr []string
	}{
		{name: "page missing", path: "/nope", page: rulesPageHTML,
			wantErr: []string{"GET http://", "/nope: 404 Not Found"}},
		{name: "no link on the page", page: noLink,
			wantErr: []string{"/en/rules links no Comprehensive Rules: no .txt link", "the page may have changed"}},
		{name: "text missing", page: rulesPageHTML, texts: map[string][]byte{},
			wantErr: []string{"GET http://", "/downloads/MagicCompRules%2020260116.txt: 404 Not Found"}},
		{name: "not a rules text", page: rulesPageHTML, texts: map[string][]byte{"MagicCompRules 20260116.txt": []byte("\x00\x01binary")},
			wantErr: []string{"MagicCompRules%2020260116.txt is not the Comprehensive Rules"}},
		{name: "no date", page: rulesPageHTML, texts: map[string][]byte{"MagicCompRules 20260116.txt": bytes.Replace(text, []byte("These rules are effective as of"), []byte("These rules were written on"), -1)},
			wantErr: []string{"has no effective date"}},
		{name: "cut short", page: rulesPageHTML, texts: map[string][]byte{"MagicCompRules 20260116.txt": text[:len(text)/2]},
			wantErr: []string{"MagicCompRules%2020260116.txt is cut short: it stops at"}},
		{name: "too large", page: rulesPageHTML, texts: map[string][]byte{"MagicCompRules 20260116.txt": text}, limit: 1000,
			wantErr: []string{"MagicCompRules%2020260116.txt: " + strconv.Itoa(len(text)) + " bytes, over the limit of 1000 bytes"}},
		{name: "page too large", page: rulesPageHTML, pageMax: 100,
			wantErr: []string{"/en/rules: over the limit of 100 bytes"}},
		{name: "no such directory", page: rulesPageHTML, args: []string{"--dir", "/nonexistent/rules"},
			wantErr: []string{"/nonexistent/rules"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.limit > 0 {
				old := maxTextBytes
				maxTextBytes = tt.limit
				t.Cleanup(func() { maxTextBytes = old })
			}
			if tt.pageMax > 0 {
				old := maxPageBytes
				maxPageBytes = tt.pageMax
				t.Cleanup(func() { maxPageBytes = old })
			}
			files := map[string][]byte{"/en/rules": []byte(tt.page)}
			for name, b := range tt.texts {
				files["/downloads/"+name] = b
			}
			srv := siteServer(t, files)
			path := tt.path
			if path == "" {
				path = "/en/rules"
			}
			dir := t.TempDir()
			args := append([]string{"--dir", dir, "--doc", "cr", "--url", srv.URL + path}, tt.args...)
			code, out, errOut := runFetchCmd(t, args...)
			if code != 1 {
				t.Errorf("exit %d, want 1; stdout %q", code, out)
			}
			for _, w := range append(tt.wantErr, "arbiter fetch: cr: ") {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q does not say %q", errOut, w)
				}
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("a failed fetch left %d files", len(entries))
			}
		})
	}

	t.Run("timeout", func(t *testing.T) {
		start := time.Now()
		code, _, errOut := runFetchCmd(t, "--dir", t.TempDir(), "--doc", "cr", "--url", slowSrv.URL+"/en/rules", "--timeout", "200ms")
		if code != 1 || !strings.Contains(errOut, "deadline exceeded") || !strings.Contains(errOut, "gave up after 200ms") {
			t.Errorf("exit %d, stderr %q", code, errOut)
		}
		if d := time.Since(start); d > 4*time.Second {
			t.Errorf("took %s to give up", d)
		}
	})
	t.Run("usage", func(t *testing.T) {
		if code, _, _ := runFetchCmd(t, "extra"); code != 2 {
			t.Errorf("an argument: exit %d, want 2", code)
		}
	})
}
