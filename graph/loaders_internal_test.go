package graph

import (
	"context"
	"testing"

	"github.com/code2des/backend/models"
)

// countingReader answers PageImportsByID with nothing and counts its calls.
type countingReader struct {
	BatchReader
	calls int
}

func (r *countingReader) PageImportsByID(context.Context, []string) (map[string]*models.PageImport, error) {
	r.calls++
	return nil, nil
}

// The Page Imports a page primes are what the PageImport loader answers, without a batch read,
// whether the loader is made before the priming or after it (it is made on first use); the first
// value primed for an id is kept, as dataloadgen's Prime keeps it.
func TestPrimedPageImportsWithLazyLoader(t *testing.T) {
	first, second, other := &models.PageImport{ID: "a"}, &models.PageImport{ID: "a", Attempt: 2}, &models.PageImport{ID: "b"}
	page := func(imports map[string]*models.PageImport) *models.Code2DesPage {
		return &models.Code2DesPage{Items: []*models.Code2Des{{ID: "j"}}, PageImports: imports}
	}
	for _, tc := range []struct {
		name      string
		madeFirst bool
	}{{"LoaderMadeAfter", false}, {"LoaderMadeBefore", true}} {
		t.Run(tc.name, func(t *testing.T) {
			r := &countingReader{}
			l := NewLoaders(r)
			ctx := WithLoaders(context.Background(), l)
			if tc.madeFirst {
				_ = l.PageImport()
			}
			primePageImports(ctx, page(map[string]*models.PageImport{"a": first, "gone": nil}))
			primePageImports(ctx, page(map[string]*models.PageImport{"a": second, "b": other}))
			for id, want := range map[string]*models.PageImport{"a": first, "b": other, "gone": nil} {
				got, err := loadPageImport(ctx, id)
				if err != nil || got != want {
					t.Errorf("%s: %v, %v; want %v", id, got, err, want)
				}
			}
			if r.calls != 0 {
				t.Errorf("%d batch reads; want none", r.calls)
			}
			if pi, ok := l.primedPageImport("a"); !ok || pi != second {
				t.Errorf("the fast path's import a is %v; want the page's latest read", pi)
			}
			if pi, ok := l.primedPageImport("gone"); !ok || pi != nil {
				t.Errorf("the fast path's import gone is %v, %v; want nil, read", pi, ok)
			}
			if _, ok := l.primedPageImport("c"); ok {
				t.Error("the fast path has an import never read")
			}
			if _, err := loadPageImport(ctx, "unknown"); err != nil || r.calls != 1 {
				t.Errorf("an id not primed: %v, %d batch reads; want one", err, r.calls)
			}
		})
	}
}
