package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/auth"
)

func TestSeedIsIdempotent(t *testing.T) {
	db := testenv.MustOpenDB(t)
	ctx := context.Background()
	first, err := seed(ctx, db, "local-user")
	if err != nil {
		t.Fatal(err)
	}
	again, err := seed(ctx, db, "local-user")
	if err != nil || again != first {
		t.Fatalf("second seed %+v, %v; first %+v", again, err, first)
	}
	orgID, err := auth.ProjectOrganization(ctx, db, "local-user", first.ProjectID)
	if err != nil || orgID != first.OrganizationID {
		t.Errorf("the seeded member cannot see the seeded project: %d, %v", orgID, err)
	}
	if _, err := auth.ProjectOrganization(ctx, db, "stranger", first.ProjectID); models.ErrorCodeOf(err) != models.CodeNotFound {
		t.Errorf("a stranger sees the project: %v", err)
	}
}

func TestTokenCommandMintsAVerifiableToken(t *testing.T) {
	t.Setenv("LOCAL_ISSUER_KEY_FILE", t.TempDir()+"/key.pem")
	t.Setenv("LOCAL_ISSUER_ADDR", "127.0.0.1:0")
	li, err := localIssuer()
	if err != nil {
		t.Fatal(err)
	}
	srv, addr, err := serveIssuer(li)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	var out bytes.Buffer
	if err := printToken([]string{"-ttl", "5m", "someone"}, &out); err != nil {
		t.Fatal(err)
	}
	// The issuer URL of a :0 address is not reachable; verify against the key directly.
	v, err := auth.NewVerifier(auth.Config{Issuer: li.Issuer, ClientIDs: []string{auth.LocalClientID},
		JWKSURL: "http://" + addr + li.JWKSPath(), Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.Verify(context.Background(), strings.TrimSpace(out.String()))
	if err != nil || p.Subject != "someone" {
		t.Fatalf("minted token: %+v, %v", p, err)
	}
	if err := printToken(nil, &out); err == nil {
		t.Error("token without a subject was accepted")
	}
}
