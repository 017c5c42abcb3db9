// Package history follows the Comprehensive Rules through time: what
// changed between two editions (rules, examples, glossary entries and
// chapter titles added, removed, reworded or renumbered, with word-level
// diffs) and the history of one rule across every edition, through its
// renumberings.
//
// A Chain holds the library's whole editions oldest first and matches each
// with the next (match.go); a diff between editions further apart composes
// those matchings, so a rule is followed step by step the way the rules
// themselves changed. Matchings are computed once, on first use or by Warm,
// and kept: they are a few slices of indexes per pair of editions.
//
// # Matching two editions
//
// A matching pairs each numbered entry (chapter, rule, subrule), printed
// example and glossary entry of the older edition with at most one of the
// newer. An entry's identity is its text, then its place, never its number
// alone: numbers are what the renumberings change. What is compared
// (prepare.go) is, per entry, a unit:
//
//   - the text, typography folded (quote marks, dashes, spaces: fold);
//   - the text "masked": every rule number it cites replaced by "#", the
//     short end of a range too ("601.2e–g" is "#–#"), the numbers kept
//     apart, so that a rule citing 704.5k reads the same as one citing
//     704.5j when 704.5k became 704.5j;
//   - a bag of its words, hashed and sorted, for similarity: the Magic
//     2010 update's renamed terms read in their new form and play, cast
//     and activate as one word (wording.go), so the update's rewording
//     does not hide a rule from itself.
//
// The steps run in order, most certain first, each on what earlier ones
// left unpaired (match):
//
//  1. the same number and the same text (cited numbers masked), or the
//     same words (wording: typography and, across the 2010 update, its
//     renamed terms set aside);
//  2. the same text at another number: renumbered. Text that occurs more
//     than once pairs only if it is long enough to mean one rule
//     (minLongWords, 6 words) or occurs once on each side;
//  3. the same words at another number (410.10a "Comes-into-play
//     abilities trigger…" → 603.6a "Enters-the-battlefield abilities
//     trigger…" in 2009-09-04), with the same care for repeats;
//  4. by children: an entry whose children went, most of them, under one
//     entry is that entry, if both are headings (at most maxTitleWords, 5
//     words) or their texts are somewhat alike (minByChildren, 0.3).
//     "212.4. Enchantments" became chapter "303. Enchantments" this way,
//     and 2009's "300. General" went with its rules to 500, not to the new
//     300 of the same title: a chapter is its rules and its title, not its
//     number;
//  5. chapters: the same number and title, then the same title elsewhere
//     if only one chapter on each side has it, then the same number and a
//     title at least minTitle (0.5) alike. Titles compare by their words,
//     so "End of Turn Step" is "End Step" across the 2010 update;
//  6. the rest by similarity of words, weighed by rarity (weightsOf: a
//     shared "snow-covered" says more than a shared "are redundant").
//     The score is the Dice coefficient, or for a text of at least
//     minContained (8) words nearly all inside a longer one, 0.75 of the
//     share contained (a rule cut in two keeps half of its words). A pair
//     must reach minInPlace (0.5) under the entry its parent went to,
//     minElsewhere (0.7) elsewhere, 0.1 less at the same number and 0.1
//     more across levels; pairs are taken best first by how far past their
//     threshold they are (greedy). Only pairs that can reach it are scored
//     (candidates): siblings in place, the rule at the same number, and
//     elsewhere the rules that share one of the lighter text's heaviest
//     words, the fewest that weigh over 30% of it;
//  7. splits and merges (matchOpenings): a text cut in parts is paired by
//     similarity with the part most alike, often a short one wholly
//     inside it. The part that carries the text on is the one that opens
//     as it did (the first minOpening, 8, words): 418.5a of 2009-05-01
//     goes on as 612.1, which opens "The values of an object's
//     characteristics are determined by starting with the actual object",
//     not as 612.2, which took its second paragraph. So when the shorter
//     side of a pair is a part of the other (at most maxPart, 0.8, of its
//     length, minPart, 0.6, of its words inside it) and does not open as
//     the other does, an unpaired entry that does, and is minOpened (0.4)
//     alike, takes its place; the part left is noted as split from (or
//     merged into) the other. And a text left unpaired pairs with an
//     unpaired one that opens as it does, one a part of the other, as
//     minOpened alike: 419.8a of 2009-05-01 went on as 608.7, its first
//     sentence, when 2009-09-04 gave the rest subrules of their own;
//  8. headings in place: a heading pairs with the heading of the same
//     words just before its next sibling's partner ("212.1. General"
//     became "300. General" as "212.2. Artifacts" became "301.
//     Artifacts");
//  9. step 4 again, for the parents of what steps 6–8 paired;
//  10. examples within paired rules (the same text, then minExample, 0.5,
//     alike), then across rules (the same text, or minMovedExample, 0.7);
//  11. glossary entries by headword, then by any of their terms, then by a
//     definition minTerm (0.7) alike;
//  12. what is left unpaired past the point where a cut edition's file
//     stops is marked missing (missing.go).
//
// The thresholds were set by reading the diffs of the 73 editions since
// 2003; the comment at each says what decided it, and the tests in
// corpus_history_test.go and trails_test.go hold those cases.
//
// # What a difference is
//
// Two paired entries differ (Matching.compare) in what their text says
// (Changed), in their wording only (Reworded: typography, or across the
// 2010 update its renamed terms, wording.go), in the numbers they cite,
// each naming the entry the old one named (Recited), and in their number
// (Moved). Reworded and Recited are never Changed: a reader citing the
// rule need not read it again, and pages show them folded.
package history
