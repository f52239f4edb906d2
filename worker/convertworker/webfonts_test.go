package convertworker_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convertworker"
)

// TestWebFontsOfCapture: the self-check hands the preview the file of the web font the page
// loaded (the font-runs capture's "C2D Brand", recorded with its asset), because the result
// names that family; a family the result does not name, or a file that cannot be read, is left
// out.
func TestWebFontsOfCapture(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "font-runs")
	out := f.convert(t)
	read := func(ctx context.Context, key string, maxBytes int64) ([]byte, error) {
		return f.loader()(ctx, capturemodel.Asset{Key: key}, maxBytes)
	}
	fonts := convertworker.WebFonts(context.Background(), f.capture, out.Result, read)
	want, err := os.ReadFile("../capture/capturetest/site/brand-regular.ttf")
	if err != nil {
		t.Fatal(err)
	}
	if len(fonts) != 1 || fonts[0].Family != "C2D Brand" || fonts[0].Weight != "400" || fonts[0].Style != "normal" || !bytes.Equal(fonts[0].Data, want) {
		t.Fatalf("web fonts %+v, want C2D Brand 400 normal with brand-regular.ttf", fonts)
	}
	renamed := *f.capture
	renamed.Document.FontFaces = append([]capturemodel.FontFace{}, f.capture.Document.FontFaces...)
	renamed.Document.FontFaces[0].Family = "Not Named"
	if got := convertworker.WebFonts(context.Background(), &renamed, out.Result, read); len(got) != 0 {
		t.Errorf("a family the result does not name: %+v", got)
	}
	failing := func(context.Context, string, int64) ([]byte, error) { return nil, os.ErrNotExist }
	if got := convertworker.WebFonts(context.Background(), f.capture, out.Result, failing); len(got) != 0 {
		t.Errorf("an unreadable file: %+v", got)
	}
}
