package history

import (
	"os"
	"sync"
	"testing"

	"github.com/arbiter-rules/arbiter/rules"
	"github.com/arbiter-rules/arbiter/rules/corpustest"
)

var (
	corpusOnce sync.Once
	corpusLib  *rules.Library
	corpusErr  error
	chainOnce  sync.Once
	chain      *Chain
)

// corpus loads every edition in ../shared/corpus/cr once per test binary.
func corpus(tb testing.TB) *rules.Library {
	tb.Helper()
	dir := corpustest.Path(tb, "corpus", "cr")
	corpusOnce.Do(func() {
		var eds []*rules.Edition
		eds, corpusErr = rules.Load(os.DirFS(dir), ".")
		for _, e := range eds {
			if e.Failed() {
				corpusErr = &rules.ParseError{Diagnostics: e.Diagnostics}
			}
		}
		corpusLib = rules.NewLibrary(eds)
	})
	if corpusErr != nil {
		tb.Fatal(corpusErr)
	}
	return corpusLib
}

// warmChain is the corpus's chain with every neighbouring pair matched.
func warmChain(tb testing.TB) *Chain {
	lib := corpus(tb)
	chainOnce.Do(func() {
		chain = NewChain(lib)
		chain.Warm()
	})
	return chain
}

func num(tb testing.TB, s string) rules.Number {
	tb.Helper()
	n, err := rules.ParseNumber(s)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}
