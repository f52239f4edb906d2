package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/testenv"
)

// graph.PageImportFastPath writes Page Imports itself; every response must be byte for byte what
// gqlgen writes without it, over the same rows: plain fields, aliases, fragments, @skip/@include,
// nulls and non-nulls, and the queries it leaves to gqlgen (a field with a resolver, an unknown
// id).
func TestPageImportFastPathWritesWhatGqlgenWrites(t *testing.T) {
	var cfg app.Config
	fast := newStack(t, func(c *app.Config) { cfg = *c })
	a, err := app.New(app.WithoutGraphQLFastPath(cfg), app.Deps{DB: fast.db, Blob: testenv.S3(t).Store, CaptureQueue: fast.queue.Queue},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	slow := &stack{db: fast.db, queue: fast.queue, issuer: fast.issuer, srv: httptest.NewServer(a.Handler())}
	t.Cleanup(slow.srv.Close)

	alice := fast.token(t, "alice")
	var ids []string
	for i := range 4 {
		in := createInput(fast.a1)
		if i%2 == 1 {
			in["in"].(map[string]any)["readySelector"] = `#app "quoted" \ é`
		}
		r := fast.do(t, alice, `mutation($in: CreatePageImportInput!) { createPageImport(input: $in) { pageImport { id } } }`, in)
		if r.code() != "" {
			t.Fatal(r.Raw)
		}
		var got struct{ PageImport struct{ ID string } }
		decodeData(t, r, "createPageImport", &got)
		ids = append(ids, got.PageImport.ID)
	}
	// One completed (hash and screenshot set), one failed (message set): every nullable field
	// both null and not.
	ctx := context.Background()
	if _, err := fast.db.NewUpdate().Model((*models.PageImport)(nil)).Where("id = ?", ids[0]).
		Set("status = ?", models.PageImportCompleted).Set("capture_hash = ?", strings.Repeat("ab", 32)).
		Set("screenshot_url = ?", "s3://b/k.png").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := fast.db.NewUpdate().Model((*models.PageImport)(nil)).Where("id = ?", ids[1]).
		Set("status = ?", models.PageImportFailed).Set("error_message = ?", "line\nbreak \u2028 <tag>").
		Exec(ctx); err != nil {
		t.Fatal(err)
	}

	all := `__typename id projectId organizationId sourceKind sourceUrl viewport { __typename width height }
	  deviceScaleFactor readySelector status attempt captureHash hasScreenshot errorMessage createdAt updatedAt createdBy`
	p := fmt.Sprint(fast.a1)
	for name, tc := range map[string]struct {
		query string
		vars  map[string]any
	}{
		"ListEveryField": {`query($p: ID!) { pageImports(projectId: $p, first: 4) { __typename edges { __typename cursor node { ` + all + ` } }
		  pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`, map[string]any{"p": p}},
		"ListAliasesFragmentsDirectives": {`query($p: ID!, $yes: Boolean!, $no: Boolean!) { a: pageImports(projectId: $p) { e: edges { c: cursor
		  n: node { ...F i: id v: viewport { w: width ... on Viewport { height } } st: status @include(if: $yes) x: sourceUrl @skip(if: $yes)
		  y: createdBy @skip(if: $no) } again: node { id } } } }
		  fragment F on PageImport { id hasScreenshot errorMessage ... on PageImport { attempt } }`,
			map[string]any{"p": p, "yes": true, "no": false}},
		"ListWithResolverField":      {`query($p: ID!) { pageImports(projectId: $p) { edges { node { id code2desJobs { id } } } } }`, map[string]any{"p": p}},
		"ListEmpty":                  {`query($p: ID!) { pageImports(projectId: $p, status: COMPLETED, after: "` + "x" + `") { edges { node { id } } } }`, map[string]any{"p": p}},
		"ByIDEveryField":             {`query($id: ID!) { pageImport(id: $id) { ` + all + ` } }`, map[string]any{"id": ids[1]}},
		"ByIDCompletedAliases":       {`query($id: ID!) { x: pageImport(id: $id) { ... on PageImport { h: captureHash s: hasScreenshot } id } }`, map[string]any{"id": ids[0]}},
		"ByIDUnknown":                {`query($id: ID!) { pageImport(id: $id) { id } }`, map[string]any{"id": "0190f3a2-7b1c-7d3e-8f00-000000000000"}},
		"ByIDTwiceWithResolverField": {`query($id: ID!) { a: pageImport(id: $id) { id } b: pageImport(id: $id) { id code2desJobs { id } } }`, map[string]any{"id": ids[2]}},
	} {
		t.Run(name, func(t *testing.T) {
			want := slow.do(t, alice, tc.query, tc.vars)
			got := fast.do(t, alice, tc.query, tc.vars)
			if got.Status != want.Status || got.Raw != want.Raw {
				t.Errorf("fast path %d:\n%s\ngqlgen %d:\n%s", got.Status, got.Raw, want.Status, want.Raw)
			}
			if name == "ListEveryField" && !strings.Contains(got.Raw, `"captureHash":"abab`) {
				t.Errorf("the list misses the completed import: %s", got.Raw)
			}
		})
	}
}
