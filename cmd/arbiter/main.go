// Command arbiter serves and checks the Magic: The Gathering Comprehensive Rules.
//
//	arbiter serve [--addr 127.0.0.1:8080] [--rules PATH]...
//	arbiter check [--json] PATH...
//	arbiter export --format json|md [--out DIR] PATH
//	arbiter fetch [--doc cr,mtr,ipg,jar] [--dir DIR] [--url URL] [--mtr-url URL] [--ipg-url URL] [--jar-url URL] [--timeout 1m]
//	arbiter archive [--from DIR] [--out DIR]
//	arbiter cards --coverage [--sets] [--top N]
package main

import (
	"fmt"
	"io"
	"os"
)

// command is one subcommand: it gets its arguments after the name and writes
// to stdout/stderr; its int result is the exit status.
type command struct {
	name, usage string
	run         func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		return 2
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "arbiter: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage:")
	for _, c := range commands {
		fmt.Fprintf(w, "  arbiter %s\n", c.usage)
	}
}
