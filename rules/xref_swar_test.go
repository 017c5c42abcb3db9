package rules

import (
	"testing"
	"unicode/utf8"
)

// TestSWARBytes checks the eight-bytes-at-once tests against their
// definitions a byte at a time: every byte value in every position, among
// neighbours that would carry into it if a sum overflowed (0xff, 0x00) or
// that are the same class.
func TestSWARBytes(t *testing.T) {
	for _, fill := range []byte{0x00, 0xff, 'a', 'Z', '9', '{', 0x7f, 0x80} {
		for pos := range 8 {
			for c := range 256 {
				var b [8]byte
				for k := range b {
					b[k] = fill
				}
				b[pos] = byte(c)
				x := load64(string(b[:]), 0)
				alnum, brace := alnumBytes(x), byteIs(x, '{')
				for k := range b {
					bit := uint64(0x80) << (8 * k)
					if got, want := alnum&bit != 0, lowerAlnum[b[k]] != 0; got != want {
						t.Fatalf("alnumBytes(% x): byte %d (%#x) alnum %v, want %v", b, k, b[k], got, want)
					}
					if got, want := brace&bit != 0, b[k] == '{'; got != want {
						t.Fatalf("byteIs(% x, '{'): byte %d (%#x) %v, want %v", b, k, b[k], got, want)
					}
				}
				if other := (alnum | brace) &^ (0x80 * ones64); other != 0 {
					t.Fatalf("alnumBytes or byteIs(% x) set bits other than the high ones: %#x", b, other)
				}
			}
		}
	}
}

// TestAlnumEndNextStop compares the word-end and next-stop searches with
// a byte-at-a-time loop, from every offset of a few texts.
func TestAlnumEndNextStop(t *testing.T) {
	for _, s := range []string{
		"", "a", "abcdefghijklmnopqrstuvwxyz0123456789, next", "rule 704.5k, “Commander,” ... {T}: Add {W}.",
		"Dandân’s  —  face-down\tcards;;;;;;;;;;;;x", "\xff\xfe ab\x00cd{", ",,,,,,,,,,,,,,,,,,,,,,,,,,{", "ZZZZZZZZZZZZZZZZZZZZZ9",
	} {
		for i := 0; i <= len(s); i++ {
			end := i
			for end < len(s) && lowerAlnum[s[end]] != 0 {
				end++
			}
			if got := alnumEnd(s, i); got != end {
				t.Errorf("alnumEnd(%q, %d) = %d, want %d", s, i, got, end)
			}
			stop := i
			for stop < len(s) && lowerAlnum[s[stop]] == 0 && s[stop] != '{' && s[stop] < utf8.RuneSelf {
				stop++
			}
			if got := nextStop(s, i); got != stop {
				t.Errorf("nextStop(%q, %d) = %d, want %d", s, i, got, stop)
			}
		}
	}
}

// TestFollowers checks the scanner's one-lookup question against what a
// slot asks (termSlot.mayMention), for every kind of slot and every byte
// after the word and after that, and the filter that asks it: a key it
// holds passes with the bits of its slot's next that follow, another key
// hardly ever.
func TestFollowers(t *testing.T) {
	var slots []termSlot
	for b := range 27 {
		slots = append(slots, termSlot{next: 1 << b})
	}
	slots = append(slots, termSlot{next: slotOne}, termSlot{next: 1<<3 | 1<<20}, termSlot{})
	for c1 := range 256 {
		for _, c2 := range []byte{'a', 'q', 'Z', ' ', '-', '9', 0x80, 0xe2} {
			for _, s := range []string{"word" + string([]byte{byte(c1), c2}), "word" + string([]byte{byte(c1)}), "word"} {
				for _, sl := range slots {
					if got, want := sl.next&followers(s, 4) != 0, sl.mayMention(s, 4); got != want {
						t.Fatalf("%q: slot %#x: followers %#x say %v, mayMention %v", s, sl.next, followers(s, 4), got, want)
					}
				}
			}
		}
	}
	var f nextFilter
	key := wordKey("mana")
	f.add(key, 1<<('a'-'a')|slotOne)
	if got := f.test(key, spread(key), followers("mana ability", 4)); got != 1|slotOne {
		t.Errorf("test(mana ability) = %#x, want %#x", got, 1|slotOne)
	}
	if got := f.test(key, spread(key), followers("mana, then", 4)); got != slotOne {
		t.Errorf("test(mana, then) = %#x, want %#x", got, slotOne)
	}
	passed := 0
	for a := 'a'; a <= 'z'; a++ {
		for b := 'a'; b <= 'z'; b++ {
			for c := 'a'; c <= 'z'; c++ {
				if k := wordKey(string([]rune{a, b, c})); k != key && f.test(k, spread(k), ^uint32(0)) != 0 {
					passed++
				}
			}
		}
	}
	if passed > 2 {
		t.Errorf("%d of the 17,576 other three-letter words pass a filter of one key", passed)
	}
}
