package views

// SwitchesURL is the page listing the rules switches: which version of each
// rule that changed how the game plays each edition holds.
func (p Paths) SwitchesURL() string { return p.sandboxURL("/sandbox/switches") }

// SwitchesAPIURL is the same as JSON.
func (p Paths) SwitchesAPIURL() string { return p.Base + "/api/switches" }

// SwitchesPage lists every switch and the editions each version holds for.
type SwitchesPage struct {
	Page
	Switches []SwitchView
	Editions int // editions read
}

// SwitchView is one switch: its versions, then the runs of editions, oldest
// first, that hold each.
type SwitchView struct {
	ID, Name string
	States   []SwitchStateView
	Runs     []SwitchRun
}

// SwitchStateView is one version of a switch.
type SwitchStateView struct{ ID, Text string }

// SwitchRun is consecutive editions holding the same version.
type SwitchRun struct {
	State    string // the version's ID
	From, To string // the first and last editions' names
	Editions []SwitchAt
}

// SwitchAt is one edition in a run: the rule that states the version there.
type SwitchAt struct {
	Edition string // its name: "CR 2009-05-01"
	Rule    string // "300.3"; "" when the edition has no rule that says it
	URL     string // the rule's page, or the edition's when Rule is ""
	// Builtin names the built-in edition the version comes from when the
	// edition's own text doesn't state it (an excerpt).
	Builtin string
}

// HasSwitches says whether the site has the switches page: the server's
// sandbox, or the one a static export links to.
func (p Paths) HasSwitches() bool { return !p.Static || p.Sandbox != "" }
