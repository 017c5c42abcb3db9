package main

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestSandboxRunMethods: /sandbox/run answers GET, HEAD and POST; any other
// method gets 405 with an Allow header that names them (RFC 9110 15.5.6), so
// a client can see that posting is allowed, and names only methods the path
// really answers.
func TestSandboxRunMethods(t *testing.T) {
	srv := sandboxServer(t)
	for _, tc := range []struct {
		path string
		want []string // methods Allow must name
		not  []string // methods it must not name
	}{
		{"/sandbox/run", []string{"GET", "HEAD", "POST"}, []string{"PUT", "DELETE"}},
		{"/sandbox", []string{"GET", "HEAD"}, []string{"POST", "PUT"}},
	} {
		for _, m := range []string{http.MethodPut, http.MethodDelete, http.MethodPatch} {
			w := do(t, srv, m, tc.path)
			if w.Code != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: %d, want 405", m, tc.path, w.Code)
				continue
			}
			var allow []string
			for _, a := range strings.Split(w.Header().Get("Allow"), ",") {
				allow = append(allow, strings.TrimSpace(a))
			}
			for _, a := range tc.want {
				if !slices.Contains(allow, a) {
					t.Errorf("%s %s: Allow %q lacks %s", m, tc.path, w.Header().Get("Allow"), a)
				}
			}
			for _, a := range tc.not {
				if slices.Contains(allow, a) {
					t.Errorf("%s %s: Allow %q names %s", m, tc.path, w.Header().Get("Allow"), a)
				}
			}
			// Every method Allow names is answered.
			for _, a := range allow {
				if w := do(t, srv, a, tc.path); w.Code == http.StatusMethodNotAllowed || w.Code >= 500 {
					t.Errorf("%s %s: %d, though Allow names it", a, tc.path, w.Code)
				}
			}
		}
	}
}
