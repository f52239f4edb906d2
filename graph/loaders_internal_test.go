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
			primePageImports(ctx, page(map[string]*models.PageImport{"a": first, "gone": nil}), 0)
			primePageImports(ctx, page(map[string]*models.PageImport{"a": second, "b": other}), 0)
			// Imports read with some columns only are for the fast path, never for the loader.
			pruned := &models.PageImport{ID: "c"}
			primePageImports(ctx, page(map[string]*models.PageImport{"a": {ID: "a"}, "c": pruned}), models.PageImportColID)
			for id, want := range map[string]*models.PageImport{"a": first, "b": other, "gone": nil} {
				got, err := loadPageImport(ctx, id)
				if err != nil || got != want {
					t.Errorf("%s: %v, %v; want %v", id, got, err, want)
				}
			}
			if r.calls != 0 {
				t.Errorf("%d batch reads; want none", r.calls)
			}
			if pi, ok := l.primedPageImport("a", models.AllPageImportColumns); !ok || pi != second {
				t.Errorf("the fast path's import a is %v; want the page's latest whole read", pi)
			}
			if pi, ok := l.primedPageImport("c", models.PageImportColID); !ok || pi != pruned {
				t.Errorf("the fast path's import c with its id is %v, %v; want the pruned read", pi, ok)
			}
			if pi, ok := l.primedPageImport("c", models.PageImportColID|models.PageImportColStatus); ok {
				t.Errorf("the fast path's import c with its status is %v; want none (not read)", pi)
			}
			if r.calls != 0 {
				t.Errorf("%d batch reads; want none", r.calls)
			}
			if got, err := loadPageImport(ctx, "c"); err != nil || got == pruned || r.calls != 1 {
				t.Errorf("the loader's c: %v, %v, %d batch reads; want it read whole, in one batch", got, err, r.calls)
			}
			if _, err := loadPageImport(ctx, "unknown"); err != nil || r.calls != 2 {
				t.Errorf("an id not primed: %v, %d batch reads; want one", err, r.calls)
			}
		})
	}
}

// An import read with some columns replaces the one primed for its id only when it has all of
// that one's columns; a whole read is never replaced by a partial one.
func TestPrimedPageImportKeepsTheOneWithItsColumns(t *testing.T) {
	ctx := WithLoaders(context.Background(), NewLoaders(&countingReader{}))
	l, err := loadersFrom(ctx)
	if err != nil {
		t.Fatal(err)
	}
	prime := func(pi *models.PageImport, cols models.PageImportColumns) {
		primePageImports(ctx, &models.Code2DesPage{Items: []*models.Code2Des{{ID: "j"}}, PageImports: map[string]*models.PageImport{"a": pi}}, cols)
	}
	status := models.PageImportColID | models.PageImportColStatus
	url := models.PageImportColID | models.PageImportColSourceURL
	want := func(step string, cols models.PageImportColumns, wantPI *models.PageImport) {
		t.Helper()
		pi, ok := l.primedPageImport("a", cols)
		if ok != (wantPI != nil) || pi != wantPI {
			t.Errorf("%s: columns %b: %v, %v; want %v", step, cols, pi, ok, wantPI)
		}
	}
	withStatus, withURL, withBoth, whole, partial := &models.PageImport{ID: "a"}, &models.PageImport{ID: "a"},
		&models.PageImport{ID: "a"}, &models.PageImport{ID: "a"}, &models.PageImport{ID: "a"}
	prime(withStatus, status)
	prime(withURL, url) // neither set holds the other: the first stays
	want("incomparable", status, withStatus)
	want("incomparable", url, nil)
	prime(withBoth, status|url)
	want("superset", status, withBoth)
	want("superset", url, withBoth)
	prime(whole, 0)
	prime(partial, models.AllPageImportColumns) // every column, but the whole read stays
	want("whole", models.AllPageImportColumns, whole)
}
