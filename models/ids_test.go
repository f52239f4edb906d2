package models_test

import (
	"encoding/base64"
	"testing"

	"github.com/google/uuid"

	"github.com/code2des/backend/models"
)

func TestNewIDIsLowercaseUUIDv7InOrder(t *testing.T) {
	prev := ""
	for range 100 {
		id, err := models.NewID()
		if err != nil {
			t.Fatal(err)
		}
		u, err := uuid.Parse(id)
		if err != nil || u.Version() != 7 || u.String() != id {
			t.Fatalf("%q is not a canonical UUIDv7", id)
		}
		if id <= prev {
			t.Fatalf("ids not increasing: %s then %s", prev, id)
		}
		prev = id
	}
}

func TestNewNonce(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		n, err := models.NewNonce()
		if err != nil {
			t.Fatal(err)
		}
		b, err := base64.RawURLEncoding.DecodeString(n)
		if err != nil || len(b) != models.NonceBytes || models.NonceBytes < 32 {
			t.Fatalf("nonce %q decodes to %d bytes (err %v)", n, len(b), err)
		}
		if seen[n] {
			t.Fatalf("nonce repeated: %s", n)
		}
		seen[n] = true
	}
}

func TestParseID(t *testing.T) {
	id, _ := models.NewID()
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{id, true},
		{"0190F3A2-7B1C-7D3E-8F00-000000000000", false}, // uppercase is not canonical
		{"not-a-uuid", false},
		{"", false},
		{"{" + id + "}", false},
	} {
		got, err := models.ParseID("id", tc.in)
		if tc.ok != (err == nil) || (tc.ok && got != tc.in) {
			t.Errorf("ParseID(%q) = %q, %v", tc.in, got, err)
		}
		if err != nil && models.ErrorCodeOf(err) != models.CodeBadUserInput {
			t.Errorf("ParseID(%q) code %s", tc.in, models.ErrorCodeOf(err))
		}
	}
}
