// Package results serves the result of a completed Code2Des job (SPEC §1 step 6, §3, §7): it reads
// the result artifact from the blob store under size and time bounds, re-validates it with the
// format rules of server/artifacts (the ones the callback applied: manifest identity, node tree
// shape, imageRef resolution, key scope, warning count), fetches every image the tree
// uses under per-image and per-result byte limits with a cap on concurrent reads, checks each
// image's SHA-256 and sniffed type, makes every raster Figma-safe (WebP to PNG, at most
// MaxImageSide px a side) and returns the tree with the images inlined. Hydrated results are
// immutable, so a process-wide cache with a byte budget keeps them, and concurrent first reads of
// one result load it once.
//
// The rules enforced here are documented in docs/results.md.
package results

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"image"
	"image/png"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/singleflight"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/svgcheck"
)

// Options configure a Service. Zero fields take the Default* values of format.go.
type Options struct {
	// KeyPrefix is the configured ARTIFACT_KEY_PREFIX under which every job prefix lies.
	KeyPrefix string
	// MaxResultBytes bounds the result JSON artifact, in bytes (DefaultMaxResultBytes).
	MaxResultBytes int64
	// MaxImageBytes bounds one stored image, in bytes (DefaultMaxImageBytes).
	MaxImageBytes int64
	// MaxTotalImageBytes bounds the stored images of one result, and separately the returned
	// images, in bytes (DefaultMaxTotalImageBytes).
	MaxTotalImageBytes int64
	// FetchConcurrency caps the concurrent image reads of one result (DefaultFetchConcurrency).
	FetchConcurrency int
	// FetchTimeout bounds loading one result (DefaultFetchTimeout).
	FetchTimeout time.Duration
	// CacheBytes is the byte budget of the result cache (DefaultCacheBytes); negative disables
	// the cache.
	CacheBytes int64
	// ConvertConcurrency caps concurrent image decodes in the process
	// (DefaultConvertConcurrency).
	ConvertConcurrency int
	// Logger receives the detail of refused artifacts and storage failures (slog.Default if nil).
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.MaxResultBytes <= 0 {
		o.MaxResultBytes = DefaultMaxResultBytes
	}
	if o.MaxImageBytes <= 0 {
		o.MaxImageBytes = DefaultMaxImageBytes
	}
	if o.MaxTotalImageBytes <= 0 {
		o.MaxTotalImageBytes = DefaultMaxTotalImageBytes
	}
	if o.FetchConcurrency <= 0 {
		o.FetchConcurrency = DefaultFetchConcurrency
	}
	if o.FetchTimeout <= 0 {
		o.FetchTimeout = DefaultFetchTimeout
	}
	if o.CacheBytes == 0 {
		o.CacheBytes = DefaultCacheBytes
	}
	if o.ConvertConcurrency <= 0 {
		o.ConvertConcurrency = DefaultConvertConcurrency
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return o
}

// Service loads validated, hydrated results. It is safe for concurrent use; one Service per
// process shares its cache and its conversion slots.
type Service struct {
	store   models.BlobStore
	opts    Options
	cache   *resultCache // nil when disabled
	flights singleflight.Group
	convert chan struct{}

	loads, hits atomic.Int64
}

// New returns a Service reading artifacts from store.
func New(store models.BlobStore, opts Options) *Service {
	opts = opts.withDefaults()
	s := &Service{store: store, opts: opts, convert: make(chan struct{}, opts.ConvertConcurrency)}
	if opts.CacheBytes > 0 {
		s.cache = newResultCache(opts.CacheBytes)
	}
	return s
}

// Stats are counters of a Service, for metrics and tests.
type Stats struct {
	// Loads counts results loaded from storage (successful or not).
	Loads int64
	// Hits counts results served from the cache.
	Hits int64
	// CachedResults and CachedBytes describe the cache now.
	CachedResults int
	CachedBytes   int64
}

// Stats returns the Service's counters.
func (s *Service) Stats() Stats {
	st := Stats{Loads: s.loads.Load(), Hits: s.hits.Load()}
	if s.cache != nil {
		st.CachedResults, st.CachedBytes = s.cache.stats()
	}
	return st
}

// Safe client messages. The detail (the reason, keys, sizes) is logged, never returned.
const (
	msgProcessing  = "the Code2Des job is still processing; its result is not ready"
	msgFailed      = "the Code2Des job failed"
	msgInvalid     = "the result of this Code2Des job failed validation"
	msgMissing     = "the result of this Code2Des job (or one of its images) is missing from storage"
	msgUnavailable = "storage is unavailable; try again later"
	msgNoImport    = "page import not found"
)

// Result returns the validated result of job, a Code2Des row the caller has loaded and
// authorized, with pi its Page Import. The result is shared with other callers through the cache:
// treat it as read-only.
//
// Errors (models.Error):
//   - CodeFailedPrecondition: the job is not completed (processing, or failed: the message then
//     carries the job's safe error message), or the artifact or any image fails a check (the
//     cause wraps one of the Err* reasons of server/artifacts for a format rule, or of
//     format.go for a reading rule; the message is generic and safe).
//   - CodeNotFound: pi is nil or is not the job's Page Import.
//   - CodeUnavailable: storage could not be reached, or loading took longer than
//     Options.FetchTimeout, or ctx ended first.
func (s *Service) Result(ctx context.Context, job *models.Code2Des, pi *models.PageImport) (*models.Code2DesResult, error) {
	if err := checkRows(job, pi); err != nil {
		return nil, err
	}
	key := cacheKey(job)
	if s.cache != nil {
		if r, ok := s.cache.get(key); ok {
			s.hits.Add(1)
			return r, nil
		}
	}
	// One load per result, whoever asks first; it runs on its own deadline so a caller that
	// goes away does not fail the others waiting for the same result.
	ch := s.flights.DoChan(key, func() (any, error) {
		if s.cache != nil {
			if r, ok := s.cache.get(key); ok {
				return r, nil
			}
		}
		lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.opts.FetchTimeout)
		defer cancel()
		s.loads.Add(1)
		r, err := s.load(lctx, job, pi)
		if err != nil {
			s.opts.Logger.LogAttrs(lctx, slog.LevelWarn, "code2des result refused",
				slog.String("code2des_id", job.ID), slog.Int("attempt", job.Attempt),
				slog.String("code", string(models.ErrorCodeOf(err))), slog.String("detail", err.Error()))
			return nil, err
		}
		if s.cache != nil {
			s.cache.add(key, r)
		}
		return r, nil
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*models.Code2DesResult), nil
	case <-ctx.Done():
		return nil, models.WrapError(models.CodeUnavailable, ctx.Err(), msgUnavailable)
	}
}

