// Package screenshots serves PageImport.screenshot: a short-lived presigned S3 URL of
// a Page Import's full-page screenshot, or of a thumbnail of it that is made once, on first
// request, and stored beside the screenshot. Clients never see a bucket key or credentials.
package screenshots

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"
	"time"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // screenshots may be WebP
	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"

	_ "image/jpeg" // screenshots may be JPEG

	"github.com/code2des/backend/models"
)

// Limits of PageImport.screenshot.
const (
	// URLExpiry is how long a returned URL can be used: 15 minutes, enough to load a dashboard
	// page, short enough that a leaked URL soon stops working. Clients ask again for a fresh one.
	URLExpiry = 15 * time.Minute
	// MaxScreenshotBytes is the largest stored screenshot a thumbnail is made from (32 MiB).
	MaxScreenshotBytes = 32 << 20
	// MaxScreenshotPixels bounds the decoded screenshot a thumbnail is made from (40 Mpx, 160 MiB
	// as RGBA); a larger one answers FAILED_PRECONDITION (its full-size URL still works).
	MaxScreenshotPixels = 40 << 20
	// ThumbnailMaxAspect is the tallest thumbnail, as a multiple of its width: a full-page
	// screenshot is cropped to its top (what the page shows first) before it is scaled.
	ThumbnailMaxAspect = 2
	// ThumbnailConcurrency is how many thumbnails the process makes at once.
	ThumbnailConcurrency = 2
)

// ThumbnailWidths are the accepted `width` arguments, in pixels. A fixed set keeps the stored
// thumbnails per screenshot few.
var ThumbnailWidths = []int{160, 320, 640, 1280}

// Service makes screenshot URLs and thumbnails; it implements models.ScreenshotService.
type Service struct {
	blob    models.BlobStore
	presign models.URLPresigner
	timeout time.Duration
	sem     *semaphore.Weighted
	group   singleflight.Group
}

var _ models.ScreenshotService = (*Service)(nil)

// New returns a Service over blob, presigning with presign. timeout bounds one call (reading the
// screenshot and storing the thumbnail); 0 means 30 s.
func New(blob models.BlobStore, presign models.URLPresigner, timeout time.Duration) *Service {
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	return &Service{blob: blob, presign: presign, timeout: timeout, sem: semaphore.NewWeighted(ThumbnailConcurrency)}
}

// Screenshot returns a presigned URL of pi's screenshot, or of its thumbnail width pixels wide
// when width is given (made and stored on first use as <screenshot key>.w<width>.png), or nil
// when pi has no screenshot. pi must already be authorized (read with the caller's visibility).
// Errors: CodeBadUserInput (`width` not one of ThumbnailWidths), CodeFailedPrecondition (the
// screenshot is missing, undecodable or too large for a thumbnail), CodeUnavailable (storage).
func (s *Service) Screenshot(ctx context.Context, pi *models.PageImport, width *int) (*models.Screenshot, error) {
	if width != nil && !slices.Contains(ThumbnailWidths, *width) {
		return nil, models.InputError("width", "must be one of %v", ThumbnailWidths)
	}
	if pi.ScreenshotURL == nil {
		return nil, nil
	}
	bucket, key, err := models.ParseS3URI(*pi.ScreenshotURL)
	if err != nil || bucket != s.blob.Bucket() {
		return nil, models.Errorf(models.CodeFailedPrecondition, "the screenshot of page import %s is not readable", pi.ID)
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	if width != nil {
		if key, err = s.thumbnail(ctx, key, *width); err != nil {
			return nil, err
		}
	}
	url, err := s.presign.PresignGet(ctx, key, URLExpiry)
	if err != nil {
		return nil, err
	}
	return &models.Screenshot{URL: url, ExpiresAt: time.Now().Add(URLExpiry).UTC()}, nil
}

// ThumbnailKey is where the thumbnail width pixels wide of the screenshot at key is stored:
// beside it, in the job's attempt prefix.
func ThumbnailKey(key string, width int) string {
	if i := strings.LastIndexByte(key, '.'); i > strings.LastIndexByte(key, '/') {
		key = key[:i]
	}
	return fmt.Sprintf("%s.w%d.png", key, width)
}

// msgThumbnailLate is the answer when a thumbnail was not made within the caller's time.
const msgThumbnailLate = "the thumbnail could not be made in time; please retry"

// thumbnail returns the key of the stored thumbnail, making it first when there is none.
// Concurrent requests of one thumbnail make it once (singleflight), and at most
// ThumbnailConcurrency are made at a time in the process. The making runs on its own deadline
// (the Service's timeout), not the first caller's: a caller that goes away gets
// CodeUnavailable at once and does not fail the others waiting for the same thumbnail.
func (s *Service) thumbnail(ctx context.Context, key string, width int) (string, error) {
	thumb := ThumbnailKey(key, width)
	if _, err := s.blob.Size(ctx, thumb); err == nil {
		return thumb, nil
	} else if !models.IsCode(err, models.CodeNotFound) {
		return "", err
	}
	ch := s.group.DoChan(thumb, func() (any, error) {
		mctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
		defer cancel()
		if err := s.sem.Acquire(mctx, 1); err != nil {
			return nil, models.WrapError(models.CodeUnavailable, err, msgThumbnailLate)
		}
		defer s.sem.Release(1)
		return nil, recovered(func() error { return s.makeThumbnail(mctx, key, thumb, width) })
	})
	select {
	case res := <-ch:
		return thumb, res.Err
	case <-ctx.Done():
		return "", models.WrapError(models.CodeUnavailable, ctx.Err(), msgThumbnailLate)
	}
}

// recovered runs f and turns a panic in it into an error. A single flight's function runs in a
// goroutine of its own, where a panic (in an image decoder, say) would end the process instead of
// the one request that the HTTP and GraphQL recoverers would otherwise fail.
func recovered(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("make thumbnail: panic: %v", p)
		}
	}()
	return f()
}

