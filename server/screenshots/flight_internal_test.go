package screenshots

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
)

// A caller that goes away while its thumbnail is being made gets CodeUnavailable at once, and
// does not fail another caller waiting for the same thumbnail: the making runs on the Service's
// deadline, not the first caller's.
func TestThumbnailOutlivesFirstCaller(t *testing.T) {
	env := testenv.S3(t)
	ctx := context.Background()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 400, 300))); err != nil {
		t.Fatal(err)
	}
	const key = "page-imports/p/1/screenshot.png"
	if err := env.Store.Put(ctx, key, buf.Bytes(), "image/png"); err != nil {
		t.Fatal(err)
	}
	s := New(env.Store, nil, 30*time.Second)
	// Every thumbnail slot is taken, so both callers wait inside the one flight.
	if err := s.sem.Acquire(ctx, ThumbnailConcurrency); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		key string
		err error
	}
	first, second := make(chan answer, 1), make(chan answer, 1)
	ctx1, cancel1 := context.WithCancel(ctx)
	defer cancel1()
	go func() {
		k, err := s.thumbnail(ctx1, key, 160)
		first <- answer{k, err}
	}()
	// The first caller starts the flight, which waits for a thumbnail slot; then the second
	// caller joins it, and both wait for its end.
	testenv.WaitParked(t, 10*time.Second, 1, "golang.org/x/sync/semaphore.(*Weighted).Acquire")
	go func() {
		k, err := s.thumbnail(ctx, key, 160)
		second <- answer{k, err}
	}()
	testenv.WaitParked(t, 10*time.Second, 2, "server/screenshots.(*Service).thumbnail")
	cancel1()
	select {
	case a := <-first:
		if !models.IsCode(a.err, models.CodeUnavailable) {
			t.Fatalf("first caller, gone: got %q, %v; want CodeUnavailable", a.key, a.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first caller did not return when its context ended")
	}
	s.sem.Release(ThumbnailConcurrency)
	select {
	case a := <-second:
		if a.err != nil || a.key != ThumbnailKey(key, 160) {
			t.Fatalf("second caller: got %q, %v; want %q", a.key, a.err, ThumbnailKey(key, 160))
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the second caller got no thumbnail")
	}
	b, err := env.Store.Get(ctx, ThumbnailKey(key, 160), MaxScreenshotBytes)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil || img.Bounds().Dx() != 160 || img.Bounds().Dy() != 120 {
		t.Fatalf("stored thumbnail: %v, %v; want 160x120", img.Bounds(), err)
	}
}

// A panic while making a thumbnail (it runs in the single flight's own goroutine, beyond the
// request's recoverers) becomes an error of that request instead of ending the process.
func TestRecoveredTurnsPanicsIntoErrors(t *testing.T) {
	err := recovered(func() error { panic("decoder bug") })
	if err == nil || err.Error() != "make thumbnail: panic: decoder bug" {
		t.Fatalf("got %v, want the panic as an error", err)
	}
	want := errors.New("plain")
	if err := recovered(func() error { return want }); err != want {
		t.Fatalf("got %v, want the function's own error", err)
	}
	if err := recovered(func() error { return nil }); err != nil {
		t.Fatalf("got %v, want nil", err)
	}
}
