package rules

import (
	"fmt"
	"strings"
	"testing"
)

// judgeOutline writes an edition's tree in a compact form a table can state:
// one line per section, entry and topic, with its blocks as kind:text.
func judgeOutline(e *Edition) string {
	var b strings.Builder
	kinds := map[BlockKind]string{BlockText: "text", BlockExample: "example", BlockHeading: "heading", BlockItem: "item", BlockPenalty: "penalty", BlockRow: "row"}
	blocks := func(ind string, bs []Block) {
		for _, bl := range bs {
			fmt.Fprintf(&b, "%s%s:%s\n", ind, kinds[bl.Kind], bl.Text.S)
		}
	}
	if len(e.Intro) > 0 {
		b.WriteString("intro\n")
		blocks("  ", e.Intro)
	}
	for _, s := range e.Sections {
		fmt.Fprintf(&b, "S%d %s\n", s.Number, s.Title)
		for _, c := range s.Chapters {
			fmt.Fprintf(&b, "  %s %s\n", c.Number, c.Title())
			blocks("    ", c.Body)
			for _, r := range c.Children {
				fmt.Fprintf(&b, "    %s %s\n", r.Number, r.Title())
				blocks("      ", r.Body)
			}
		}
	}
	for _, t := range e.Topics {
		fmt.Fprintf(&b, "T %s %s\n", t.Slug, t.Title)
		blocks("  ", t.Body)
	}
	return b.String()
}

// extract wraps body lines as extracted text, format 1.
func extract(body ...string) string {
	return "%arbiter-extract 1\n%source: test.pdf\n%pages: 3\n" + strings.Join(body, "\n") + "\n"
}

