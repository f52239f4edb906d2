package app_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/uptrace/bun"
	_ "golang.org/x/image/webp" // image.DecodeConfig of the WebP fixture

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/callbacks"
	"github.com/code2des/backend/server/results"
	"github.com/code2des/backend/server/s3store"
)

// c2dStack is the API over the real database, a conversion queue on the SQS protocol server, and
// a bucket on the S3 protocol server reached through a proxy that counts requests. A bun hook
// counts SQL statements.
type c2dStack struct {
	*stack
	conv       *testenv.SQSEnv
	s3         *testenv.S3Env
	s3Proxy    *httptest.Server
	s3Requests atomic.Int64
	statements atomic.Int64
	orgB       int64
	secret     string
}

// BeforeQuery implements bun.QueryHook.
func (s *c2dStack) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

// AfterQuery implements bun.QueryHook: one call per SQL statement sent.
func (s *c2dStack) AfterQuery(context.Context, *bun.QueryEvent) { s.statements.Add(1) }

func newCode2DesStack(t testing.TB, edit ...func(*app.Config)) *c2dStack {
	t.Helper()
	_, keyB := testKeys()
	li, issuerURL := serveLocalIssuer(t)
	other, _ := auth.NewLocalIssuer(keyB, issuerURL, auth.LocalClientID)

	s := &c2dStack{stack: &stack{db: testenv.MustOpenDB(t), queue: testenv.SQS(t), issuer: li, other: other},
		conv: testenv.SQS(t), s3: testenv.S3(t), secret: strings.Repeat("w", callbacks.MinSecretLength)}
	s.orgA, s.a1 = seed(t, s.db, "A", "alice")
	s.orgB, s.b1 = seed(t, s.db, "B", "bob")
	s.db.AddQueryHook(s)

	target, _ := url.Parse(s.s3.Endpoint)
	proxy := httputil.NewSingleHostReverseProxy(target)
	s.s3Proxy = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.s3Requests.Add(1)
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(s.s3Proxy.Close)
	awsCfg, err := awslocal.Settings("", "").Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	awsCfg.RetryMaxAttempts = 1
	blob := s3store.New(awslocal.Settings(s.s3Proxy.URL, "").S3(awsCfg), s.s3.Bucket)

	cfg := app.Config{CognitoIssuer: issuerURL, CognitoClientIDs: []string{auth.LocalClientID},
		PublicBaseURL: "https://api.example.com", S3Bucket: s.s3.Bucket, WorkerSecrets: []string{s.secret},
		GraphQLRateLimit: -1, CreatePageImportRateLimit: -1, TriggerCode2DesRateLimit: -1}
	for _, e := range edit {
		e(&cfg)
	}
	deps := app.Deps{DB: s.db, Blob: blob, CaptureQueue: s.queue.Queue, ConversionQueue: s.conv.Queue}
	a, err := app.New(cfg, deps, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	s.srv = httptest.NewServer(a.Handler())
	t.Cleanup(s.srv.Close)
	return s
}

// completedImport inserts a completed Page Import of project in org, as the capture callback
// leaves it.
func completedImport(t testing.TB, db bun.IDB, orgID, projectID int64, bucket string) *models.PageImport {
	t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	captureURL := models.S3URI(bucket, models.PageImportArtifactPrefix("", id, 1)+"capture.json")
	sum := sha256.Sum256([]byte("capture " + id))
	hash := hex.EncodeToString(sum[:])
	pi := &models.PageImport{ID: id, OrganizationID: orgID, ProjectID: projectID, SourceURL: "https://example.com/pricing",
		ViewportWidth: 1440, ViewportHeight: 900, Status: models.PageImportCompleted, Attempt: 1, Nonce: nonce,
		ResultURL: &captureURL, CaptureHash: &hash, CreatedBy: "alice", UpdatedBy: "alice"}
	if _, err := db.NewInsert().Model(pi).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return pi
}

// job inserts a Code2Des job of pi with status (completed jobs point at a result.json).
func job(t testing.TB, db bun.IDB, pi *models.PageImport, status models.Code2DesStatus, bucket string, warnings int) *models.Code2Des {
	t.Helper()
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	j := &models.Code2Des{ID: id, OrganizationID: pi.OrganizationID, ProjectID: pi.ProjectID, PageImportID: pi.ID,
		FigmaFileKey: "FileKey1", ScreenID: "screen", Status: status, Attempt: 1, Nonce: nonce, CreatedBy: "alice", UpdatedBy: "alice"}
	switch status {
	case models.Code2DesCompleted:
		u := models.S3URI(bucket, models.Code2DesArtifactPrefix("", id, 1)+"result.json")
		j.ResultURL, j.WarningCount = &u, &warnings
	case models.Code2DesFailed:
		msg := "the page has no visible content"
		j.ErrorMessage = &msg
	}
	if _, err := db.NewInsert().Model(j).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return j
}

func decodeData(t testing.TB, r gqlResponse, field string, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Data[field], v); err != nil {
		t.Fatalf("%s: %v in %s", field, err, r.Raw)
	}
}

