package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/database"
	"github.com/code2des/backend/server/jobs"
	"github.com/code2des/backend/server/results"
	"github.com/code2des/backend/server/s3store"
	"github.com/code2des/backend/server/sqsqueue"
	"github.com/uptrace/bun"
)

// Paths of the raw Go baseline server: the least work each API path must do, written directly.
const (
	baselineCreatePath   = "/create"
	baselineCapturePath  = "/capture"
	baselineResultPath   = "/result"
	baselineByIDPath     = "/page-import"
	baselineListPath     = "/page-imports"
	baselineNestedPath   = "/code2des-jobs"
	baselineMessageBytes = 400
)

// baseline is the raw Go baseline: plain HTTP handlers over the same database, bucket and queue
// as the API, with none of its checks.
type baseline struct {
	db    *bun.DB
	store *s3store.Store
	queue *sqsqueue.Queue
}

// runBaseline serves the baseline on cfg.HTTPAddr until ctx is done (the `baseline` subcommand,
// configured from the API's environment variables).
func runBaseline(ctx context.Context, cfg app.Config) error {
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	awsCfg, err := cfg.Settings.Load(ctx)
	if err != nil {
		return err
	}
	b := &baseline{
		db:    db,
		store: s3store.New(cfg.S3(awsCfg), cfg.S3Bucket),
		queue: sqsqueue.New(sqsqueue.NewClient(awsCfg, cfg.Settings), cfg.CaptureQueueURL),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+baselineCreatePath, b.create)
	mux.HandleFunc("POST "+baselineCapturePath, b.capture)
	mux.HandleFunc("GET "+baselineResultPath, b.result)
	mux.HandleFunc("POST "+baselineByIDPath, b.pageImport)
	mux.HandleFunc("POST "+baselineListPath, b.pageImports)
	mux.HandleFunc("POST "+baselineNestedPath, b.code2desJobs)
	return serveUntilDone(ctx, cfg.HTTPAddr, mux)
}

func serveUntilDone(ctx context.Context, addr string, h http.Handler) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(l); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func fail(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}

// create is INSERT + SendMessage: a plain INSERT ... RETURNING of the row createPageImport makes,
// then one SendMessage of a capture message.
func (b *baseline) create(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ProjectID int64  `json:"project_id"`
		SourceURL string `json:"source_url"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	pi := &models.PageImport{ID: id, OrganizationID: benchOrg, ProjectID: in.ProjectID, SourceURL: in.SourceURL,
		ViewportWidth: 1440, ViewportHeight: 900, DeviceScaleFactor: 1, Attempt: 1, Nonce: nonce,
		CreatedBy: benchSubject, UpdatedBy: benchSubject}
	// Prepared, as the API's INSERT is (database.Params): the same statement the cheapest way.
	p := database.NewParams(b.db)
	q := b.db.NewRaw(`INSERT INTO page_import (id, organization_id, project_id, source_url, viewport_width,
  viewport_height, device_scale_factor, attempt, nonce, created_by, updated_by)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`, p.Arg(pi.ID), p.Arg(pi.OrganizationID), p.Arg(pi.ProjectID),
		p.Arg(pi.SourceURL), p.Arg(pi.ViewportWidth), p.Arg(pi.ViewportHeight), p.Arg(pi.DeviceScaleFactor),
		p.Arg(pi.Attempt), p.Arg(pi.Nonce), p.Arg(pi.CreatedBy), p.Arg(pi.UpdatedBy))
	if err := database.Bind(q, p).Scan(r.Context(), pi); err != nil {
		fail(w, err)
		return
	}
	body, _ := json.Marshal(jobs.CaptureMessage{Type: jobs.CaptureMessageType, Version: jobs.MessageVersion,
		PageImportID: pi.ID, Attempt: 1, Nonce: pi.Nonce, SourceURL: pi.SourceURL,
		Viewport: jobs.ViewportMessage{Width: 1440, Height: 900}, DeviceScaleFactor: 1,
		ArtifactPrefix: models.S3URI(b.store.Bucket(), models.PageImportArtifactPrefix("", pi.ID, 1)),
		CallbackURL:    "http://127.0.0.1/webhooks/page-imports"})
	if err := b.queue.Send(r.Context(), models.QueueMessage{Type: jobs.CaptureMessageType, JobID: pi.ID, Attempt: 1, Body: body}); err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"id":%q}`, pi.ID)
}

