package graph_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"

	"github.com/code2des/backend/graph"
	"github.com/code2des/backend/models"
)

// rowsService answers the two reads the fast path serves with fixed rows; every other method is
// absent (a call would panic, which the test would report).
type rowsService struct {
	models.PageImportService
	rows []*models.PageImport
}

func (s rowsService) PageImport(context.Context, string) (*models.PageImport, error) {
	return s.rows[0], nil
}

func (s rowsService) PageImports(context.Context, models.PageImportFilter) (*models.PageImportPage, error) {
	return &models.PageImportPage{Items: s.rows, Cursors: []string{"c0", "c1"}}, nil
}

// jobsService answers Code2DesJobs with fixed jobs, and PageImportsByID (the loaders' batch read)
// with rows; the other methods are absent.
type jobsService struct {
	models.Code2DesService
	graph.BatchReader
	jobs []*models.Code2Des
	rows map[string]*models.PageImport
	// filters records the filters Code2DesJobs was given, when not nil.
	filters *[]models.Code2DesFilter
}

func (s jobsService) Code2DesJobs(_ context.Context, f models.Code2DesFilter) (*models.Code2DesPage, error) {
	if s.filters != nil {
		*s.filters = append(*s.filters, f)
	}
	page := &models.Code2DesPage{Items: s.jobs, Cursors: []string{"c0", "c1"}}
	if f.WithPageImports {
		page.PageImports = map[string]*models.PageImport{}
		for _, j := range s.jobs {
			page.PageImports[j.PageImportID] = s.rows[j.PageImportID]
		}
	}
	return page, nil
}

func (s jobsService) PageImportsByID(context.Context, []string) (map[string]*models.PageImport, error) {
	return s.rows, nil
}

func (jobsService) Code2DesJobsByPageImport(context.Context, []string) (map[string][]*models.Code2Des, error) {
	return map[string][]*models.Code2Des{}, nil
}

func (jobsService) PageImportErrorCodes(context.Context, []string) (map[string]string, error) {
	return map[string]string{}, nil
}

func (jobsService) Code2DesFidelityScores(context.Context, []string) (map[string]float64, error) {
	return map[string]float64{}, nil
}

// pageImportFields counts the fields of PageImport and Code2Des objects gqlgen resolves itself.
type pageImportFields struct{ n *atomic.Int64 }

func (pageImportFields) ExtensionName() string                   { return "count" }
func (pageImportFields) Validate(graphql.ExecutableSchema) error { return nil }
func (c pageImportFields) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	if fc := graphql.GetFieldContext(ctx); fc != nil && (fc.Object == "PageImport" || fc.Object == "Code2Des") {
		c.n.Add(1)
	}
	return next(ctx)
}

// runAsAlice runs query on exec as alice, with the request's loaders over jobs, and returns its
// response.
func runAsAlice(t *testing.T, exec *executor.Executor, jobs graph.BatchReader, query string) *graphql.Response {
	t.Helper()
	ctx := graphql.StartOperationTrace(models.WithPrincipal(context.Background(), models.Principal{Subject: "alice"}))
	oc, errs := exec.CreateOperationContext(ctx, &graphql.RawParams{Query: query})
	if errs != nil {
		t.Fatal(errs)
	}
	ctx = graphql.WithOperationContext(graph.WithLoaders(ctx, graph.NewLoaders(jobs)), oc)
	handler, ctx := exec.DispatchOperation(ctx, oc)
	return handler(ctx)
}