func TestGraphQLCode2DesLifecycle(t *testing.T) {
	s := newCode2DesStack(t)
	alice, bob := s.token(t, "alice"), s.token(t, "bob")
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)

	const triggerQ = `mutation($in: TriggerCode2DesInput!) { triggerCode2Des(input: $in) { code2des {
	  id projectId organizationId pageImportId figmaFileKey screenId placementTarget status attempt createdBy
	  pageImport { id captureHash } } } }`
	in := map[string]any{"in": map[string]any{"pageImportId": pi.ID, "figmaFileKey": "AbC123", "placementTarget": "0:1"}}
	r := s.do(t, alice, triggerQ, in)
	if r.code() != "" {
		t.Fatalf("trigger: %s", r.Raw)
	}
	var trig struct {
		Code2des struct {
			ID, ProjectID, OrganizationID, PageImportID, FigmaFileKey, ScreenID, Status, CreatedBy string
			PlacementTarget                                                                        *string
			Attempt                                                                                int
			PageImport                                                                             struct{ ID, CaptureHash string }
		}
	}
	decodeData(t, r, "triggerCode2Des", &trig)
	c := trig.Code2des
	if c.ProjectID != fmt.Sprint(s.a1) || c.OrganizationID != fmt.Sprint(s.orgA) || c.PageImportID != pi.ID || c.Status != "PROCESSING" ||
		c.Attempt != 1 || c.CreatedBy != "alice" || c.FigmaFileKey != "AbC123" || c.PlacementTarget == nil || *c.PlacementTarget != "0:1" ||
		!strings.HasPrefix(c.ScreenID, "example-com-pricing-1440w-") || c.PageImport.ID != pi.ID || c.PageImport.CaptureHash != *pi.CaptureHash {
		t.Errorf("triggered %+v", c)
	}
	msgs := s.conv.Receive(t, 10, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d conversion messages, want 1", len(msgs))
	}
	var msg struct {
		ID    string `json:"code2des_id"`
		Nonce string `json:"nonce"`
	}
	_ = json.Unmarshal([]byte(aws.ToString(msgs[0].Body)), &msg)
	if msg.ID != c.ID || msg.Nonce == "" || strings.Contains(r.Raw, msg.Nonce) {
		t.Errorf("message for %q (want %q); the response must not carry the nonce", msg.ID, c.ID)
	}
	if r := s.do(t, bob, triggerQ, in); r.code() != "NOT_FOUND" {
		t.Errorf("bob triggers alice's import: %s", r.Raw)
	}
	bad := map[string]any{"in": map[string]any{"pageImportId": pi.ID, "figmaFileKey": "a/b"}}
	if r := s.do(t, alice, triggerQ, bad); r.code() != "BAD_USER_INPUT" || r.Errors[0].Extensions["field"] != "input.figmaFileKey" {
		t.Errorf("bad file key: %s", r.Raw)
	}

	// Reads: the job, the discovery list, and the import's jobs.
	read := `query($id: ID!) { code2des(id: $id) { id status screenId pageImport { id } } }`
	if r := s.do(t, alice, read, map[string]any{"id": c.ID}); r.code() != "" || !strings.Contains(r.Raw, c.ScreenID) {
		t.Errorf("read: %s", r.Raw)
	}
	if r := s.do(t, bob, read, map[string]any{"id": c.ID}); r.code() != "NOT_FOUND" {
		t.Errorf("bob reads alice's job: %s", r.Raw)
	}
	list := `query($p: ID!, $k: String, $st: Code2DesStatus) { code2desJobs(projectId: $p, figmaFileKey: $k, status: $st) {
	  edges { cursor node { id } } pageInfo { hasNextPage } } }`
	if r := s.do(t, alice, list, map[string]any{"p": fmt.Sprint(s.a1), "k": "AbC123", "st": "PROCESSING"}); r.code() != "" || !strings.Contains(r.Raw, c.ID) {
		t.Errorf("discovery list: %s", r.Raw)
	}
	if r := s.do(t, alice, list, map[string]any{"p": fmt.Sprint(s.a1), "k": "AbC123", "st": "COMPLETED"}); r.code() != "" || strings.Contains(r.Raw, c.ID) {
		t.Errorf("discovery list of completed jobs shows a processing one: %s", r.Raw)
	}
	nested := `query($id: ID!) { pageImport(id: $id) { code2desJobs { id } } }`
	if r := s.do(t, alice, nested, map[string]any{"id": pi.ID}); r.code() != "" || !strings.Contains(r.Raw, c.ID) {
		t.Errorf("PageImport.code2desJobs: %s", r.Raw)
	}

	// Materialize: refused while processing, recorded once when completed.
	mat := `mutation($in: MaterializeCode2DesInput!) { materializeCode2Des(input: $in) { recorded code2des { materializedNodeId materializedAt } } }`
	matIn := func(node string) map[string]any {
		return map[string]any{"in": map[string]any{"code2desId": c.ID, "nodeId": node}}
	}
	if r := s.do(t, alice, mat, matIn("1:2")); r.code() != "FAILED_PRECONDITION" {
		t.Errorf("materialize while processing: %s", r.Raw)
	}
	if _, err := s.db.NewRaw("UPDATE code2des SET status = '1', result_url = 'x', warning_count = 0 WHERE id = ?", c.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i, node := range []string{"1:2", "3:4"} {
		r := s.do(t, alice, mat, matIn(node))
		var out struct {
			Recorded bool
			Code2des struct{ MaterializedNodeID string }
		}
		decodeData(t, r, "materializeCode2Des", &out)
		if out.Recorded != (i == 0) || out.Code2des.MaterializedNodeID != "1:2" {
			t.Errorf("materialize %s: %s", node, r.Raw)
		}
	}

	// Delete: invisible afterwards, and the worker's callback is refused.
	del := `mutation($id: ID!) { deleteCode2Des(id: $id) { deletedId } }`
	if r := s.do(t, bob, del, map[string]any{"id": c.ID}); r.code() != "NOT_FOUND" {
		t.Errorf("bob deletes alice's job: %s", r.Raw)
	}
	if r := s.do(t, alice, del, map[string]any{"id": c.ID}); r.code() != "" || !strings.Contains(r.Raw, c.ID) {
		t.Fatalf("delete: %s", r.Raw)
	}
	if r := s.do(t, alice, read, map[string]any{"id": c.ID}); r.code() != "NOT_FOUND" {
		t.Errorf("read after delete: %s", r.Raw)
	}
	if r := s.do(t, alice, nested, map[string]any{"id": pi.ID}); r.code() != "" || strings.Contains(r.Raw, c.ID) {
		t.Errorf("PageImport.code2desJobs after delete: %s", r.Raw)
	}
	if r := s.do(t, alice, mat, matIn("5:6")); r.code() != "NOT_FOUND" {
		t.Errorf("materialize after delete: %s", r.Raw)
	}
	var row models.Code2Des
	if err := s.db.NewSelect().Model(&row).WhereAllWithDeleted().Where("id = ?", c.ID).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if row.DeletedBy == nil || *row.DeletedBy != "alice" || row.DeletedAt == nil {
		t.Errorf("deleted_by %v deleted_at %v", row.DeletedBy, row.DeletedAt)
	}
	// Put the row back to processing (still deleted) and deliver the worker's callback for it.
	if _, err := s.db.NewRaw("UPDATE code2des SET status = '0' WHERE id = ?", c.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"code2des_id": c.ID, "attempt": 1, "nonce": msg.Nonce, "status": "failed", "error_message": "x"})
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+callbacks.Code2DesPath, bytes.NewReader(body))
	callbacks.SignRequest(req, time.Now(), body, []byte(s.secret))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var after models.Code2Des
	_ = s.db.NewSelect().Model(&after).WhereAllWithDeleted().Where("id = ?", c.ID).Scan(context.Background())
	if resp.StatusCode != http.StatusConflict || after.Status != models.Code2DesProcessing {
		t.Errorf("callback for a deleted job: %d, row status %q; want 409 and the row unchanged", resp.StatusCode, after.Status)
	}
}

