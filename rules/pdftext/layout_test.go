package pdftext

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// The layout tests write pages by hand: a page is 612 × 792 points, body
// text 12 points at x 72, a character 6 points wide, lines 14 points apart,
// paragraphs 24 apart, the right margin at 540.

const (
	pageW, pageH = 612.0, 792.0
	charW        = 6.0
)

// span is a span of text starting at x.
func span(x float64, text string) Span {
	return Span{Text: text, X0: x, X1: x + charW*float64(utf8.RuneCountInString(text))}
}

// at is a line at top y made of spans, 12 points, regular.
func at(y float64, spans ...Span) Line {
	l := Line{Spans: spans, Top: y, Bottom: y + 10, Size: 12}
	l.FirstWord = spans[0].X0 + charW*float64(len(strings.Fields(spans[0].Text + " x")[0]))
	return l
}

// text is a one-span line at x 72.
func text(y float64, s string) Line { return at(y, span(72, s)) }

// bold makes a line bold.
func bold(l Line) Line {
	l.Bold = true
	for i := range l.Spans {
		l.Spans[i].Bold = true
	}
	return l
}

// sized sets a line's font size.
func sized(size float64, l Line) Line {
	l.Size = size
	l.Bottom = l.Top + size*0.85
	return l
}

// doc makes a document of pages.
func doc(pages ...[]Line) *Document {
	d := &Document{}
	for i, lines := range pages {
		d.Pages = append(d.Pages, Page{Number: i + 1, Width: pageW, Height: pageH, Lines: lines})
	}
	return d
}

// ruled adds rulings to a document's first page.
func ruled(d *Document, rs ...Ruling) *Document {
	d.Pages[0].Rulings = append(d.Pages[0].Rulings, rs...)
	return d
}

// drawGrid draws a table's rulings as Word does, cell by cell: a horizontal
// ruling at each y from the first x to the last, pieced at every x, and a
// vertical one at each x from the first y to the last, pieced at every y,
// half a point thick; a vertical ruling of skip is left out between the
// two ys it names (a cell spanning two columns).
func drawGrid(xs, ys []float64, skip ...[3]float64) []Ruling {
	const w = 0.5
	var rs []Ruling
	for _, y := range ys {
		for i := 1; i < len(xs); i++ {
			rs = append(rs, Ruling{X0: xs[i-1], X1: xs[i], Top: y, Bottom: y + w})
		}
	}
	for _, x := range xs {
	next:
		for i := 1; i < len(ys); i++ {
			for _, s := range skip {
				if s[0] == x && s[1] == ys[i-1] && s[2] == ys[i] {
					continue next
				}
			}
			rs = append(rs, Ruling{X0: x, X1: x + w, Top: ys[i-1], Bottom: ys[i]})
		}
	}
	return rs
}

// cell is a span standing at its own height, top y (a table's cell, which
// PDFium may put in one line with cells of other heights).
func cell(x, y float64, text string) Span {
	s := span(x, text)
	s.Top, s.Bottom = y, y+10
	return s
}

// body renders blocks as format 1's body lines, without the page markers.
func body(blocks []Block) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(string(Format("t.pdf", &Document{}, blocks)), "\n"), "\n") {
		if !strings.HasPrefix(l, "%") {
			out = append(out, l)
		}
	}
	return out
}

// A full line of filler: 78 characters reach the right margin (72 + 468).
const full = "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor i"