// The fast path takes over the Page Imports whose selections it can write (gqlgen resolves none of
// their fields) and leaves the others to gqlgen; server/app's TestPageImportFastPathWritesWhatGqlgenWrites
// shows the bytes are gqlgen's.
func TestPageImportFastPathAppliesOnlyToPlainSelections(t *testing.T) {
	at := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	row := func(id string) *models.PageImport {
		return &models.PageImport{ID: id, ProjectID: 1, OrganizationID: 1, SourceKind: "public_url", SourceURL: "https://e.com/",
			ViewportWidth: 1280, ViewportHeight: 800, DeviceScaleFactor: 1, Status: models.PageImportProcessing, Attempt: 1,
			CreatedAt: at, UpdatedAt: at, CreatedBy: "alice"}
	}
	job := func(id, pageImportID string) *models.Code2Des {
		return &models.Code2Des{ID: id, ProjectID: 1, OrganizationID: 1, PageImportID: pageImportID, FigmaFileKey: "k", ScreenID: "s",
			Status: models.Code2DesProcessing, Attempt: 1, CreatedAt: at, UpdatedAt: at, CreatedBy: "alice"}
	}
	zeroTime := row("b")
	zeroTime.UpdatedAt = time.Time{}
	for name, tc := range map[string]struct {
		rows     []*models.PageImport
		query    string
		resolved bool   // whether gqlgen resolves PageImport fields itself
		want     string // in the data or the errors (gqlgen's own, for what it resolves)
	}{
		"ListPlain":          {[]*models.PageImport{row("a"), row("b")}, `{ pageImports(projectId: "1") { edges { cursor node { id viewport { width } } } } }`, false, `"node":{"id":"a","viewport":{"width":1280}}`},
		"ByIDPlain":          {[]*models.PageImport{row("a")}, `{ pageImport(id: "a") { ... on PageImport { id status } } }`, false, `{"pageImport":{"id":"a","status":"PROCESSING"}}`},
		"ListResolverField":  {[]*models.PageImport{row("a"), row("b")}, `{ pageImports(projectId: "1") { edges { node { id code2desJobs { id } } } } }`, true, `"node":{"id":"b","code2desJobs":[]}`},
		"ByIDResolverField":  {[]*models.PageImport{row("a")}, `{ pageImport(id: "a") { id code2desJobs { id } } }`, true, `{"pageImport":{"id":"a","code2desJobs":[]}}`},
		"JobsWithImport":     {[]*models.PageImport{row("a")}, `{ code2desJobs(projectId: "1") { edges { node { id pageImport { id } } } } }`, false, `"node":{"id":"j2","pageImport":null}`},
		"JobsFidelity":       {[]*models.PageImport{row("a")}, `{ code2desJobs(projectId: "1") { edges { node { id fidelityScore } } } }`, true, `"node":{"id":"j1","fidelityScore":null}`},
		"JobsImportZeroTime": {[]*models.PageImport{zeroTime}, `{ code2desJobs(projectId: "1") { edges { node { id pageImport { id updatedAt } } } } }`, true, `cannot return null for non-null field PageImport.updatedAt`},
		// An import with a zero time is left to gqlgen even when the time is not selected (reads
		// give whole rows, so it is never one the database answered).
		"JobsImportZeroTimeUnselected": {[]*models.PageImport{zeroTime}, `{ code2desJobs(projectId: "1") { edges { node { id pageImport { id } } } } }`, true, `"pageImport":{"id":"b"}`},
		"ListZeroTime":                 {[]*models.PageImport{row("a"), zeroTime}, `{ pageImports(projectId: "1") { edges { node { id updatedAt } } } }`, true, `cannot return null for non-null field PageImport.updatedAt`},
	} {
		t.Run(name, func(t *testing.T) {
			jobs := jobsService{jobs: []*models.Code2Des{job("j1", "a"), job("j2", "gone")}, rows: map[string]*models.PageImport{"a": tc.rows[0]}}
			exec := executor.New(graph.NewExecutableSchema(graph.NewConfig(&graph.Resolver{PageImportService: rowsService{rows: tc.rows}, Code2DesService: jobs})))
			exec.Use(graph.PageImportFastPath{})
			n := new(atomic.Int64)
			exec.Use(pageImportFields{n})
			resp := runAsAlice(t, exec, jobs, tc.query)
			if got := n.Load() > 0; got != tc.resolved {
				t.Errorf("gqlgen resolved %d PageImport fields; want resolved=%v", n.Load(), tc.resolved)
			}
			if got := string(resp.Data) + resp.Errors.Error(); !strings.Contains(got, tc.want) {
				t.Errorf("data %s lacks %s (errors %v)", resp.Data, tc.want, resp.Errors)
			}
		})
	}
}
