package convert

type layoutState struct{}
type styleState struct{}
