package callbacks

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestPendingCheckPanic: a check that panics does not end the process from its own goroutine.
// wait raises the panic again in the caller's goroutine, as when the check ran there (the
// router's recoverer answers 500); stop, which a callback the row answered defers, returns
// without it, as that callback never needed the check.
func TestPendingCheckPanic(t *testing.T) {
	boom := func(context.Context) error { panic("boom") }
	t.Run("WaitRaisesIt", func(t *testing.T) {
		p := startCheck(context.Background(), boom)
		defer p.stop()
		got := func() (r any) {
			defer func() { r = recover() }()
			_ = p.wait()
			return nil
		}()
		if got != "boom" {
			t.Errorf("wait panicked with %v, want boom", got)
		}
	})
	t.Run("StopSwallowsIt", func(t *testing.T) {
		p := startCheck(context.Background(), boom)
		p.stop()
		if p.out.panicked != "boom" {
			t.Errorf("the check's end was %+v, want the panic boom", p.out)
		}
	})
}

// TestPendingCheckStop: stop cancels a check that still runs and returns only once it has
// returned; wait then answers the check's own error.
func TestPendingCheckStop(t *testing.T) {
	var ended atomic.Bool
	started := make(chan struct{})
	p := startCheck(context.Background(), func(ctx context.Context) error {
		close(started)
		<-ctx.Done()
		ended.Store(true)
		return ctx.Err()
	})
	<-started
	p.stop()
	if !ended.Load() {
		t.Error("stop returned while the check still ran")
	}
	if err := p.wait(); !errors.Is(err, context.Canceled) {
		t.Errorf("wait after stop = %v, want context.Canceled", err)
	}
}
