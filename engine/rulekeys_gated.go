package engine

// Keys for behaviour that lives inside a broader rule, named so that rule
// ablation (ablation.go) can switch it off on its own: each is code that
// could be deleted without failing a scenario until one was written for it.
const (
	KeyPreventShield Key = "prevent.shield"        // 615.7: a shield of N damage is used up by the damage it prevents
	KeyTrampleMarked Key = "combat.trample.marked" // 702.19b: lethal damage counts damage already marked on the blocker
)

var gatedRecognizers = []recognizer{
	{key: KeyPreventShield, chapters: []uint16{419, 614, 615}, re: rx(`these work like shields`)},
	{key: KeyTrampleMarked, chapters: []uint16{502, 702}, sub: 2, re: rx(`lethal damage, take into account damage already`)},
}
