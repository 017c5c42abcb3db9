package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/arbiter-rules/arbiter/content"
	"github.com/arbiter-rules/arbiter/engine"
	"github.com/arbiter-rules/arbiter/engine/cardtext"
	"github.com/arbiter-rules/arbiter/engine/scenario"
	"github.com/arbiter-rules/arbiter/rules/cards"
)

// How much of Magic the card-text grammar reads (issue 26): every face of
// the card data is read as a scenario's card line would be — its mana cost,
// its type line against the newest rules' type lists, and each line of its
// Oracle text by cardtext.ParseAbilities — and the faces read completely
// are counted, per card type and per set, with the sentences reading
// stopped on, most frequent first.
//
// The grammar yields only what the engine runs (cardtext.Ability is what
// the engine executes; there is no "read but not executed" kind), so a
// face read completely is one the sandbox can play.

func init() {
	commands = append(commands, command{
		name:  "cards",
		usage: "cards --coverage [--top N] [--sets]   report how many of the card data's faces the card-text grammar reads completely, per card type and per set, the sentences it stops on and its parse time",
		run:   runCards,
	})
}

func runCards(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("cards", flag.ContinueOnError)
	fl.SetOutput(stderr)
	coverage := fl.Bool("coverage", false, "read every face of the embedded card data with the card-text grammar and report what it reads")
	top := fl.Int("top", 20, "with --coverage: how many of the sentences it stops on to list")
	sets := fl.Bool("sets", false, "with --coverage: list every set (by each face's first printing), not only the summary")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() > 0 || !*coverage {
		fmt.Fprintln(stderr, "usage: arbiter cards --coverage [--top N] [--sets]")
		return 2
	}
	set, err := cards.Embedded()
	if err != nil {
		fmt.Fprintf(stderr, "cards: %v\n", err)
		return 1
	}
	lists, ed, err := typesAt(set.Date)
	if err != nil {
		fmt.Fprintf(stderr, "cards: the type lists of %s's rules: %v; using the newest built-in rules'\n", set.Date, err)
		lists, ed = engine.Latest().Types, "built-in "+engine.Latest().ID
	}
	raw := coverCards(set, lists, false)
	cv := coverCards(set, lists, true)
	fmt.Fprintf(stdout, "card data: %s; type lists of the rules of %s\n", cv.source, ed)
	fmt.Fprintf(stdout, "read completely, the 2018 Oracle text as it stands: %d of %d faces (%.1f%%)\n", raw.all.read, raw.all.total, raw.all.pct())
	fmt.Fprintln(stdout, "the rest of this report reads it with Oracle's template changes since 2018 applied (\"enters the battlefield\" → \"enters\", \"Activate this ability only\" → \"Activate only\", …), the wording the grammar follows:")
	cv.report(stdout, *top, *sets)
	return 0
}

// typesAt reads the type lists of the official edition in force on day
// (YYYY-MM-DD), complete as its rules list them: a card of 2018 is a Hound,
// which later rules made a Dog.
func typesAt(day string) (*cardtext.TypeLists, string, error) {
	files, err := content.CorpusManifest()
	if err != nil {
		return nil, "", err
	}
	var want content.CorpusFile
	for _, f := range files {
		if f.Effective <= day && f.Effective > want.Effective {
			want = f
		}
	}
	if want.Name == "" {
		return nil, "", fmt.Errorf("no official edition in force on %s", day)
	}
	rd, err := content.OpenCorpus()
	if err != nil {
		return nil, "", err
	}
	defer rd.Close()
	for {
		f, b, err := rd.Next()
		if err != nil {
			return nil, "", err
		}
		if f.Effective == want.Effective {
			e := parseOfficial(f, b)
			if e.Failed() {
				return nil, "", fmt.Errorf("%s doesn't parse", f.Name)
			}
			return scenario.EditionFor(e).Types, f.Effective, nil
		}
	}
}

