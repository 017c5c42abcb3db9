package cards

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Limits on a card file, which may be a user's: MTGJSON's AtomicCards.json
// was some 120 MB in 2025 with about 32,000 cards.
const (
	maxCards   = 200_000
	maxFaces   = 8 // a card's faces (meld cards have three)
	maxField   = 1 << 16
	maxRulings = 512
)

// fileDate finds the date in a card file's name: "oracle-2018-11-07.jsonl".
var fileDate = regexp.MustCompile(`\d{4}-\d{2}-\d{2}`)

// ReadJSONL reads a card file of one JSON object a line, as
// ../shared/cards/oracle-*.jsonl and the embedded reduction of it are:
// MTGJSON's version-3 fields, one object a face. Its date is the one in
// its name. An error names the file and line.
func ReadJSONL(name string, data []byte) (*Set, error) {
	return readJSONL(name, data, func(b []byte, c *Card) error { return json.Unmarshal(b, c) })
}

// readNames is ReadJSONL keeping each face's Name, Names and Layout only
// (what finding a card by its name needs: FullName reads the layout). The
// embedded file writes them first (Reduce encodes a Card's fields in
// order), so a line is read only as far as they go; a line that starts
// otherwise is decoded whole.
func readNames(name string, data []byte) (*Set, error) {
	return readJSONL(name, data, func(b []byte, c *Card) error {
		if leadingNames(b, c) {
			return nil
		}
		var n struct {
			Name   string   `json:"name"`
			Names  []string `json:"names"`
			Layout string   `json:"layout"`
		}
		err := json.Unmarshal(b, &n)
		c.Name, c.Names, c.Layout = n.Name, n.Names, n.Layout
		return err
	})
}

// leadingNames reads `{"name":"…"`, an optional `,"names":["…",…]` and
// an optional `,"layout":"…"` from the start of b into c, and reports
// whether b starts so.
func leadingNames(b []byte, c *Card) bool {
	rest, ok := bytes.CutPrefix(b, []byte(`{"name":`))
	if !ok {
		return false
	}
	if c.Name, rest, ok = jsonString(rest); !ok {
		return false
	}
	if r, found := bytes.CutPrefix(rest, []byte(`,"names":[`)); found {
		for rest = r; ; {
			var n string
			if n, rest, ok = jsonString(rest); !ok {
				return false
			}
			c.Names = append(c.Names, n)
			if !bytes.HasPrefix(rest, []byte(",")) {
				break
			}
			rest = rest[1:]
		}
		if rest, ok = bytes.CutPrefix(rest, []byte("]")); !ok {
			return false
		}
	}
	if r, found := bytes.CutPrefix(rest, []byte(`,"layout":`)); found {
		if c.Layout, _, ok = jsonString(r); !ok {
			return false
		}
	}
	return true
}

// jsonString decodes the JSON string at the start of b and returns the
// rest of b after it.
func jsonString(b []byte) (string, []byte, bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", nil, false
	}
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			if bytes.IndexByte(b[1:i], '\\') < 0 {
				return string(b[1:i]), b[i+1:], true
			}
			var s string
			if json.Unmarshal(b[:i+1], &s) != nil {
				return "", nil, false
			}
			return s, b[i+1:], true
		}
	}
	return "", nil, false
}

