package graph

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
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
	// PageImportErrorCodes returns the failure code (page_import_failure) of each visible,
	// failed Page Import among ids whose current attempt failed with one; others are absent.
	PageImportErrorCodes(ctx context.Context, ids []string) (map[string]string, error)
}

// LoaderWait is how long a dataloader collects keys before it reads them in one batch. The lists
// whose elements load a relation (code2desJobs { pageImport }, pageImports { code2desJobs }) do
// not wait at all: their connection resolver reads the whole page's relation in one batch and
// primes the loader (primePageImports, primeCode2DesJobs). The wait only serves the remaining
// cases (a relation below a relation); gqlgen starts every element's resolver within
// microseconds, so a short wait still batches them, and a key that misses it costs one more batch
// read, never a wrong answer (5 ms would be idle time under every nested request).
const LoaderWait = 200 * time.Microsecond

// MaxLoaderBatch is the most keys one batch read carries (a batch that fills up is read at once).
// The complexity limit keeps real queries far below it; it must not exceed jobs.MaxBatchKeys.
const MaxLoaderBatch = 500

// Loaders are the per-request dataloaders (vikstrous/dataloadgen). They live for one request:
// their cache must never serve one caller's rows to another. Each loader is made on its first
// use: most requests (pageImport(id), a list without relations) use none.
type Loaders struct {
	reader BatchReader

	pageImportOnce, code2desOnce, fidelityOnce, errorCodeOnce sync.Once
	pageImport                                                *dataloadgen.Loader[string, *models.PageImport]
	code2desByPageImport                                      *dataloadgen.Loader[string, []*models.Code2Des]
	fidelityScore                                             *dataloadgen.Loader[string, float64]
	errorCode                                                 *dataloadgen.Loader[string, string]

	// primed holds the Page Imports primePageImports read (nil for ids not visible), for
	// PageImportFastPath, which writes a page's Code2Des.pageImport from them without a resolver.
	// The PageImport loader is primed with them too: at once when it exists (pageImportMade),
	// otherwise when it is made, from toPrime (the first value of each id, as Prime keeps it).
	primedMu       sync.Mutex
	primed         map[string]*models.PageImport
	toPrime        map[string]*models.PageImport
	pageImportMade bool
}

// primedPageImport returns what primePageImports read for id, and whether it read id.
func (l *Loaders) primedPageImport(id string) (*models.PageImport, bool) {
	l.primedMu.Lock()
	defer l.primedMu.Unlock()
	pi, ok := l.primed[id]
	return pi, ok
}

// loaderOptions are the options of every loader.
var loaderOptions = []dataloadgen.Option{dataloadgen.WithWait(LoaderWait), dataloadgen.WithBatchCapacity(MaxLoaderBatch)}

// NewLoaders returns fresh loaders reading through r.
func NewLoaders(r BatchReader) *Loaders { return &Loaders{reader: r} }

// PageImport loads a Page Import by id (Code2Des.pageImport).
func (l *Loaders) PageImport() *dataloadgen.Loader[string, *models.PageImport] {
	l.pageImportOnce.Do(func() {
		loader := dataloadgen.NewMappedLoader(l.reader.PageImportsByID, loaderOptions...)
		l.primedMu.Lock()
		defer l.primedMu.Unlock()
		for id, pi := range l.toPrime {
			loader.Prime(id, pi)
		}
		l.pageImport, l.pageImportMade, l.toPrime = loader, true, nil
	})
	return l.pageImport
}

// Code2DesByPageImport loads the jobs of a Page Import (PageImport.code2desJobs).
func (l *Loaders) Code2DesByPageImport() *dataloadgen.Loader[string, []*models.Code2Des] {
	l.code2desOnce.Do(func() {
		l.code2desByPageImport = dataloadgen.NewMappedLoader(l.reader.Code2DesJobsByPageImport, loaderOptions...)
	})
	return l.code2desByPageImport
}

// FidelityScore loads a job's fidelity score (Code2Des.fidelityScore).
func (l *Loaders) FidelityScore() *dataloadgen.Loader[string, float64] {
	l.fidelityOnce.Do(func() {
		l.fidelityScore = dataloadgen.NewMappedLoader(l.reader.Code2DesFidelityScores, loaderOptions...)
	})
	return l.fidelityScore
}

