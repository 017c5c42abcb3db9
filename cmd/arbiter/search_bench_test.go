package main

import (
	"errors"
	"io"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

// BenchmarkSearchPage serves the search page and the suggestions over the
// 2026-01-16 CR and the newest MTR, IPG and JAR: a game question, a
// tournament question (answered by the MTR), judges' shorthand and a rule
// number typed with a space. go test ./cmd/arbiter -bench SearchPage -run '^$'
func BenchmarkSearchPage(b *testing.B) {
	data, err := os.ReadFile(corpustest.Path(b, "corpus", "cr", "2026-01-16.txt"))
	if err != nil {
		b.Fatal(err)
	}
	eds := []*rules.Edition{rules.Parse(rules.Source{Name: "2026-01-16.txt", Data: data})}
	rd, err := content.OpenDocs()
	if err != nil {
		b.Fatal(err)
	}
	for {
		f, data, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			b.Fatal(err)
		}
		switch f.Name {
		case "mtr/2025-04-21.txt", "ipg/2024-09-23.txt", "jar/2019-01-21.html":
			eds = append(eds, rules.Parse(rules.Source{Name: f.Name, Data: data}))
		}
	}
	if len(eds) != 4 {
		b.Fatalf("%d editions, want the CR and the newest MTR, IPG and JAR", len(eds))
	}
	srv := NewServer(rules.NewLibrary(eds), Options{})
	for _, c := range []struct{ name, path string }{
		{"game", "/search?q=can+i+block+with+a+tapped+creature"},
		{"tournament", "/search?q=can+I+take+notes+during+a+match"},
		{"shorthand", "/search?q=GRV"},
		{"suggest-number", "/suggest?q=704+5j"},
		{"suggest-words", "/suggest?q=legend+ru"},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", c.path, nil)
			if w := do(b, srv, "GET", c.path); w.Code != 200 {
				b.Fatalf("%s: %d", c.path, w.Code)
			}
			b.ReportAllocs()
			for b.Loop() {
				w := &countWriter{nopWriter: nopWriter{h: make(map[string][]string)}}
				srv.ServeHTTP(w, req)
			}
		})
	}
}