// readJSONL reads data one face a line, each with decode.
func readJSONL(name string, data []byte, decode func([]byte, *Card) error) (*Set, error) {
	s := &Set{Source: name, Date: fileDate.FindString(name)}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var c Card
		if err := decode(b, &c); err != nil {
			return nil, fmt.Errorf("%s:%d: %s", name, line, jsonProblem(err, b))
		}
		if err := check(&c); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if len(s.Cards) == maxCards {
			return nil, fmt.Errorf("%s:%d: more than %d cards", name, line, maxCards)
		}
		s.Cards = append(s.Cards, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if len(s.Cards) == 0 {
		return nil, fmt.Errorf("%s: no cards", name)
	}
	s.index()
	return s, nil
}

// atomicFile is MTGJSON's version-5 AtomicCards.json: every card name,
// each with its faces (several objects for a split, flip, double-faced,
// meld or adventure card, and for cards printed alike under one name).
type atomicFile struct {
	Meta struct {
		Date    string `json:"date"`
		Version string `json:"version"`
	} `json:"meta"`
	Data map[string][]atomicFace `json:"data"`
}

type atomicFace struct {
	Name          string   `json:"name"`     // the whole card's: "Fire // Ice"
	FaceName      string   `json:"faceName"` // this face's: "Fire"
	Layout        string   `json:"layout"`
	ManaCost      string   `json:"manaCost"`
	Type          string   `json:"type"`
	Text          string   `json:"text"`
	Power         Stat     `json:"power"`
	Toughness     Stat     `json:"toughness"`
	Loyalty       Stat     `json:"loyalty"`
	Hand          Stat     `json:"hand"`
	Life          Stat     `json:"life"`
	Rulings       []Ruling `json:"rulings"`
	Printings     []string `json:"printings"`
	FirstPrinting string   `json:"firstPrinting"`
}

// ReadAtomic reads MTGJSON's current AtomicCards.json (format version 5)
// into the same faces ReadJSONL gives; its date is the file's meta.date.
// An error names the file, and the line and column of a JSON problem.
func ReadAtomic(name string, data []byte) (*Set, error) {
	var f atomicFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s:%s", name, jsonProblem(err, data))
	}
	if f.Data == nil {
		return nil, fmt.Errorf("%s: no \"data\" object: not an MTGJSON AtomicCards.json", name)
	}
	date := f.Meta.Date
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		return nil, fmt.Errorf("%s: meta.date %q is not a date (YYYY-MM-DD)", name, clipped(date))
	}
	s := &Set{Source: name, Date: date}
	seen := make(map[string]bool, len(f.Data))
	for _, key := range sortedKeys(f.Data) {
		faces := f.Data[key]
		if len(faces) > maxFaces*4 {
			return nil, fmt.Errorf("%s: %q has %d entries", name, clipped(key), len(faces))
		}
		for _, a := range faces {
			c := Card{Name: a.FaceName, Layout: a.Layout, ManaCost: a.ManaCost, Type: a.Type, Text: a.Text,
				Power: a.Power, Toughness: a.Toughness, Loyalty: a.Loyalty, Hand: a.Hand, Life: a.Life,
				Rulings: a.Rulings, Printings: a.Printings}
			whole := a.Name
			if whole == "" {
				whole = key
			}
			if c.Name == "" {
				c.Name = whole
			}
			if parts := strings.Split(whole, " // "); len(parts) > 1 {
				c.Names = parts
			}
			if seen[c.Name] {
				continue // a meld card's back, under both its halves
			}
			if err := check(&c); err != nil {
				return nil, fmt.Errorf("%s: %q: %w", name, clipped(key), err)
			}
			if len(s.Cards) == maxCards {
				return nil, fmt.Errorf("%s: more than %d cards", name, maxCards)
			}
			seen[c.Name] = true
			s.Cards = append(s.Cards, c)
		}
	}
	if len(s.Cards) == 0 {
		return nil, fmt.Errorf("%s: no cards", name)
	}
	s.index()
	return s, nil
}

// check bounds a face read from a file, so a broken or hostile file cannot
// make a page enormous, and a face must have a name.
func check(c *Card) error {
	if strings.TrimSpace(c.Name) == "" {
		return errors.New("a card with no name")
	}
	if Slug(c.Name) == "" {
		return fmt.Errorf("card name %q has no letters or digits", clipped(c.Name))
	}
	if len(c.Names) > maxFaces {
		return fmt.Errorf("%q has %d faces, over %d", clipped(c.Name), len(c.Names), maxFaces)
	}
	if len(c.Rulings) > maxRulings {
		return fmt.Errorf("%q has %d rulings, over %d", clipped(c.Name), len(c.Rulings), maxRulings)
	}
	for _, f := range []string{c.Name, c.Type, c.Text, c.ManaCost} {
		if len(f) > maxField {
			return fmt.Errorf("%q has a field of %d bytes, over %d", clipped(c.Name), len(f), maxField)
		}
	}
	return nil
}

// jsonProblem says where in data a JSON error is: line and column, and
// what went wrong, without Go's type names where it can.
func jsonProblem(err error, data []byte) string {
	var off int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
		err = fmt.Errorf("%s should be %s, not a JSON %s", fieldName(typ), kindOf(typ.Type.Kind().String()), typ.Value)
	}
	if off < 0 || off > int64(len(data)) {
		return " " + err.Error()
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - int64(bytes.LastIndexByte(data[:off], '\n'))
	return fmt.Sprintf("%d:%d: %s", line, col, err)
}

func fieldName(t *json.UnmarshalTypeError) string {
	if t.Field == "" {
		return "the value"
	}
	return fmt.Sprintf("%q", t.Field)
}

func kindOf(k string) string {
	switch k {
	case "slice":
		return "a list"
	case "struct", "map":
		return "an object"
	case "string":
		return "a string"
	}
	return "a " + k
}

// clipped shortens what a file says for an error message.
func clipped(s string) string {
	if len(s) > 60 {
		return strings.ToValidUTF8(s[:60], "") + "…"
	}
	return s
}