// ErrorCode loads a Page Import's failure code (PageImport.errorCode).
func (l *Loaders) ErrorCode() *dataloadgen.Loader[string, string] {
	l.errorCodeOnce.Do(func() {
		l.errorCode = dataloadgen.NewMappedLoader(l.reader.PageImportErrorCodes, loaderOptions...)
	})
	return l.errorCode
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
	pi, err := l.PageImport().Load(ctx, id)
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
	jobs, err := l.Code2DesByPageImport().Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) || (err == nil && jobs == nil) {
		return []*models.Code2Des{}, nil
	}
	return jobs, err
}

// selectsNodeField reports whether the current connection field selects edges { node { field } }
// (fragments and aliases included).
func selectsNodeField(ctx context.Context, field string) bool {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !graphql.HasOperationContext(ctx) {
		return false
	}
	oc := graphql.GetOperationContext(ctx)
	for _, edges := range graphql.CollectFields(oc, fc.Field.Selections, nil) {
		if edges.Name != "edges" {
			continue
		}
		for _, node := range graphql.CollectFields(oc, edges.Selections, nil) {
			if node.Name != "node" {
				continue
			}
			for _, f := range graphql.CollectFields(oc, node.Selections, nil) {
				if f.Name == field {
					return true
				}
			}
		}
	}
	return false
}

// primePageImports primes the request's loader with the Page Imports of page's jobs (nil for ids
// that are not visible, as a batch read answers), so the elements' pageImport resolvers and
// PageImportFastPath find them without waiting for a batch to fill. The connection resolver asks for them with the jobs
// (Code2DesFilter.WithPageImports) when the field selects node.pageImport, and they come in the
// same statement; a page read without them primes nothing and the resolvers load through the
// loader.
func primePageImports(ctx context.Context, page *models.Code2DesPage) {
	l, err := loadersFrom(ctx)
	if err != nil || page == nil || page.PageImports == nil || len(page.Items) == 0 {
		return
	}
	l.primedMu.Lock()
	defer l.primedMu.Unlock()
	if l.primed == nil {
		l.primed = make(map[string]*models.PageImport, len(page.PageImports))
	}
	if !l.pageImportMade && l.toPrime == nil {
		l.toPrime = make(map[string]*models.PageImport, len(page.PageImports))
	}
	for id, pi := range page.PageImports {
		if l.pageImportMade {
			l.pageImport.Prime(id, pi)
		} else if _, seen := l.toPrime[id]; !seen {
			l.toPrime[id] = pi
		}
		l.primed[id] = pi
	}
}

// primeCode2DesJobs reads the jobs of a page of imports (PageImport.code2desJobs) in one batch,
// right away, and primes the request's loader with them. It does nothing unless the current
// connection field selects node.code2desJobs. An error is left to the resolvers.
func primeCode2DesJobs(ctx context.Context, imports []*models.PageImport) {
	l, err := loadersFrom(ctx)
	if err != nil || l.reader == nil || len(imports) == 0 || !selectsNodeField(ctx, "code2desJobs") {
		return
	}
	ids := make([]string, 0, len(imports))
	for _, pi := range imports {
		ids = append(ids, pi.ID)
	}
	ids = uniqueStrings(ids)
	if len(ids) > MaxLoaderBatch {
		return
	}
	found, err := l.reader.Code2DesJobsByPageImport(ctx, ids)
	if err != nil {
		return
	}
	for _, id := range ids {
		l.Code2DesByPageImport().Prime(id, found[id])
	}
}

func uniqueStrings(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// loadErrorCode returns the failure code of a failed Page Import, or nil (not failed, failed
// without a code, or not visible). Imports that are not failed cost no query.
func loadErrorCode(ctx context.Context, pi *models.PageImport) (*string, error) {
	return loadOptional(ctx, pi.Status == models.PageImportFailed, (*Loaders).ErrorCode, pi.ID)
}

// loadFidelityScore returns the fidelity score of a completed job, or nil (not completed, no
// score recorded, or not visible). Jobs that are not completed cost no query.
func loadFidelityScore(ctx context.Context, job *models.Code2Des) (*float64, error) {
	return loadOptional(ctx, job.Status == models.Code2DesCompleted, (*Loaders).FidelityScore, job.ID)
}

// loadOptional loads id through the request's loader that loader picks when want is set; nil
// when want is not set or the batch read has no value for id.
func loadOptional[V any](ctx context.Context, want bool, loader func(*Loaders) *dataloadgen.Loader[string, V], id string) (*V, error) {
	if !want {
		return nil, nil
	}
	l, err := loadersFrom(ctx)
	if err != nil {
		return nil, err
	}
	v, err := loader(l).Load(ctx, id)
	if errors.Is(err, dataloadgen.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}
