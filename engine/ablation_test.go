package engine

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/registry"
)

// TestGatesRegistered checks the registry of switchable rules against the
// code: every key gated lists has a gate (a call t.applies(registry.X), in
// package combat g.Applies(registry.X), or an entry of sbaChecks, which
// checkSBA gates by its key), and every gate's key is listed, so that
// --ablate switches off each rule the code gates.
func TestGatesRegistered(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	inCombat, err := filepath.Glob("combat/*.go")
	if err != nil || len(inCombat) == 0 {
		t.Fatal("no files in combat/", err)
	}
	names = append(names, inCombat...)
	fset := gotoken.NewFileSet()
	inCode := map[registry.Key]string{} // key → file:line of a gate
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(x ast.Node) bool {
			call, ok := x.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "applies" || sel.Sel.Name == "Applies") {
				if arg, ok := call.Args[0].(*ast.SelectorExpr); ok {
					if pkg, ok := arg.X.(*ast.Ident); ok && pkg.Name == "registry" {
						inCode[keyByName(t, arg.Sel.Name)] = fset.Position(call.Pos()).String()
					}
				}
			}
			return true
		})
	}
	for _, c := range sbaChecks {
		inCode[c.key] = "sbaChecks"
	}
	for _, k := range keywordTriggerKeys {
		inCode[k] = "keywordTriggerKeys"
	}
	for k, where := range inCode {
		if !registry.IsGated(k) {
			t.Errorf("%s: the gate for %s isn't in gated (registry/gated.go)", where, k)
		}
	}
	for _, k := range registry.Gated() {
		if _, ok := inCode[k]; !ok {
			t.Errorf("%s is in gated but no code asks t.applies(%s)", k, k)
		}
		if !slices.Contains(registry.Keys(), k) {
			t.Errorf("%s is in gated but has no recognizer", k)
		}
	}
}

// keyByName maps a key constant's name (SBALethal) to its key by the
// declarations in registry/rulekeys*.go.
func keyByName(t *testing.T, name string) registry.Key {
	t.Helper()
	names, _ := filepath.Glob("registry/rulekeys*.go")
	fset := gotoken.NewFileSet()
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if o := f.Scope.Lookup(name); o != nil {
			if vs, ok := o.Decl.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
				if lit, ok := vs.Values[0].(*ast.BasicLit); ok {
					return registry.Key(strings.Trim(lit.Value, `"`))
				}
			}
		}
	}
	t.Fatalf("no key constant %s", name)
	return ""
}

// TestWithout checks that switching a rule off stops its code and nothing
// else: with 704.5g off a creature with lethal damage stays on the
// battlefield; the edition it came from still applies the rule, and the
// numbering is unchanged.
func TestWithout(t *testing.T) {
	for _, tc := range []struct {
		off  []registry.Key
		want cardtext.Zone
	}{{nil, cardtext.Graveyard}, {[]registry.Key{registry.SBALethal}, cardtext.Battlefield}, {[]registry.Key{registry.SBAToughness}, cardtext.Graveyard}} {
		g := newGame(t, "2026-01-16")
		base := g.ed
		g.ed = g.ed.Without(tc.off...)
		id := g.put(g.card("Grizzly Bears", "{1}{G}", "Creature — Bear", 2, 2), 0, cardtext.Battlefield)
		g.do(DealDamage{To: ObjectTarget(id), N: 2})
		if n := len(g.s.In(0, tc.want)); n != 1 {
			t.Errorf("without %v: %d creatures in %s, want the Bears", tc.off, n, tc.want)
		}
		if !base.Applies(registry.SBALethal) || g.ed.Rule(registry.SBALethal) != base.Rule(registry.SBALethal) {
			t.Errorf("without %v: the original edition changed", tc.off)
		}
	}
}
