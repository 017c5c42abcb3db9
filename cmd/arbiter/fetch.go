package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "fetch",
		usage: "fetch [--dir DIR] [--url URL] [--timeout 1m]   download the newest official CR text into the data directory (or DIR) as DATE.txt",
		run:   runFetch,
	})
}

// rulesPage is Wizards' page that links the current Comprehensive Rules in
// each format; the text version's link ends in .txt and names the file
// MagicCompRules (".../MagicCompRules 20260116.txt").
const rulesPage = "https://magic.wizards.com/en/rules"

// Limits on what fetch reads: the page is about 200 KB, the text about
// 1 MB. Anything far larger is not what we asked for.
var (
	maxPageBytes int64 = 4 << 20
	maxTextBytes int64 = 16 << 20
)

func runFetch(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("fetch", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dataDir := defaultDataDir()
	dir := fl.String("dir", dataDir, "directory to save the rules text in; arbiter serve reads the default one (its --data-dir)")
	page := fl.String("url", rulesPage, "the rules page that links the current text")
	timeout := fl.Duration("timeout", time.Minute, "give up on the page and the download after this long")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "fetch: unexpected argument %q\n", fl.Arg(0))
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
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	msg, err := fetch(ctx, http.DefaultClient, *page, *dir)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("%w (gave up after %s; try a longer --timeout)", err, *timeout)
		}
		fmt.Fprintf(stderr, "arbiter fetch: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, msg)
	return 0
}

// fetch finds the text's link on page, downloads it, learns its effective
// date by parsing it, and saves it in dir as DATE.txt unless dir already
// has that file or the same text under another name. It returns what it
// did, for the user.
func fetch(ctx context.Context, client *http.Client, page, dir string) (string, error) {
	if st, err := os.Stat(dir); err != nil {
		return "", err
	} else if !st.IsDir() {
		return "", fmt.Errorf("%s is not a directory", dir)
	}
	body, err := get(ctx, client, page, maxPageBytes)
	if err != nil {
		return "", err
	}
	link, err := textLink(page, body)
	if err != nil {
		return "", err
	}
	text, err := get(ctx, client, link, maxTextBytes)
	if err != nil {
		return "", err
	}
	e := rules.Parse(rules.Source{Name: link, Data: text})
	if e.Failed() {
		return "", fmt.Errorf("%s is not a rules text: %w", link, &rules.ParseError{Diagnostics: e.Diagnostics})
	}
	date := e.EffectiveDate()
	if date == "" {
		return "", fmt.Errorf("%s has no effective date (no \"These rules are effective as of …\" line)", link)
	}
	name := filepath.Join(dir, date+".txt")
	if old, err := os.ReadFile(name); err == nil {
		if bytes.Equal(old, text) {
			return fmt.Sprintf("%s is already present (%s); nothing to do", name, date), nil
		}
		return fmt.Sprintf("%s is already present (%s) and differs from %s; kept it (remove it to download again)", name, date, link), nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if same, err := sameText(dir, text); err != nil {
		return "", err
	} else if same != "" {
		return fmt.Sprintf("%s already holds this text (%s); nothing to do", same, date), nil
	}
	if err := writeFile(name, text); err != nil {
		return "", err
	}
	return fmt.Sprintf("saved %s (%s, %d bytes, %d rules) from %s", name, date, len(text), len(e.Entries()), link), nil
}

// get reads url's body, at most limit bytes, or says why not.
func get(ctx context.Context, client *http.Client, url string, limit int64) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", url, err)
	}
	req.Header.Set("User-Agent", "arbiter-fetch (Comprehensive Rules reference)")
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

// compDate is the date in a file name like "MagicCompRules 20260116.txt".
var compDate = regexp.MustCompile(`(?:^|\D)(20\d{6})(?:\D|$)`)

// textLink finds the link to the rules text on the page: an <a> whose href
// ends in .txt and names MagicCompRules. Of several, the one with the
// latest date in its name wins, then the first. The href is resolved
// against the page's URL.
func textLink(page string, body []byte) (string, error) {
	base, err := url.Parse(page)
	if err != nil {
		return "", err
	}
	var best, bestDate string
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if string(name) != "a" || !hasAttr {
			continue
		}
		for {
			k, v, more := z.TagAttr()
			if string(k) == "href" {
				href := strings.TrimSpace(string(v))
				path := href
				if i := strings.IndexAny(path, "?#"); i >= 0 {
					path = path[:i]
				}
				if strings.HasSuffix(strings.ToLower(path), ".txt") && strings.Contains(path, "MagicCompRules") {
					var date string
					if p, err := url.PathUnescape(path); err == nil {
						if m := compDate.FindStringSubmatch(p); m != nil {
							date = m[1]
						}
					}
					if best == "" || date > bestDate {
						best, bestDate = href, date
					}
				}
			}
			if !more {
				break
			}
		}
	}
	if best == "" {
		return "", fmt.Errorf("%s links no rules text (no <a href> ending in .txt naming MagicCompRules); the page may have changed", page)
	}
	u, err := base.Parse(best)
	if err != nil {
		return "", fmt.Errorf("%s: bad link %q: %w", page, best, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("%s: the rules link %q is not http(s)", page, best)
	}
	return u.String(), nil
}

// sameText returns the name of a .txt file in dir whose bytes are text, or
// "": the corpus names some files by release, not by effective date.
func sameText(dir string, text []byte) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, de := range entries {
		if de.IsDir() || !strings.HasSuffix(de.Name(), ".txt") {
			continue
		}
		if info, err := de.Info(); err != nil || info.Size() != int64(len(text)) {
			continue
		}
		p := filepath.Join(dir, de.Name())
		b, err := os.ReadFile(p)
		if err != nil {
			return "", err
		}
		if bytes.Equal(b, text) {
			return p, nil
		}
	}
	return "", nil
}

// writeFile writes b to name through a temporary file in the same
// directory, so an interrupted fetch never leaves half a rules file.
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
