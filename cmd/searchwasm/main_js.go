//go:build js && wasm

package main

import (
	"syscall/js"
)

// main publishes arbiter.open(id, base, bytes, static) and
// arbiter.search(query) for static/search.js and waits for calls.
//
// open returns "" or an error message; static says whether the page is a
// static export's, whose links end in .html (true when left out, as an
// export's search.js of before it was asked). search returns {html, jump,
// error}: the results to show, or the URL to go to instead.
func main() {
	var cur *site
	api := js.Global().Get("Object").New()
	api.Set("open", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 3 && len(args) != 4 {
			return "open wants id, base, the edition's bytes and whether the site is static"
		}
		data := make([]byte, args[2].Get("length").Int())
		js.CopyBytesToGo(data, args[2])
		static := len(args) == 3 || args[3].Truthy()
		s, err := open(args[0].String(), args[1].String(), data, static)
		if err != nil {
			return err.Error()
		}
		cur = s
		return ""
	}))
	api.Set("search", js.FuncOf(func(_ js.Value, args []js.Value) any {
		out := map[string]any{"html": "", "jump": "", "error": ""}
		switch {
		case cur == nil:
			out["error"] = "no edition is open"
		case len(args) != 1:
			out["error"] = "search wants the query"
		default:
			html, jump, err := cur.query(args[0].String())
			out["html"], out["jump"] = html, jump
			if err != nil {
				out["error"] = err.Error()
			}
		}
		return js.ValueOf(out)
	}))
	js.Global().Set("arbiter", api)
	js.Global().Get("document").Call("dispatchEvent", js.Global().Get("Event").New("arbiter-search-ready"))
	select {}
}
