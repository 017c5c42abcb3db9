package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "fetch",
		usage: "fetch [--doc cr,mtr,ipg,jar] [--dir DIR] [--url URL] [--mtr-url URL] [--ipg-url URL] [--jar-url URL] [--timeout 1m]   download the newest official editions into the data directory (or DIR) as DOC/DATE.txt, .pdf or .html",
		run:   runFetch,
	})
}

// fetchSource is where the newest edition of one document is published: a
// page that links it (or, for JAR, is it).
type fetchSource struct {
	doc  rules.Doc
	page string // the page's address
	flag string // the flag that names another page
	// pageIsDoc: the page itself may be the document. The judges' site
	// publishes JAR as a web page (the corpus's editions are that page);
	// Wizards' pages only link their documents.
	pageIsDoc bool
}

// fetchSources lists the documents fetch knows, in the order it fetches
// them. Wizards' rules page links the Comprehensive Rules in each format
// (".../MagicCompRules 20260116.txt"); its rules documents page the MTR
// and IPG PDFs (the 2025 MTR: "The latest versions are available at
// https://wpn.wizards.com/en/rules-documents"); the judges' site has JAR.
var fetchSources = []fetchSource{
	{doc: rules.DocCR, page: "https://magic.wizards.com/en/rules", flag: "url"},
	{doc: rules.DocMTR, page: "https://wpn.wizards.com/en/rules-documents", flag: "mtr-url"},
	{doc: rules.DocIPG, page: "https://wpn.wizards.com/en/rules-documents", flag: "ipg-url"},
	{doc: rules.DocJAR, page: "https://blogs.magicjudges.org/rules/jar/", flag: "jar-url", pageIsDoc: true},
}

// Limits on what fetch reads: the pages are a few hundred KB, the CR text
// about 1 MB and the PDFs under 1 MB. Anything far larger is not what we
// asked for; no file larger than rules.MaxSourceBytes would be served.
var (
	maxPageBytes int64 = 4 << 20
	maxTextBytes int64 = rules.MaxSourceBytes
)

func runFetch(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("fetch", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dataDir := defaultDataDir()
	dir := fl.String("dir", dataDir, "the data directory to save into, each document in its own folder (cr/, mtr/, ipg/, jar/); arbiter serve reads the default one (its --data-dir)")
	docs := fl.String("doc", "cr,mtr,ipg,jar", "the documents to fetch, separated by commas")
	pages := map[rules.Doc]*string{}
	for _, s := range fetchSources {
		pages[s.doc] = fl.String(s.flag, s.page, "the page that links the current "+s.doc.Title())
	}
	timeout := fl.Duration("timeout", time.Minute, "give up on a document (its page and its download) after this long")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "fetch: unexpected argument %q\n", fl.Arg(0))
		return 2
	}
	want, err := parseDocList(*docs)
	if err != nil {
		fmt.Fprintf(stderr, "fetch: --doc: %v\n", err)
		return 2
	}
	if *dir == "" {
		fmt.Fprintln(stderr, "fetch: no --dir, and no home directory for the default data directory")
		return 2
	}
	if *dir == dataDir {
		// The default is ours to make; a directory the user names must exist.
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "arbiter fetch: %v\n", err)
			return 1
		}
	}
	f := &fetcher{client: http.DefaultClient, dir: *dir, pages: map[string]fetchedPage{}}
	var failed []string
	for _, s := range fetchSources {
		if !want[s.doc] {
			continue
		}
		s.page = *pages[s.doc]
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		msg, err := f.fetch(ctx, s)
		cancel()
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("%w (gave up after %s; try a longer --timeout)", err, *timeout)
			}
			fmt.Fprintf(stderr, "arbiter fetch: %s: %v\n", s.doc, err)
			failed = append(failed, s.doc.String())
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n", s.doc, msg)
	}
	if len(failed) > 0 {
		fmt.Fprintf(stderr, "arbiter fetch: %d of %d documents not fetched (%s)\n", len(failed), len(want), strings.Join(failed, ", "))
		return 1
	}
	return 0
}

// parseDocList reads --doc: document slugs separated by commas.
func parseDocList(s string) (map[rules.Doc]bool, error) {
	want := map[rules.Doc]bool{}
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		d, ok := rules.DocBySlug(name)
		if !ok {
			return nil, fmt.Errorf("unknown document %q (cr, mtr, ipg or jar)", name)
		}
		want[d] = true
	}
	return want, nil
}

// fetcher fetches documents into dir, reading each page once: the MTR's
// and the IPG's are the same page.
type fetcher struct {
	client *http.Client
	dir    string
	pages  map[string]fetchedPage
}

type fetchedPage struct {
	body []byte
	err  error
}

// fetch finds the newest edition of s.doc from s.page, checks that it is
// a whole edition of that document with an effective date, and saves it
// in the data directory as DOC/DATE.txt, .pdf or .html unless the
// directory already has it. It returns what it did, for the user.
func (f *fetcher) fetch(ctx context.Context, s fetchSource) (string, error) {
	if st, err := os.Stat(f.dir); err != nil {
		return "", err
	} else if !st.IsDir() {
		return "", fmt.Errorf("%s is not a directory", f.dir)
	}
	base, err := url.Parse(s.page)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") {
		return "", fmt.Errorf("%q is not an http(s) address", s.page)
	}
	body, err := f.page(ctx, s.page)
	if err != nil {
		return "", err
	}
	var notDoc error
	if s.pageIsDoc {
		data := pageArticle(s.page, body)
		e, err := checkEdition(s.doc, s.page, data)
		if err == nil {
			return save(f.dir, e, data, s.page)
		}
		notDoc = err
	}
	link, err := docLink(s.doc, base, body)
	if err != nil {
		if notDoc != nil {
			return "", fmt.Errorf("%w; nor is the page itself the document: %w", err, notDoc)
		}
		return "", err
	}
	data, err := get(ctx, f.client, link, maxTextBytes)
	if err != nil {
		return "", err
	}
	data = pageArticle(link, data)
	e, err := checkEdition(s.doc, link, data)
	if err != nil {
		return "", err
	}
	return save(f.dir, e, data, link)
}

// page reads a page, or says why it could not, once a run.
func (f *fetcher) page(ctx context.Context, addr string) ([]byte, error) {
	if p, ok := f.pages[addr]; ok {
		return p.body, p.err
	}
	b, err := get(ctx, f.client, addr, maxPageBytes)
	f.pages[addr] = fetchedPage{b, err}
	return b, err
}

// get reads url's body, at most limit bytes, or says why not.
func get(ctx context.Context, client *http.Client, url string, limit int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", url, err)
	}
	req.Header.Set("User-Agent", "arbiter-fetch (Magic rules reference)")
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	if resp.ContentLength > limit {
		return nil, fmt.Errorf("GET %s: %d bytes, over the limit of %d bytes", url, resp.ContentLength, limit)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", url, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("GET %s: over the limit of %d bytes", url, limit)
	}
	return b, nil
}
