package rules

// rstSymbols maps the substitutions of the 2011 Sphinx Comprehensive Rules
// (defined in that project's rst_epilog as images; the list is
// corpus/rst/substitutions.tsv) to the brace notation every Arbiter edition
// uses for symbols. The chaos and planeswalker symbols of the planar die have
// no mana notation of their own: they are {CHAOS} and {PW}.
var rstSymbols = map[string]string{
	// Tap and untap: /images/Tap.*, /images/Untap.*
	"T": "{T}",
	"Q": "{Q}",

	// Colored, variable and snow mana: /images/mana/W.* …
	"W": "{W}",
	"U": "{U}",
	"B": "{B}",
	"R": "{R}",
	"G": "{G}",
	"X": "{X}",
	"S": "{S}",

	// Generic mana: /images/mana/0.* … /images/mana/16.*
	"0":  "{0}",
	"1":  "{1}",
	"2":  "{2}",
	"3":  "{3}",
	"4":  "{4}",
	"5":  "{5}",
	"6":  "{6}",
	"7":  "{7}",
	"8":  "{8}",
	"9":  "{9}",
	"10": "{10}",
	"11": "{11}",
	"12": "{12}",
	"13": "{13}",
	"14": "{14}",
	"15": "{15}",
	"16": "{16}",

	// Hybrid mana: /images/mana/WU.* …
	"W/U": "{W/U}",
	"W/B": "{W/B}",
	"U/B": "{U/B}",
	"U/R": "{U/R}",
	"B/R": "{B/R}",
	"B/G": "{B/G}",
	"R/W": "{R/W}",
	"R/G": "{R/G}",
	"G/W": "{G/W}",
	"G/U": "{G/U}",

	// Monocolored hybrid mana: /images/mana/2W.* …
	"2/W": "{2/W}",
	"2/U": "{2/U}",
	"2/B": "{2/B}",
	"2/R": "{2/R}",
	"2/G": "{2/G}",

	// Phyrexian mana: /images/mana/P.*, /images/mana/PW.* …
	"P":   "{P}",
	"W/P": "{W/P}",
	"U/P": "{U/P}",
	"B/P": "{B/P}",
	"R/P": "{R/P}",
	"G/P": "{G/P}",

	// Planar die: /images/C.* (chaos), /images/PW.* (planeswalker)
	"C":  "{CHAOS}",
	"PW": "{PW}",
}