func (s *Service) makeThumbnail(ctx context.Context, key, thumb string, width int) error {
	b, err := s.blob.Get(ctx, key, MaxScreenshotBytes)
	switch {
	case models.IsCode(err, models.CodeNotFound):
		return models.Errorf(models.CodeFailedPrecondition, "the screenshot is missing from storage")
	case models.IsCode(err, models.CodeFailedPrecondition):
		return models.Errorf(models.CodeFailedPrecondition, "the screenshot is larger than %d bytes; use its full-size URL", MaxScreenshotBytes)
	case err != nil:
		return err
	}
	out, err := Thumbnail(b, width)
	if err != nil {
		return err
	}
	return s.blob.Put(ctx, thumb, out, "image/png")
}

// CheckDimensions refuses a screenshot too large to decode for a thumbnail (over
// MaxScreenshotPixels), from its header's dimensions.
// Errors: CodeFailedPrecondition.
func CheckDimensions(width, height int) error {
	if width <= 0 || height <= 0 || int64(width)*int64(height) > MaxScreenshotPixels {
		return models.Errorf(models.CodeFailedPrecondition, "the screenshot (%dx%d) is too large for a thumbnail; use its full-size URL", width, height)
	}
	return nil
}

// Thumbnail scales a PNG, JPEG or WebP screenshot to width pixels (never up), cropped first to
// its top ThumbnailMaxAspect widths, and encodes it as PNG.
// Errors: CodeFailedPrecondition for an undecodable image or one over MaxScreenshotPixels.
func Thumbnail(b []byte, width int) ([]byte, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return nil, models.WrapError(models.CodeFailedPrecondition, err, "the screenshot is not a readable image")
	}
	if err := CheckDimensions(cfg.Width, cfg.Height); err != nil {
		return nil, err
	}
	src, _, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, models.WrapError(models.CodeFailedPrecondition, err, "the screenshot is not a readable image")
	}
	sb := src.Bounds()
	width = min(width, sb.Dx())
	crop := sb
	if maxH := sb.Dx() * ThumbnailMaxAspect; sb.Dy() > maxH {
		crop.Max.Y = crop.Min.Y + maxH
	}
	height := max(1, crop.Dy()*width/crop.Dx())
	dst := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), src, crop, draw.Src, nil)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, dst); err != nil {
		return nil, fmt.Errorf("encode thumbnail: %w", err)
	}
	return buf.Bytes(), nil
}