// checkRows answers for rows whose result cannot be read at all.
func checkRows(job *models.Code2Des, pi *models.PageImport) error {
	switch job.Status {
	case models.Code2DesCompleted:
	case models.Code2DesFailed:
		msg := msgFailed
		if job.ErrorMessage != nil && *job.ErrorMessage != "" {
			msg += ": " + *job.ErrorMessage
		}
		return models.Errorf(models.CodeFailedPrecondition, "%s", msg)
	default:
		return models.Errorf(models.CodeFailedPrecondition, msgProcessing)
	}
	if pi == nil || pi.ID != job.PageImportID {
		return models.Errorf(models.CodeNotFound, msgNoImport)
	}
	if job.ResultURL == nil || job.WarningCount == nil || pi.CaptureHash == nil {
		return invalid(fmt.Errorf("%w: completed row without result_url, warning_count or capture_hash", artifacts.ErrMalformed))
	}
	return nil
}

// invalid wraps a reason as the client-safe FAILED_PRECONDITION of an invalid artifact.
func invalid(reason error) error {
	return models.WrapError(models.CodeFailedPrecondition, reason, msgInvalid)
}

// storageError maps a BlobStore failure on key: a missing object or an over-limit object is an
// invalid artifact (tooLarge names the limit); anything else is storage being unavailable.
func storageError(err error, what string, tooLarge error) error {
	switch {
	case errors.Is(err, models.ErrTooLarge):
		return invalid(fmt.Errorf("%w: %s: %v", tooLarge, what, err))
	case models.IsCode(err, models.CodeNotFound):
		return models.WrapError(models.CodeFailedPrecondition, fmt.Errorf("%w: %s: %v", ErrMissingObject, what, err), msgMissing)
	default:
		return models.WrapError(models.CodeUnavailable, err, msgUnavailable)
	}
}

