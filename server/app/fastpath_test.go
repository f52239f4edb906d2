package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
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

	// Code2Des jobs: two of the completed import (one with every nullable field set), one of an
	// import deleted since (pageImport null).
	for i, pid := range []string{ids[0], ids[0], ids[3]} {
		id, _ := models.NewID()
		job := &models.Code2Des{ID: id, OrganizationID: fast.orgA, ProjectID: fast.a1, PageImportID: pid,
			FigmaFileKey: "AbC123", ScreenID: fmt.Sprint("screen-", i), Status: models.Code2DesProcessing, Attempt: 1,
			Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
		if i == 1 {
			at, n, target, node, msg := time.Date(2026, 11, 30, 1, 2, 3, 456000000, time.UTC), 3, "page:1", "1:2", `m\ "q"`
			job.Status, job.WarningCount, job.MaterializedAt, job.PlacementTarget, job.MaterializedNodeID, job.ErrorMessage =
				models.Code2DesCompleted, &n, &at, &target, &node, &msg
		}
		if _, err := fast.db.NewInsert().Model(job).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := fast.db.NewUpdate().Model((*models.PageImport)(nil)).Where("id = ?", ids[3]).
		Set("deleted_at = current_timestamp").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	jobAll := `__typename id projectId organizationId pageImportId figmaFileKey screenId placementTarget status attempt
	  warningCount errorMessage materializedAt materializedNodeId createdAt updatedAt createdBy`

	all := `__typename id projectId organizationId sourceKind sourceUrl viewport { __typename width height }
	  deviceScaleFactor readySelector status attempt captureHash hasScreenshot errorMessage createdAt updatedAt createdBy`
	p := fmt.Sprint(fast.a1)
	// jobsDirectives includes and skips a job's and its import's fields by the variables.
	jobsDirectives := `query($p: ID!, $yes: Boolean!, $no: Boolean!) { code2desJobs(projectId: $p) { edges { node {
		  id status @include(if: $yes) createdBy @skip(if: $no) errorMessage @skip(if: $yes)
		  pageImport { id status @include(if: $yes) sourceUrl @skip(if: $yes) } } } } }`
	type query struct {
		query string
		vars  map[string]any
	}
	cases := map[string]query{
		"ListEveryField": {`query($p: ID!) { pageImports(projectId: $p, first: 4) { __typename edges { __typename cursor node { ` + all + ` } }
		  pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`, map[string]any{"p": p}},
		"ListAliasesFragmentsDirectives": {`query($p: ID!, $yes: Boolean!, $no: Boolean!) { a: pageImports(projectId: $p) { e: edges { c: cursor
		  n: node { ...F i: id v: viewport { w: width ... on Viewport { height } } st: status @include(if: $yes) x: sourceUrl @skip(if: $yes)
		  y: createdBy @skip(if: $no) } again: node { id } } } }
		  fragment F on PageImport { id hasScreenshot errorMessage ... on PageImport { attempt } }`,
			map[string]any{"p": p, "yes": true, "no": false}},
		// The same document with the directives' variables the other way round: a plan made for
		// one request must not answer the other (graph.cachedPlan keeps no plan with directives).
		"ListAliasesFragmentsDirectivesFlipped": {`query($p: ID!, $yes: Boolean!, $no: Boolean!) { a: pageImports(projectId: $p) { e: edges { c: cursor
		  n: node { ...F i: id v: viewport { w: width ... on Viewport { height } } st: status @include(if: $yes) x: sourceUrl @skip(if: $yes)
		  y: createdBy @skip(if: $no) } again: node { id } } } }
		  fragment F on PageImport { id hasScreenshot errorMessage ... on PageImport { attempt } }`,
			map[string]any{"p": p, "yes": false, "no": true}},
		"ByIDDirectiveInFragment": {`query($id: ID!, $x: Boolean!) { pageImport(id: $id) { id ...G } } fragment G on PageImport { status @include(if: $x) }`,
			map[string]any{"id": ids[1], "x": true}},
		"ByIDDirectiveInFragmentFlipped": {`query($id: ID!, $x: Boolean!) { pageImport(id: $id) { id ...G } } fragment G on PageImport { status @include(if: $x) }`,
			map[string]any{"id": ids[1], "x": false}},
		"JobsDirectiveOnImport": {`query($p: ID!, $x: Boolean!) { code2desJobs(projectId: $p) { edges { node { id pageImport @include(if: $x) { id } } } } }`,
			map[string]any{"p": p, "x": true}},
		"JobsDirectiveOnImportFlipped": {`query($p: ID!, $x: Boolean!) { code2desJobs(projectId: $p) { edges { node { id pageImport @include(if: $x) { id } } } } }`,
			map[string]any{"p": p, "x": false}},
		"ListWithResolverField": {`query($p: ID!) { pageImports(projectId: $p) { edges { node { id code2desJobs { id } } } } }`, map[string]any{"p": p}},
		"ListEmpty":             {`query($p: ID!) { pageImports(projectId: $p, status: COMPLETED, after: "` + "x" + `") { edges { node { id } } } }`, map[string]any{"p": p}},
		"JobsEveryField": {`query($p: ID!) { code2desJobs(projectId: $p) { __typename edges { __typename cursor node { ` + jobAll +
			` pageImport { ` + all + ` } } } pageInfo { endCursor } } }`, map[string]any{"p": p}},
		"JobsAliasesFragments": {`query($p: ID!) { j: code2desJobs(projectId: $p, first: 2) { edges { n: node { ...J p: pageImport { i: id ... on PageImport { s: status } } } } } }
		  fragment J on Code2Des { i: id w: warningCount m: materializedAt }`, map[string]any{"p": p}},
		"JobsWithoutImport":          {`query($p: ID!) { code2desJobs(projectId: $p) { edges { node { id status } } } }`, map[string]any{"p": p}},
		"JobsResolverFields":         {`query($p: ID!) { code2desJobs(projectId: $p) { edges { node { id fidelityScore pageImport { id code2desJobs { id } } } } } }`, map[string]any{"p": p}},
		"ByIDEveryField":             {`query($id: ID!) { pageImport(id: $id) { ` + all + ` } }`, map[string]any{"id": ids[1]}},
		"ByIDCompletedAliases":       {`query($id: ID!) { x: pageImport(id: $id) { ... on PageImport { h: captureHash s: hasScreenshot } id } }`, map[string]any{"id": ids[0]}},
		"ByIDUnknown":                {`query($id: ID!) { pageImport(id: $id) { id } }`, map[string]any{"id": "0190f3a2-7b1c-7d3e-8f00-000000000000"}},
		"ByIDTwiceWithResolverField": {`query($id: ID!) { a: pageImport(id: $id) { id } b: pageImport(id: $id) { id code2desJobs { id } } }`, map[string]any{"id": ids[2]}},
		// Two lists of jobs in one request, one the fast path writes and one with a resolver
		// field: each answers its own fields.
		"JobsPrunedAndWhole": {`query($p: ID!) { a: code2desJobs(projectId: $p) { edges { node { id pageImport { id } } } }
		  b: code2desJobs(projectId: $p) { edges { node { id fidelityScore pageImport { ` + all + ` code2desJobs { id } } } } } }`, map[string]any{"p": p}},
		"JobsTwoPrunedSets": {`query($p: ID!) { a: code2desJobs(projectId: $p) { edges { node { id pageImport { id status } } } }
		  b: code2desJobs(projectId: $p) { edges { node { screenId pageImport { sourceUrl createdAt } } } } }`, map[string]any{"p": p}},
		// Selections that name a job's or an import's fields in more than one place: merged fields
		// of one response key, two edges aliases, a node's pageImport twice, fragments on every
		// level, and directives.
		"JobsMergedSameKey": {`query($p: ID!) { code2desJobs(projectId: $p) { edges { node { id } } }
		  code2desJobs(projectId: $p) { edges { node { status pageImport { status } } } } }`, map[string]any{"p": p}},
		"JobsTwoEdgesAliases": {`query($p: ID!) { code2desJobs(projectId: $p) { a: edges { node { id pageImport { id } } }
		  b: edges { cursor node { warningCount pageImport { sourceUrl hasScreenshot } } } pageInfo { startCursor } } }`, map[string]any{"p": p}},
		"JobsImportTwice": {`query($p: ID!) { code2desJobs(projectId: $p) { edges { node { a: pageImport { id } b: pageImport { captureHash viewport { width } } } } } }`,
			map[string]any{"p": p}},
		"JobsFragmentsEveryLevel": {`query($p: ID!) { code2desJobs(projectId: $p) { ...C } }
		  fragment C on Code2DesConnection { edges { ...E } }
		  fragment E on Code2DesEdge { node { ...J pageImport { ...I } } }
		  fragment J on Code2Des { materializedNodeId placementTarget }
		  fragment I on PageImport { errorMessage readySelector }`, map[string]any{"p": p}},
		"JobsDirectivesOnFields":        {jobsDirectives, map[string]any{"p": p, "yes": true, "no": false}},
		"JobsDirectivesOnFieldsFlipped": {jobsDirectives, map[string]any{"p": p, "yes": false, "no": true}},
		"JobsTypenamesOnly": {`query($p: ID!) { code2desJobs(projectId: $p) { edges { __typename node { __typename pageImport { __typename } } } } }`,
			map[string]any{"p": p}},
		"JobsCursorsOnly": {`query($p: ID!) { code2desJobs(projectId: $p, first: 2) { edges { cursor } pageInfo { hasNextPage endCursor } } }`,
			map[string]any{"p": p}},
		// Three lists selecting different import fields, and a fourth with a resolver field, with
		// the import by id and the list of imports in the same request.
		"JobsIncomparableSets": {`query($p: ID!, $id: ID!) { a: code2desJobs(projectId: $p, first: 3) { edges { node { pageImport { id status } } } }
		  b: code2desJobs(projectId: $p, first: 3) { edges { node { pageImport { sourceUrl createdAt } } } }
		  c: code2desJobs(projectId: $p, first: 1) { edges { node { pageImport { attempt deviceScaleFactor } } } }
		  d: code2desJobs(projectId: $p, first: 3) { edges { node { fidelityScore pageImport { id } } } }
		  e: pageImport(id: $id) { id status createdBy }
		  f: pageImports(projectId: $p, first: 4) { edges { node { id code2desJobs { id status createdAt } } } } }`,
			map[string]any{"p": p, "id": ids[0]}},
		"JobsNestedImportJobs": {`query($p: ID!) { code2desJobs(projectId: $p, first: 3) { edges { node { id pageImport { id code2desJobs { id status screenId } } } } } }`,
			map[string]any{"p": p}},
		"JobsFilteredByImport": {`query($p: ID!, $pi: ID!) { code2desJobs(projectId: $p, pageImportId: $pi, status: COMPLETED) { edges { node { status pageImport { status } } } } }`,
			map[string]any{"p": p, "pi": ids[0]}},
		"JobsBench": {`query($p: ID!) { code2desJobs(projectId: $p, first: 20) { edges { cursor node {
		  id figmaFileKey screenId status warningCount createdAt
		  pageImport { id sourceUrl status captureHash createdAt } } } pageInfo { hasNextPage endCursor } } }`, map[string]any{"p": p}},
	}
	// Each plain field alone, of the job and of its import, answers as gqlgen does.
	for _, f := range strings.Fields(jobAll) {
		cases["JobsOnly_"+f] = query{`query($p: ID!) { code2desJobs(projectId: $p) { edges { node { ` + f + ` } } } }`, map[string]any{"p": p}}
	}
	for _, f := range strings.Fields(strings.Replace(all, "viewport { __typename width height }", "viewport", 1)) {
		if f == "viewport" {
			f = "viewport { height }"
		}
		cases["JobsImportOnly_"+f] = query{`query($p: ID!) { code2desJobs(projectId: $p) { edges { node { pageImport { ` + f + ` } } } } }`, map[string]any{"p": p}}
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			want := slow.do(t, alice, tc.query, tc.vars)
			// Twice: the second request of a document uses the fast path's cached plans.
			got := fast.do(t, alice, tc.query, tc.vars)
			for round := range 2 {
				if got.Status != want.Status || got.Raw != want.Raw {
					t.Errorf("fast path (request %d) %d:\n%s\ngqlgen %d:\n%s", round+1, got.Status, got.Raw, want.Status, want.Raw)
				}
				got = fast.do(t, alice, tc.query, tc.vars)
			}
			if name == "ListEveryField" && !strings.Contains(got.Raw, `"captureHash":"abab`) {
				t.Errorf("the list misses the completed import: %s", got.Raw)
			}
			if name == "JobsEveryField" && (!strings.Contains(got.Raw, `"pageImport":null`) || !strings.Contains(got.Raw, `"warningCount":3`)) {
				t.Errorf("the jobs miss the deleted import or the completed job: %s", got.Raw)
			}
		})
	}
}
