// Package envtrim is the one rule for values read from the environment, for the API
// (server/app) and the workers alike: surrounding whitespace is not part of a value, so a
// WORKER_CALLBACK_SECRET pasted with a trailing newline signs exactly as the API's trimmed
// WORKER_SECRETS verifies.
//
// It imports only the standard library, so both the API and the workers may use it.
package envtrim

import (
	"os"
	"strings"
)

// Environment returns the process environment with every value trimmed of surrounding
// whitespace (spaces, tabs, newlines), for caarlos0/env's Options.Environment.
func Environment() map[string]string {
	out := make(map[string]string)
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		out[k] = strings.TrimSpace(v)
	}
	return out
}