// TestGraphQLDataloadersRunConstantStatements: listing jobs with their Page Imports, and imports
// with their jobs, costs the same number of SQL statements for 1 row or 100.
func TestGraphQLDataloadersRunConstantStatements(t *testing.T) {
	s := newCode2DesStack(t)
	alice := s.token(t, "alice")
	jobsQ := fmt.Sprintf(`{ code2desJobs(projectId: "%d", first: 100) { edges { node { id pageImport { id sourceUrl } } } } }`, s.a1)
	importsQ := fmt.Sprintf(`{ pageImports(projectId: "%d", first: 20) { edges { node { id code2desJobs { id pageImportId } } } } }`, s.a1)
	measure := func(query string) (int64, gqlResponse) {
		t.Helper()
		s.statements.Store(0)
		r := s.do(t, alice, query, nil)
		if r.code() != "" {
			t.Fatalf("%s", r.Raw)
		}
		return s.statements.Load(), r
	}
	count := func(raw, needle string) int { return strings.Count(raw, needle) }

	// One import with one job.
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	job(t, s.db, pi, models.Code2DesProcessing, s.s3.Bucket, 0)
	smallJobs, _ := measure(jobsQ)
	smallImports, _ := measure(importsQ)

	// 20 imports with 5 jobs each: 100 jobs.
	for range 19 {
		pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
		for range 5 {
			job(t, s.db, pi, models.Code2DesProcessing, s.s3.Bucket, 0)
		}
	}
	for range 4 {
		job(t, s.db, pi, models.Code2DesProcessing, s.s3.Bucket, 0)
	}
	bigJobs, r := measure(jobsQ)
	if n := count(r.Raw, `"sourceUrl":"https://example.com/pricing"`); n != 100 {
		t.Fatalf("%d jobs came back with their import, want 100", n)
	}
	bigImports, r := measure(importsQ)
	if n := count(r.Raw, `"pageImportId"`); n != 100 {
		t.Fatalf("%d jobs came back under their imports, want 100", n)
	}
	// Jobs: the list with its imports joined in (membership check folded in), one statement.
	// Imports: the list (membership check folded in) + one batch read of their jobs.
	const wantJobs, wantImports = 1, 2
	if smallJobs != wantJobs || bigJobs != wantJobs || smallImports != wantImports || bigImports != wantImports {
		t.Errorf("SQL statements: jobs with imports %d (1 row) / %d (100 rows), want %d; imports with jobs %d / %d, want %d",
			smallJobs, bigJobs, wantJobs, smallImports, bigImports, wantImports)
	}
}

