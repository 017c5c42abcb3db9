package rules

import (
	"strings"
	"testing"
)

// FuzzRepairText: the repairs never panic, never add or remove a line end
// (line numbers stay the file's), and leave text with nothing to repair
// as it is.
func FuzzRepairText(f *testing.F) {
	for _, s := range []string{
		"A \uFFFDcard,\uFFFD it\uFFFDs 212\uFFFD215.\n\uFFFD",
		"MagicT UngluedT ExodusT Magicr Magic DCIT DCI\r\nYour your",
		"o3oUoU oo2oW aso1 ocT oG oW oX o0 o\no",
		"{Tap}: Add {G}.",
		"plain text\r\nwith no repairs",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := repairText(s, &diags{file: "f"})
		if strings.Count(got, "\n") != strings.Count(s, "\n") || strings.Count(got, "\r") != strings.Count(s, "\r") {
			t.Errorf("line ends changed: %q → %q", s, got)
		}
		if !strings.ContainsAny(s, "\uFFFDoTr{") && got != s {
			t.Errorf("changed text with nothing to repair: %q → %q", s, got)
		}
	})
}
