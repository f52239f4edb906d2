package graph

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/vikstrous/dataloadgen"

	"github.com/code2des/backend/models"
)

// BatchReader is what the dataloaders read through: one call per batch of keys, with the same
// visibility rules as the single reads (the caller's organizations, not deleted). server/jobs
// implements it.
type BatchReader interface {
	// PageImportsByID returns the visible Page Imports among ids, keyed by id; absent ids are
	// unknown, deleted or invisible.
	PageImportsByID(ctx context.Context, ids []string) (map[string]*models.PageImport, error)
	// Code2DesJobsByPageImport returns each import's visible jobs, newest first, at most
	// models.MaxPageSize each; imports without jobs are absent.
	Code2DesJobsByPageImport(ctx context.Context, ids []string) (map[string][]*models.Code2Des, error)
	// Code2DesFidelityScores returns the fidelity score (SSIM) of each visible job among ids
	// whose result recorded one (code2des_fidelity); others are absent.
	Code2DesFidelityScores(ctx context.Context, ids []string) (map[string]float64, error)
}

// LoaderWait is how long a dataloader collects keys before it reads them in one batch. gqlgen
// resolves the elements of a list concurrently, so every element's key arrives within
// microseconds of the first; the wait only has to cover goroutine scheduling.
const LoaderWait = 5 * time.Millisecond

// MaxLoaderBatch is the most keys one batch read carries (a batch that fills up is read at once).
// The complexity limit keeps real queries far below it; it must not exceed jobs.MaxBatchKeys.
const MaxLoaderBatch = 500

// Loaders are the per-request dataloaders (vikstrous/dataloadgen). They live for one request:
// their cache must never serve one caller's rows to another.
type Loaders struct {
	// PageImport loads a Page Import by id (Code2Des.pageImport).
	PageImport *dataloadgen.Loader[string, *models.PageImport]
	// Code2DesByPageImport loads the jobs of a Page Import (PageImport.code2desJobs).
	Code2DesByPageImport *dataloadgen.Loader[string, []*models.Code2Des]
	// FidelityScore loads a job's fidelity score (Code2Des.fidelityScore).
	FidelityScore *dataloadgen.Loader[string, float64]
}

// NewLoaders returns fresh loaders reading through r.
func NewLoaders(r BatchReader) *Loaders {
	opts := []dataloadgen.Option{dataloadgen.WithWait(LoaderWait), dataloadgen.WithBatchCapacity(MaxLoaderBatch)}
	return &Loaders{
		PageImport:           dataloadgen.NewMappedLoader(r.PageImportsByID, opts...),
		Code2DesByPageImport: dataloadgen.NewMappedLoader(r.Code2DesJobsByPageImport, opts...),
		FidelityScore:        dataloadgen.NewMappedLoader(r.Code2DesFidelityScores, opts...),
	}
}

type loadersKey struct{}

// WithLoaders returns ctx carrying l.
func WithLoaders(ctx context.Context, l *Loaders) context.Context {
	return context.WithValue(ctx, loadersKey{}, l)
}

// loadersFrom returns the request's loaders.
func loadersFrom(ctx context.Context) (*Loaders, error) {
	l, ok := ctx.Value(loadersKey{}).(*Loaders)
	if !ok {
		return nil, models.Errorf(models.CodeInternal, "dataloaders are not installed")
	}
	return l, nil
}

// LoaderMiddleware gives every request its own Loaders over r. Mount it after authentication:
// the loaders read as the request's caller.
func LoaderMiddleware(r BatchReader) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			next.ServeHTTP(w, req.WithContext(WithLoaders(req.Context(), NewLoaders(r))))
		})
	}
}

// loadPageImport returns the Page Import id, or nil when it is deleted or not visible.
func loadPageImport(ctx context.Context, id string) (*models.PageImport, error) {
	l, err := loadersFrom(ctx)
	if err != nil {
		return nil, err
	}
	pi, err := l.PageImport.Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	return pi, err
}

// loadCode2DesJobs returns the jobs of Page Import id, newest first (empty, never nil).
func loadCode2DesJobs(ctx context.Context, id string) ([]*models.Code2Des, error) {
	l, err := loadersFrom(ctx)
	if err != nil {
		return nil, err
	}
	jobs, err := l.Code2DesByPageImport.Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) || (err == nil && jobs == nil) {
		return []*models.Code2Des{}, nil
	}
	return jobs, err
}

// loadFidelityScore returns the fidelity score of a completed job, or nil (not completed, no
// score recorded, or not visible). Jobs that are not completed cost no query.
func loadFidelityScore(ctx context.Context, job *models.Code2Des) (*float64, error) {
	if job.Status != models.Code2DesCompleted {
		return nil, nil
	}
	l, err := loadersFrom(ctx)
	if err != nil {
		return nil, err
	}
	v, err := l.FidelityScore.Load(ctx, job.ID)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}
