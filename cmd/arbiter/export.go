package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbiter-rules/arbiter/rules"
)

func init() {
	commands = append(commands, command{
		name:  "export",
		usage: "export --format json|md [--out DIR] PATH | export --site DIR [--rules PATH]... [--base-url URL] [--sandbox-url URL] [--wasm FILE] [--api=false]",
		run:   runExport,
	})
}

// runExport writes each edition found under PATH as DIR/<id>.json or .md,
// or to stdout when there is no --out and PATH holds one edition. A file
// that fails to parse is reported with its errors (file:line) and skipped;
// the exit status is then 1.
func runExport(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("export", flag.ContinueOnError)
	fl.SetOutput(stderr)
	format := fl.String("format", "", "output format: json or md")
	out := fl.String("out", "", "write DIR/<id>.<format> for each edition (default: stdout, for one edition)")
	var site siteOptions
	fl.StringVar(&site.dir, "site", "", "write the whole site as static files in DIR (a new or empty directory), for any static host")
	fl.Var((*pathList)(&site.paths), "rules", "with --site: a rules file or directory to export besides the embedded editions (repeatable)")
	fl.StringVar(&site.official, "official", "latest", "with --site: the embedded editions to export: latest (the newest of the CR, the MTR, the IPG and JAR), all (every embedded edition: the CR's 128 and the judge documents' 112; gigabytes of files) or none")
	fl.StringVar(&site.base, "base-url", "", "with --site: the path (/arbiter) or URL the site will live under; default the host's root")
	fl.StringVar(&site.sandbox, "sandbox-url", "", "with --site: an arbiter server whose sandbox \"Run in sandbox\" opens; default: no sandbox links")
	fl.StringVar(&site.wasm, "wasm", "", "with --site: the search compiled already (GOOS=js GOARCH=wasm go build ./cmd/searchwasm); default: build it")
	fl.BoolVar(&site.api, "api", true, "with --site: write the JSON API's answers as .json files")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: arbiter export --format json|md [--out DIR] PATH")
		fmt.Fprintln(stderr, "       arbiter export --site DIR [--official latest|all|none] [--rules PATH]... [--base-url URL] [--sandbox-url URL] [--wasm FILE] [--api=false]")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if site.dir != "" {
		if *format != "" || *out != "" || fl.NArg() > 0 {
			fmt.Fprintln(stderr, "arbiter export: --site takes its rules from --rules, and no --format, --out or PATH")
			return 2
		}
		return exportSite(site, stdout, stderr)
	}
	if !slices.Contains(rules.ExportFormats, *format) {
		fmt.Fprintf(stderr, "arbiter export: --format must be json or md, got %q\n", *format)
		return 2
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return 2
	}
	path := fl.Arg(0)
	eds, err := loadPath(path)
	if err != nil {
		fmt.Fprintf(stderr, "arbiter export: %v\n", err)
		return 1
	}
	status := 0
	var good []*rules.Edition
	for _, e := range eds {
		for _, d := range e.Diagnostics {
			if d.Severity != rules.SevInfo {
				fmt.Fprintln(stderr, d)
			}
		}
		if e.Failed() {
			fmt.Fprintf(stderr, "arbiter export: %s: not exported: it failed to parse\n", strings.Join(e.Files, ", "))
			status = 1
			continue
		}
		good = append(good, e)
	}
	lib := rules.NewLibrary(good) // gives every edition a unique ID
	if *out == "" {
		switch n := len(lib.Editions); {
		case n == 0 && status == 0:
			fmt.Fprintf(stderr, "arbiter export: %s holds no editions\n", path)
			return 1
		case n == 0:
			return status
		case n > 1:
			fmt.Fprintf(stderr, "arbiter export: %s holds %d editions: use --out DIR\n", path, n)
			return 2
		}
		w := bufio.NewWriter(stdout)
		err := rules.Export(w, lib.Editions[0], *format)
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			fmt.Fprintf(stderr, "arbiter export: %v\n", err)
			return 1
		}
		return status
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintf(stderr, "arbiter export: %v\n", err)
		return 1
	}
	for _, e := range lib.Editions {
		name := filepath.Join(*out, exportFileName(e.ID)+"."+*format)
		if err := exportFile(name, e, *format); err != nil {
			fmt.Fprintf(stderr, "arbiter export: %s (from %s): %v\n", name, strings.Join(e.Files, ", "), err)
			status = 1
			continue
		}
		fmt.Fprintln(stdout, name)
	}
	return status
}

// exportFileName keeps an edition ID from a hand-written front matter
// ("../x") from naming a file outside the output directory.
func exportFileName(id string) string {
	if id != "" && id == filepath.Base(id) && !strings.HasPrefix(id, ".") && !strings.ContainsAny(id, `/\`) {
		return id
	}
	if s := rules.Slug(id); s != "" {
		return s
	}
	return "edition"
}

func exportFile(name string, e *rules.Edition, format string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = rules.Export(w, e, format)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
