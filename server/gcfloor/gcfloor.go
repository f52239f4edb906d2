// Package gcfloor gives the Go garbage collector a heap floor: the heap may grow to a fixed size
// before a collection, however small the live heap, and to twice the live heap (Go's default,
// GOGC=100) above that.
//
// Why (issue 17): the API keeps about 5 MB live while serving small reads and allocates 20-90 KB
// per request, so under Go's default the heap goal is about 10 MB and a collection runs every 50-100
// requests; its marking and write barriers were 10-15% of the API's CPU per small read. A floor
// makes them rare where the heap is small, and changes nothing where it is large: a cold
// code2desResult holds tens of MB live and collects at twice that, as before.
package gcfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// DefaultHeapFloor is the heap floor the API runs with, in bytes (32 MiB): the heap goal is at
// least this and otherwise Go's default (twice the live heap).
const DefaultHeapFloor = 32 << 20

// MaxPercent is the highest GC percent the floor sets (GOGC=6400: a floor 65 times the live heap).
// A live heap below HeapFloor/65 (512 KiB for the default floor) gets a lower goal than the floor.
const MaxPercent = 6400

// Start makes floor (bytes) the heap goal's lower bound for the rest of the process, unless the
// GOGC environment variable is set (any value): then the operator's setting stands and Start does
// nothing, as it does for a floor of 0. GOMEMLIMIT, when set, still bounds the heap as usual (the runtime applies the lower
// of the two goals). After each collection the GC percent becomes Percent(floor, live heap).
// Start is for a process's main; it returns stop, which ends the adjustment and restores the GC
// percent that was in force before. Calling Start again before stop does nothing.
func Start(floor uint64) (stop func()) {
	if _, set := os.LookupEnv("GOGC"); set || floor == 0 {
		return func() {}
	}
	mu.Lock()
	defer mu.Unlock()
	if running != nil {
		return func() {}
	}
	t := &tuner{floor: floor, prev: debug.SetGCPercent(100), sample: []metrics.Sample{{Name: liveHeapMetric}}}
	debug.SetGCPercent(t.prev) // SetGCPercent reads the setting only by changing it
	running = t
	t.arm()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		if running == t {
			running = nil
			debug.SetGCPercent(t.prev)
		}
	}
}

// Percent is the GC percent that makes the heap goal max(floor, 2*live) bytes (Go's heap goal is
// live*(1+percent/100)): 100 when live is at least floor/2, at most MaxPercent.
func Percent(floor, live uint64) int {
	if live == 0 {
		return MaxPercent
	}
	if live >= floor/2 {
		return 100
	}
	p := (floor - live) * 100 / live
	return int(min(p, MaxPercent))
}

// liveHeapMetric is the heap marked live by the last collection, in bytes.
const liveHeapMetric = "/gc/heap/live:bytes"

var (
	mu      sync.Mutex
	running *tuner
)

type tuner struct {
	floor   uint64
	prev    int
	percent int
	sample  []metrics.Sample
}

// arm sets a finalizer on a new object: the collection that finds it unreachable runs it
// (in the runtime's finalizer goroutine), which adjusts the percent and arms the next one.
func (t *tuner) arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) { t.collected() })
}

// sentinel is large enough not to share a tiny-allocator block (a finalizer on a tiny object may
// never run).
type sentinel struct{ _ [16]byte }

func (t *tuner) collected() {
	mu.Lock()
	defer mu.Unlock()
	if running != t {
		return // stopped: let the chain end
	}
	metrics.Read(t.sample)
	if t.sample[0].Value.Kind() == metrics.KindUint64 {
		if p := Percent(t.floor, t.sample[0].Value.Uint64()); p != t.percent {
			debug.SetGCPercent(p)
			t.percent = p
		}
	}
	t.arm()
}
