package auth

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/uptrace/bun"
)

// MaxLocalUsers is the most members the local sign-in lists (the seeded users of a local stack
// are a handful; the bound keeps a large database from answering with all of its members).
const MaxLocalUsers = 100

// LocalUser is a member the local sign-in offers: a subject and the organizations it belongs to.
type LocalUser struct {
	// Subject is the organization_member.subject (the token's `sub`).
	Subject string `json:"subject"`
	// Organizations are the names of its organizations, in name order.
	Organizations []string `json:"organizations"`
}

// LocalUsers returns the subjects of organization_member (the seeded users of the local stack),
// in subject order, at most MaxLocalUsers.
// Errors: database failures, wrapped.
func LocalUsers(ctx context.Context, db bun.IDB) ([]LocalUser, error) {
	var rows []struct {
		Subject       string   `bun:"subject"`
		Organizations []string `bun:"organizations,array"`
	}
	err := db.NewRaw(`SELECT m.subject, array_agg(o.name ORDER BY o.name) AS organizations
		FROM organization_member AS m JOIN organization AS o ON o.id = m.organization_id
		GROUP BY m.subject ORDER BY m.subject LIMIT ?`, MaxLocalUsers).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("list local users: %w", err)
	}
	users := make([]LocalUser, len(rows))
	for i, r := range rows {
		users[i] = LocalUser{Subject: r.Subject, Organizations: r.Organizations}
	}
	return users, nil
}

// IsMember reports whether subject is a member of any organization.
// Errors: database failures, wrapped.
func IsMember(ctx context.Context, db bun.IDB, subject string) (bool, error) {
	var ok bool
	err := db.NewRaw("SELECT EXISTS (SELECT 1 FROM organization_member WHERE subject = ?)", subject).Scan(ctx, &ok)
	if err != nil {
		return false, fmt.Errorf("look up member: %w", err)
	}
	return ok, nil
}

// CheckLocalSignIn says whether li may mint tokens for the development sign-in of an API that
// trusts issuer: only a local issuer on a loopback host whose URL is exactly the trusted issuer.
// A Cognito user pool (any non-loopback issuer) can therefore never be paired with it, whatever
// else the configuration says.
func CheckLocalSignIn(li *LocalIssuer, issuer string) error {
	if li == nil {
		return errors.New("no local issuer")
	}
	if li.Issuer != issuer {
		return fmt.Errorf("the local sign-in's issuer %q is not the trusted issuer %q", li.Issuer, issuer)
	}
	u, err := url.Parse(li.Issuer)
	if err != nil {
		return fmt.Errorf("the local sign-in's issuer: %w", err)
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); (ip == nil || !ip.IsLoopback()) && !strings.EqualFold(host, "localhost") {
		return fmt.Errorf("the local sign-in's issuer %q is not on a loopback host", li.Issuer)
	}
	return nil
}
