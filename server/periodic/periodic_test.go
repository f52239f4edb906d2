package periodic_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/periodic"
)

func TestClaimOncePerInterval(t *testing.T) {
	db := testenv.MustOpenDB(t)
	ctx := context.Background()
	if ok, err := periodic.Claim(ctx, db, "task", "a", time.Hour); !ok || err != nil {
		t.Fatalf("first claim of a new task: %v, %v", ok, err)
	}
	claimed := time.Now() // the database recorded the claim before this instant
	if ok, err := periodic.Claim(ctx, db, "task", "b", time.Hour); ok || err != nil {
		t.Fatalf("a second instance claimed within the interval: %v, %v", ok, err)
	}
	if ok, _ := periodic.Claim(ctx, db, "other", "b", time.Hour); !ok {
		t.Error("another task shares the claim")
	}
	// With an interval that has passed since the first claim, the next one succeeds.
	const short = 50 * time.Millisecond
	time.Sleep(short - time.Since(claimed) + 10*time.Millisecond)
	if ok, err := periodic.Claim(ctx, db, "task", "b", short); !ok || err != nil {
		t.Fatalf("claim after the interval: %v, %v", ok, err)
	}
	if runs, by, err := periodic.Runs(ctx, db, "task"); runs != 2 || by != "b" || err != nil {
		t.Errorf("Runs = %d, %q, %v; want 2 runs, last by b", runs, by, err)
	}
	for _, tc := range []struct {
		name     string
		interval time.Duration
	}{{"", time.Second}, {strings.Repeat("n", periodic.MaxNameLength+1), time.Second}, {"task", 0}} {
		if _, err := periodic.Claim(ctx, db, tc.name, "a", tc.interval); err == nil {
			t.Errorf("Claim(%q, %s) accepted", tc.name, tc.interval)
		}
	}
	if _, err := periodic.Claim(ctx, db, strings.Repeat("n", periodic.MaxNameLength), "a", time.Second); err != nil {
		t.Errorf("a name of MaxNameLength: %v", err)
	}
}

// Instances claiming at the same moment: exactly one wins, also for a task never run before.
func TestClaimConcurrentOneWinner(t *testing.T) {
	db := testenv.MustOpenDB(t)
	for round := range 3 {
		var wg sync.WaitGroup
		var mu sync.Mutex
		winners := 0
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := periodic.Claim(context.Background(), db, "race", fmt.Sprint("instance-", i), time.Hour)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					winners++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		want := 1
		if round > 0 {
			want = 0 // within the hour
		}
		if winners != want {
			t.Errorf("round %d: %d winners; want %d", round, winners, want)
		}
	}
}