// resultFixture is a completed job whose result artifact and images are stored in the stack's
// bucket: a PNG, a JPEG and a GIF (returned byte for byte), a WebP (returned as PNG) and an SVG.
type resultFixture struct {
	job    *models.Code2Des
	pi     *models.PageImport
	root   string
	stored map[string][]byte // ref -> stored bytes
	webpW  int
	webpH  int
}

// resultRoot has spacing, escapes and characters json.Marshal would rewrite (<, >, &).
const resultRoot = `{ "type" : "FRAME", "id":"1:1", "name":"Page <main> & co", "x":0.50, "y":1e2,
  "children": [
    {"type":"RECTANGLE","id":"1:2","name":"hero","fills":[{"type":"IMAGE","imageRef":"png","scaleMode":"FILL"}]},
    {"type":"RECTANGLE","id":"1:3","name":"photo","fills":[{"type":"IMAGE","imageRef":"jpeg"}]},
    {"type":"ELLIPSE","id":"1:4","name":"anim","fills":[{"type":"IMAGE","imageRef":"gif"}]},
    {"type":"RECTANGLE","id":"1:5","name":"gopher","fills":[{"type":"IMAGE","imageRef":"webp"}]},
    {"type":"SVG","id":"1:6","name":"logo","imageRef":"logo"},
    {"type":"TEXT","id":"1:7","name":"title","characters":"Hello\n\"world\" \u00e9"}
  ]
}`

const resultSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M0 0h24v24H0z" fill="#0af"/></svg>`

func newResultFixture(t testing.TB, s *c2dStack, pi *models.PageImport) *resultFixture {
	t.Helper()
	f := &resultFixture{pi: pi, root: resultRoot, stored: map[string][]byte{}}
	f.job = job(t, s.db, pi, models.Code2DesCompleted, s.s3.Bucket, 1)
	prefix := models.Code2DesArtifactPrefix("", f.job.ID, 1)
	var entries []artifacts.ResultImage
	add := func(ref, key, mime string, b []byte, w, h int) {
		sum := sha256.Sum256(b)
		entries = append(entries, artifacts.ResultImage{Ref: ref, Key: key, MimeType: mime, Sha256: hex.EncodeToString(sum[:]), ByteSize: int64(len(b)), Width: w, Height: h})
		f.stored[ref] = b
		if err := s.s3.Store.Put(context.Background(), key, b, mime); err != nil {
			t.Fatal(err)
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, 32, 24))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	var pngBuf, jpgBuf, gifBuf bytes.Buffer
	_ = png.Encode(&pngBuf, img)
	_ = jpeg.Encode(&jpgBuf, img, &jpeg.Options{Quality: 80})
	pal := image.NewPaletted(image.Rect(0, 0, 16, 16), []color.Color{color.Black, color.White})
	_ = gif.Encode(&gifBuf, pal, nil)
	add("png", prefix+"images/hero.png", "image/png", pngBuf.Bytes(), 32, 24)
	// The JPEG is a capture asset, under the Page Import's prefix.
	add("jpeg", models.PageImportArtifactPrefix("", pi.ID, 1)+"assets/photo.jpg", "image/jpeg", jpgBuf.Bytes(), 32, 24)
	add("gif", prefix+"images/anim.gif", "image/gif", gifBuf.Bytes(), 16, 16)
	webp, err := os.ReadFile("../results/testdata/gopher-doc.1bpp.lossless.webp")
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(webp))
	if err != nil {
		t.Fatal(err)
	}
	f.webpW, f.webpH = cfg.Width, cfg.Height
	add("webp", prefix+"images/gopher.webp", "image/webp", webp, cfg.Width, cfg.Height)
	add("logo", prefix+"images/logo.svg", "image/svg+xml", []byte(resultSVG), 24, 24)

	node := "1:7"
	m, _ := json.Marshal(artifacts.ResultManifest{Kind: "code2des.result", Version: 1, Code2DesID: f.job.ID, Attempt: 1, Nonce: f.job.Nonce,
		PageImportID: pi.ID, CaptureHash: *pi.CaptureHash})
	im, _ := json.Marshal(entries)
	w, _ := json.Marshal([]artifacts.ResultWarning{{Code: "FONT_FALLBACK", Message: "Inter was replaced", NodeID: &node}})
	doc := `{"manifest":` + string(m) + ",\n\"root\": " + f.root + ",\n\"images\":" + string(im) + `,"warnings":` + string(w) + "}\n"
	_, key, _ := models.ParseS3URI(*f.job.ResultURL)
	if err := s.s3.Store.Put(context.Background(), key, []byte(doc), "application/json"); err != nil {
		t.Fatal(err)
	}
	return f
}

const resultQuery = `query($id: ID!) { code2desResult(id: $id) { code2desId pageImportId captureHash warningCount
  warnings { code message nodeId } root images { ref mimeType byteSize sha256 width height base64 svg } } }`

