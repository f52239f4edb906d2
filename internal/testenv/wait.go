package testenv

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"
)

// WaitFor returns once done reports true, checking as Poll does; it fails tb, naming what it
// waited for, when within passes first. within is an upper bound only: a test waits for the
// condition, never for a fixed time.
func WaitFor(tb testing.TB, within time.Duration, what string, done func() bool) {
	tb.Helper()
	if !Poll(within, done) {
		tb.Fatalf("%s: not within %s", what, within)
	}
}

// Poll checks done at once and then every few milliseconds (5 ms, doubling up to 50 ms) until it
// reports true, and reports whether it did before within passed.
func Poll(within time.Duration, done func() bool) bool {
	deadline := time.Now().Add(within)
	pause := 5 * time.Millisecond
	for !done() {
		if !time.Now().Before(deadline) {
			return false
		}
		t := time.NewTimer(pause)
		<-t.C
		pause = min(2*pause, 50*time.Millisecond)
	}
	return true
}

// WaitParked returns once at least n goroutines are parked (waiting on a channel, a select, a
// lock or a timer, not running) in function fn: fn is their innermost frame outside package
// runtime, named as in a stack trace without the module path, e.g.
// "server/auth.(*Verifier).setKey" or "golang.org/x/sync/semaphore.(*Weighted).Acquire" (a
// suffix of the full name). It fails tb when within passes first. Tests use it to know that
// callers have reached the wait they are testing (joined a fetch in flight, queued for a
// semaphore) before they release it.
func WaitParked(tb testing.TB, within time.Duration, n int, fn string) {
	tb.Helper()
	WaitFor(tb, within, "goroutines parked in "+fn, func() bool { return ParkedIn(fn) >= n })
}

// ParkedIn counts the goroutines parked in function fn (as WaitParked names it).
func ParkedIn(fn string) int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
	for _, g := range bytes.Split(buf, []byte("\n\n")) {
		if parkedIn(string(g), fn) {
			count++
		}
	}
	return count
}

// parkedIn reports whether the goroutine trace g (its "goroutine N [state]:" header, then a
// function line and a file line per frame) is parked with fn as its innermost frame outside
// package runtime.
func parkedIn(g, fn string) bool {
	header, frames, ok := strings.Cut(g, "\n")
	if !ok {
		return false
	}
	state := header[strings.IndexByte(header, '[')+1:]
	if strings.HasPrefix(state, "running") || strings.HasPrefix(state, "runnable") || strings.HasPrefix(state, "syscall") {
		return false
	}
	for i, line := range strings.Split(frames, "\n") {
		if i%2 == 1 || strings.HasPrefix(line, "runtime.") {
			continue // file lines, and the runtime's own frames (gopark, selectgo, chanrecv...)
		}
		name := line
		if j := strings.LastIndexByte(name, '('); j > 0 && strings.HasSuffix(name, ")") {
			name = name[:j] // the arguments
		}
		return strings.HasSuffix(name, fn)
	}
	return false
}
