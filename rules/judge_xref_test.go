package rules

import (
	"fmt"
	"strings"
	"testing"
)

// showRefs writes the references scanJudgeRefs finds in s as
// "[text]=cite" items, so a table can say what each must be.
func showRefs(s string, spans []Span) string {
	var out []string
	for _, sp := range spans {
		c := sp.Cited()
		var what string
		switch c.Kind {
		case RefRule:
			what = "rule " + c.Number.String()
		case RefRange:
			what = "range " + c.Number.String() + "-" + c.Last.String()
		case RefSection:
			what = fmt.Sprintf("section %d", c.Section)
		case RefTopic:
			what = "topic " + c.Label
		case RefDocument:
			what = "document"
		default:
			what = fmt.Sprintf("kind %d", c.Kind)
		}
		if c.Doc != 0 {
			what = c.Doc.Short() + " " + what
		}
		out = append(out, "["+s[sp.Start:sp.End]+"]="+what)
	}
	return strings.Join(out, " ")
}

func TestScanJudgeRefs(t *testing.T) {
	mtr := judgeCtx{own: DocMTR}
	ipg := judgeCtx{own: DocIPG}
	floor := judgeCtx{own: DocMTR, hundreds: true}
	tests := []struct {
		ctx  judgeCtx
		in   string
		want string
	}{
		// The document's own entries, sections and appendices.
		{mtr, "as described in section 2.3.", "[section 2.3]=rule 2.3"},
		{mtr, "(see section 4.2)", "[section 4.2]=rule 4.2"},
		{mtr, "See sections 3.2 and 3.3 for details.", "[sections 3.2]=rule 3.2 [3.3]=rule 3.3"},
		{mtr, "Section 10 covers sanctioning.", "[Section 10]=section 10"},
		{ipg, "General Definitions and Philosophy (section 1), and Infractions (sections 2-4).", "[section 1]=section 1 [sections 2-4]=range 2-4"},
		{ipg, "(with the exception of Tardiness (3.1) and Decklist Problems (3.4))", "[3.1]=rule 3.1 [3.4]=rule 3.4"},
		{mtr, "The appropriate level is listed in Appendix F.", "[Appendix F]=topic appendix-f"},
		{mtr, "3.13: Switching away from ‘reveal’.", "[3.13]=rule 3.13"},
		{floor, "121: Removed two examples.", ""},
		{mtr, "Appendix D: Upcoming sets added", "[Appendix D]=topic appendix-d"},
		{floor, "Players determine who plays first (see section 113).", "[section 113]=rule 113"},
		{floor, "as outlined in sections 125–129 and 141–144.", "[sections 125–129]=range 125-129 [141–144]=range 141-144"},
		// Other documents' entries.
		{ipg, "The Out-of-Order Sequencing rules (MTR section 4.3) may apply.", "[MTR section 4.3]=MTR rule 4.3"},
		{ipg, "as detailed in section 4 of the Magic Tournament Rules and", "[section 4 of the Magic Tournament Rules]=MTR section 4"},
		{ipg, "Refer to section 5.2 of the Magic Tournament Rules.", "[section 5.2 of the Magic Tournament Rules]=MTR rule 5.2"},
		{mtr, "This is an infraction (IPG 2.1).", "[IPG 2.1]=IPG rule 2.1"},
		{mtr, "See the Infraction Procedure Guide section 3.4.", "[Infraction Procedure Guide section 3.4]=IPG rule 3.4"},
		{mtr, "MTR 4.3 and IPG 2.5", "[MTR 4.3]=rule 4.3 [IPG 2.5]=IPG rule 2.5"},
		// The Comprehensive Rules' numbers.
		{mtr, "as defined in rule 704.", "[rule 704]=CR rule 704"},
		{mtr, "see rules 601.2 and 602.2", "[rules 601.2]=CR rule 601.2 [602.2]=CR rule 602.2"},
		{ipg, "(CR 704.5k)", "[CR 704.5k]=CR rule 704.5k"},
		{ipg, "Comprehensive Rules 702.2 says so.", "[Comprehensive Rules 702.2]=CR rule 702.2"},
		{mtr, "per 704.5a, a player loses", "[704.5a]=CR rule 704.5a"},
		{mtr, "rules 903.6–903.11 apply", "[rules 903.6–903.11]=CR range 903.6-903.11"},
		{mtr, "(Rules on mulligans can be found in the Magic Comprehensive rules, Section 103.4)", "[Magic Comprehensive rules, Section 103.4]=CR rule 103.4"},
		{mtr, "(see Section 101.4)", "[Section 101.4]=CR rule 101.4"},
		// Whole documents.
		{ipg, "Tournaments run at Regular REL use the Judging at Regular REL document.", "[Judging at Regular REL]=JAR document"},
		{mtr, "the Magic Tournament Rules and Magic: The Gathering Comprehensive Rules.", "[Magic Tournament Rules]=document [Magic: The Gathering Comprehensive Rules]=CR document"},
		{mtr, "the DCI Penalty Guidelines, and the Magic game rules", "[DCI Penalty Guidelines]=IPG document"},
		{floor, "The Magic: The Gathering DCI® Floor Rules work with", "[Magic: The Gathering DCI® Floor Rules]=document"},
		// The Universal Tournament Rules are no document Arbiter holds:
		// neither they nor their sections are marked.
		{floor, "Players shuffle (see Universal Tournament Rules, section 21).", ""},
		{floor, "See Appendix B of the DCI Universal Tournament Rules for definitions.", ""},
		// Not references.
		{mtr, "A deck of 60 cards; 1.5 points; $2.50; 2,500 players; version 3.2.1", ""},
		{mtr, "For 15 minutes, 10% of the 100 players", ""},
		{mtr, "the CR alone, and UTR", ""},
	}
	for _, tt := range tests {
		got := showRefs(tt.in, scanJudgeRefs(tt.in, tt.ctx, nil))
		if got != tt.want {
			t.Errorf("scanJudgeRefs(%q)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestDocMentions(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Most Magic tournaments have additional rules covered in the Magic: The Gathering Tournament Rules.", "[Magic: The Gathering Tournament Rules]=MTR document"},
		{"See the most current Magic: The Gathering DCI(tm) Floor Rules for more information.", "[Floor Rules]=MTR document"},
		{"See the Magic DCI Floor Rules.", "[Magic DCI Floor Rules]=MTR document"},
		{"the DCI Universal Tournament Rules", ""},
		{"the Comprehensive Rules and the Infraction Procedure Guide", "[Infraction Procedure Guide]=IPG document"},
	}
	for _, tt := range tests {
		if got := showRefs(tt.in, docMentions(tt.in, nil)); got != tt.want {
			t.Errorf("docMentions(%q)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// BenchmarkDocMentions2026 measures the step that marks the CR's mentions
// of the MTR and the IPG (markMentions), alone, over every paragraph of
// the 2026 rules: what it adds to BenchmarkLink2026. The mentions are
// marked by the first iteration; the others search the text and find
// them marked.
func BenchmarkDocMentions2026(b *testing.B) {
	e := parseCR(b, "2026-01-16.txt")
	l := &linker{e: e}
	paras, size := l.paragraphs(false)
	b.SetBytes(int64(size))
	for b.Loop() {
		for i := range paras {
			markMentions(&paras[i].b.Text)
		}
	}
}
