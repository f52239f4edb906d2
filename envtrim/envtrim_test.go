package envtrim_test

import (
	"testing"

	"github.com/code2des/backend/envtrim"
)

func TestEnvironmentTrimsValues(t *testing.T) {
	t.Setenv("ENVTRIM_TEST_SECRET", "  s3cret-with-newline\r\n")
	t.Setenv("ENVTRIM_TEST_EQUALS", "a=b ")
	env := envtrim.Environment()
	if got := env["ENVTRIM_TEST_SECRET"]; got != "s3cret-with-newline" {
		t.Errorf("secret = %q", got)
	}
	if got := env["ENVTRIM_TEST_EQUALS"]; got != "a=b" {
		t.Errorf("a value holding '=' = %q", got)
	}
}
