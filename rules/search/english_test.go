package search

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var updateEnglish = flag.Bool("update", false, "rewrite english.txt from the installed WordNet files")

// wordnetDir is where Debian's wordnet-base package installs WordNet 3.0.
const wordnetDir = "/usr/share/wordnet"

// englishFromWordNet builds english.txt from WordNet's index and exception
// files in dir: the stems of its single-word lemmas tagged at least once
// in the semantic concordance, and of their irregular forms, four letters
// or more.
func englishFromWordNet(dir string) ([]byte, error) {
	word := regexp.MustCompile(`^[a-z]+$`)
	common := map[string]bool{}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		err := eachLine(filepath.Join(dir, "index."+pos), func(f []string) error {
			// lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
			if len(f) < 6 || !word.MatchString(f[0]) {
				return nil
			}
			p, err := strconv.Atoi(f[3])
			if err != nil || 5+p >= len(f) {
				return fmt.Errorf("index.%s: %q: no tagsense_cnt", pos, f[0])
			}
			if tagged, err := strconv.Atoi(f[5+p]); err == nil && tagged > 0 {
				common[f[0]] = true
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	forms := map[string]bool{}
	for w := range common {
		forms[w] = true
	}
	for _, pos := range []string{"noun", "verb", "adj", "adv"} {
		err := eachLine(filepath.Join(dir, pos+".exc"), func(f []string) error {
			// inflected form, then its base forms
			if len(f) >= 2 && word.MatchString(f[0]) && slices.ContainsFunc(f[1:], func(b string) bool { return common[b] }) {
				forms[f[0]] = true
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	stems := map[string]bool{}
	for w := range forms {
		if len(w) >= 4 {
			stems[string(stem(nil, []byte(w)))] = true
		}
	}
	out := make([]string, 0, len(stems))
	for s := range stems {
		out = append(out, s)
	}
	slices.Sort(out)
	return []byte(strings.Join(out, "\n") + "\n"), nil
}

// eachLine calls fn with the fields of each line of file that does not
// start with a space (WordNet's licence header does).
func eachLine(file string, fn func([]string) error) error {
	fh, err := os.Open(file)
	if err != nil {
		return err
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if l := sc.Text(); l != "" && l[0] != ' ' {
			if err := fn(strings.Fields(l)); err != nil {
				return err
			}
		}
	}
	return sc.Err()
}

// TestEnglishWords checks english.txt is what WordNet gives (CI installs
// wordnet-base; elsewhere the test skips without it).
func TestEnglishWords(t *testing.T) {
	if _, err := os.Stat(filepath.Join(wordnetDir, "index.noun")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("WordNet is not installed in %s (.ci/run installs wordnet-base)", wordnetDir)
		}
		t.Skipf("WordNet is not installed in %s (apt-get install wordnet-base)", wordnetDir)
	}
	want, err := englishFromWordNet(wordnetDir)
	if err != nil {
		t.Fatal(err)
	}
	if *updateEnglish {
		if err := os.WriteFile("english.txt", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return // the binary embeds the file it was built with
	}
	if string(want) != englishStems {
		t.Fatalf("english.txt (%d bytes) is not what %s gives (%d bytes); rebuild it: go test -run TestEnglishWords -update", len(englishStems), wordnetDir, len(want))
	}
}

func TestEnglishWord(t *testing.T) {
	for w, want := range map[string]bool{
		"pump": true, "pumps": true, "buff": true, "dead": true, "guide": true, "said": true, "tell": true, "hack": true,
		"deathtuch": false, "comander": false, "indestructable": false, "hexprof": false, "tramlpe": false, "burm": false,
		"tap": false, // too short to correct anyway
	} {
		if got := englishWord(w); got != want {
			t.Errorf("englishWord(%q) = %v, want %v", w, got, want)
		}
	}
}
