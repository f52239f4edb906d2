package convert

// styleState is the styles pass's state (embedded via structureState).
type styleState struct{}
