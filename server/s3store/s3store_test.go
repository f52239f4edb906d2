package s3store_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/s3store"
)

func TestPutGetSize(t *testing.T) {
	ctx := context.Background()
	env := testenv.S3(t)
	body := bytes.Repeat([]byte("capture "), 1000)
	if err := env.Store.Put(ctx, "page-imports/x/attempt-1/capture.json", body, "application/json"); err != nil {
		t.Fatalf("put: %v", err)
	}
	t.Run("OK", func(t *testing.T) {
		got, err := env.Store.Get(ctx, "page-imports/x/attempt-1/capture.json", int64(len(body)))
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("get at the limit: %d bytes, err %v", len(got), err)
		}
		size, err := env.Store.Size(ctx, "page-imports/x/attempt-1/capture.json")
		if err != nil || size != int64(len(body)) {
			t.Errorf("size %d, err %v", size, err)
		}
	})
	t.Run("ErrTooLarge", func(t *testing.T) {
		_, err := env.Store.Get(ctx, "page-imports/x/attempt-1/capture.json", int64(len(body))-1)
		if !errors.Is(err, models.ErrTooLarge) {
			t.Errorf("one byte past the limit: err %v, want ErrTooLarge", err)
		}
	})
	t.Run("GetIntoReusesBufAndFeedsAlso", func(t *testing.T) {
		buf := make([]byte, 3, len(body)+1)
		var also bytes.Buffer
		got, err := env.Store.GetInto(ctx, "page-imports/x/attempt-1/capture.json", int64(len(body)), buf, &also)
		if err != nil || !bytes.Equal(got, body) || !bytes.Equal(also.Bytes(), body) {
			t.Fatalf("get into a buffer: %d bytes, %d written on, err %v", len(got), also.Len(), err)
		}
		if &got[0] != &buf[:1][0] {
			t.Error("the object fit in buf but was read into another buffer")
		}
	})
	t.Run("GetIntoGrowsSmallBuf", func(t *testing.T) {
		got, err := env.Store.GetInto(ctx, "page-imports/x/attempt-1/capture.json", int64(len(body)), make([]byte, 0, 10), nil)
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("get into a small buffer: %d bytes, err %v", len(got), err)
		}
	})
	t.Run("ErrGetIntoTooLarge", func(t *testing.T) {
		var also bytes.Buffer
		_, err := env.Store.GetInto(ctx, "page-imports/x/attempt-1/capture.json", int64(len(body))-1, make([]byte, 0, 2*len(body)), &also)
		if !errors.Is(err, models.ErrTooLarge) {
			t.Errorf("one byte past the limit: err %v, want ErrTooLarge", err)
		}
	})
	t.Run("StreamAtTheLimit", func(t *testing.T) {
		var w bytes.Buffer
		n, err := env.Store.Stream(ctx, "page-imports/x/attempt-1/capture.json", int64(len(body)), &w)
		if err != nil || n != int64(len(body)) || !bytes.Equal(w.Bytes(), body) {
			t.Fatalf("stream at the limit: %d bytes (%d written), err %v", n, w.Len(), err)
		}
	})
	t.Run("ErrStreamTooLarge", func(t *testing.T) {
		var w bytes.Buffer
		_, err := env.Store.Stream(ctx, "page-imports/x/attempt-1/capture.json", int64(len(body))-1, &w)
		// The announced size (Content-Length) is refused before any byte is written.
		if !errors.Is(err, models.ErrTooLarge) || w.Len() != 0 {
			t.Errorf("one byte past the limit: err %v (%d written), want ErrTooLarge and nothing written", err, w.Len())
		}
		if _, err := env.Store.Stream(ctx, "missing", 10, &w); models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("stream missing: %v", err)
		}
	})
	t.Run("StreamThroughThePooledBuffer", func(t *testing.T) {
		// A writer without ReadFrom, as the io.MultiWriter hydration streams to, so the copy goes
		// through Stream's own buffer (a bytes.Buffer would read the body itself): an object one
		// byte past the buffer arrives whole, in chunks of at most StreamBufSize bytes.
		big := bytes.Repeat([]byte{1, 2, 3, 4, 5, 6, 7}, s3store.StreamBufSize/7+1)[:s3store.StreamBufSize+1]
		if err := env.Store.Put(ctx, "page-imports/x/attempt-1/big.bin", big, "application/octet-stream"); err != nil {
			t.Fatalf("put: %v", err)
		}
		var w chunkWriter
		n, err := env.Store.Stream(ctx, "page-imports/x/attempt-1/big.bin", int64(len(big)), &w)
		if err != nil || n != int64(len(big)) || !bytes.Equal(w.got, big) {
			t.Fatalf("stream of %d bytes: %d bytes (%d written), err %v", len(big), n, len(w.got), err)
		}
		if w.most > s3store.StreamBufSize {
			t.Errorf("a chunk of %d bytes, want at most %d", w.most, s3store.StreamBufSize)
		}
		var past chunkWriter
		if _, err := env.Store.Stream(ctx, "page-imports/x/attempt-1/big.bin", int64(len(big))-1, &past); !errors.Is(err, models.ErrTooLarge) || len(past.got) != 0 {
			t.Errorf("one byte past the limit: err %v (%d written), want ErrTooLarge and nothing written", err, len(past.got))
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		_, err := env.Store.Get(ctx, "missing", 10)
		if models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("get missing: %v", err)
		}
		if _, err := env.Store.Size(ctx, "missing"); models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("size missing: %v", err)
		}
	})
	t.Run("ErrUnavailable", func(t *testing.T) {
		down := testenv.StoreAt(t, testenv.ClosedEndpoint, env.Bucket)
		if _, err := down.Get(ctx, "k", 10); models.ErrorCodeOf(err) != models.CodeUnavailable {
			t.Errorf("get from a down server: %v", err)
		}
		if err := down.Put(ctx, "k", []byte("x"), "text/plain"); models.ErrorCodeOf(err) != models.CodeUnavailable {
			t.Errorf("put to a down server: %v", err)
		}
	})
}

