package engine

// Instructions the multiplayer rules' examples need, numbered apart from
// the others in ability.go.
const (
	OpRedirect Op = iota + 100 // the next N damage that would be dealt to To this turn is dealt to To2 instead (614.9)
)
