package artifacts

import "testing"

// TestPoolable: capture buffers up to MaxPooledCaptureBuffer bytes are reused, larger ones (and
// none at all) are not.
func TestPoolable(t *testing.T) {
	for n, want := range map[int]bool{0: false, 1: true, 1 << 20: true, MaxPooledCaptureBuffer: true, MaxPooledCaptureBuffer + 1: false} {
		if got := poolable(n); got != want {
			t.Errorf("poolable(%d) = %v, want %v", n, got, want)
		}
	}
}

// TestCaptureBufferRoundTrip: a buffer put back comes out empty, with its storage; one past the
// limit never enters the pool.
func TestCaptureBufferRoundTrip(t *testing.T) {
	big := make([]byte, 5, MaxPooledCaptureBuffer+1)
	putCaptureBuffer(big)
	for range 10 { // sync.Pool may drop entries (always under -race now and then): drain it
		if b := getCaptureBuffer(); cap(b) > MaxPooledCaptureBuffer {
			t.Fatalf("a buffer of %d bytes was pooled", cap(b))
		}
	}
	// sync.Pool drops a Put now and then (a quarter of them under -race): of 20 round trips at
	// least one must come back, and every one that does must be the emptied buffer.
	back := 0
	for range 20 {
		putCaptureBuffer(make([]byte, 7, 64))
		b := getCaptureBuffer()
		if b == nil {
			continue
		}
		back++
		if len(b) != 0 || cap(b) != 64 {
			t.Fatalf("pooled buffer came back with len %d cap %d, want 0 and 64", len(b), cap(b))
		}
	}
	if back == 0 {
		t.Error("no pooled buffer came back in 20 round trips")
	}
}
