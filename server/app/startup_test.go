package app_test

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/code2des/backend/server/app"
)

// TestStartupFailsFastWhenTheDatabaseHangs: a database that accepts the connection but never
// answers (a hung server, a half-open network path) ends start-up with an error after
// DEPENDENCY_TIMEOUT rather than the OS's TCP timeouts; the process then exits and its supervisor
// restarts it (docs/decisions.md).
func TestStartupFailsFastWhenTheDatabaseHangs(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		conns []net.Conn
	)
	t.Cleanup(func() {
		_ = l.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c) // hold the connection open, answer nothing
			mu.Unlock()
		}
	}()
	cfg := app.Config{
		DatabaseURL:       "postgres://postgres@" + l.Addr().String() + "/code2des?sslmode=disable",
		DependencyTimeout: 200 * time.Millisecond,
	}
	start := time.Now()
	errc := make(chan error, 1)
	go func() {
		_, err := app.OpenDeps(context.Background(), cfg)
		errc <- err
	}()
	select {
	case err := <-errc:
		if err == nil || !strings.Contains(err.Error(), "database") {
			t.Fatalf("OpenDeps = %v; want a database error", err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("start-up gave up after %v; want about DEPENDENCY_TIMEOUT (200ms)", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("OpenDeps still waiting for a database that never answers after 5s")
	}
}
