package s3store_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/testenv"
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

// TestGetInto: GetInto answers as Get with maxBytes = len(buf), reading into the caller's buffer.
func TestGetInto(t *testing.T) {
	ctx := context.Background()
	env := testenv.S3(t)
	body := bytes.Repeat([]byte("image "), 1000)
	if err := env.Store.Put(ctx, "code2des/x/attempt-1/images/a.png", body, "image/png"); err != nil {
		t.Fatalf("put: %v", err)
	}
	t.Run("OK/AtTheLimit", func(t *testing.T) {
		buf := make([]byte, len(body))
		n, err := env.Store.GetInto(ctx, "code2des/x/attempt-1/images/a.png", buf)
		if err != nil || n != len(body) || !bytes.Equal(buf, body) {
			t.Fatalf("n %d, err %v", n, err)
		}
	})
	t.Run("OK/Shorter", func(t *testing.T) {
		buf := make([]byte, len(body)+10)
		n, err := env.Store.GetInto(ctx, "code2des/x/attempt-1/images/a.png", buf)
		if err != nil || n != len(body) || !bytes.Equal(buf[:n], body) {
			t.Fatalf("n %d, err %v", n, err)
		}
	})
	t.Run("ErrTooLarge", func(t *testing.T) {
		_, err := env.Store.GetInto(ctx, "code2des/x/attempt-1/images/a.png", make([]byte, len(body)-1))
		if !errors.Is(err, models.ErrTooLarge) {
			t.Errorf("one byte past the buffer: err %v, want ErrTooLarge", err)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := env.Store.GetInto(ctx, "missing", make([]byte, 10)); models.ErrorCodeOf(err) != models.CodeNotFound {
			t.Errorf("get missing: %v", err)
		}
	})
	t.Run("ErrUnavailable", func(t *testing.T) {
		down := testenv.StoreAt(t, testenv.ClosedEndpoint, env.Bucket)
		if _, err := down.GetInto(ctx, "k", make([]byte, 10)); models.ErrorCodeOf(err) != models.CodeUnavailable {
			t.Errorf("get from a down server: %v", err)
		}
	})
}
