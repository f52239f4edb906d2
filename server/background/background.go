// Package background runs one piece of a request's work in a goroutine of its own while the
// request goes on (a capture callback's artifact check beside its row read, the
// screenshot's HEAD beside the capture's read), without letting that goroutine outlive the request
// or end the process.
//
// Use it as
//
//	t := background.Start(ctx, func(ctx context.Context) error { return check(ctx) })
//	defer t.Stop()
//	...
//	err := t.Wait() // only when the result is needed
//
// Stop, deferred, cancels the work's context and waits until it has returned, so nothing of it (a
// pooled buffer, a storage call) is left running after the caller returns. A panic of the work is
// recovered in its goroutine (a goroutine's unrecovered panic ends the process) and raised again
// by Wait, in the caller's goroutine, as if the work had run there: an HTTP handler's recoverer
// then answers 500. Stop never raises it: a caller that stops without waiting did not need the
// result.
package background

import "context"

// Task is work started by Start. Its methods are for the goroutine that started it.
type Task[T any] struct {
	cancel context.CancelFunc
	done   chan end[T] // buffered: the work never waits for a caller that returned
	out    end[T]
	ended  bool
}

// end is how a Task's work ended: its result, or the value it panicked with.
type end[T any] struct {
	value    T
	panicked any
}

// Start runs work in a goroutine of its own under a context derived from ctx that Stop cancels.
func Start[T any](ctx context.Context, work func(context.Context) T) *Task[T] {
	ctx, cancel := context.WithCancel(ctx)
	t := &Task[T]{cancel: cancel, done: make(chan end[T], 1)}
	go func() {
		var out end[T]
		defer func() {
			if r := recover(); r != nil {
				out.panicked = r
			}
			t.done <- out
		}()
		out.value = work(ctx)
	}()
	return t
}

// receive waits for the work's end the first time and returns it.
func (t *Task[T]) receive() end[T] {
	if !t.ended {
		t.out, t.ended = <-t.done, true
	}
	return t.out
}

// Wait returns the work's result, waiting for it the first time. If the work panicked, Wait
// panics with the same value.
func (t *Task[T]) Wait() T {
	out := t.receive()
	if out.panicked != nil {
		panic(out.panicked)
	}
	return out.value
}

// Stop cancels the work's context if it still runs and returns once the work has returned. It
// never panics; after it, Wait answers what the work returned (or raises its panic).
func (t *Task[T]) Stop() {
	t.cancel()
	t.receive()
}
