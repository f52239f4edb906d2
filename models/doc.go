// Package models is the Code2Des domain: the bun-tagged table structs, job statuses, the input
// limits of SPEC §4, the domain error type with the codes of SPEC §3, and the interfaces the rest of
// the service is built from (blob store, queue, job services).
//
// It imports only the standard library, bun and uuid, so every other package can depend on it.
package models
