package content

import "embed"

// Scenarios holds the bundled engine scenarios (scenarios/*.scn), one per
// printed example or rules passage they demonstrate; see
// scenarios/README.md for the language. Load them with scenario.LoadFS.
//
//go:embed scenarios/*.scn
var Scenarios embed.FS
