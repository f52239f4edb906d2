package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
)

// BenchmarkSmallReads measures the API's own work for the bench's three small reads
// (`pageImport(id)`, `pageImports(first: 20)` and `code2desJobs(first: 20) { pageImport }`, the
// queries of cmd/bench, copied: it is package main), in process: the root handler (middleware,
// authentication, transport, gqlgen, the fast path, writing the response) over the real database,
// logging at warn as the bench runs it. B/op and allocs/op are the server's (the recorder aside);
// ns/op includes the database round trips, cpu-ns/op is the process's CPU time per request (the
// database runs in another process).
func BenchmarkSmallReads(b *testing.B) {
	st := newBenchStack(b)
	a, db, orgA, a1, tok := st.App, st.DB, st.OrgA, st.A1, st.Token
	h := a.Handler()

	ctx := context.Background()
	var firstImport string
	for i := range 20 {
		id, _ := models.NewID()
		pi := &models.PageImport{ID: id, OrganizationID: orgA, ProjectID: a1, SourceURL: fmt.Sprintf("https://example.com/bench/%d", i),
			ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 2, Status: models.PageImportCompleted,
			Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
		if _, err := db.NewInsert().Model(pi).Exec(ctx); err != nil {
			b.Fatal(err)
		}
		if firstImport == "" {
			firstImport = id
		}
		jid, _ := models.NewID()
		job := &models.Code2Des{ID: jid, OrganizationID: orgA, ProjectID: a1, PageImportID: id, FigmaFileKey: "AbC123",
			ScreenID: fmt.Sprint("screen-", i), Status: models.Code2DesProcessing, Attempt: 1, Nonce: "n", CreatedBy: "alice", UpdatedBy: "alice"}
		if _, err := db.NewInsert().Model(job).Exec(ctx); err != nil {
			b.Fatal(err)
		}
	}
	const pageImportFields = `id projectId organizationId sourceKind sourceUrl viewport { width height } deviceScaleFactor readySelector
  status attempt captureHash hasScreenshot errorMessage createdAt updatedAt createdBy`
	for _, tc := range []struct {
		name, query string
		vars        map[string]any
		want        string
	}{
		{"PageImportByID", `query($id: ID!) { pageImport(id: $id) { ` + pageImportFields + ` } }`,
			map[string]any{"id": firstImport}, `"createdBy":`},
		{"PageImportsList", `query($p: ID!) { pageImports(projectId: $p, first: 20) { edges { cursor node { ` + pageImportFields +
			` } } pageInfo { hasNextPage endCursor } } }`, map[string]any{"p": fmt.Sprint(a1)}, `"hasNextPage":`},
		{"Code2DesJobsNested", `query($p: ID!) { code2desJobs(projectId: $p, first: 20) { edges { cursor node {
  id figmaFileKey screenId status warningCount createdAt
  pageImport { id sourceUrl status captureHash createdAt } } } pageInfo { hasNextPage endCursor } } }`,
			map[string]any{"p": fmt.Sprint(a1)}, `"pageImport":{`},
	} {
		body, _ := json.Marshal(map[string]any{"query": tc.query, "variables": tc.vars})
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := processCPU()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+tok)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), tc.want) || strings.Contains(rec.Body.String(), `"errors"`) {
					b.Fatalf("%d %.300s", rec.Code, rec.Body.String())
				}
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// processCPU is the CPU time this process has used (user and system, all threads) in ns: unlike
// ns/op it leaves out the time spent waiting for the database.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// benchStack is the API as the in-process benchmarks run it: a real database with organization
// A and its member alice (project a1), a bucket of its own, local tokens, no rate limits, and
// logging at warn as the bench runs it. Token is alice's, valid for an hour.
type benchStack struct {
	App   *app.App
	DB    *bun.DB
	S3    *testenv.S3Env
	OrgA  int64
	A1    int64
	Token string
}

func newBenchStack(b *testing.B) benchStack {
	b.Helper()
	li, issuerURL := serveLocalIssuer(b)
	db := testenv.MustOpenDB(b)
	orgA, a1 := seed(b, db, "A", "alice")
	s3 := testenv.S3(b)
	cfg := app.Config{CognitoIssuer: issuerURL, CognitoClientIDs: []string{auth.LocalClientID},
		PublicBaseURL: "https://api.example.com", S3Bucket: s3.Bucket,
		GraphQLRateLimit: -1, CreatePageImportRateLimit: -1, TriggerCode2DesRateLimit: -1}
	logger := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := app.New(cfg, app.Deps{DB: db, Blob: s3.Store}, logger)
	if err != nil {
		b.Fatal(err)
	}
	tok, err := li.Mint("alice", time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	return benchStack{App: a, DB: db, S3: s3, OrgA: orgA, A1: a1, Token: tok}
}
