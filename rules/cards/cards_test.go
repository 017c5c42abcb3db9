package cards

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

var embedded = sync.OnceValues(Embedded)

func set(t testing.TB) *Set {
	t.Helper()
	s, err := embedded()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSlug(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Assassin's Trophy", "assassins-trophy"},
		{"assassins trophy", "assassins-trophy"},
		{"Fire // Ice", "fire-ice"},
		{"Æther Vial", "aether-vial"},
		{"Lim-Dûl the Necromancer", "lim-dul-the-necromancer"},
		{"\"Ach! Hans, Run!\"", "ach-hans-run"},
		{"_____", "_____"},
		{"  Blood   Moon ", "blood-moon"},
	} {
		if got := Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestEmbedded(t *testing.T) {
	s := set(t)
	if s.Len() != 19032 || s.Date != "2018-11-07" {
		t.Fatalf("%d faces dated %q, want 19032 of 2018-11-07", s.Len(), s.Date)
	}
	for _, tt := range []struct {
		slug, name, layout string
		faces              int
		rulings            bool
	}{
		{"assassins-trophy", "Assassin's Trophy", "normal", 1, true},
		{"fire", "Fire", "split", 2, false},
		{"ice", "Ice", "split", 2, false},
		{"delver-of-secrets", "Delver of Secrets", "double-faced", 2, true},
		{"akki-lavarunner", "Akki Lavarunner", "flip", 2, false},
		{"bruna-the-fading-light", "Bruna, the Fading Light", "meld", 3, true},
	} {
		c := s.BySlug(tt.slug)
		if c == nil {
			t.Errorf("%s: not found", tt.slug)
			continue
		}
		if c.Name != tt.name || c.Layout != tt.layout || len(s.Faces(c)) != tt.faces || (len(c.Rulings) > 0) != tt.rulings {
			t.Errorf("%s: %q %s, %d faces, %d rulings", tt.slug, c.Name, c.Layout, len(s.Faces(c)), len(c.Rulings))
		}
	}
	if c := s.BySlug("Fire // Ice"); c == nil || c.Name != "Fire" {
		t.Errorf("BySlug(Fire // Ice) = %+v, want Fire", c)
	}
	if got := s.FullName(s.BySlug("ice")); got != "Fire // Ice" {
		t.Errorf("FullName(Ice) = %q", got)
	}
	if c := s.BySlug("jace-the-mind-sculptor"); c == nil || c.Loyalty != "3" {
		t.Errorf("Jace, the Mind Sculptor's loyalty: %+v", c)
	}
}

func TestNamed(t *testing.T) {
	s := set(t)
	for _, tt := range []struct{ q, want string }{
		{"assassins trophy", "Assassin's Trophy"},
		{"ASSASSIN'S TROPHY", "Assassin's Trophy"},
		{"assasins trophy", "Assassin's Trophy"}, // a typo
		{"blood moon", "Blood Moon"},
		{"blod moon", "Blood Moon"},
		{"fog", "Fog"},
		{"æther vial", "Aether Vial"}, // named Aether in 2018
		{"dog", ""},                   // too short for typos: not Fog
		{"704.5k", ""},                // a rule number
		{"state-based", ""},           // rules words, no card
		{"the stack", ""},             // nor this
		{"lightning", ""},             // the start of many names
		{"xyzzy plugh", ""},           // nothing
		{"delver", ""},                // a prefix is no name
		{"Insectile Aberration", "Insectile Aberration"},
	} {
		got := ""
		if c := s.Named(tt.q); c != nil {
			got = c.Name
		}
		if got != tt.want {
			t.Errorf("Named(%q) = %q, want %q", tt.q, got, tt.want)
		}
	}
}

func TestFind(t *testing.T) {
	s := set(t)
	for _, tt := range []struct {
		q     string
		first string
		min   int
	}{
		{"lightning bolt", "Lightning Bolt", 1},
		{"lightning", "Lightning Angel", 5}, // prefixes, by name
		{"trophy", "Trophy Hunter", 3},      // prefixes, then inside a name (Assassin's Trophy)
		{"lighning bolt", "Lightning Bolt", 1},
	} {
		m := s.Find(tt.q, 20)
		if len(m) < tt.min || m[0].Card.Name != tt.first {
			names := []string{}
			for _, x := range m {
				names = append(names, x.Card.Name)
			}
			t.Errorf("Find(%q) = %v, want %q first and %d or more", tt.q, names, tt.first, tt.min)
		}
	}
	if m := s.Find(strings.Repeat("a", 1000), 10); m != nil {
		t.Errorf("an overlong query matched %d", len(m))
	}
}

func TestReduceRoundTrip(t *testing.T) {
	s := set(t)
	again, err := ReadJSONL("oracle-2018-11-07.jsonl", Reduce(s))
	if err != nil {
		t.Fatal(err)
	}
	if again.Len() != s.Len() || string(Reduce(again)) != string(Reduce(s)) {
		t.Errorf("reduced file read back differs")
	}
}

func TestReadErrors(t *testing.T) {
	for _, tt := range []struct {
		name, file, data, want string
		atomic                 bool
	}{
		{"broken line", "x.jsonl", "{\"name\":\"A\"}\n{\"name\": \"B\",\n", "x.jsonl:2:", false},
		{"no name", "x.jsonl", "{\"text\":\"A\"}\n", "x.jsonl:1: a card with no name", false},
		{"wrong type", "x.jsonl", "{\"name\":\"A\"}\n{\"name\":\"B\",\"rulings\":\"no\"}\n", `x.jsonl:2: 1:`, false},
		{"empty", "x.jsonl", "\n", "x.jsonl: no cards", false},
		{"truncated", "AtomicCards.json", "{\"meta\":{\"date\":\"2025-01-01\"},\n\"data\":{\"A\":[{\"name\":\"A\"", "AtomicCards.json:2:", true},
		{"not atomic", "AtomicCards.json", "[1,2]", "AtomicCards.json:1:2: the value should be an object", true},
		{"no data", "AtomicCards.json", "{\"meta\":{}}", "no \"data\" object", true},
		{"bad date", "AtomicCards.json", "{\"meta\":{\"date\":\"soon\"},\"data\":{}}", `meta.date "soon"`, true},
		{"no cards", "AtomicCards.json", "{\"meta\":{\"date\":\"2025-01-01\"},\"data\":{}}", "no cards", true},
	} {
		var err error
		if tt.atomic {
			_, err = ReadAtomic(tt.file, []byte(tt.data))
		} else {
			_, err = ReadJSONL(tt.file, []byte(tt.data))
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

// atomicSample is MTGJSON version 5's shape: a split card under its whole
// name with a face object each, a meld card's back under both halves.
const atomicSample = `{"meta":{"date":"2025-06-01","version":"5.2.2"},"data":{
"Fire // Ice":[
 {"name":"Fire // Ice","faceName":"Fire","layout":"split","manaCost":"{1}{R}","type":"Instant","text":"Fire deals 2 damage divided as you choose among one or two targets.","printings":["APC"],"side":"a"},
 {"name":"Fire // Ice","faceName":"Ice","layout":"split","manaCost":"{1}{U}","type":"Instant","text":"Tap target permanent.\nDraw a card.","side":"b"}],
"Bruna, the Fading Light // Brisela, Voice of Nightmares":[
 {"name":"Bruna, the Fading Light // Brisela, Voice of Nightmares","faceName":"Bruna, the Fading Light","layout":"meld","power":"5","toughness":"7","type":"Legendary Creature — Angel Horror"},
 {"name":"Bruna, the Fading Light // Brisela, Voice of Nightmares","faceName":"Brisela, Voice of Nightmares","layout":"meld","power":"9","toughness":"10"}],
"Gisela, the Broken Blade // Brisela, Voice of Nightmares":[
 {"name":"Gisela, the Broken Blade // Brisela, Voice of Nightmares","faceName":"Gisela, the Broken Blade","layout":"meld"},
 {"name":"Gisela, the Broken Blade // Brisela, Voice of Nightmares","faceName":"Brisela, Voice of Nightmares","layout":"meld","power":"9","toughness":"10"}],
"Jace, the Mind Sculptor":[{"name":"Jace, the Mind Sculptor","layout":"normal","loyalty":"3","manaCost":"{2}{U}{U}",
 "rulings":[{"date":"2010-01-22","text":"A ruling."}]}]
}}`

func TestReadAtomic(t *testing.T) {
	s, err := ReadAtomic("AtomicCards.json", []byte(atomicSample))
	if err != nil {
		t.Fatal(err)
	}
	if s.Date != "2025-06-01" || s.Len() != 6 {
		t.Fatalf("date %s, %d faces; want 2025-06-01, 6", s.Date, s.Len())
	}
	ice := s.BySlug("ice")
	if ice == nil || s.FullName(ice) != "Fire // Ice" || len(s.Faces(ice)) != 2 || ice.Text != "Tap target permanent.\nDraw a card." {
		t.Errorf("Ice: %+v", ice)
	}
	if j := s.BySlug("jace the mind sculptor"); j == nil || j.Loyalty != "3" || len(j.Rulings) != 1 || j.Rulings[0].Date != "2010-01-22" {
		t.Errorf("Jace: %+v", j)
	}
	if b := s.BySlug("brisela-voice-of-nightmares"); b == nil || b.Power != "9" {
		t.Errorf("Brisela: %+v", b)
	}
}

// FuzzReadAtomic feeds the importer of users' files anything: it must
// return cards or an error naming the file, never panic.
func FuzzReadAtomic(f *testing.F) {
	f.Add([]byte(atomicSample))
	f.Add([]byte(`{"meta":{"date":"2025-01-01"},"data":{"A":[{"name":"A","loyalty":3}]}}`))
	f.Add([]byte(`{"data":{"A":[{"faceName":""}]}}`))
	f.Add([]byte(`{"name":"A"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, read := range []func(string, []byte) (*Set, error){ReadAtomic, ReadJSONL} {
			s, err := read("user.json", data)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "user.json") {
					t.Fatalf("error does not name the file: %v", err)
				}
				continue
			}
			for i := range s.Cards {
				c := &s.Cards[i]
				if s.BySlug(Slug(c.Name)) == nil {
					t.Fatalf("%q is not found by its slug %q", c.Name, Slug(c.Name))
				}
				s.Faces(c)
			}
			s.Find(string(data), 5)
			s.Named(string(data))
		}
	})
}

// BenchmarkEmbedded is loading the embedded cards: decompressing the
// archive, parsing every face and indexing the names.
// It reports the heap the loaded cards keep (live-MB) beside the
// allocations of loading them.
func BenchmarkEmbedded(b *testing.B) { benchmarkLoad(b, Embedded) }

// BenchmarkEmbeddedNames is EmbeddedNames: the names alone, as the jump
// box and the rules' card links need them.
func BenchmarkEmbeddedNames(b *testing.B) { benchmarkLoad(b, EmbeddedNames) }

func benchmarkLoad(b *testing.B, load func() (*Set, error)) {
	b.ReportAllocs()
	var before, after runtime.MemStats
	var s *Set
	for b.Loop() {
		s = nil
		runtime.GC()
		runtime.ReadMemStats(&before)
		var err error
		if s, err = load(); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1e6, "live-MB")
	runtime.KeepAlive(s)
}

func BenchmarkNamed(b *testing.B) {
	s := set(b)
	for b.Loop() {
		s.Named("assasins trophy")
	}
}

// TestEmbeddedNames: the names-only read of the embedded cards has every
// face, with the name, faces and layout the whole read has.
func TestEmbeddedNames(t *testing.T) {
	full := set(t)
	names, err := EmbeddedNames()
	if err != nil {
		t.Fatal(err)
	}
	if names.Len() != full.Len() || names.Date != full.Date || names.Source != full.Source {
		t.Fatalf("names: %d faces, %s, %s; full: %d, %s, %s", names.Len(), names.Date, names.Source, full.Len(), full.Date, full.Source)
	}
	for i := range full.Cards {
		f, n := &full.Cards[i], &names.Cards[i]
		if f.Name != n.Name || !slices.Equal(f.Names, n.Names) || f.Layout != n.Layout || full.FullName(f) != names.FullName(n) {
			t.Fatalf("face %d: names-only %q %q %q; whole %q %q %q", i, n.Name, n.Names, n.Layout, f.Name, f.Names, f.Layout)
		}
	}
}

func TestLeadingNames(t *testing.T) {
	for _, tt := range []struct {
		line         string
		ok           bool
		name, layout string
		names        []string
	}{
		{`{"name":"Fire","names":["Fire","Ice"],"layout":"split","text":"x"}`, true, "Fire", "split", []string{"Fire", "Ice"}},
		{`{"name":"\"Ach! Hans, Run!\"","layout":"normal"}`, true, `"Ach! Hans, Run!"`, "normal", nil},
		{`{"name":"Æther Vial"}`, true, "Æther Vial", "", nil},
		{`{"name":"Lim-D\u00fbl"}`, true, "Lim-Dûl", "", nil},
		{`{"layout":"normal","name":"X"}`, false, "", "", nil},
		{`{"name":"Fire","names":["Fire",`, false, "", "", nil},
		{`{"name":"Fire`, false, "", "", nil},
		{`{"name":"Fire","names":["Fire"}`, false, "", "", nil},
	} {
		var c Card
		ok := leadingNames([]byte(tt.line), &c)
		if ok != tt.ok || ok && (c.Name != tt.name || c.Layout != tt.layout || !slices.Equal(c.Names, tt.names)) {
			t.Errorf("%s: %v %q %q %q; want %v %q %q %q", tt.line, ok, c.Name, c.Layout, c.Names, tt.ok, tt.name, tt.layout, tt.names)
		}
	}
}
