//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains that this command only runs in a browser.
func main() {
	fmt.Fprintln(os.Stderr, "searchwasm runs in a browser: build it with GOOS=js GOARCH=wasm (arbiter export --site does)")
	os.Exit(2)
}
