package dashboard

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestPolicyAllowsTheSignInOrigins: the sign-in's origins join connect-src; malformed ones do not.
func TestPolicyAllowsTheSignInOrigins(t *testing.T) {
	h, err := newHandler(fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}, nil,
		"https://cognito-idp.us-east-1.amazonaws.com", "https://code2des.auth.us-east-1.amazoncognito.com", "javascript:alert(1)", "https://bad host")
	if err != nil {
		t.Fatal(err)
	}
	policy := h.Policy("api.example.com", true)
	want := "; connect-src 'self' wss://api.example.com https://cognito-idp.us-east-1.amazonaws.com https://code2des.auth.us-east-1.amazoncognito.com;"
	if !strings.Contains(policy, want) {
		t.Errorf("policy %q; want it to contain %q", policy, want)
	}
}
