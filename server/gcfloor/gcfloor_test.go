package gcfloor_test

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

	"github.com/code2des/backend/server/gcfloor"
)

func TestPercent(t *testing.T) {
	const floor = gcfloor.DefaultHeapFloor
	for _, tc := range []struct {
		name string
		live uint64
		want int
	}{
		{"NoLiveHeap", 0, gcfloor.MaxPercent},
		{"BelowMaxPercent", floor/65 - 1, gcfloor.MaxPercent},
		{"AtMaxPercent", floor / 65, gcfloor.MaxPercent},
		{"PastMaxPercent", floor/65 + 1, gcfloor.MaxPercent - 1}, // the clamp no longer needed
		{"FiveMiB", 5 << 20, 540},
		{"FloorQuarter", floor / 4, 300},
		{"JustBelowHalf", floor/2 - 1, 100},
		{"AtHalf", floor / 2, 100},
		{"AboveFloor", 4 * floor, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := gcfloor.Percent(floor, tc.live); got != tc.want {
				t.Errorf("Percent(%d, %d) = %d, want %d", floor, tc.live, got, tc.want)
			}
		})
	}
}

// unsetGOGC unsets GOGC for the test, restoring it after.
func unsetGOGC(t *testing.T) {
	t.Setenv("GOGC", "")
	if err := os.Unsetenv("GOGC"); err != nil {
		t.Fatal(err)
	}
}

// gcPercent reads the GC percent (SetGCPercent reads only by changing it).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestStart: without GOGC the percent after a collection is the floor's (a test process keeps far
// less than 32 MiB live, so above 100), and stop restores the percent of before; with GOGC set,
// even to its default, or a floor of 0, nothing changes.
func TestStart(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		unsetGOGC(t)
		before := gcPercent()
		stop := gcfloor.Start(gcfloor.DefaultHeapFloor)
		if again := gcfloor.Start(gcfloor.DefaultHeapFloor); again == nil {
			t.Fatal("second Start returned nil stop")
		} else {
			again() // a no-op: the first one still runs
		}
		deadline := time.Now().Add(10 * time.Second)
		for gcPercent() <= 100 {
			if time.Now().After(deadline) {
				stop()
				t.Fatalf("GC percent still %d after collections", gcPercent())
			}
			runtime.GC()
			time.Sleep(10 * time.Millisecond) // the finalizer runs in its own goroutine
		}
		stop()
		if got := gcPercent(); got != before {
			t.Errorf("after stop the GC percent is %d, want %d", got, before)
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if got := gcPercent(); got != before {
			t.Errorf("a collection after stop set the GC percent to %d, want %d", got, before)
		}
	})
	for _, tc := range []struct {
		name  string
		gogc  bool // GOGC=100 set
		floor uint64
	}{
		{"OK/GOGCSet", true, gcfloor.DefaultHeapFloor},
		{"OK/ZeroFloor", false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.gogc {
				t.Setenv("GOGC", "100")
			} else {
				unsetGOGC(t)
			}
			// Not 100: a floor of 0 would otherwise set the percent to 100 unseen (Percent(0, live)).
			const before = 150
			prev := debug.SetGCPercent(before)
			t.Cleanup(func() { debug.SetGCPercent(prev) })
			stop := gcfloor.Start(tc.floor)
			defer stop()
			for range 3 {
				runtime.GC()
				time.Sleep(10 * time.Millisecond)
			}
			if got := gcPercent(); got != before {
				t.Errorf("GC percent %d, want %d as before Start", got, before)
			}
		})
	}
}

// TestStartStopConcurrently: Start and stop called at once from many goroutines while collections
// run leave the GC percent of before once every stop has run, and the race detector sees nothing.
func TestStartStopConcurrently(t *testing.T) {
	unsetGOGC(t)
	before := gcPercent()
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
				runtime.GC()
			}
		}
	}()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				stop := gcfloor.Start(gcfloor.DefaultHeapFloor)
				time.Sleep(time.Millisecond)
				stop()
			}
		}()
	}
	wg.Wait()
	close(done)
	runtime.GC()
	time.Sleep(20 * time.Millisecond) // a finalizer armed before the last stop runs, and does nothing
	if got := debug.SetGCPercent(before); got != before {
		t.Errorf("GC percent %d after every stop, want %d", got, before)
	}
}
