package app_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/screenshots"
)

const screenshotQ = `query($id: ID!, $w: Int) { pageImport(id: $id) { full: screenshot { url expiresAt } thumb: screenshot(width: $w) { url expiresAt } } }`

type screenshotOut struct {
	PageImport struct {
		Full, Thumb *struct{ URL, ExpiresAt string }
	}
}

// fetch GETs a presigned URL as a browser would: no credentials.
func fetch(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET presigned URL: %d %s", resp.StatusCode, b)
	}
	return b
}

func TestPageImportScreenshot(t *testing.T) {
	s := newAPIStack(t, nil)
	alice := s.client(t, "alice")
	ctx := context.Background()
	// A 720x2000 full-page screenshot: red top, blue below 1440 px (cropped out of thumbnails).
	img := image.NewRGBA(image.Rect(0, 0, 720, 2000))
	draw.Draw(img, image.Rect(0, 0, 720, 1440), &image.Uniform{color.RGBA{255, 0, 0, 255}}, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 1440, 720, 2000), &image.Uniform{color.RGBA{0, 0, 255, 255}}, image.Point{}, draw.Src)
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	key := models.PageImportArtifactPrefix("", pi.ID, 1) + "screenshot.png"
	if err := s.s3.Store.Put(ctx, key, buf.Bytes(), "image/png"); err != nil {
		t.Fatal(err)
	}
	ptr := models.S3URI(s.s3.Bucket, key)
	if _, err := s.db.NewRaw("UPDATE page_import SET screenshot_url = ? WHERE id = ?", ptr, pi.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	var out screenshotOut
	before := time.Now()
	if err := alice.Post(screenshotQ, &out, client.Var("id", pi.ID), client.Var("w", 320)); err != nil {
		t.Fatal(err)
	}
	full, thumb := out.PageImport.Full, out.PageImport.Thumb
	if full == nil || thumb == nil || strings.Contains(full.URL, "s3://") || !strings.Contains(full.URL, "X-Amz-Signature=") ||
		!strings.Contains(full.URL, "X-Amz-Expires=900") {
		t.Fatalf("screenshot URLs %+v %+v; want presigned URLs valid 900 s", full, thumb)
	}
	exp, _ := time.Parse(time.RFC3339, full.ExpiresAt)
	if d := exp.Sub(before); d < screenshots.URLExpiry-time.Minute || d > screenshots.URLExpiry+time.Minute {
		t.Errorf("expiresAt %s is %s away, want %s", full.ExpiresAt, d, screenshots.URLExpiry)
	}
	if got := fetch(t, full.URL); !bytes.Equal(got, buf.Bytes()) {
		t.Errorf("the full-size URL returned %d bytes, want the stored %d", len(got), buf.Len())
	}
	tb := fetch(t, thumb.URL)
	timg, err := png.Decode(bytes.NewReader(tb))
	if err != nil {
		t.Fatal(err)
	}
	// Cropped to 720x1440 (twice as tall as wide), scaled to 320x640: red all the way down.
	if b := timg.Bounds(); b.Dx() != 320 || b.Dy() != 640 {
		t.Errorf("thumbnail %v, want 320x640", b)
	}
	if r, g, bl, _ := timg.At(160, 639).RGBA(); r>>8 != 255 || g != 0 || bl != 0 {
		t.Errorf("bottom of the thumbnail is %d,%d,%d; want the red top of the page", r>>8, g>>8, bl>>8)
	}
	// Stored beside the screenshot, and made once: with the screenshot gone, the thumbnail is
	// still served from storage.
	if n, err := s.s3.Store.Size(ctx, screenshots.ThumbnailKey(key, 320)); err != nil || n != int64(len(tb)) {
		t.Errorf("stored thumbnail: %d bytes, %v", n, err)
	}
	if _, err := s.s3.Client.DeleteObject(ctx, deleteInput(s.s3.Bucket, key)); err != nil {
		t.Fatal(err)
	}
	if err := alice.Post(screenshotQ, &out, client.Var("id", pi.ID), client.Var("w", 320)); err != nil || out.PageImport.Thumb == nil {
		t.Errorf("thumbnail after the screenshot was removed: %v", err)
	}
	t.Run("ErrNewWidthOfMissingScreenshot", func(t *testing.T) {
		e := errorOf(t, alice.Post(screenshotQ, &out, client.Var("id", pi.ID), client.Var("w", 640)))
		if e.Code != "FAILED_PRECONDITION" {
			t.Errorf("thumbnail of a missing screenshot: %+v", e)
		}
	})
	for _, w := range []int{0, 159, 161, 2000} {
		e := errorOf(t, alice.Post(screenshotQ, &out, client.Var("id", pi.ID), client.Var("w", w)))
		if e.Code != "BAD_USER_INPUT" || e.Field != "width" {
			t.Errorf("width %d: %+v", w, e)
		}
	}
	t.Run("NullWithoutScreenshot", func(t *testing.T) {
		other := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
		var out screenshotOut
		if err := alice.Post(screenshotQ, &out, client.Var("id", other.ID), client.Var("w", 160)); err != nil ||
			out.PageImport.Full != nil || out.PageImport.Thumb != nil {
			t.Errorf("import without screenshot: %+v %v", out, err)
		}
	})
}

// A thumbnail is never wider than its screenshot, and a screenshot over MaxScreenshotPixels is
// refused from its header's dimensions, before any decoding (the edge is checked on
// CheckDimensions: encoding a 40 Mpx PNG under the race detector takes minutes).
func TestThumbnailEdges(t *testing.T) {
	small := image.NewRGBA(image.Rect(0, 0, 200, 100))
	var buf bytes.Buffer
	_ = png.Encode(&buf, small)
	out, err := screenshots.Thumbnail(buf.Bytes(), 320)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := png.DecodeConfig(bytes.NewReader(out)); c.Width != 200 || c.Height != 100 {
		t.Errorf("thumbnail of a 200x100 screenshot: %dx%d", c.Width, c.Height)
	}
	for _, tc := range []struct {
		w, h int
		ok   bool
	}{{1024, screenshots.MaxScreenshotPixels / 1024, true}, {1024, screenshots.MaxScreenshotPixels/1024 + 1, false}, {0, 10, false}} {
		err := screenshots.CheckDimensions(tc.w, tc.h)
		if (err == nil) != tc.ok || (!tc.ok && !models.IsCode(err, models.CodeFailedPrecondition)) {
			t.Errorf("%dx%d: %v, want ok=%v", tc.w, tc.h, err, tc.ok)
		}
	}
	// A real header past the limit is refused by Thumbnail itself, before decoding: a 1x1 PNG whose
	// IHDR claims 1x(limit+1).
	buf.Reset()
	_ = png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1)))
	b := buf.Bytes()
	binary.BigEndian.PutUint32(b[20:24], uint32(screenshots.MaxScreenshotPixels+1)) // IHDR height
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))              // IHDR CRC
	if _, err := screenshots.Thumbnail(b, 160); !models.IsCode(err, models.CodeFailedPrecondition) || !strings.Contains(err.Error(), "too large") {
		t.Errorf("1x%d screenshot: %v", screenshots.MaxScreenshotPixels+1, err)
	}
}
