package auth_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/code2des/backend/server/auth"
)

func TestLoadOrCreateKeyIsSharedThroughTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "key.pem")
	k1, err := auth.LoadOrCreateKey(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v (err %v), want 0600", st.Mode().Perm(), err)
	}
	k2, err := auth.LoadOrCreateKey(path)
	if err != nil || !k1.Equal(k2) {
		t.Fatalf("second load gave another key (err %v)", err)
	}
	a, _ := auth.NewLocalIssuer(k1, "http://127.0.0.1:1/local-pool", auth.LocalClientID)
	b, _ := auth.NewLocalIssuer(k2, "http://127.0.0.1:1/local-pool", auth.LocalClientID)
	if a.KeyID() == "" || a.KeyID() != b.KeyID() {
		t.Errorf("kids %q and %q differ for one key", a.KeyID(), b.KeyID())
	}
	if a.JWKSPath() != "/local-pool/.well-known/jwks.json" {
		t.Errorf("JWKS path %q", a.JWKSPath())
	}
	if err := os.WriteFile(path, []byte("junk"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := auth.LoadOrCreateKey(path); err == nil {
		t.Error("a corrupt key file was accepted")
	}
}