// chunkWriter keeps what is written to it and the largest single write; it has no ReadFrom.
type chunkWriter struct {
	got  []byte
	most int
}

func (w *chunkWriter) Write(p []byte) (int, error) {
	w.got = append(w.got, p...)
	w.most = max(w.most, len(p))
	return len(p), nil
}

// TestReadsBoundedWithoutContentLength: a server that announces no size (a chunked response)
// passes open's check, so the read's own bound refuses the object. At the limit it arrives
// whole; one byte past it, or far past it, Stream has written exactly maxBytes+1 bytes ("at most
// one byte more", models.BlobStore) and both reads answer ErrTooLarge.
func TestReadsBoundedWithoutContentLength(t *testing.T) {
	ctx := context.Background()
	body := bytes.Repeat([]byte("0123456789abcdef"), 4096) // 64 KiB, sent in 4 KiB chunks
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for rest := body; len(rest) > 0; rest = rest[4096:] {
			_, _ = w.Write(rest[:4096])
			w.(http.Flusher).Flush() // no Content-Length: the response is chunked
		}
	}))
	t.Cleanup(srv.Close)
	store := testenv.StoreAt(t, srv.URL, "bucket")
	limit := int64(len(body))

	var w chunkWriter
	if n, err := store.Stream(ctx, "k", limit, &w); err != nil || n != limit || !bytes.Equal(w.got, body) {
		t.Errorf("stream at the limit: %d bytes (%d written), err %v", n, len(w.got), err)
	}
	var past chunkWriter
	n, err := store.Stream(ctx, "k", limit-1, &past)
	if !errors.Is(err, models.ErrTooLarge) || n != limit || len(past.got) != len(body) {
		t.Errorf("stream one byte past the limit: %d bytes (%d written), err %v; want %d, ErrTooLarge", n, len(past.got), err, limit)
	}
	// Far past the limit the read still stops one byte past it, not at the object's end.
	var far chunkWriter
	if n, err := store.Stream(ctx, "k", limit/2, &far); !errors.Is(err, models.ErrTooLarge) || n != limit/2+1 || len(far.got) != len(body)/2+1 {
		t.Errorf("stream of twice the limit: %d bytes (%d written), err %v; want %d, ErrTooLarge", n, len(far.got), err, limit/2+1)
	}
	if got, err := store.GetInto(ctx, "k", limit, nil, nil); err != nil || !bytes.Equal(got, body) {
		t.Errorf("get at the limit: %d bytes, err %v", len(got), err)
	}
	if _, err := store.GetInto(ctx, "k", limit-1, nil, nil); !errors.Is(err, models.ErrTooLarge) {
		t.Errorf("get one byte past the limit: err %v, want ErrTooLarge", err)
	}
}
