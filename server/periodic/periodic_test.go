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
	if ok, err := periodic.Claim(ctx, db, "task", "b", time.Hour); ok || err != nil {
		t.Fatalf("a second instance claimed within the interval: %v, %v", ok, err)
	}
	if ok, _ := periodic.Claim(ctx, db, "other", "b", time.Hour); !ok {
		t.Error("another task shares the claim")
	}
	// The interval is counted on the database clock from the recorded claim: age the claim
	// instead of waiting. A minute short of the hour it still holds; a minute past, the next
	// claim succeeds.
	age := func(d time.Duration) {
		t.Helper()
		if _, err := db.NewRaw("UPDATE periodic_task SET last_run_at = last_run_at - ?::interval WHERE name = 'task'",
			fmt.Sprintf("%d seconds", int(d.Seconds()))).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	age(time.Hour - time.Minute)
	if ok, err := periodic.Claim(ctx, db, "task", "b", time.Hour); ok || err != nil {
		t.Fatalf("claim a minute before the interval ends: %v, %v", ok, err)
	}
	age(2 * time.Minute)
	if ok, err := periodic.Claim(ctx, db, "task", "b", time.Hour); !ok || err != nil {
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
