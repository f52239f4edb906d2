package testenv_test

import (
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
)

const parkFn = "internal/testenv_test.parkOn"

//go:noinline
func parkOn(c chan struct{}) { <-c }

func TestWaitParkedCountsGoroutinesWaitingInAFunction(t *testing.T) {
	if n := testenv.ParkedIn(parkFn); n != 0 {
		t.Fatalf("%d goroutines parked before any started, want 0", n)
	}
	c := make(chan struct{})
	for range 3 {
		go func() { parkOn(c) }()
	}
	testenv.WaitParked(t, 10*time.Second, 3, parkFn)
	if n := testenv.ParkedIn(parkFn); n != 3 {
		t.Errorf("%d goroutines parked, want 3", n)
	}
	// The function that calls the parked one is not where they wait.
	if n := testenv.ParkedIn("internal/testenv_test.TestWaitParkedCountsGoroutinesWaitingInAFunction.func1"); n != 0 {
		t.Errorf("%d goroutines parked in their calling closure, want 0", n)
	}
	close(c)
	testenv.WaitFor(t, 10*time.Second, "the goroutines end", func() bool { return testenv.ParkedIn(parkFn) == 0 })
}

func TestPollReportsTheDeadline(t *testing.T) {
	calls := 0
	if testenv.Poll(20*time.Millisecond, func() bool { calls++; return false }) {
		t.Fatal("Poll reported a condition that never held")
	}
	if calls < 2 {
		t.Errorf("Poll checked %d times within its bound, want at least 2", calls)
	}
	calls = 0
	if !testenv.Poll(time.Minute, func() bool { calls++; return calls == 3 }) || calls != 3 {
		t.Errorf("Poll: %d calls, want true at the third", calls)
	}
}
