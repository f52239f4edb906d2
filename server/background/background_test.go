package background

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

// TestPanic: work that panics does not end the process from its own goroutine. Wait raises the
// panic again in the caller's goroutine, as when the work ran there; Stop returns without it.
func TestPanic(t *testing.T) {
	boom := func(context.Context) error { panic("boom") }
	t.Run("WaitRaisesIt", func(t *testing.T) {
		task := Start(context.Background(), boom)
		defer task.Stop()
		got := func() (r any) {
			defer func() { r = recover() }()
			_ = task.Wait()
			return nil
		}()
		if got != "boom" {
			t.Errorf("Wait panicked with %v, want boom", got)
		}
	})
	t.Run("StopSwallowsIt", func(t *testing.T) {
		task := Start(context.Background(), boom)
		task.Stop()
		if task.out.panicked != "boom" {
			t.Errorf("the work's end was %+v, want the panic boom", task.out)
		}
	})
}

// TestStop: Stop cancels work that still runs and returns only once it has returned; Wait then
// answers the work's own result.
func TestStop(t *testing.T) {
	var ended atomic.Bool
	started := make(chan struct{})
	task := Start(context.Background(), func(ctx context.Context) error {
		close(started)
		<-ctx.Done()
		ended.Store(true)
		return ctx.Err()
	})
	<-started
	task.Stop()
	if !ended.Load() {
		t.Error("Stop returned while the work still ran")
	}
	if err := task.Wait(); !errors.Is(err, context.Canceled) {
		t.Errorf("Wait after Stop = %v, want context.Canceled", err)
	}
}

// TestWaitThenStop: Wait gives the result once the work has ended, again on a second call, and a
// deferred Stop after it neither blocks nor changes it.
func TestWaitThenStop(t *testing.T) {
	task := Start(context.Background(), func(ctx context.Context) int { return 42 })
	if got := task.Wait(); got != 42 {
		t.Errorf("Wait = %d, want 42", got)
	}
	task.Stop()
	if got := task.Wait(); got != 42 {
		t.Errorf("Wait after Stop = %d, want 42", got)
	}
}