// load reads, validates and hydrates one result. It returns nothing but an error on any failure.
func (s *Service) load(ctx context.Context, job *models.Code2Des, pi *models.PageImport) (*models.Code2DesResult, error) {
	// The row is the claim now: the same rules the completed-conversion callback applied.
	claim := artifacts.ResultClaim{
		Code2DesID: job.ID, Attempt: job.Attempt, Nonce: job.Nonce,
		PageImportID: pi.ID, PageImportAttempt: pi.Attempt, CaptureHash: *pi.CaptureHash,
		ResultURL: *job.ResultURL, WarningCount: *job.WarningCount,
	}
	bucket := s.store.Bucket()
	key, err := claim.ResultKey(bucket, s.opts.KeyPrefix)
	if err != nil {
		return nil, invalid(err)
	}
	body, err := s.store.Get(ctx, key, s.opts.MaxResultBytes)
	if err != nil {
		return nil, storageError(err, "result "+key, ErrResultTooLarge)
	}
	doc, err := artifacts.CheckResult(body, claim, bucket, s.opts.KeyPrefix)
	if err != nil {
		return nil, invalid(err)
	}
	used := doc.UsedImages()
	if err := checkImageBytes(used, s.opts.MaxImageBytes, s.opts.MaxTotalImageBytes); err != nil {
		return nil, invalid(err)
	}

	images, extra, err := s.hydrate(ctx, used)
	if err != nil {
		return nil, err
	}
	var returned int64
	for _, im := range images {
		returned += int64(im.ByteSize)
	}
	if returned > s.opts.MaxTotalImageBytes {
		return nil, invalid(fmt.Errorf("%w: %d bytes after conversion, budget %d", ErrImagesOverBudget, returned, s.opts.MaxTotalImageBytes))
	}

	warnings := warningsOf(doc.Warnings, extra...)
	diagnostics := warningsOf(doc.Diagnostics)
	return &models.Code2DesResult{
		Code2DesID:   job.ID,
		PageImportID: pi.ID,
		CaptureHash:  *pi.CaptureHash,
		WarningCount: len(warnings),
		Warnings:     warnings,
		Root:         models.RawJSON(doc.Root),
		Images:       images,
		Styles:       models.RawJSON(doc.StylesJSON()),
		Variables:    models.RawJSON(doc.VariablesJSON),
		Diagnostics:  diagnostics,
		Fidelity:     fidelityOf(doc.Fidelity),
	}, nil
}

// fidelityOf is the API's view of a result's fidelity member (nil without one).
func fidelityOf(f *artifacts.ResultFidelity) *models.Code2DesFidelity {
	if f == nil {
		return nil
	}
	out := &models.Code2DesFidelity{Version: f.Version, Scale: f.Scale, Ssim: f.SSIM, DiffRatio: f.DiffRatio,
		DiffThreshold: f.DiffThreshold, ComparedWidth: f.ComparedWidth, ComparedHeight: f.ComparedHeight,
		TextCoverage: f.TextCoverage, ImageCoverage: f.ImageCoverage}
	if m := f.DiffMap; m != nil {
		out.DiffMap = &models.DiffMapObject{Key: m.Key, Sha256: m.Sha256, ByteSize: m.ByteSize, Width: m.Width, Height: m.Height}
	}
	return out
}

// DiffMapRef is the ref the API gives an inlined diff map (it is not an image of the tree).
const DiffMapRef = "fidelity-diff-map"

