package scenario

// knownUnproven20240802 are the covered examples of 2024-08-02 (the last
// edition with the damage assignment order of 509.2 and 510.1c) whose own
// rule's ablation breaks none of their scenarios yet, besides those printed
// the same in 2026-01-16 and listed in knownUnproven: most are the same
// examples as knownUnproven's, in 2024-08-02's wording.
var knownUnproven20240802 = []string{
	"509.5f: A creature has the ability “Whenever this creature becomes blocked by a white creature, destroy that creature at end of combat.” If the creature becomes blocked",
	"607.5a: Voice of All enters the battlefield and Unstable Shapeshifter copies it. Voice of All reads, in part, “As Voice of All enters, choose a color.” and “Voice of Al",
	// 707.8a's last sentence: as in knownUnproven.
	"707.8a: Clone is not a transforming double-faced card, so a token that is created as a copy of a Clone is not a transforming token, even if it enters the battlefield as",
	"707.9d: Glasspool Mimic is a creature that reads “You may have Glasspool Mimic enter as a copy of a creature you control, except it’s a Shapeshifter Rogue in addition t",
}