// byIDSQL is the API's pageImport(id) statement (server/jobs.Service.PageImport): the same
// columns, the same membership check in the same statement, prepared.
const byIDSQL = `SELECT id, organization_id, project_id, source_kind, source_url, viewport_width,
  viewport_height, device_scale_factor, ready_selector, status, attempt, capture_hash,
  screenshot_url, error_message, created_at, updated_at, created_by
FROM page_import
WHERE id = ? AND organization_id IN (SELECT organization_id FROM organization_member WHERE subject = ?)
  AND deleted_at IS NULL`

// pageImport is the floor of a small read on this machine: net/http, one prepared SELECT of the
// row pageImport(id) reads (for the bench's member, with no token to verify), and encoding/json
// of the same fields. It is not a peer a team would pick, and the API has no target against it:
// it shows how much of a read's time any Go server pays here (docs/benchmarks.md).
func (b *baseline) pageImport(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ID string `json:"id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var pi models.PageImport
	p := database.NewParams(b.db)
	if err := database.Bind(b.db.NewRaw(byIDSQL, p.Arg(in.ID), p.Arg(benchSubject)), p).Scan(r.Context(), &pi); err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"pageImport": floorNode(&pi)}})
}

// listSQL is the API's pageImports(first: 20) statement (server/jobs.pageImportsQuery): the
// project's organization with the membership check as a subquery, 21 rows newest first.
const listSQL = `SELECT id, organization_id, project_id, source_kind, source_url, viewport_width,
  viewport_height, device_scale_factor, ready_selector, status, attempt, capture_hash,
  screenshot_url, error_message, created_at, updated_at, created_by
FROM page_import
WHERE organization_id = (SELECT project.organization_id FROM project
    JOIN organization_member AS m ON m.organization_id = project.organization_id AND m.subject = ?
    WHERE project.id = ?)
  AND project_id = ? AND deleted_at IS NULL
ORDER BY id DESC LIMIT 21`

// projectParam reads the project id of a list floor's body, {"p": "<id>"}.
func projectParam(r *http.Request) (int64, error) {
	var in struct {
		P string `json:"p"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		return 0, err
	}
	return strconv.ParseInt(in.P, 10, 64)
}

// pageImports is the floor of a list (no target, as pageImport): net/http, the prepared
// statement pageImports(first: 20) sends, and encoding/json of 20 edges with a cursor each.
func (b *baseline) pageImports(w http.ResponseWriter, r *http.Request) {
	project, err := projectParam(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var rows []models.PageImport
	p := database.NewParams(b.db)
	if err := database.Bind(b.db.NewRaw(listSQL, p.Arg(benchSubject), p.Arg(project), p.Arg(project)), p).Scan(r.Context(), &rows); err != nil {
		fail(w, err)
		return
	}
	type edge struct {
		Cursor string `json:"cursor"`
		Node   any    `json:"node"`
	}
	edges := make([]edge, 0, 20)
	for i := range rows[:min(20, len(rows))] {
		edges = append(edges, edge{jobs.EncodeCursor(jobs.CursorPageImports, rows[i].ID), floorNode(&rows[i])})
	}
	end := ""
	if len(edges) > 0 {
		end = edges[len(edges)-1].Cursor
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"pageImports": map[string]any{
		"edges": edges, "pageInfo": map[string]any{"hasNextPage": len(rows) > 20, "endCursor": end}}}})
}

