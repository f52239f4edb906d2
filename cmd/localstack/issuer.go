package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/code2des/backend/server/auth"
)

// defaultIssuerAddr is where the local issuer serves its JWKS (loopback only).
const defaultIssuerAddr = "127.0.0.1:9400"

// localIssuer loads (or creates) the local key pair shared by the stack and the token command.
func localIssuer() (*auth.LocalIssuer, error) {
	key, err := auth.LoadOrCreateKey(envOr("LOCAL_ISSUER_KEY_FILE", auth.DefaultLocalKeyFile()))
	if err != nil {
		return nil, err
	}
	return auth.NewLocalIssuer(key, "http://"+envOr("LOCAL_ISSUER_ADDR", defaultIssuerAddr)+auth.LocalIssuerPath, auth.LocalClientID)
}

// serveIssuer serves the issuer's JWKS on LOCAL_ISSUER_ADDR and returns the bound address.
func serveIssuer(li *auth.LocalIssuer) (*http.Server, string, error) {
	addr := envOr("LOCAL_ISSUER_ADDR", defaultIssuerAddr)
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", fmt.Errorf("local issuer: listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: li, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(l) }()
	return srv, l.Addr().String(), nil
}

// printToken implements `localstack token [-ttl D] SUBJECT`: it prints an ID token of the local
// issuer for SUBJECT. The stack seeds LOCAL_SUBJECT (default local-user) as a member of the local
// organization; any other subject authenticates but sees no project (NOT_FOUND).
func printToken(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("token", flag.ContinueOnError)
	ttl := fs.Duration("ttl", auth.DefaultLocalTokenTTL, "token lifetime")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || fs.Arg(0) == "" {
		return errors.New("usage: localstack token [-ttl 1h] SUBJECT")
	}
	li, err := localIssuer()
	if err != nil {
		return err
	}
	tok, err := li.Mint(fs.Arg(0), *ttl)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, tok)
	return err
}
