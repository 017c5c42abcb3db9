package content

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// smallSources are three made-up files, enough to exercise the writer
// without the corpus's 48 MB.
func smallSources() []CorpusSource {
	return []CorpusSource{
		{Effective: "2004-10-01", Name: "2004-10-01.txt", Encoding: "windows-1252", Data: []byte("Rules\r\n100.1. Old \x93text\x94.\r\n")},
		{Effective: "2026-01-16", Name: "2026-01-16.txt", Encoding: "utf-8-bom", Data: []byte("\xef\xbb\xbfRules\n100.1. New text.\n")},
		{Effective: "2013-05-01", Name: "2013-04-29.txt", Encoding: "utf-16be", Data: []byte("\xfe\xff\x00R\x00\n")},
	}
}

// smallSets is a table of sets for smallSources: two sets brought the
// oldest file, one the newest.
var smallSets = []byte("effective_date\tset_code\tset_name\n2004-10-01\tCHK\tChampions of Kamigawa\n" +
	"2004-10-01\tXYZ\tAnother Set\n2026-01-16\tECL\tLorwyn Eclipsed\n")

// TestWriteCorpusOrder: the output depends on the files, not on the order
// they come in, and reads back newest first with the files' bytes, the
// table of sets first.
func TestWriteCorpusOrder(t *testing.T) {
	srcs := smallSources()
	var wantZst, wantManifest bytes.Buffer
	if err := WriteCorpus(&wantZst, &wantManifest, srcs, smallSets); err != nil {
		t.Fatal(err)
	}
	for _, order := range [][]int{{0, 1, 2}, {2, 1, 0}, {1, 0, 2}, {2, 0, 1}} {
		var in []CorpusSource
		for _, i := range order {
			in = append(in, srcs[i])
		}
		var zst, manifest bytes.Buffer
		if err := WriteCorpus(&zst, &manifest, in, smallSets); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(zst.Bytes(), wantZst.Bytes()) || !bytes.Equal(manifest.Bytes(), wantManifest.Bytes()) {
			t.Errorf("order %v gives other bytes", order)
		}
	}
	m, err := parseManifest("m", wantManifest.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m.sets == nil || m.sets.Name != "cr-sets.tsv" || m.sets.Check(smallSets) != nil {
		t.Errorf("manifest's table of sets: %+v", m.sets)
	}
	table, err := readSets("a", bytes.NewReader(wantZst.Bytes()), m)
	if err != nil || !bytes.Equal(table, smallSets) {
		t.Errorf("table of sets read back as %q, %v", table, err)
	}
	r, err := openManifest("a", bytes.NewReader(wantZst.Bytes()), m, corpusWindow)
	if err != nil {
		t.Fatal(err)
	}
	got, data, err := readAll(r)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]CorpusSource{}
	for _, s := range srcs {
		byName[s.Name] = s
	}
	var names []string
	for i, f := range got {
		names = append(names, f.Name)
		s := byName[f.Name]
		if f.Effective != s.Effective || f.Encoding != s.Encoding || !bytes.Equal(data[i], s.Data) {
			t.Errorf("%s read back as %+v", f.Name, f)
		}
		if err := f.Check(s.Data); err != nil {
			t.Error(err)
		}
	}
	if want := []string{"2026-01-16.txt", "2013-04-29.txt", "2004-10-01.txt"}; !slices.Equal(names, want) {
		t.Errorf("order %v, want %v", names, want)
	}
}

func TestWriteCorpusErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		edit func([]CorpusSource) []CorpusSource
		want string
	}{
		{"no files", func([]CorpusSource) []CorpusSource { return nil }, "lists no files"},
		{"one date twice", func(s []CorpusSource) []CorpusSource {
			return append(s, CorpusSource{Effective: "2013-05-01", Name: "2013-05-01.txt", Encoding: "utf-8", Data: []byte("x")})
		}, "2013-04-29.txt and 2013-05-01.txt have the same effective date, 2013-05-01"},
		{"one name twice", func(s []CorpusSource) []CorpusSource {
			return append(s, CorpusSource{Effective: "2003-03-15", Name: "2026-01-16.txt", Encoding: "utf-8", Data: []byte("x")})
		}, "2026-01-16.txt is listed already"},
		{"a path for a name", func(s []CorpusSource) []CorpusSource { s[0].Name = "cr/x.txt"; return s }, `"cr/x.txt" has a slash`},
		{"no date", func(s []CorpusSource) []CorpusSource { s[1].Effective = ""; return s }, `2026-01-16.txt: effective date "" is not a date`},
		{"no encoding", func(s []CorpusSource) []CorpusSource { s[2].Encoding = ""; return s }, `2013-04-29.txt: encoding "" is not a name`},
		{"a set of no file's date", func(s []CorpusSource) []CorpusSource { return s[1:] }, "cr-sets.tsv: CHK (Champions of Kamigawa) names 2004-10-01, which is no file's effective date"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var zst, manifest bytes.Buffer
			err := WriteCorpus(&zst, &manifest, tt.edit(smallSources()), smallSets)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v; want one with %q", err, tt.want)
			}
			if zst.Len() > 0 || manifest.Len() > 0 {
				t.Errorf("wrote %d archive and %d manifest bytes before failing", zst.Len(), manifest.Len())
			}
		})
	}
}

// TestWriteCorpusBadSets: a table of sets that does not parse is an error
// naming its line, and nothing is written.
func TestWriteCorpusBadSets(t *testing.T) {
	var zst, manifest bytes.Buffer
	err := WriteCorpus(&zst, &manifest, smallSources(), []byte("effective_date\tset_code\tset_name\n2004-10-01\tchk\tChampions\n"))
	if err == nil || !strings.Contains(err.Error(), `cr-sets.tsv:2: set code "chk"`) {
		t.Fatalf("error %v", err)
	}
	if zst.Len() > 0 || manifest.Len() > 0 {
		t.Errorf("wrote %d archive and %d manifest bytes before failing", zst.Len(), manifest.Len())
	}
}