// nestedSQL reads a page of a project's jobs with each job's Page Import, as
// code2desJobs(first: 20) { pageImport } asks: the membership check as a subquery, one LEFT JOIN
// with the API's rules (not deleted, the job's organization), and only the 11 columns the query
// shows (the API reads every column of both rows).
const nestedSQL = `SELECT c.id, c.figma_file_key, c.screen_id, c.status, c.warning_count, c.created_at,
  p.id, p.source_url, p.status, p.capture_hash, p.created_at
FROM code2des AS c
LEFT JOIN page_import AS p ON p.id = c.page_import_id AND p.organization_id = c.organization_id AND p.deleted_at IS NULL
WHERE c.organization_id = (SELECT project.organization_id FROM project
    JOIN organization_member AS m ON m.organization_id = project.organization_id AND m.subject = $1
    WHERE project.id = $2)
  AND c.project_id = $3 AND c.deleted_at IS NULL
ORDER BY c.id DESC LIMIT 21`

// code2desJobs is the floor of the nested list (no target): net/http, nestedSQL prepared, and
// encoding/json of 20 edges with a cursor each and the job's Page Import.
func (b *baseline) code2desJobs(w http.ResponseWriter, r *http.Request) {
	project, err := projectParam(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	type importNode struct {
		ID          string    `json:"id"`
		SourceURL   string    `json:"sourceUrl"`
		Status      string    `json:"status"`
		CaptureHash *string   `json:"captureHash"`
		CreatedAt   time.Time `json:"createdAt"`
	}
	type jobNode struct {
		ID           string      `json:"id"`
		FigmaFileKey string      `json:"figmaFileKey"`
		ScreenID     string      `json:"screenId"`
		Status       string      `json:"status"`
		WarningCount *int        `json:"warningCount"`
		CreatedAt    time.Time   `json:"createdAt"`
		PageImport   *importNode `json:"pageImport"`
	}
	type edge struct {
		Cursor string   `json:"cursor"`
		Node   *jobNode `json:"node"`
	}
	p := database.NewParams(b.db)
	p.Arg(benchSubject)
	p.Arg(project)
	p.Arg(project)
	rows, err := p.QueryContext(r.Context(), nestedSQL)
	if err != nil {
		fail(w, err)
		return
	}
	defer rows.Close()
	edges := make([]edge, 0, 21)
	for rows.Next() {
		var j jobNode
		var pi struct {
			ID, SourceURL, Status *string
			CaptureHash           *string
			CreatedAt             *time.Time
		}
		if err := rows.Scan(&j.ID, &j.FigmaFileKey, &j.ScreenID, &j.Status, &j.WarningCount, &j.CreatedAt,
			&pi.ID, &pi.SourceURL, &pi.Status, &pi.CaptureHash, &pi.CreatedAt); err != nil {
			fail(w, err)
			return
		}
		j.Status = strings.ToUpper(j.Status)
		if pi.ID != nil {
			j.PageImport = &importNode{*pi.ID, *pi.SourceURL, strings.ToUpper(*pi.Status), pi.CaptureHash, *pi.CreatedAt}
		}
		edges = append(edges, edge{jobs.EncodeCursor(jobs.CursorCode2Des, j.ID), &j})
	}
	if err := rows.Err(); err != nil {
		fail(w, err)
		return
	}
	more := len(edges) > 20
	edges = edges[:min(20, len(edges))]
	end := ""
	if len(edges) > 0 {
		end = edges[len(edges)-1].Cursor
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"code2desJobs": map[string]any{
		"edges": edges, "pageInfo": map[string]any{"hasNextPage": more, "endCursor": end}}}})
}

