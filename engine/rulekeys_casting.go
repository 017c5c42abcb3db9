package engine

// Keys for casting spells and activating abilities: modes, permissions to
// cast, the costs of loyalty abilities, copies of spells. Like those in
// rulekeys_gated.go, each is switched off by rule ablation on its own.
const (
	KeyModesAhead Key = "cast.ahead" // 601.4: a mode that depends on a choice announced later (kicker) may consider it
)

var castingRecognizers = []recognizer{
	{key: KeyModesAhead, chapters: []uint16{601}, sub: 1, re: rx(`only if other choices are made that would normally be made later`)},
}