func TestParseJudgeShapes(t *testing.T) {
	tests := []struct {
		name, src string
		doc       Doc
		effective string
		title     string
		want      string
	}{
		{
			name: "modern MTR: sections, entries, an appendix; the heading's number split from its title",
			src: extract("%page 1", "# MAGIC: THE GATHERING® TOURNAMENT RULES", "Effective April 21, 2025",
				"%page 4", "# Introduction", "The Magic Tournament Rules provide the infrastructure.",
				"%page 5", "# 1.", "# Tournament Fundamentals", "# 1.1 Tournament Types",
				"There are two types of tournaments: rated and casual.", "12", "• Tournament Organizer",
				"# 1.2 Publishing Tournament Information", "Wizards reserves the right to publish.",
				"# 2. Tournament Mechanics", "Text of section 2.", "# 2.1 Match Structure", "A match is a series of games.",
				"# Appendix B—Time Limits", "The required minimum time limit is 40 minutes.", "# Booster Draft Timing",
				"Cards remaining in pack\tTime allotted", "15 cards\t40 seconds"),
			doc: DocMTR, effective: "2025-04-21", title: "Magic: The Gathering® Tournament Rules",
			want: `intro
  heading:Introduction
  text:The Magic Tournament Rules provide the infrastructure.
S1 Tournament Fundamentals
  1 Tournament Fundamentals
    1.1 Tournament Types
      text:There are two types of tournaments: rated and casual.
      item:Tournament Organizer
    1.2 Publishing Tournament Information
      text:Wizards reserves the right to publish.
S2 Tournament Mechanics
  2 Tournament Mechanics
    text:Text of section 2.
    2.1 Match Structure
      text:A match is a series of games.
T appendix-b Appendix B—Time Limits
  text:The required minimum time limit is 40 minutes.
  heading:Booster Draft Timing
  row:Cards remaining in pack	Time allotted
  row:15 cards	40 seconds
`,
		},
		{
			name: "an appendix's subheadings in the body's font, a row of one cell, an item's further paragraph",
			src: extract("# MAGIC: THE GATHERING® TOURNAMENT RULES", "Effective April 21, 2025",
				"# 1. Tournament Fundamentals", "# 1.1 Tournament Types", "Text.",
				"# Appendix A—Changes From Previous Versions", "April 11, 2025", "3.7: New set added.",
				"Appendix D: Upcoming sets added", "# Appendix B—Time Limits", "Two-Headed Giant Draft Timing",
				"Two-Headed Giant Booster Drafts have the following default time limits for each pick:",
				"\tCards remaining in pack", "15-Card Booster\t14-Card Booster\tTime allotted", "3\t-\t5 seconds",
				"# Appendix C—Tiebreaker Explanation", "Match-win percentage", "A player’s match-win percentage is the total.",
				"Examples:", "• A player’s record is 6–2–0, so her opponents’ match-win percentage is:",
				"  This player’s opponents’ match-win percentage is 0.62.", "Byes", "Short line.", "24 + 21", "A last line"),
			doc: DocMTR, effective: "2025-04-21", title: "Magic: The Gathering® Tournament Rules",
			want: `S1 Tournament Fundamentals
  1 Tournament Fundamentals
    1.1 Tournament Types
      text:Text.
T appendix-a Appendix A—Changes From Previous Versions
  heading:April 11, 2025
  text:3.7: New set added.
  text:Appendix D: Upcoming sets added
T appendix-b Appendix B—Time Limits
  heading:Two-Headed Giant Draft Timing
  text:Two-Headed Giant Booster Drafts have the following default time limits for each pick:
  row:Cards remaining in pack
  row:15-Card Booster	14-Card Booster	Time allotted
  row:3	-	5 seconds
T appendix-c Appendix C—Tiebreaker Explanation
  heading:Match-win percentage
  text:A player’s match-win percentage is the total.
  text:Examples:
  item:A player’s record is 6–2–0, so her opponents’ match-win percentage is:
This player’s opponents’ match-win percentage is 0.62.
  heading:Byes
  text:Short line.
  text:24 + 21
  text:A last line
`,
		},
		{
			name: "modern IPG: penalty beside the title, parts, lettered examples, a run-in upgrade, a broken example",
			src: extract("# MAGIC INFRACTION PROCEDURE GUIDE", "Effective September 23, 2024", "# INTRODUCTION",
				"The Infraction Procedure Guide provides judges the penalties.", "# FRAMEWORK OF THIS DOCUMENT", "This document is divided.",
				"# CONTENTS", "# 1. General Philosophy", "# 2. Game Play Errors",
				"# 1. GENERAL PHILOSOPHY", "Judges are neutral arbiters.", "# 1.1. DEFINITION OF PENALTIES", "# Warning", "Warnings are used.",
				"# 2. GAME PLAY ERRORS", "# 2.1. Game Play Error — Missed Trigger\tNo Penalty", "# Definition", "A triggered ability triggers.",
				"# Examples", "A. Knight of Infamy attacks alone.", "B. A player forgets to exile the Angel token at end of combat.",
				"They realize the error later.", "# Philosophy", "Triggered abilities are common.",
				"Upgrade: If the triggered ability is usually detrimental, the penalty is a Warning.",
				"# 2.2. Game Play Error — Looking at Extra Cards", "Warning", "# Definition", "A player takes an action."),
			doc: DocIPG, effective: "2024-09-23", title: "Magic Infraction Procedure Guide",
			want: `intro
  heading:Introduction
  text:The Infraction Procedure Guide provides judges the penalties.
S1 General Philosophy
  1 General Philosophy
    text:Judges are neutral arbiters.
    1.1 Definition of Penalties
      heading:Warning
      text:Warnings are used.
S2 Game Play Errors
  2 Game Play Errors
    2.1 Game Play Error — Missed Trigger
      penalty:No Penalty
      heading:Definition
      text:A triggered ability triggers.
      heading:Examples
      example:A. Knight of Infamy attacks alone.
      example:B. A player forgets to exile the Angel token at end of combat. They realize the error later.
      heading:Philosophy
      text:Triggered abilities are common.
      heading:Upgrade
      text:If the triggered ability is usually detrimental, the penalty is a Warning.
    2.2 Game Play Error — Looking at Extra Cards
      penalty:Warning
      heading:Definition
      text:A player takes an action.
T framework-of-this-document Framework of This Document
  text:This document is divided.
`,
		},
		{
			name: "an infraction that prints no penalty takes the quick reference's; a box read after its Definition is its penalty",
			src: extract("# MAGIC INFRACTION PROCEDURE GUIDE", "Effective July 18, 2014",
				"# 1. UNSPORTING CONDUCT", "Unsporting conduct is disruptive.",
				"# 1.1. Unsporting Conduct — Stalling", "# Definition", "A player intentionally plays slowly.",
				"# 1.2. Unsporting Conduct — Cheating", "# Definition", "# Penalty", "Disqualification", "A person breaks a rule.",
				"# APPENDIX A — PENALTY QUICK REFERENCE", "Infraction\tPenalty", "# Unsporting Conduct",
				"Stalling\tDisqualification", "Cheating\tDisqualification"),
			doc: DocIPG, effective: "2014-07-18", title: "Magic Infraction Procedure Guide",
			want: `S1 Unsporting Conduct
  1 Unsporting Conduct
    text:Unsporting conduct is disruptive.
    1.1 Unsporting Conduct — Stalling
      penalty:Disqualification (per Appendix A; none printed here)
      heading:Definition
      text:A player intentionally plays slowly.
    1.2 Unsporting Conduct — Cheating
      heading:Definition
      heading:Penalty
      penalty:Disqualification
      text:A person breaks a rule.
T appendix-a Appendix A — Penalty Quick Reference
  row:Infraction	Penalty
  heading:Unsporting Conduct
  row:Stalling	Disqualification
  row:Cheating	Disqualification
`,
		},
		{
			name: "forerunner in hundreds: contents with other titles, a numbered list, a penalty table by REL",
			src: extract("# DCI™ UNIVERSAL PENALTY GUIDELINES", "# 2000–2001 Tournament Season", "Effective November 1, 2001",
				"# CONTENTS", "# 10 Format of Infractions", "# 100 DECK PROBLEMS", "101 Deck Problem—Illegal Main Decklist",
				"# Appendix A—Penalty Quick-Reference Guide",
				"# 10. FORMAT OF INFRACTIONS", "Infractions are listed in the following manner:",
				"1. Definition of the infraction", "2. Its penalty",
				"# 100. DECK PROBLEMS", "This section deals with deck problems.",
				"# 101. Deck Problem—Illegal Main Decklist", "# Definition", "This penalty applies to decklists.",
				"# Examples", "(A) A player has 59 cards listed.", "# Penalty", "Correct the decklist.",
				"Deck Problem—Illegal Main Decklist", "REL 1\tREL 2\tREL 3", "Game\tGame\tMatch",
				"# Appendix A—Penalty Quick-Reference Guide", "101\tIllegal Main Decklist\tGame"),
			doc: DocIPG, effective: "2001-11-01", title: "DCI™ Universal Penalty Guidelines",
			want: `intro
  text:2000–2001 Tournament Season
S0 
  10 Format of Infractions
    text:Infractions are listed in the following manner:
    item:1. Definition of the infraction
    item:2. Its penalty
S1 Deck Problems
  100 Deck Problems
    text:This section deals with deck problems.
  101 Deck Problem—Illegal Main Decklist
    heading:Definition
    text:This penalty applies to decklists.
    heading:Examples
    example:(A) A player has 59 cards listed.
    heading:Penalty
    text:Correct the decklist.
    text:Deck Problem—Illegal Main Decklist
    row:REL 1	REL 2	REL 3
    penalty:Game	Game	Match
T appendix-a Appendix A—Penalty Quick-Reference Guide
  row:101	Illegal Main Decklist	Game
`,
		},
		{
			name: "a numbered list item that reads like a section is not one; a bold table of figures neither",
			src: extract("# MAGIC: THE GATHERING® TOURNAMENT RULES", "Effective July 1, 2011",
				"# 3. Tournament Rules", "# 3.1 Tiebreakers", "The following tiebreakers are used:",
				"1. Match points", "4. Opponents’ game-win percentage", "# 3.2 Format Categories", "Formats.",
				"# 4. Communication", "# 4.1 Player Communication", "Talk.",
				"# Appendix B—Time Limits", "# 15 14\t50 seconds", "# 5. Extra Cards"),
			doc: DocMTR, effective: "2011-07-01", title: "Magic: The Gathering® Tournament Rules",
			want: `S3 Tournament Rules
  3 Tournament Rules
    3.1 Tiebreakers
      text:The following tiebreakers are used:
      item:1. Match points
      item:4. Opponents’ game-win percentage
    3.2 Format Categories
      text:Formats.
S4 Communication
  4 Communication
    4.1 Player Communication
      text:Talk.
T appendix-b Appendix B—Time Limits
  row:15 14	50 seconds
  heading:5. Extra Cards
`,
		},
		{
			name: "Word text: Windows-1252 bullets, a number and tab before the title, contents with page numbers",
			src: "MAGIC: THE GATHERING\xae DCI FLOOR RULES\r\nEffective Mar 1, 2008\r\n\r\nIntroduction\t3\r\n100.\tGeneral Rules\t4\r\n" +
				"Introduction\r\nThe Floor Rules work with the DCI Penalty Guidelines.\r\n\r\n100.\tGENERAL RULES\r\n\r\n" +
				"101.\tFormat and Ratings Categories\r\nThe DCI sanctions the following formats:\r\n\r\nConstructed Formats\r\n\x95\tStandard\r\n\x95\tExtended\r\n" +
				"102.\tAuthorized Cards\r\nAlpha cards may be used (see section 101).\r\n",
			doc: DocMTR, effective: "2008-03-01", title: "Magic: The Gathering® DCI Floor Rules",
			want: `intro
  heading:Introduction
  text:The Floor Rules work with the DCI Penalty Guidelines.
S1 General Rules
  100 General Rules
  101 Format and Ratings Categories
    text:The DCI sanctions the following formats:
    heading:Constructed Formats
    item:Standard
    item:Extended
  102 Authorized Cards
    text:Alpha cards may be used (see section 101).
`,
		},
		{
			name: "a newsgroup post: headers, a preface, topics of numbered items, no sections",
			src: "From: someone@example.com (Someone)\nNewsgroups: rec.games.board\nSubject: MTG: Official Tournament Rules\nDate: 26 Jan 94 12:30:31\n\n" +
				"We've been given the OK to post these, so here it is -- the first version of the\nOfficial Tournament Rules.\n\n" +
				"=========================================================================\n\n" +
				"Magic the Gathering Tournament rules\n\nDeck construction rules:\n\n" +
				"     1.  The tournament deck must contain a minimum of 60 cards, total, of all\nlands, creatures, spells, and artifacts.  This helps to insure more variety\nin play.\n\n" +
				"Ali from Cairo\nAncestral Recall\n\n" +
				"Floor Rules:\n\n     1.  Tournaments will use a standard ladder bracket system.  Single or\ndouble elimination tournaments are both acceptable.  The players should\nbe allowed to view the chart (see Floor Rules, rule #5).\n",
			doc: DocMTR, effective: "1994-01-26", title: "Magic the Gathering Tournament rules",
			want: `intro
  text:We've been given the OK to post these, so here it is -- the first version of the Official Tournament Rules.
T deck-construction-rules Deck construction rules
  item:1. The tournament deck must contain a minimum of 60 cards, total, of all lands, creatures, spells, and artifacts. This helps to insure more variety in play.
  text:Ali from Cairo
  text:Ancestral Recall
T floor-rules Floor Rules
  item:1. Tournaments will use a standard ladder bracket system. Single or double elimination tournaments are both acceptable. The players should be allowed to view the chart (see Floor Rules, rule #5).
`,
		},
		{
			name: "antiword's output: a heading line as long as the width, a table cell wrapped onto a second row",
			src: "\n\nDCI\u2122 Penalty Guide and Procedures\nRelease \u2014 March 1, 2008\nEffective \u2014 March 20, 2008\n\n" +
				"Introduction\nThe DCI Penalty Guide provides judges the appropriate penalties and\nprocedures to handle offenses that occur during the course of a tournament.\n\n" +
				"140. Unsporting Conduct\n\n" +
				"      143. Unsporting Conduct \u2014 Randomly Determining a Winner of a Game\n" +
				"      A player uses a random method to determine the outcome of a game or a\n      match that is not in progress.\n\n" +
				"      Definition\n      A player uses a random method.\n\n      Penalty\n|All Levels              |\n|Disqualification without|\n|prize                   |\n",
			doc: DocIPG, effective: "2008-03-20", title: "DCI™ Penalty Guide and Procedures",
			want: `intro
  text:Release — March 1, 2008
  heading:Introduction
  text:The DCI Penalty Guide provides judges the appropriate penalties and procedures to handle offenses that occur during the course of a tournament.
S1 
  140 Unsporting Conduct
  143 Unsporting Conduct — Randomly Determining a Winner of a Game
    text:A player uses a random method to determine the outcome of a game or a match that is not in progress.
    heading:Definition
    text:A player uses a random method.
    heading:Penalty
    row:All Levels
    penalty:Disqualification without prize
`,
		},
		{
			name: "HTML: h1 title, h2 topics, bold paragraphs as headings, a <br> inside a paragraph, a stamp before the doctype",
			src: "2019-03-24\n<!doctype html><html><head><title>x</title><style>p{}</style></head>" +
				"<header><h1>Judging at Regular Rules Enforcement Level</h1></header><div><em>Effective January 21, 2019<br></em></div>" +
				"<p>Most players play for fun. The <a href=\"http://example.com/ipg\">Infraction Procedure Guide</a> is stricter.</p>" +
				"<h2>Common Issues</h2><p><strong>A player forgets a triggered ability</strong></p><p>Put it on the stack. Otherwise,<br>\ndetermine what to do.</p>" +
				"<h2>General Unwanted Behaviors</h2><ul><li>Inadequate shuffling.</li><li>Tardiness.</li></ul></html>",
			doc: DocJAR, effective: "2019-01-21", title: "Judging at Regular Rules Enforcement Level",
			want: `intro
  text:Most players play for fun. The Infraction Procedure Guide is stricter.
T common-issues Common Issues
  heading:A player forgets a triggered ability
  text:Put it on the stack. Otherwise, determine what to do.
T general-unwanted-behaviors General Unwanted Behaviors
  item:Inadequate shuffling.
  item:Tardiness.
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := ParseJudge(Source{Name: "test", Data: []byte(tt.src)})
			if e.Failed() {
				t.Fatalf("failed: %v", e.Diagnostics)
			}
			if e.Doc != tt.doc || e.EffectiveDate() != tt.effective || e.Title != tt.title {
				t.Errorf("doc %v, effective %q, title %q; want %v, %q, %q", e.Doc, e.EffectiveDate(), e.Title, tt.doc, tt.effective, tt.title)
			}
			if got := judgeOutline(e); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if got := JudgeDocOf(Source{Name: "test", Data: []byte(tt.src)}); got != tt.doc {
				t.Errorf("JudgeDocOf = %v, want %v", got, tt.doc)
			}
		})
	}
}

func TestJudgeDocOf(t *testing.T) {
	tests := []struct {
		src  string
		want Doc
	}{
		{"Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\n100.6. See the Magic Tournament Rules.\n", 0},
		{"DCI Universal Tournament Rules\nEffective June 1, 2000\n", 0},
		{extract("# MAGIC INFRACTION PROCEDURE GUIDE", "Effective September 23, 2024", "See the Magic Tournament Rules."), DocIPG},
		{"MAGIC: THE GATHERING\u00ae DCI FLOOR RULES\nEffective Mar 1, 2008\nSee the DCI Penalty Guidelines.\n", DocMTR},
		{"DCI\u2122 PENALTY GUIDE AND PROCEDURES\nEffective September 20, 2007\nSee the Floor Rules.\n", DocIPG},
		{"Judging at Regular Rules Enforcement Level (REL)\nUpdated September 26, 2014\n", DocJAR},
		{"", 0},
		{"\x00\x01binary", 0},
	}
	for _, tt := range tests {
		if got := JudgeDocOf(Source{Name: "x", Data: []byte(tt.src)}); got != tt.want {
			t.Errorf("JudgeDocOf(%.40q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

// TestParseRoutesJudge checks that Parse hands a judge document to
// ParseJudge and keeps the Comprehensive Rules for its own parser.
func TestParseRoutesJudge(t *testing.T) {
	mtr := Parse(Source{Name: "mtr.txt", Data: []byte(extract("# MAGIC: THE GATHERING® TOURNAMENT RULES", "Effective April 21, 2025", "# 1. Fundamentals", "# 1.1 Types", "Text."))})
	if mtr.Doc != DocMTR || mtr.Rule(Number{Chapter: 1, Rule: 1}) == nil {
		t.Errorf("an MTR text: doc %v, diagnostics %v", mtr.Doc, mtr.Diagnostics)
	}
	cr := Parse(Source{Name: "cr.txt", Data: []byte("Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\n1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game.\n")})
	if cr.Document() != DocCR || cr.Rule(Number{Chapter: 100, Rule: 1}) == nil {
		t.Errorf("a CR text: doc %v, diagnostics %v", cr.Document(), cr.Diagnostics)
	}
}

func TestJudgeEffective(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Effective April 21, 2025", "2025-04-21"},
		{"Effective Mar 1, 2008", "2008-03-01"},
		{"Effective June 1, 2000", "2000-06-01"},
		{"Effective — March 20, 2008", "2008-03-20"},
		{"Effective September 1, 2003, updated December 1, 2003", "2003-09-01"},
		{"Updated September 26, 2014", "2014-09-26"},
		{"Effective 1 June 2000", "2000-06-01"},
		{"Effective February 30, 2008", ""},
		{"Release September 1, 2007", ""},
		{"These rules are effective immediately", ""},
	}
	for _, tt := range tests {
		got := ""
		if d, ok := judgeEffective(tt.in); ok {
			got = d.Format("2006-01-02")
		}
		if got != tt.want {
			t.Errorf("judgeEffective(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDisplayTitle(t *testing.T) {
	tests := []struct{ in, want string }{
		{"MAGIC: THE GATHERING® TOURNAMENT RULES", "Magic: The Gathering® Tournament Rules"},
		{"DEFINITION OF RULES ENFORCEMENT LEVEL (REL)", "Definition of Rules Enforcement Level (REL)"},
		{"APPENDIX A — CHANGES FROM PREVIOUS VERSION", "Appendix A — Changes from Previous Version"},
		{"OUT-OF-ORDER SEQUENCING", "Out-of-Order Sequencing"},
		{"PLAY/DRAW RULE", "Play/Draw Rule"},
		{"DCI™ UNIVERSAL PENALTY GUIDELINES", "DCI™ Universal Penalty Guidelines"},
		{"Tournament Types", "Tournament Types"},
		{"- / --", "- / --"},
	}
	for _, tt := range tests {
		if got := displayTitle(tt.in); got != tt.want {
			t.Errorf("displayTitle(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseJudgeErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"empty", "", "test:1: empty file"},
		{"binary", "%PDF-1.4\x00\x01", "test:1: binary data"},
		{"not a judge document", "Magic: The Gathering Comprehensive Rules\n100. General\n", "not a judge document"},
		{"a title and nothing else", extract("# MAGIC INFRACTION PROCEDURE GUIDE", "Effective July 1, 2009", "Some text."), "no sections or headings found"},
	}
	for _, tt := range tests {
		e := ParseJudge(Source{Name: "test", Data: []byte(tt.src)})
		if !e.Failed() || !strings.Contains(fmt.Sprint(e.Diagnostics), tt.want) {
			t.Errorf("%s: diagnostics %v, want an error with %q", tt.name, e.Diagnostics, tt.want)
		}
	}
}

// TestLinkJudge checks what Link makes of a judge edition's references:
// its own resolve, with backlinks; other documents' are neither resolved
// nor dangling; a second Link changes nothing.
func TestLinkJudge(t *testing.T) {
	src := extract("# MAGIC INFRACTION PROCEDURE GUIDE", "Effective September 23, 2024",
		"# 1. GENERAL PHILOSOPHY", "Only issue penalties as in section 1.2, the Judging at Regular REL document says otherwise.",
		"# 1.2. APPLYING PENALTIES", "See the Magic Tournament Rules, section 4.3 of the Magic Tournament Rules and rule 704.5a.",
		"Tardiness (3.9) is no entry of this edition; Appendix B is.",
		"# Appendix B—Changes", "1.2: Reworded.")
	e := ParseJudge(Source{Name: "ipg.txt", Data: []byte(src)})
	if e.Failed() {
		t.Fatal(e.Diagnostics)
	}
	count := func() (refs, resolved, dangling int) {
		for _, r := range e.Refs {
			if r.Resolved {
				resolved++
			}
		}
		return len(e.Refs), resolved, len(e.Dangling)
	}
	refs, resolved, dangling := count()
	// section 1.2, JAR, MTR, MTR 4.3, CR 704.5a, 3.9 (dangling), Appendix
	// B, and the list of changes' "1.2:".
	if refs != 8 || resolved != 3 || dangling != 1 {
		t.Errorf("refs %d, resolved %d, dangling %d; want 8, 3, 1", refs, resolved, dangling)
	}
	if d := e.Dangling; len(d) == 1 && d[0].Text.S[d[0].Start:d[0].End] != "3.9" {
		t.Errorf("dangling %q, want 3.9", d[0].Text.S[d[0].Start:d[0].End])
	}
	if r := e.Rule(Number{Chapter: 1, Rule: 2}); r == nil || len(e.CitedBy(Citer{Rule: r})) != 2 || e.CitedBy(Citer{Rule: r})[0].From().Rule.Number != (Number{Chapter: 1}) || e.CitedBy(Citer{Rule: r})[1].From().Topic != e.Topic("appendix-b") {
		t.Errorf("1.2 should be cited by 1 and by appendix B")
	}
	if tp := e.Topic("appendix-b"); tp == nil || len(e.CitedBy(Citer{Topic: tp})) != 1 {
		t.Errorf("appendix B should be cited once")
	}
	Link(e)
	if r2, res2, d2 := count(); r2 != refs || res2 != resolved || d2 != dangling {
		t.Errorf("a second Link: %d/%d/%d, want %d/%d/%d", r2, res2, d2, refs, resolved, dangling)
	}
}

// TestLinkCRMentions checks that a Comprehensive Rules edition's mentions
// of the MTR and the IPG are marked, inside its italics, and that they are
// neither resolved nor dangling there.
func TestLinkCRMentions(t *testing.T) {
	src := "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\n1. Game Concepts\n\n100. General\n\n" +
		"100.1. These Magic rules apply to any Magic game.\n\n" +
		"100.6. Most Magic tournaments have additional rules covered in the _Magic: The Gathering_ Tournament Rules. See rule 100.1.\n\n" +
		"100.7. Judges use the Infraction Procedure Guide and the DCI Universal Tournament Rules.\n"
	e := ParseText(Source{Name: "cr.txt", Data: []byte(src)})
	var mentions []string
	for _, r := range e.Refs {
		if c := r.Cited(); c.Kind == RefDocument {
			mentions = append(mentions, c.Doc.Short()+":"+r.Text.S[r.Start:r.End])
			if r.Resolved {
				t.Errorf("%s resolved in the CR edition", c.Doc.Short())
			}
		}
	}
	if got := strings.Join(mentions, " "); got != "MTR:Tournament Rules IPG:Infraction Procedure Guide" {
		t.Errorf("mentions %q", got)
	}
	if len(e.Dangling) != 0 {
		t.Errorf("dangling: %d", len(e.Dangling))
	}
	r := e.Rule(Number{Chapter: 100, Rule: 6})
	if r == nil {
		t.Fatal("no 100.6")
	}
	spans := r.Body[0].Text.Spans
	for i := 1; i < len(spans); i++ {
		a, b := spans[i-1], spans[i]
		if b.Start < a.Start || b.Start < a.End && b.End > a.End {
			t.Errorf("spans out of order or crossing: %+v", spans)
		}
	}
}