func TestLayout(t *testing.T) {
	tests := []struct {
		name string
		doc  *Document
		want []string
	}{
		{
			name: "lines of a paragraph join; a gap starts the next",
			doc: doc([]Line{
				text(100, full), text(114, "ends here."),
				text(138, "Second paragraph."),
			}),
			want: []string{full + " ends here.", "Second paragraph."},
		},
		{
			name: "a short line ends its paragraph even without a gap",
			doc: doc([]Line{
				text(100, full), text(114, "short."),
				text(128, "Next one starts right below."),
			}),
			want: []string{full + " short.", "Next one starts right below."},
		},
		{
			name: "a word that would have fit does not continue the line",
			doc: doc([]Line{
				text(100, "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod a"),
				text(114, "Brief line."),
			}),
			want: []string{"Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod a", "Brief line."},
		},
		{
			name: "bold and larger lines are headings; a bold lead-in with a colon is not",
			doc: doc([]Line{
				sized(16, text(60, "MAGIC TOURNAMENT RULES")),
				bold(text(100, "Introduction")),
				text(124, "Body."),
				bold(text(148, "The following rules apply:")),
			}),
			want: []string{"# MAGIC TOURNAMENT RULES", "# Introduction", "Body.", "The following rules apply:"},
		},
		{
			name: "a section number set apart from its title is one heading, bold or not",
			doc: doc([]Line{
				at(100, span(72, "1.1"), span(108, "Tournament Types")),
				text(124, "There are two types."),
				bold(at(148, span(72, "2.1."), span(108, "Game Play Error — Missed Trigger"))),
			}),
			want: []string{"# 1.1 Tournament Types", "There are two types.", "# 2.1. Game Play Error — Missed Trigger"},
		},
		{
			name: "an indented numbered list is a list, not headings",
			doc: doc([]Line{
				text(100, "Tie breaks:"),
				at(114, span(90, "1."), span(108, "Match points")),
				at(128, span(90, "2."), span(108, "Game-win percentage")),
			}),
			want: []string{"Tie breaks:", "1. Match points", "2. Game-win percentage"},
		},
		{
			name: "the IPG's penalty right of its heading follows a tab",
			doc: doc([]Line{
				bold(at(100, span(54, "2.2."), span(90, "Game Play Error — Looking at Extra Cards"), span(490, "Warning"))),
				bold(text(124, "Definition")),
				bold(at(148, span(72, "Infraction"), span(490, "Penalty"))),
			}),
			want: []string{"# 2.2. Game Play Error — Looking at Extra Cards\tWarning", "# Definition", "Infraction\tPenalty"},
		},
		{
			name: "bullets become •, continuation lines at the text join the item",
			doc: doc([]Line{
				text(100, "Roles:"),
				at(114, span(90, "•"), span(108, "Tournament Organizer")),
				at(128, span(90, "\uf0b7"), span(108, "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiu")),
				at(142, span(108, "continued.")),
				at(156, span(90, "o"), span(108, "Scorekeeper")),
				at(170, span(90, "• Spectator")),
			}),
			want: []string{"Roles:", "• Tournament Organizer", "• Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiu continued.", "• Scorekeeper", "• Spectator"},
		},
		{
			name: "a paragraph that starts with a bullet-like character is escaped",
			doc:  doc([]Line{text(100, "% of players"), text(124, "# sign"), text(148, `\ slash`)}),
			want: []string{`\% of players`, `\# sign`, `\\ slash`},
		},
		{
			name: "table rows: cells far apart are separated by tabs",
			doc: doc([]Line{
				bold(at(100, span(90, "Regular"), span(200, "Competitive"), span(320, "Professional"))),
				at(114, span(90, "Caution"), span(200, "Warning"), span(320, "Warning")),
			}),
			want: []string{"Regular\tCompetitive\tProfessional", "Caution\tWarning\tWarning"},
		},
		{
			name: "a picture's small gap inside a line does not make cells",
			doc: doc([]Line{
				at(100, span(72, "cards with the “"), span(72+charW*16+20, "” symbol are permitted.")),
			}),
			want: []string{"cards with the “ ” symbol are permitted."},
		},
		{
			name: "two lists side by side are read one after the other",
			doc: doc([]Line{
				text(100, "Formats:"),
				at(114, span(90, "•"), span(108, "Standard"), span(300, "•"), span(318, "Standard (ratings)")),
				at(128, span(90, "•"), span(108, "Extended"), span(300, "•"), span(318, "Extended (ratings)")),
				at(142, span(300, "• Team Limited")),
				text(166, "After the lists."),
			}),
			want: []string{"Formats:", "• Standard", "• Extended", "• Standard (ratings)", "• Extended (ratings)", "• Team Limited", "After the lists."},
		},
		{
			name: "a term and its colon over text at a tab is one paragraph",
			doc: doc([]Line{
				at(100, span(72, "Warning:"), span(180, "A warning is an officially tracked penalty. Its purpose is")),
				at(114, span(180, "to alert.")),
			}),
			want: []string{"Warning: A warning is an officially tracked penalty. Its purpose is to alert."},
		},
		{
			name: "lettered examples with a hanging indent",
			doc: doc([]Line{
				at(100, span(90, "A. Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmo")),
				at(114, span(108, "continued.")),
				at(128, span(90, "B. Second example.")),
			}),
			want: []string{"A. Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmo continued.", "B. Second example."},
		},
		{
			name: "a word hyphenated at a line's end is rejoined where the document knows it whole",
			doc: doc([]Line{
				text(100, "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tour-"),
				text(114, "nament rules."),
				text(138, "A tournament and an invitation\uFFFEonly event; invitation-only again."),
				text(162, "Two\uFFFEHeaded Giant and well\uFFFEknown."),
				text(186, "For Limited tournaments that have a single-elimination Booster Draft playoff, only an 8-"),
				text(200, "player playoff is run."),
			}),
			want: []string{
				"Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tournament rules.",
				"A tournament and an invitation-only event; invitation-only again.",
				"Two-Headed Giant and well-known.",
				"For Limited tournaments that have a single-elimination Booster Draft playoff, only an 8-player playoff is run.",
			},
		},
		{
			name: "a dash set close after a word at a line's end joins the next line without a space; one set apart does not",
			doc: doc([]Line{
				text(100, "Lorem ipsum dolor sit amet consectetur the draft direction is left–right–"),
				text(114, "left–right; the Lorem ipsum dolor sit amet consectetur elit Game Play Error —"),
				text(128, "Missed Trigger."),
			}),
			want: []string{"Lorem ipsum dolor sit amet consectetur the draft direction is left–right–left–right; the Lorem ipsum dolor sit amet consectetur elit Game Play Error — Missed Trigger."},
		},
		{
			name: "a paragraph continues across a page break; the page marker waits",
			doc: doc(
				[]Line{text(100, "Start."), text(700, full)},
				[]Line{text(72, "end of it."), text(96, "New paragraph.")},
			),
			want: []string{"Start.", full + " end of it.", "New paragraph."},
		},
		{
			name: "page numbers and running headers and footers are furniture",
			doc: doc(
				[]Line{text(30, "Magic Tournament Rules"), text(100, "One."), at(750, span(300, "1"))},
				[]Line{text(30, "Magic Tournament Rules"), text(100, "Two."), at(750, span(300, "2"))},
				[]Line{text(30, "Magic Tournament Rules"), text(100, "Three."), at(750, span(280, "Page 3 of 3"))},
				[]Line{text(30, "Magic Tournament Rules"), text(100, "Four."), at(750, span(72, "Updated June 1"), span(480, "120.-126."))},
			),
			want: []string{"One.", "Two.", "Three.", "Four.", "Updated June 1"},
		},
		{
			name: "a heading repeated at the top of a few pages is not furniture",
			doc: doc(
				[]Line{bold(text(60, "Philosophy")), text(100, "One."), text(750, "The end.")},
				[]Line{bold(text(60, "Philosophy")), text(100, "Two.")},
				[]Line{text(60, "Three.")},
				[]Line{text(60, "Four.")},
				[]Line{text(60, "Five.")},
			),
			want: []string{"# Philosophy", "One.", "The end.", "# Philosophy", "Two.", "Three.", "Four.", "Five."},
		},
		{
			name: "the table of contents goes: dot leaders, a lost leader, its title",
			doc: doc([]Line{
				bold(text(100, "Contents")),
				text(114, "1. Tournament Fundamentals..................5"),
				text(128, "Byes 52"),
				text(142, "2. Tournament Mechanics . . . . . . . . . . 10"),
				text(156, "3. Tournament Rules ..........................."),
				text(170, "4 6 7 8 8 8 9"),
				text(194, "Introduction text."),
			}),
			want: []string{"Introduction text."},
		},
		{
			name: "a contents list without leaders goes when its entries come back",
			doc: doc([]Line{
				bold(text(100, "CONTENTS")),
				bold(text(114, "10 Format of Infractions")),
				text(128, "101 Deck Problem—Illegal Main Decklist"),
				text(142, "102 Deck Problem—Illegal Sideboard"),
				bold(text(166, "10. FORMAT OF INFRACTIONS")),
				text(180, "Text."),
				bold(text(204, "101. Deck Problem—Illegal Main Decklist")),
				bold(text(228, "102. Deck Problem—Illegal Sideboard")),
			}),
			want: []string{"# 10. FORMAT OF INFRACTIONS", "Text.", "# 101. Deck Problem—Illegal Main Decklist", "# 102. Deck Problem—Illegal Sideboard"},
		},
		{
			name: "a logo written last but set above everything comes first",
			doc: doc([]Line{
				text(100, "Body."),
				sized(40, bold(at(20, span(100, "MAGIC")))),
			}),
			want: []string{"# MAGIC", "Body."},
		},
		{
			name: "a penalty box written at the page's end is read beside the line it stands by",
			// The 2011–2015 IPGs: each box is written after the page's
			// text; the first stands right of an infraction's title and
			// "Definition", the second right of the next one's "Definition".
			doc: doc([]Line{
				bold(at(100, span(54, "3.3."), span(90, "Game Play Error — Looking at Extra Cards"))),
				bold(at(128, span(90, "Definition"))),
				at(144, span(90, "A player looks at a card they were not entitled to see. Players are considered")),
				bold(at(200, span(54, "3.4."), span(90, "Game Play Error — Drawing Extra Cards"))),
				bold(at(228, span(90, "Definition"))),
				at(244, span(90, "A player illegally puts one or more cards into his or her hand.")),
				at(258, span(90, "Additionally, it is Drawing Extra Cards.")),
				bold(at(116, span(490, "Penalty"))), at(128, span(490, "Warning")),
				bold(at(216, span(490, "Penalty"))), at(228, span(480, "Game Loss")),
			}),
			want: []string{
				"# 3.3. Game Play Error — Looking at Extra Cards", "# Definition", "# Penalty", "Warning",
				"A player looks at a card they were not entitled to see. Players are considered",
				"# 3.4. Game Play Error — Drawing Extra Cards", "# Definition", "# Penalty", "Game Loss",
				"A player illegally puts one or more cards into his or her hand.", "Additionally, it is Drawing Extra Cards.",
			},
		},
		{
			name: "a list in two columns written column by column is read down each column, the text below after both",
			// The 2025 MTR's set lists: the right column is written after
			// the left, which the longest run of growing heights cuts (its
			// top, the right column, the end of the left one).
			doc: doc([]Line{
				text(100, "The following card sets are permitted:"),
				at(114, span(90, "•"), span(108, "Eighth Edition")),
				at(128, span(90, "•"), span(108, "Mirrodin")),
				at(142, span(90, "•"), span(108, "Darksteel")),
				at(156, span(90, "•"), span(108, "Fifth Dawn")),
				at(114, span(300, "•"), span(318, "Kaladesh")),
				at(128, span(300, "•"), span(318, "Amonkhet")),
				at(142, span(300, "•"), span(318, "Ixalan")),
				text(180, "Any cards with these expansion symbols are legal."),
			}),
			want: []string{
				"The following card sets are permitted:", "• Eighth Edition", "• Mirrodin", "• Darksteel", "• Fifth Dawn",
				"• Kaladesh", "• Amonkhet", "• Ixalan", "Any cards with these expansion symbols are legal.",
			},
		},
		{
			name: "text written between two columns of a list still comes after both",
			doc: doc([]Line{
				text(100, "Banned:"),
				at(114, span(90, "•"), span(108, "Amped Raptor")),
				at(128, span(90, "•"), span(108, "Ancient Den")),
				at(142, span(90, "•"), span(108, "Birthing Pod")),
				text(170, "The text below the lists."),
				at(114, span(300, "•"), span(318, "Mystic Sanctuary")),
				at(128, span(300, "•"), span(318, "Ponder")),
			}),
			want: []string{"Banned:", "• Amped Raptor", "• Ancient Den", "• Birthing Pod", "• Mystic Sanctuary", "• Ponder", "The text below the lists."},
		},
		{
			name: "a table drawn with rulings: a cell wrapped onto lines is one cell, a bold header a row",
			// The MTR's Appendix C: headers on one or two lines, cells of
			// one line set beside cells of two, PDFium's lines running
			// across cells of several heights.
			doc: ruled(doc([]Line{
				text(80, "These three players competed."),
				bold(at(103, cell(70, 103, "Tournament"), cell(270, 103, "Match-win"))),
				bold(at(109, cell(70, 115, "Record"), cell(170, 109, "Match Points"))),
				bold(at(115, cell(270, 115, "Percentage"))),
				at(135, cell(70, 135, "5-2-1"), cell(170, 135, "16"), cell(270, 135, "16/(8*3) = 0.667")),
				at(153, cell(70, 153, "1-3-0, then"), cell(270, 153, "3/(4*3) = 0.25, so")),
				at(159, cell(70, 165, "withdraws"), cell(170, 159, "3"), cell(270, 165, "0.33 is used.")),
				text(200, "Game-win percentage"),
			}), drawGrid([]float64{60, 160, 260, 380}, []float64{100, 130, 150, 180})...),
			want: []string{
				"These three players competed.",
				"Tournament Record\tMatch Points\tMatch-win Percentage",
				"5-2-1\t16\t16/(8*3) = 0.667",
				"1-3-0, then withdraws\t3\t3/(4*3) = 0.25, so 0.33 is used.",
				"Game-win percentage",
			},
		},
		{
			name: "a table's cell spanning its width is a row of one cell; a dash stays, bullets become •",
			doc: ruled(doc([]Line{
				bold(at(104, span(80, "Cards remaining in pack"))),
				at(124, span(80, "3"), span(220, "-")),
				at(144, span(70, "•"), span(80, "Round 1: 2 wins"), span(220, "21")),
				at(156, span(70, "\uf0b7"), span(80, "Round 2: 1 loss")),
			}), drawGrid([]float64{60, 200, 340}, []float64{100, 120, 140, 170}, [3]float64{200, 100, 120})...),
			want: []string{"\tCards remaining in pack", "3\t-", "\\• Round 1: 2 wins • Round 2: 1 loss\t21"},
		},
		{
			name: "a box of one column is no table",
			// The 2010 IPG's penalty box: "Penalty" over "Game Loss",
			// beside "Definition".
			doc: ruled(doc([]Line{
				bold(at(100, span(54, "3.2."), span(90, "Game Play Error — Failure to Reveal"))),
				bold(at(117, span(493, "Penalty"))),
				at(129, span(90, "Definition"), span(487, "Game Loss")),
			}), drawGrid([]float64{455, 563}, []float64{114, 126, 140})...),
			want: []string{"# 3.2. Game Play Error — Failure to Reveal", "# Penalty", "Definition\tGame Loss"},
		},
		{
			name: "a list set in columns without bullets, its cells all alike, is read down each column",
			// The MTR's draft order: cards 1 to 9 down three columns.
			doc: doc([]Line{
				text(100, "The draft order is as follows:"),
				at(114, span(72, "Player 1B—card 1"), span(200, "Player 1A—card 4"), span(330, "Player 1C—card 7")),
				at(128, span(72, "Player 1C—card 2"), span(200, "Player 1A—card 5"), span(330, "Player 1B—card 8")),
				at(142, span(72, "Player 2A—card 3"), span(200, "Player 2C—card 6"), span(330, "Player 1B—card 9")),
				text(166, "During card selection, players must display the card."),
			}),
			want: []string{
				"The draft order is as follows:",
				"Player 1B—card 1", "Player 1C—card 2", "Player 2A—card 3", "Player 1A—card 4", "Player 1A—card 5",
				"Player 2C—card 6", "Player 1C—card 7", "Player 1B—card 8", "Player 1B—card 9",
				"During card selection, players must display the card.",
			},
		},
		{
			name: "a paragraph set at an item's text after it is the item's own, indented; the body's is not",
			// The 2011 MTR's Appendix C: a bullet, a formula, the result
			// under it at the bullet's text.
			doc: doc([]Line{
				at(100, span(90, "•"), span(108, "A player’s record is 6–2–0, so her opponents’ match-win percentage is:")),
				at(124, span(108, "This player’s opponents’ match-win percentage is 0.62.")),
				at(148, span(108, "And so on.")),
				text(172, "Back in the body."),
				at(196, span(108, "Indented, but after the body.")),
			}),
			want: []string{
				"• A player’s record is 6–2–0, so her opponents’ match-win percentage is:",
				"  This player’s opponents’ match-win percentage is 0.62.", "  And so on.",
				"Back in the body.", "Indented, but after the body.",
			},
		},
		{
			name: "a line that closes a parenthesis goes on with its paragraph, however short the line before",
			// The 2008 MTR's restricted list, in a narrow column.
			doc: doc([]Line{
				at(100, span(90, "•"), span(108, "Chrome Mox (unrestricted, effective Sept. 20,")),
				at(114, span(108, "2008)")),
				at(128, span(90, "•"), span(108, "Crop Rotation (banned")),
				at(142, span(90, "•"), span(108, "Dark Ritual")),
				text(166, "A short (aside)"),
				text(180, "is its own."),
			}),
			want: []string{"• Chrome Mox (unrestricted, effective Sept. 20, 2008)", "• Crop Rotation (banned", "• Dark Ritual", "A short (aside)", "is its own."},
		},
		{
			name: "the line heading two lists side by side is split with them",
			// The 2000 MTR's formats and ratings categories.
			doc: doc([]Line{
				at(100, span(82, "Constructed Formats:"), span(276, "The DCI produces the following ratings categories.")),
				at(114, span(82, "•"), span(98, "Standard"), span(276, "•"), span(292, "Standard (includes Block Constructed)")),
				at(128, span(82, "•"), span(98, "Extended"), span(276, "•"), span(292, "Extended (includes the Extended format)")),
				at(142, span(82, "Limited Formats:")),
				at(156, span(82, "• Sealed Deck")),
			}),
			want: []string{
				"Constructed Formats:", "• Standard", "• Extended",
				"The DCI produces the following ratings categories.", "• Standard (includes Block Constructed)", "• Extended (includes the Extended format)",
				"Limited Formats:", "• Sealed Deck",
			},
		},
		{
			name: "a page number first on a footer line goes, the rest stays; a heading's number at the top stays",
			doc: doc(
				[]Line{at(40, span(72, "110."), span(100, "Tournament Mechanics")), text(100, "One."), at(750, span(240, "126.-127."), span(430, "Updated March 1"))},
				[]Line{text(100, "Two.")},
			),
			want: []string{"# 110. Tournament Mechanics", "One.", "Updated March 1", "Two."},
		},
		{
			name: "no-break spaces, control characters and soft hyphens",
			doc:  doc([]Line{text(100, "a\u00a0b\x01c  d tour\u00adnament tournament")}),
			want: []string{"a bc d tournament tournament"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := body(Layout(tt.doc))
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n  %q\nwant\n  %q", got, tt.want)
			}
		})
	}
}