// floorNode is pi with the fields and names the API's PageImport answers.
func floorNode(pi *models.PageImport) any {
	type viewport struct {
		Width  int `json:"width"`
		Height int `json:"height"`
	}
	return struct {
		ID                string    `json:"id"`
		ProjectID         string    `json:"projectId"`
		OrganizationID    string    `json:"organizationId"`
		SourceKind        string    `json:"sourceKind"`
		SourceURL         string    `json:"sourceUrl"`
		Viewport          viewport  `json:"viewport"`
		DeviceScaleFactor float64   `json:"deviceScaleFactor"`
		ReadySelector     *string   `json:"readySelector"`
		Status            string    `json:"status"`
		Attempt           int       `json:"attempt"`
		CaptureHash       *string   `json:"captureHash"`
		HasScreenshot     bool      `json:"hasScreenshot"`
		ErrorMessage      *string   `json:"errorMessage"`
		CreatedAt         time.Time `json:"createdAt"`
		UpdatedAt         time.Time `json:"updatedAt"`
		CreatedBy         string    `json:"createdBy"`
	}{pi.ID, fmt.Sprint(pi.ProjectID), fmt.Sprint(pi.OrganizationID), string(pi.SourceKind), pi.SourceURL,
		viewport{pi.ViewportWidth, pi.ViewportHeight}, pi.DeviceScaleFactor, pi.ReadySelector, string(pi.Status),
		pi.Attempt, pi.CaptureHash, pi.ScreenshotURL != nil, pi.ErrorMessage, pi.CreatedAt, pi.UpdatedAt, pi.CreatedBy}
}

// capture is S3 GET + SHA-256 + conditional UPDATE: the storage and database work of a completed
// capture callback, with no signature, parsing or checks.
func (b *baseline) capture(w http.ResponseWriter, r *http.Request) {
	var cb struct {
		PageImportID  string `json:"page_import_id"`
		Attempt       int    `json:"attempt"`
		Nonce         string `json:"nonce"`
		ResultURL     string `json:"result_url"`
		ScreenshotURL string `json:"screenshot_url"`
	}
	if err := json.NewDecoder(r.Body).Decode(&cb); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	_, key, err := models.ParseS3URI(cb.ResultURL)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	data, err := b.store.Get(r.Context(), key, artifacts.DefaultCaptureMaxBytes)
	if err != nil {
		fail(w, err)
		return
	}
	sum := sha256.Sum256(data)
	var id string
	p := database.NewParams(b.db) // prepared, as the API's UPDATE is
	err = database.Bind(b.db.NewUpdate().Model((*models.PageImport)(nil)).
		Set("status = ?", models.PageImportCompleted).
		Set("result_url = ?", p.Arg(cb.ResultURL)).
		Set("capture_hash = ?", p.Arg(hex.EncodeToString(sum[:]))).
		Set("screenshot_url = ?", p.Arg(cb.ScreenshotURL)).
		Set("updated_at = current_timestamp").
		Where("id = ? AND attempt = ? AND nonce = ? AND status = '0' AND deleted_at IS NULL", p.Arg(cb.PageImportID), p.Arg(cb.Attempt), p.Arg(cb.Nonce)).
		Returning("id"), p).Scan(r.Context(), &id)
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"status":"applied"}`)
}

// result is S3 GETs + base64: the result JSON (its image list read with encoding/json), every
// image with the API's concurrency cap, each written out as base64.
func (b *baseline) result(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	doc, err := b.store.Get(ctx, r.URL.Query().Get("key"), results.DefaultMaxResultBytes)
	if err != nil {
		fail(w, err)
		return
	}
	var res struct {
		Root   json.RawMessage `json:"root"`
		Images []struct {
			Ref string `json:"ref"`
			Key string `json:"key"`
		} `json:"images"`
	}
	if err := json.Unmarshal(doc, &res); err != nil {
		fail(w, err)
		return
	}
	data := make([][]byte, len(res.Images))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(results.DefaultFetchConcurrency)
	for i, im := range res.Images {
		g.Go(func() error {
			var err error
			data[i], err = b.store.Get(gctx, im.Key, results.DefaultMaxImageBytes)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(`{"data":{"root":`)
	bw.Write(res.Root)
	bw.WriteString(`,"images":[`)
	enc := make([]byte, 0)
	for i, im := range res.Images {
		if i > 0 {
			bw.WriteByte(',')
		}
		fmt.Fprintf(bw, `{"ref":%q,"base64":"`, im.Ref)
		enc = base64.StdEncoding.AppendEncode(enc[:0], data[i])
		bw.Write(enc)
		bw.WriteString(`"}`)
	}
	bw.WriteString(`]}}`)
	_ = bw.Flush()
}
