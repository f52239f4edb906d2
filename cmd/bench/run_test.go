package main

import (
	"encoding/json"
	"testing"
)

func TestGraphQLBody(t *testing.T) {
	query := "query($id: ID!) {\n  pageImport(id: $id) { id } } # \"<&>\" \u2028"
	body := graphQLBody(query)
	first := body(map[string]any{"id": "0190", "p": 3})
	second := body(map[string]any{"id": "0191"})
	// The first body is still whole after the second: the encoded query is shared, not written over.
	for _, tc := range []struct {
		got  []byte
		vars map[string]any
	}{{first, map[string]any{"id": "0190", "p": 3}}, {second, map[string]any{"id": "0191"}}} {
		want, _ := json.Marshal(map[string]any{"query": query, "variables": tc.vars})
		if string(tc.got) != string(want) {
			t.Errorf("body %s, want %s", tc.got, want)
		}
	}
}