func TestLayoutPages(t *testing.T) {
	d := doc(
		[]Line{text(100, "One."), text(700, full)},
		[]Line{text(72, "continued."), bold(text(96, "Heading"))},
		[]Line{},
		[]Line{text(72, "Four.")},
	)
	got := string(Format("mtr/x.pdf", d, Layout(d)))
	want := "%arbiter-extract 1\n%source: mtr/x.pdf\n%pages: 4\n%page 1\nOne.\n" + full + " continued.\n%page 2\n# Heading\n%page 4\nFour.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestFormatHeader(t *testing.T) {
	d := &Document{Title: "Magic:\nThe Gathering", Pages: []Page{{Number: 1}}}
	got := string(Format("ipg/2024-09-23.pdf", d, nil))
	want := "%arbiter-extract 1\n%source: ipg/2024-09-23.pdf\n%pages: 1\n%title: Magic: The Gathering\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestIsLabel(t *testing.T) {
	for s, want := range map[string]bool{
		"2.1.": true, "100.": true, "1.1": true, "A.": true, "(a)": true, "b)": true, "Warning:": true,
		"A": false, "Game": false, "1.a": false, "": false, "Upgrade: If the": false,
	} {
		if got := isLabel(s); got != want {
			t.Errorf("isLabel(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestPageNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"3": true, "- 3 -": true, "iv": true, "Page 3 of 40": true, "3/40": true, "100.-104.": true,
		"Philosophy": false, "3 rounds": false, "Appendix B": false,
	} {
		if got := pageNumber.MatchString(s); got != want {
			t.Errorf("pageNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

// FuzzLayout lays out documents made from arbitrary bytes: it must not
// panic, must give the same blocks twice, and every block must be one
// non-empty line.
func FuzzLayout(f *testing.F) {
	f.Add([]byte("1.1\x00Tournament Types\x01Body text here.\x02• item\x03Page 3"))
	f.Add([]byte("\xff\xfe\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a"))
	f.Add([]byte("Players\x1e\x1fRounds\x00\x1e5-8\x1f3\x00\x1e9-16\x1f4\x00Player 1A\x1fPlayer 1B\x00Player 2A\x1fPlayer 2B\x00Player 3A\x1fPlayer 3B\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := fuzzDocument(data)
		a := Layout(d)
		b := Layout(d)
		if len(a) != len(b) {
			t.Fatalf("two layouts differ: %d and %d blocks", len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("block %d differs: %q and %q", i, a[i].Text, b[i].Text)
			}
			if a[i].Text == "" || strings.ContainsAny(a[i].Text, "\n\r") {
				t.Fatalf("block %d is not one non-empty line: %q", i, a[i].Text)
			}
			if a[i].Page < 1 || a[i].Page > len(d.Pages) {
				t.Fatalf("block %d on page %d of %d", i, a[i].Page, len(d.Pages))
			}
		}
		out := Format("f.pdf", d, a)
		if !utf8.Valid(out) && utf8.Valid(data) {
			t.Fatalf("output is not UTF-8")
		}
	})
}

// fuzzDocument reads bytes as lines: each byte below 0x08 ends a line and
// picks its position, size, weight and whether it starts a new page; the
// bytes between are its text, split into spans at 0x1f; a line with 0x1e
// has its spans boxed with rulings.
func fuzzDocument(data []byte) *Document {
	d := &Document{Pages: []Page{{Number: 1, Width: pageW, Height: pageH}}}
	y := 40.0
	var cur []byte
	for _, c := range data {
		if c >= 0x08 {
			cur = append(cur, c)
			continue
		}
		p := &d.Pages[len(d.Pages)-1]
		if c&1 != 0 || y > pageH {
			d.Pages = append(d.Pages, Page{Number: len(d.Pages) + 1, Width: pageW, Height: pageH})
			p = &d.Pages[len(d.Pages)-1]
			y = 40
		}
		var spans []Span
		x := 40 + float64(c)*20
		for _, part := range strings.Split(string(cur), "\x1f") {
			spans = append(spans, span(x, part))
			x = spans[len(spans)-1].X1 + float64(c)*15
		}
		l := at(y, spans...)
		if strings.ContainsRune(string(cur), 0x1e) {
			// A line with 0x1e is a table's row: a box around each span,
			// which meets the boxes of the rows above and below.
			for _, sp := range spans {
				p.Rulings = append(p.Rulings,
					Ruling{X0: sp.X0 - 3, X1: sp.X0 - 2.5, Top: y - 2, Bottom: y + 14},
					Ruling{X0: sp.X1 + 2.5, X1: sp.X1 + 3, Top: y - 2, Bottom: y + 14},
					Ruling{X0: sp.X0 - 3, X1: sp.X1 + 3, Top: y - 2, Bottom: y - 1.5},
					Ruling{X0: sp.X0 - 3, X1: sp.X1 + 3, Top: y + 14, Bottom: y + 14.5})
			}
		}
		l.Bold = c&2 != 0
		if c&4 != 0 {
			l = sized(18, l)
		}
		p.Lines = append(p.Lines, l)
		y += 14 + float64(c)*3
		cur = cur[:0]
	}
	return d
}

func TestFormatParagraphs(t *testing.T) {
	in := "\n\nMagic: The Gathering DCI Floor Rules\n\n100.\tGeneral Magic Tournament Rules\n      •\tStandard\n    • Extended\n" +
		"Darksteel\t\t\tFebruary 20, 2004\n% off\n   Indented text.  \n" +
		"|Regular |Competitive |\n|Disqualification without |Game |\n|prize |loss |\n|All Levels |\n|Warning |\n|a | b|\nAfter.\n"
	want := "%arbiter-extract 1\n%source: mtr/2003-12-01.doc\nMagic: The Gathering DCI Floor Rules\n100. General Magic Tournament Rules\n" +
		"• Standard\n• Extended\nDarksteel\tFebruary 20, 2004\n\\% off\nIndented text.\n" +
		"Regular\tCompetitive\nDisqualification without prize\tGame loss\n\tAll Levels\n\tWarning\na\tb\nAfter.\n"
	if got := string(FormatParagraphs("mtr/2003-12-01.doc", []byte(in))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestEngineVersion: Engine names the go-pdfium the module requires.
func TestEngineVersion(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*github\.com/klippa-app/go-pdfium (v\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod does not require go-pdfium")
	}
	if !strings.Contains(Engine, "go-pdfium "+string(m[1])+",") {
		t.Errorf("Engine %q; go.mod requires go-pdfium %s", Engine, m[1])
	}
}
