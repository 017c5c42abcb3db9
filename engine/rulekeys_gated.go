package engine

// Keys for behaviour that lives inside a broader rule, named so that rule
// ablation (ablation.go) can switch it off on its own: each is code that
// could be deleted without failing a scenario until one was written for it.
const (
	KeyPreventShield  Key = "prevent.shield"        // 615.7: a shield of N damage is used up by the damage it prevents
	KeyTrampleMarked  Key = "combat.trample.marked" // 702.19b: lethal damage counts damage already marked on the blocker
	KeyCopyValues     Key = "copy.values"           // 707.3: a copy's copiable values are what it copied, so copying it copies that
	KeyCopyKeeps      Key = "copy.keeps"            // 707.4: becoming a copy of something else keeps the noncopy effects on it
	KeyCopyChoices    Key = "copy.choices"          // 707.6: choices made for a permanent aren't copied
	KeyLayerParts     Key = "layers.parts"          // 613.6: each part of an effect applies in its layer, to the same objects
	KeyTypesRetain    Key = "types.retain"          // 205.1b: "still a land", "in addition to its other types" keep the prior types
	KeySupertypesKept Key = "types.super.kept"      // 205.4b: changing card types or subtypes doesn't change supertypes
)

var gatedRecognizers = []recognizer{
	{key: KeyPreventShield, chapters: []uint16{419, 614, 615}, re: rx(`these work like shields`)},
	{key: KeyTrampleMarked, chapters: []uint16{502, 702}, sub: 2, re: rx(`lethal damage, take into account damage already`)},
	{key: KeyCopyValues, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`objects that copy the object will use the new copiable values`)},
	{key: KeyCopyKeeps, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`copy a different object while remaining on the battlefield`)},
	{key: KeyLayerParts, chapters: []uint16{418, 612, 613}, sub: 1, re: rx(`^if an effect should be applied in different layers`)},
	{key: KeyTypesRetain, chapters: []uint16{204, 205}, sub: 2, re: rx(`retains a prior card type`)},
	{key: KeySupertypesKept, chapters: []uint16{204, 205}, sub: 2, re: rx(`changing an object.s card types or subtypes won.t change its supertypes`)},
	{key: KeyCopyChoices, chapters: []uint16{503, 706, 707}, sub: 1, re: rx(`^when copying a permanent, any choices that have been made for that permanent aren.t copied`)},
}