// cardRead is how one face read.
type cardRead struct {
	OK   bool
	Stop string        // the sentence it stopped on (name written ~), or what else stopped it
	Took time.Duration // reading the Oracle text's abilities
}

// readCard reads face c as the sandbox would: mana cost, type line, and
// every line of its Oracle text.
func readCard(c *cards.Card, lists *cardtext.TypeLists, today bool) cardRead {
	if _, err := cardtext.ParseManaCost(c.ManaCost); c.ManaCost != "" && err != nil {
		return cardRead{Stop: "mana cost " + c.ManaCost}
	}
	if _, err := cardtext.ParseTypeLine(c.Type, lists); err != nil {
		return cardRead{Stop: "type line " + c.Type}
	}
	spell := strings.Contains(c.Type, "Instant") || strings.Contains(c.Type, "Sorcery")
	text := c.Text
	if today {
		text = cardtext.TodaysWording(text)
	}
	start := time.Now()
	for _, line := range strings.Split(text, "\n") {
		if cardtext.WithoutReminder(line) == "" {
			continue // no text, or only reminder text (a basic land's)
		}
		if _, err := cardtext.ParseAbilities(c.Name, line, spell, lists); err != nil {
			return cardRead{Stop: stopSentence(c.Name, line, err), Took: time.Since(start)}
		}
	}
	return cardRead{OK: true, Took: time.Since(start)}
}

// stopSentence is the sentence of line where reading stopped, the card's
// name written ~.
func stopSentence(name, line string, err error) string {
	text, rest, ok := cardtext.StoppedAt(err)
	if !ok {
		return tilde(name, cardtext.WithoutReminder(line))
	}
	at := len(text) - len(rest)
	if at < 0 || at > len(text) || !strings.HasSuffix(text, rest) {
		return text
	}
	// The sentence holding the stop: from after the last ". " before it
	// to its next ". " (a quoted ability's sentences count as sentences).
	from := strings.LastIndex(text[:at], ". ") + 1
	if from > 0 {
		from++
	}
	to := len(text)
	if i := strings.Index(text[at:], ". "); i >= 0 {
		to = at + i + 1
	}
	return strings.TrimSpace(text[from:to])
}

// tilde writes a card's name, and a legendary card's short name, as ~.
func tilde(name, s string) string {
	s = strings.ReplaceAll(s, name, "~")
	if short, _, ok := strings.Cut(name, ","); ok && len(short) > 2 {
		s = strings.ReplaceAll(s, short, "~")
	}
	return s
}

// tally is read/total for a group of faces.
type tally struct{ read, total int }

func (t tally) pct() float64 {
	if t.total == 0 {
		return 0
	}
	return 100 * float64(t.read) / float64(t.total)
}

// cardCoverage is what coverCards found.
type cardCoverage struct {
	source string
	all    tally
	byType map[string]*tally
	bySet  map[string]*tally
	setDay map[string]string // a set's earliest first-printed date, to list sets in order
	stops  map[string]int    // sentence → faces it stopped
	times  []time.Duration   // parse time of each face read completely
}

// cardTypes are the card types a face is counted under (205.2a), plus the
// casual variants' types.
var cardTypes = []string{"Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Tribal",
	"Conspiracy", "Phenomenon", "Plane", "Scheme", "Vanguard"}

func coverCards(set *cards.Set, lists *cardtext.TypeLists, today bool) *cardCoverage {
	cv := &cardCoverage{source: set.Source + " (" + set.Date + ")", byType: map[string]*tally{}, bySet: map[string]*tally{},
		setDay: map[string]string{}, stops: map[string]int{}}
	count := func(m map[string]*tally, k string, ok bool) {
		t := m[k]
		if t == nil {
			t = &tally{}
			m[k] = t
		}
		t.total++
		if ok {
			t.read++
		}
	}
	for i := range set.Cards {
		c := &set.Cards[i]
		r := readCard(c, lists, today)
		cv.all.total++
		if r.OK {
			cv.all.read++
			cv.times = append(cv.times, r.Took)
		} else {
			cv.stops[r.Stop]++
		}
		typ, _, _ := strings.Cut(c.Type, "—")
		for _, t := range cardTypes {
			if slices.Contains(strings.Fields(typ), t) {
				count(cv.byType, t, r.OK)
			}
		}
		first := "(none)"
		if len(c.Printings) > 0 {
			first = c.Printings[0]
		}
		count(cv.bySet, first, r.OK)
		if d := cv.setDay[first]; d == "" || c.FirstPrinted != "" && c.FirstPrinted < d {
			cv.setDay[first] = c.FirstPrinted
		}
	}
	return cv
}