func TestGraphQLCode2DesResultEndToEnd(t *testing.T) {
	s := newCode2DesStack(t)
	alice, bob := s.token(t, "alice"), s.token(t, "bob")
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	f := newResultFixture(t, s, pi)
	vars := map[string]any{"id": f.job.ID}

	t.Run("BadUserInput/AliasesRefusedBeforeStorage", func(t *testing.T) {
		for _, n := range []int{50, 2} {
			var q strings.Builder
			q.WriteString("query($id: ID!) {")
			for i := range n {
				fmt.Fprintf(&q, " r%d: code2desResult(id: $id) { root }", i)
			}
			q.WriteString(" }")
			before := s.s3Requests.Load()
			r := s.do(t, alice, q.String(), vars)
			if r.code() != "BAD_USER_INPUT" || !strings.Contains(r.Errors[0].Message, "complexity") || len(r.Data) > 0 {
				t.Errorf("%d aliases: %.300s; want refused by the complexity limit", n, r.Raw)
			}
			if got := s.s3Requests.Load() - before; got != 0 {
				t.Errorf("%d aliases made %d S3 requests before being refused", n, got)
			}
		}
	})

	t.Run("OK/TreeByteIdenticalImagesInlined", func(t *testing.T) {
		before := s.s3Requests.Load()
		r := s.do(t, alice, resultQuery, vars)
		if r.code() != "" {
			t.Fatalf("%s", r.Raw)
		}
		if s.s3Requests.Load()-before < 6 {
			t.Errorf("%d S3 requests for a result with 5 images", s.s3Requests.Load()-before)
		}
		if !strings.Contains(r.Raw, `"root":`+f.root+`,`) {
			t.Errorf("the response does not carry the stored root byte for byte:\n%s", r.Raw)
		}
		var res struct {
			Code2desID, PageImportID, CaptureHash string
			WarningCount                          int
			Warnings                              []struct{ Code string }
			Root                                  json.RawMessage
			Images                                []struct {
				Ref, MimeType, Sha256   string
				ByteSize, Width, Height int
				Base64, Svg             *string
			}
		}
		decodeData(t, r, "code2desResult", &res)
		if res.Code2desID != f.job.ID || res.PageImportID != pi.ID || res.CaptureHash != *pi.CaptureHash ||
			res.WarningCount != 2 || len(res.Warnings) != 2 || res.Warnings[0].Code != "FONT_FALLBACK" ||
			res.Warnings[1].Code != results.WarningImageConverted || len(res.Images) != 5 {
			t.Fatalf("result %+v", res)
		}
		for _, im := range res.Images {
			switch im.Ref {
			case "png", "jpeg", "gif":
				b, err := base64.StdEncoding.DecodeString(*im.Base64)
				if err != nil || !bytes.Equal(b, f.stored[im.Ref]) || im.ByteSize != len(b) || im.MimeType != "image/"+im.Ref {
					t.Errorf("%s: %d bytes, %s; want the stored %d bytes", im.Ref, len(b), im.MimeType, len(f.stored[im.Ref]))
				}
			case "webp":
				b, _ := base64.StdEncoding.DecodeString(*im.Base64)
				cfg, err := png.DecodeConfig(bytes.NewReader(b))
				if err != nil || im.MimeType != "image/png" || cfg.Width != f.webpW || cfg.Height != f.webpH || im.Width != f.webpW {
					t.Errorf("webp came back as %s %dx%d (%v); want a PNG of %dx%d", im.MimeType, cfg.Width, cfg.Height, err, f.webpW, f.webpH)
				}
			case "logo":
				if im.Svg == nil || *im.Svg != resultSVG || im.Base64 != nil || im.MimeType != "image/svg+xml" {
					t.Errorf("svg %+v", im)
				}
			}
		}
		for _, leak := range []string{f.job.Nonce, "attempt-1/", "s3://"} {
			if strings.Contains(r.Raw, leak) {
				t.Errorf("the response leaks %q", leak)
			}
		}
	})

	t.Run("OK/OneResultWithAnotherQueryFitsTheLimit", func(t *testing.T) {
		q := `query($id: ID!) { code2des(id: $id) { id status } code2desResult(id: $id) { code2desId } }`
		if r := s.do(t, alice, q, vars); r.code() != "" {
			t.Errorf("%s", r.Raw)
		}
	})

	processing := job(t, s.db, pi, models.Code2DesProcessing, s.s3.Bucket, 0)
	failed := job(t, s.db, pi, models.Code2DesFailed, s.s3.Bucket, 0)
	deleted := newResultFixture(t, s, pi).job
	if r := s.do(t, alice, `mutation($id: ID!) { deleteCode2Des(id: $id) { deletedId } }`, map[string]any{"id": deleted.ID}); r.code() != "" {
		t.Fatal(r.Raw)
	}
	tampered := newResultFixture(t, s, pi)
	if err := s.s3.Store.Put(context.Background(), models.Code2DesArtifactPrefix("", tampered.job.ID, 1)+"images/hero.png",
		[]byte("<html>not a png</html>"), "image/png"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		token string
		id    string
		code  string
		says  string
	}{
		{"FailedPrecondition/Processing", alice, processing.ID, "FAILED_PRECONDITION", "still processing"},
		{"FailedPrecondition/FailedWithItsMessage", alice, failed.ID, "FAILED_PRECONDITION", "the page has no visible content"},
		{"FailedPrecondition/TamperedImage", alice, tampered.job.ID, "FAILED_PRECONDITION", "failed validation"},
		{"NotFound/OtherOrganization", bob, f.job.ID, "NOT_FOUND", "not found"},
		{"NotFound/Deleted", alice, deleted.ID, "NOT_FOUND", "not found"},
		{"BadUserInput/MalformedID", alice, "not-an-id", "BAD_USER_INPUT", "job id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.do(t, tc.token, resultQuery, map[string]any{"id": tc.id})
			if r.code() != tc.code || !strings.Contains(r.Errors[0].Message, tc.says) || string(r.Data["code2desResult"]) != "null" {
				t.Errorf("got %.400s; want %s saying %q and no data", r.Raw, tc.code, tc.says)
			}
		})
	}

	t.Run("Unavailable/StorageDown", func(t *testing.T) {
		fresh := newResultFixture(t, s, pi) // not cached
		s.s3Proxy.Close()
		r := s.do(t, alice, resultQuery, map[string]any{"id": fresh.job.ID})
		if r.code() != "UNAVAILABLE" || string(r.Data["code2desResult"]) != "null" {
			t.Errorf("storage down: %.300s", r.Raw)
		}
		// The result read before is cached: storage is not needed for it.
		if r := s.do(t, alice, resultQuery, vars); r.code() != "" {
			t.Errorf("cached result with storage down: %.300s", r.Raw)
		}
	})
}

