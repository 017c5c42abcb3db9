package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// validUTF8 must agree with utf8.Valid everywhere: around the eight-byte
// steps, on truncated and overlong sequences, surrogates and U+FFFD itself.
func TestValidUTF8(t *testing.T) {
	pad := strings.Repeat("a", 13)
	cases := []string{
		"", "a", "abcdefgh", "abcdefghi", "é", "“quoted”", "rule 704.5k — see", "\xff", "\xc3", "\xc3\x28",
		"\xe2\x80", "\xe2\x80\x9c", "\xed\xa0\x80", "\xef\xbf\xbd", "\xc0\xaf", "\xf4\x90\x80\x80", "\xf0\x9f\x98\x80",
		"abc\x80defgh", "abcdefg\xe2\x80\x9cxyz", "abcdefgh\xe2\x80", "Dandân™ and {½}",
	}
	for _, c := range cases {
		for _, s := range []string{c, pad + c, c + pad, pad[:7] + c + pad[:5]} {
			if got, want := validUTF8([]byte(s)), utf8.ValidString(s); got != want {
				t.Errorf("validUTF8(%q) = %v, want %v", s, got, want)
			}
		}
	}
}

func FuzzValidUTF8(f *testing.F) {
	for _, s := range []string{"", "abcdefgh“ij", "\xe2\x80", "\xed\xa0\x80abcdefgh", "ascii only, long enough"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := validUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("validUTF8(%q) = %v, want %v", b, got, want)
		}
	})
}

// validText splits a long text in two at a character boundary: an invalid
// or truncated character anywhere, including across the middle, is found.
func TestValidTextHalves(t *testing.T) {
	base := strings.Repeat("rule 704.5k — “quoted” ", parallelDecodeBytes/20)
	mid := len(base) / 2
	for _, tc := range []struct {
		name string
		b    []byte
		want bool
	}{
		{"valid", []byte(base), true},
		{"bad byte in first half", []byte(base[:10] + "\xff" + base[10:]), false},
		{"bad byte in second half", []byte(base[:len(base)-10] + "\xff" + base[len(base)-10:]), false},
		{"truncated at the middle", []byte(base[:mid] + "\xe2\x80" + "abc" + base[mid:]), false},
		{"continuation bytes at the middle", []byte(base[:mid] + "\x80\x80\x80" + base[mid:]), false},
	} {
		if got := validText(tc.b); got != tc.want || utf8.Valid(tc.b) != tc.want {
			t.Errorf("%s: validText = %v, utf8.Valid = %v, want %v", tc.name, got, utf8.Valid(tc.b), tc.want)
		}
	}
}

// TestDecodeLegacyPages: a file that is not UTF-8 is read in the code page
// that reads its non-ASCII bytes as letters inside words and punctuation
// between them. The inputs are real lines (cut short) with their bytes as
// the files have them.
func TestDecodeLegacyPages(t *testing.T) {
	tests := []struct {
		name, in, want, enc string
	}{
		{"2013-09-27 700.6a: DOS bytes in the Arabian Nights names",
			"Dancing Scimitar, Dand\x83n, Desert, Desert Nomads, Elephant Graveyard, El-Hajj\x83j, Erg Raiders, Ghazb\xa0n Ogre, Jun\xa3n Efreet, Juz\xa0m Djinn, Khab\xa0l Ghoul, Ring of Ma'r\x96f, Rukh Egg",
			"Dancing Scimitar, Dandân, Desert, Desert Nomads, Elephant Graveyard, El-Hajjâj, Erg Raiders, Ghazbán Ogre, Junún Efreet, Juzám Djinn, Khabál Ghoul, Ring of Ma'rûf, Rukh Egg", EncCP437},
		{"2006-07-15 glossary, Creature Type: one DOS byte in two creature types",
			"Crusader, Cyclops, Dand\x83n , Demon, Elf, El-Hajj\x83j, Enchantress",
			"Crusader, Cyclops, Dandân , Demon, Elf, El-Hajjâj, Enchantress", EncCP437},
		{"2007-02-01 glossary, Creature Type: a Mac byte",
			"Egg, Elder, Elemental, Elephant, Elf, El-Hajj\x89j, Enchantress, Ent",
			"Egg, Elder, Elemental, Elephant, Elf, El-Hajjâj, Enchantress, Ent", EncMacRoman},
		{"2014-09-26 700.6a: Windows-1252 quotes, ™ and accents",
			"printed in the Arabian Nights\x99 expansion. Those cards are Abu Ja\x92far, Dand\xe2n, Ghazb\xe1n Ogre, Ring of Ma\x92r\xfbf",
			"printed in the Arabian Nights™ expansion. Those cards are Abu Ja’far, Dandân, Ghazbán Ogre, Ring of Ma’rûf", EncWindows1252},
		{"2003-10-01: Windows-1252 dashes between letters",
			"additional costs in rules 409.1b and 409.1f\x96h. it means a source of that type\x97either a source of an ability. Magic\x99 \xa9 Wizards\xae",
			"additional costs in rules 409.1b and 409.1f–h. it means a source of that type—either a source of an ability. Magic™ © Wizards®", EncWindows1252},
		{"a lone curly apostrophe ties with the Mac's í: Windows-1252 wins ties",
			"A player can\x92t do that.", "A player can’t do that.", EncWindows1252},
		{"ISO-8859-1 accents", "S\xe9ance and D\xe9j\xe0 Vu", "Séance and Déjà Vu", EncWindows1252},
		{"invalid UTF-8 after a byte order mark", "\xef\xbb\xbfDand\x83n", "Dandân", EncCP437},
	}
	for _, tt := range tests {
		got, enc := Decode([]byte(tt.in))
		if got != tt.want || enc != tt.enc {
			t.Errorf("%s:\ngot  %q (%s)\nwant %q (%s)", tt.name, got, enc, tt.want, tt.enc)
		}
	}
}

// TestDecodeLegacyTables: every candidate maps each byte 0x80–0xFF to one
// character, ASCII stays ASCII, and decoding never loses a byte.
func TestDecodeLegacyTables(t *testing.T) {
	var all []byte
	for b := 0x20; b <= 0xFF; b++ {
		all = append(all, byte(b))
	}
	for _, cp := range legacyPages() {
		got := []rune(decode8bit(all, &cp.table))
		if len(got) != len(all) {
			t.Errorf("%s: %d characters for %d bytes", cp.name, len(got), len(all))
			continue
		}
		for i, r := range got {
			if b := all[i]; b < 0x80 && r != rune(b) || b >= 0x80 && r < 0x80 {
				t.Errorf("%s: byte %#x decodes to %q", cp.name, b, r)
			}
		}
	}
}