// percentile is the p-th percentile (0–100) of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p / 100 * float64(len(sorted)-1))
	return sorted[i]
}

func (cv *cardCoverage) report(w io.Writer, top int, allSets bool) {
	fmt.Fprintf(w, "read completely: %d of %d faces (%.1f%%); read but not run by the engine: none (the grammar yields only what the engine runs)\n",
		cv.all.read, cv.all.total, cv.all.pct())
	slices.Sort(cv.times)
	fmt.Fprintf(w, "parse time per face read: median %v, p99 %v, max %v\n",
		percentile(cv.times, 50), percentile(cv.times, 99), percentile(cv.times, 100))

	fmt.Fprintln(w, "\nper card type (a face counts under each of its types):")
	for _, t := range cardTypes {
		if x := cv.byType[t]; x != nil {
			fmt.Fprintf(w, "  %-13s %6d of %6d  %5.1f%%\n", t, x.read, x.total, x.pct())
		}
	}

	sets := make([]string, 0, len(cv.bySet))
	for s := range cv.bySet {
		sets = append(sets, s)
	}
	sort.Slice(sets, func(i, j int) bool {
		a, b := cv.setDay[sets[i]], cv.setDay[sets[j]]
		if a != b {
			return a < b
		}
		return sets[i] < sets[j]
	})
	if allSets {
		fmt.Fprintln(w, "\nper set (each face under its first printing, sets in order of release):")
		for _, s := range sets {
			x := cv.bySet[s]
			fmt.Fprintf(w, "  %-6s %s  %5d of %5d  %5.1f%%\n", s, cv.setDay[s], x.read, x.total, x.pct())
		}
	} else {
		// The summary: the sets read best and worst among those of 50
		// faces or more.
		var big []string
		for _, s := range sets {
			if cv.bySet[s].total >= 50 {
				big = append(big, s)
			}
		}
		sort.SliceStable(big, func(i, j int) bool { return cv.bySet[big[i]].pct() > cv.bySet[big[j]].pct() })
		fmt.Fprintf(w, "\nper set (first printing; %d sets, %d with 50 faces or more; --sets lists all):\n", len(sets), len(big))
		show := func(title string, ss []string) {
			fmt.Fprintf(w, "  %s:", title)
			for _, s := range ss {
				x := cv.bySet[s]
				fmt.Fprintf(w, " %s %.0f%% (%d/%d)", s, x.pct(), x.read, x.total)
			}
			fmt.Fprintln(w)
		}
		n := min(5, len(big))
		show("best", big[:n])
		show("worst", big[len(big)-n:])
	}

	type stop struct {
		s string
		n int
	}
	var stops []stop
	for s, n := range cv.stops {
		stops = append(stops, stop{s, n})
	}
	sort.Slice(stops, func(i, j int) bool {
		if stops[i].n != stops[j].n {
			return stops[i].n > stops[j].n
		}
		return stops[i].s < stops[j].s
	})
	fmt.Fprintf(w, "\nthe %d sentences it stops on most (of %d distinct; faces stopped):\n", min(top, len(stops)), len(stops))
	for _, s := range stops[:min(top, len(stops))] {
		fmt.Fprintf(w, "  %5d  %s\n", s.n, clipText(s.s, 110))
	}
}