func TestGraphQLTriggerRateLimitPerSubject(t *testing.T) {
	s := newCode2DesStack(t, func(c *app.Config) { c.TriggerCode2DesRateLimit, c.TriggerCode2DesRateWindow = 2, time.Minute })
	alice := s.token(t, "alice")
	pi := completedImport(t, s.db, s.orgA, s.a1, s.s3.Bucket)
	q := `mutation($in: TriggerCode2DesInput!) { triggerCode2Des(input: $in) { code2des { id } } }`
	in := map[string]any{"in": map[string]any{"pageImportId": pi.ID, "figmaFileKey": "k"}}
	for i := range 2 {
		if r := s.do(t, alice, q, in); r.code() != "" {
			t.Fatalf("trigger %d within the limit: %s", i+1, r.Raw)
		}
	}
	if r := s.do(t, alice, q, in); r.code() != "UNAVAILABLE" {
		t.Errorf("trigger 3 past a limit of 2: %s", r.Raw)
	}
	var n int
	if err := s.db.NewRaw("SELECT count(*) FROM code2des").Scan(context.Background(), &n); err != nil || n != 2 {
		t.Errorf("%d rows after a refused trigger (%v), want 2", n, err)
	}
}

func TestGraphQLGetServesQueriesOnly(t *testing.T) {
	s := newCode2DesStack(t)
	get := func(query string) (int, string) {
		q, op, _ := strings.Cut(query, "&operationName=")
		u := s.srv.URL + "/graphql?query=" + url.QueryEscape(q)
		if op != "" {
			u += "&operationName=" + op
		}
		req, _ := http.NewRequest(http.MethodGet, u, nil)
		req.Header.Set("Authorization", "Bearer "+s.token(t, "alice"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if status, body := get(fmt.Sprintf(`{ code2desJobs(projectId: "%d") { edges { cursor } } }`, s.a1)); status != http.StatusOK || body != `{"data":{"code2desJobs":{"edges":[]}}}` {
		t.Errorf("GET query: %d %s", status, body)
	}
	for _, q := range []string{
		`mutation { deleteCode2Des(id: "x") { deletedId } }`,
		// The operation is chosen by operationName: the mutation of a two-operation document.
		`query A { __typename } mutation B { deleteCode2Des(id: "x") { deletedId } }&operationName=B`,
	} {
		status, body := get(q)
		var r gqlResponse
		_ = json.Unmarshal([]byte(body), &r)
		// Like every request-shape problem, the refusal carries extensions.code (SPEC §3).
		if status != http.StatusNotAcceptable || r.code() != "BAD_USER_INPUT" {
			t.Errorf("GET mutation %q: %d %s; want 406 BAD_USER_INPUT", q, status, body)
		}
	}
}

func TestResultAndTriggerSettings(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	for name, pair := range map[string][2]int64{
		"RESULT_MAX_BYTES":             {cfg.ResultMaxBytes, results.DefaultMaxResultBytes},
		"RESULT_MAX_IMAGE_BYTES":       {cfg.ResultMaxImageBytes, results.DefaultMaxImageBytes},
		"RESULT_MAX_TOTAL_IMAGE_BYTES": {cfg.ResultMaxTotalImageBytes, results.DefaultMaxTotalImageBytes},
		"RESULT_FETCH_CONCURRENCY":     {int64(cfg.ResultFetchConcurrency), results.DefaultFetchConcurrency},
		"RESULT_FETCH_TIMEOUT":         {int64(cfg.ResultFetchTimeout), int64(results.DefaultFetchTimeout)},
		"RESULT_CACHE_BYTES":           {cfg.ResultCacheBytes, results.DefaultCacheBytes},
		"RESULT_CONVERT_CONCURRENCY":   {int64(cfg.ResultConvertConcurrency), results.DefaultConvertConcurrency},
		"TRIGGER_CODE2DES_RATE_LIMIT":  {int64(cfg.TriggerCode2DesRateLimit), app.DefaultTriggerCode2DesRateLimit},
		"TRIGGER_CODE2DES_RATE_WINDOW": {int64(cfg.TriggerCode2DesRateWindow), int64(app.DefaultTriggerCode2DesRateWindow)},
	} {
		if pair[0] != pair[1] {
			t.Errorf("%s defaults to %d, the constant says %d", name, pair[0], pair[1])
		}
	}
	t.Run("OK/CallbackLimitEqualToReaderLimit", func(t *testing.T) {
		t.Setenv("RESULT_MAX_BYTES", "1000")
		t.Setenv("RESULT_ARTIFACT_MAX_BYTES", "1000")
		if _, err := app.LoadConfig(); err != nil {
			t.Error(err)
		}
	})
	t.Run("ErrCallbackLimitPastReaderLimit", func(t *testing.T) {
		t.Setenv("RESULT_MAX_BYTES", "1000")
		t.Setenv("RESULT_ARTIFACT_MAX_BYTES", "1001")
		if _, err := app.LoadConfig(); err == nil || !strings.Contains(err.Error(), "RESULT_MAX_BYTES") {
			t.Errorf("a callback limit past the reader's: %v", err)
		}
	})
	t.Run("ErrNegative", func(t *testing.T) {
		t.Setenv("RESULT_FETCH_CONCURRENCY", "-1")
		if _, err := app.LoadConfig(); err == nil || !strings.Contains(err.Error(), "RESULT_FETCH_CONCURRENCY") {
			t.Errorf("negative concurrency: %v", err)
		}
	})
}