// DiffMap reads a result's diff map (f from a result this service returned: its key was checked
// to lie under the job's prefix) within Options.FetchTimeout and at most
// artifacts.MaxDiffMapBytes, checks its size, SHA-256 and PNG dimensions against the declaration
// and returns it inlined as base64. Nil f or no diff map: nil, nil.
//
// Errors: CodeFailedPrecondition (missing, over the limit, or not as declared; cause
// ErrMissingObject, ErrDiffMapMismatch), CodeUnavailable.
func (s *Service) DiffMap(ctx context.Context, f *models.Code2DesFidelity) (*models.Code2DesImage, error) {
	if f == nil || f.DiffMap == nil {
		return nil, nil
	}
	m := f.DiffMap
	ctx, cancel := context.WithTimeout(ctx, s.opts.FetchTimeout)
	defer cancel()
	b, err := s.store.Get(ctx, m.Key, artifacts.MaxDiffMapBytes)
	if err != nil {
		return nil, storageError(err, "diff map "+m.Key, ErrDiffMapMismatch)
	}
	sum := sha256.Sum256(b)
	if int64(len(b)) != m.ByteSize || hex.EncodeToString(sum[:]) != m.Sha256 {
		return nil, invalid(fmt.Errorf("%w: %d bytes, declared %d with another sha256", ErrDiffMapMismatch, len(b), m.ByteSize))
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width != m.Width || cfg.Height != m.Height {
		return nil, invalid(fmt.Errorf("%w: not a PNG of %dx%d", ErrDiffMapMismatch, m.Width, m.Height))
	}
	b64 := encodeBase64(b)
	return &models.Code2DesImage{Ref: DiffMapRef, MimeType: artifacts.MimePNG, ByteSize: len(b), Sha256: m.Sha256,
		Width: m.Width, Height: m.Height, Base64: &b64}, nil
}

// checkImageBytes applies the reading budgets before any image is read: each used image's
// declared byte_size at most maxImage, and their sum at most maxTotal.
func checkImageBytes(used []artifacts.UsedImage, maxImage, maxTotal int64) error {
	var total int64
	for _, e := range used {
		if e.ByteSize > maxImage {
			return fmt.Errorf("%w: image %q declares %d bytes, limit %d", ErrImageTooLarge, e.Ref, e.ByteSize, maxImage)
		}
		total += e.ByteSize
	}
	if total > maxTotal {
		return fmt.Errorf("%w: %d bytes declared, budget %d", ErrImagesOverBudget, total, maxTotal)
	}
	return nil
}

// hydrate fetches and checks every used image, FetchConcurrency at a time; the first failure
// cancels the rest and nothing is returned. Conversions are reported as warnings, in image order.
func (s *Service) hydrate(ctx context.Context, used []artifacts.UsedImage) ([]*models.Code2DesImage, []*models.Code2DesWarning, error) {
	images := make([]*models.Code2DesImage, len(used))
	notes := make([][]*models.Code2DesWarning, len(used))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(s.opts.FetchConcurrency)
	for i := range used {
		g.Go(func() error {
			var err error
			images[i], notes[i], err = s.hydrateOne(gctx, used[i].ResultImage, used[i].NodeID)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	var warnings []*models.Code2DesWarning
	for _, n := range notes {
		warnings = append(warnings, n...)
	}
	return images, warnings, nil
}

// hydrateOne fetches one image (at most its declared byte_size), checks its size, SHA-256 and
// type, and returns it Figma-safe.
//
// A streamable image is never held whole (hydrateStreamed). Any other is read into one buffer of
// the size storage announces (Content-Length, at most the declared byte_size, which
// checkImageBytes held to MaxImageBytes), not one grown while reading (models.BlobStore.GetInto).
func (s *Service) hydrateOne(ctx context.Context, e artifacts.ResultImage, nodeID string) (*models.Code2DesImage, []*models.Code2DesWarning, error) {
	if streamable(e) {
		img, err := s.hydrateStreamed(ctx, e)
		return img, nil, err
	}
	// Hashed while it is read: the hashing overlaps the transfer instead of following it.
	h := sha256.New()
	b, err := s.store.GetInto(ctx, e.Key, e.ByteSize, nil, h)
	if err != nil {
		return nil, nil, storageError(err, "image "+e.Ref, ErrImageTooLarge)
	}
	if err := checkStored(e, int64(len(b)), h); err != nil {
		return nil, nil, err
	}
	sniffed := sniff(b)
	if e.MimeType == artifacts.MimeSVG {
		if sniffed != "" {
			return nil, nil, invalid(fmt.Errorf("%w: image %q is %s, declared %s", ErrTypeMismatch, e.Ref, sniffed, e.MimeType))
		}
		if _, err := svgcheck.Root(b); err != nil {
			return nil, nil, invalid(fmt.Errorf("image %q: %w: %w", e.Ref, ErrInvalidImage, err))
		}
		text := string(b)
		return &models.Code2DesImage{Ref: e.Ref, MimeType: artifacts.MimeSVG, ByteSize: len(b), Sha256: e.Sha256, Width: e.Width, Height: e.Height, Svg: &text}, nil, nil
	}
	cfg, err := checkRaster(e, sniffed, bytes.NewReader(b))
	if err != nil {
		return nil, nil, err
	}
	if !needsConversion(sniffed, cfg) {
		data := encodeBase64(b)
		return &models.Code2DesImage{Ref: e.Ref, MimeType: sniffed, ByteSize: len(b), Sha256: e.Sha256, Width: cfg.Width, Height: cfg.Height, Base64: &data}, nil, nil
	}
	if err := convertible(b, sniffed, cfg); err != nil {
		return nil, nil, invalid(fmt.Errorf("image %q: %w", e.Ref, err))
	}
	select {
	case s.convert <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, models.WrapError(models.CodeUnavailable, ctx.Err(), msgUnavailable)
	}
	out, err := convert(b, sniffed, cfg)
	<-s.convert
	if err != nil {
		return nil, nil, invalid(fmt.Errorf("image %q: %w", e.Ref, err))
	}
	sum := sha256.Sum256(out.bytes)
	data := encodeBase64(out.bytes)
	img := &models.Code2DesImage{Ref: e.Ref, MimeType: out.mime, ByteSize: len(out.bytes), Sha256: hex.EncodeToString(sum[:]), Width: out.width, Height: out.height, Base64: &data}
	var warnings []*models.Code2DesWarning
	var node *string
	if nodeID != "" {
		node = &nodeID
	}
	if out.converted {
		warnings = append(warnings, &models.Code2DesWarning{Code: WarningImageConverted, NodeID: node,
			Message: fmt.Sprintf("image %q was converted from %s to %s for Figma", e.Ref, sniffed, out.mime)})
	}
	if out.fromW > 0 {
		warnings = append(warnings, &models.Code2DesWarning{Code: WarningImageDownscaled, NodeID: node,
			Message: fmt.Sprintf("image %q was scaled from %dx%d to %dx%d px to fit Figma's %d px limit", e.Ref, out.fromW, out.fromH, out.width, out.height, MaxImageSide)})
	}
	return img, warnings, nil
}

// streamable reports whether image e, as declared, is returned as stored (a PNG, JPEG or GIF
// within MaxImageSide a side): its base64 can then be written while it is read. The checks after
// the read hold it to its declaration, so one that is not as declared is refused, never converted.
func streamable(e artifacts.ResultImage) bool {
	switch e.MimeType {
	case artifacts.MimePNG, artifacts.MimeJPEG, artifacts.MimeGIF:
		return !needsConversion(e.MimeType, image.Config{Width: e.Width, Height: e.Height})
	}
	return false
}

// hydrateStreamed is hydrateOne for a streamable image: every chunk is hashed and base64-encoded
// as it arrives, so the stored bytes are never held whole (8 MiB less per 8 MiB of images) and
// the encoding overlaps the transfer. The checks are hydrateOne's own, in its order (checkStored:
// size, SHA-256; checkRaster: sniffed type, header and dimensions, on the bytes decoded back from
// the text); the text is returned only if all pass.
func (s *Service) hydrateStreamed(ctx context.Context, e artifacts.ResultImage) (*models.Code2DesImage, error) {
	h := sha256.New()
	enc := newBase64Writer(e.ByteSize)
	n, err := s.store.Stream(ctx, e.Key, e.ByteSize, io.MultiWriter(h, enc))
	if err != nil {
		return nil, storageError(err, "image "+e.Ref, ErrImageTooLarge)
	}
	if err := checkStored(e, n, h); err != nil {
		return nil, err
	}
	text, ok := enc.text()
	if !ok { // not reached: n is the declared size, all of it written to enc
		return nil, invalid(fmt.Errorf("%w: image %q has %d bytes, declares %d", ErrHashMismatch, e.Ref, n, e.ByteSize))
	}
	// The signature from the text's first sniffLen bytes' worth (16 characters), the header
	// through one decoder.
	var head [sniffLen]byte
	k, _ := base64.StdEncoding.Decode(head[:], []byte(text[:min(len(text), base64.StdEncoding.EncodedLen(sniffLen))]))
	cfg, err := checkRaster(e, sniff(head[:k]), base64.NewDecoder(base64.StdEncoding, strings.NewReader(string(text))))
	if err != nil {
		return nil, err
	}
	return &models.Code2DesImage{Ref: e.Ref, MimeType: e.MimeType, ByteSize: int(n), Sha256: e.Sha256, Width: cfg.Width, Height: cfg.Height, Base64: &text}, nil
}

// checkStored holds the n bytes read for image e, hashed into h as they arrived, to its
// declaration: n must be e.ByteSize and the SHA-256 e.Sha256. Errors are invalid ones wrapping
// ErrHashMismatch.
func checkStored(e artifacts.ResultImage, n int64, h hash.Hash) error {
	if n != e.ByteSize {
		return invalid(fmt.Errorf("%w: image %q has %d bytes, declares %d", ErrHashMismatch, e.Ref, n, e.ByteSize))
	}
	var sum [sha256.Size]byte
	if hex.EncodeToString(h.Sum(sum[:0])) != e.Sha256 {
		return invalid(fmt.Errorf("%w: image %q", ErrHashMismatch, e.Ref))
	}
	return nil
}

// checkRaster holds raster image e to its declaration, hydrateOne's last checks: sniffed (the
// type its signature names) must be e.MimeType, and its header, read from r, must decode to the
// declared width and height. Errors are invalid ones wrapping ErrTypeMismatch or ErrInvalidImage.
func checkRaster(e artifacts.ResultImage, sniffed string, r io.Reader) (image.Config, error) {
	if sniffed != e.MimeType {
		return image.Config{}, invalid(fmt.Errorf("%w: image %q sniffs as %q, declared %s", ErrTypeMismatch, e.Ref, sniffed, e.MimeType))
	}
	cfg, err := rasterConfigOf(r, sniffed)
	if err != nil {
		return cfg, invalid(fmt.Errorf("image %q: %w", e.Ref, err))
	}
	if cfg.Width != e.Width || cfg.Height != e.Height {
		return cfg, invalid(fmt.Errorf("%w: image %q is %dx%d, declares %dx%d", ErrInvalidImage, e.Ref, cfg.Width, cfg.Height, e.Width, e.Height))
	}
	return cfg, nil
}

// RowLoader loads a visible, non-deleted Code2Des job and its Page Import for the caller in ctx
// (the Code2Des service's authorization rules). It returns models.Error codes:
// CodeUnauthenticated, CodeBadUserInput (malformed id), CodeNotFound.
type RowLoader func(ctx context.Context, id string) (*models.Code2Des, *models.PageImport, error)

// ResultService adapts s to models.ResultService: load authorizes and loads the rows, then
// Result validates and hydrates the result. This is the entry point the GraphQL resolver of
// code2desResult calls.
func (s *Service) ResultService(load RowLoader) models.ResultService {
	return resultService{s: s, load: load}
}

type resultService struct {
	s    *Service
	load RowLoader
}

// Code2DesDiffMap implements models.ResultService.
func (r resultService) Code2DesDiffMap(ctx context.Context, f *models.Code2DesFidelity) (*models.Code2DesImage, error) {
	return r.s.DiffMap(ctx, f)
}

// Code2DesResult implements models.ResultService.
func (r resultService) Code2DesResult(ctx context.Context, id string) (*models.Code2DesResult, error) {
	job, pi, err := r.load(ctx, id)
	if err != nil {
		return nil, err
	}
	return r.s.Result(ctx, job, pi)
}

// warningsOf returns the result's warnings (or diagnostics) ws as the API's models, followed by
// extra.
func warningsOf(ws []artifacts.ResultWarning, extra ...*models.Code2DesWarning) []*models.Code2DesWarning {
	out := make([]*models.Code2DesWarning, 0, len(ws)+len(extra))
	for _, w := range ws {
		out = append(out, &models.Code2DesWarning{Code: w.Code, Message: w.Message, NodeID: w.NodeID})
	}
	return append(out, extra...)
}
