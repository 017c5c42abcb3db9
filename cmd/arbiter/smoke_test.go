package main

import (
	"io"
	"net/http/httptest"
	"testing"
)

func TestSmokePrint(t *testing.T) {
	srv := NewServer(fixtureLibrary(t), Options{})
	for _, p := range []string{"/2026-01-16/704.5k", "/2026-01-16/999.9z"} {
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, httptest.NewRequest("GET", p, nil))
		b, _ := io.ReadAll(w.Body)
		t.Logf("%s %d %v\n%s", p, w.Code, w.Header(), b)
	}
}
