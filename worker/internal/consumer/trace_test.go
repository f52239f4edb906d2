package consumer_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/code2des/backend/internal/awslocal"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/s3store"
	"github.com/code2des/backend/server/sqsqueue"
	"github.com/code2des/backend/server/telemetry"
	"github.com/code2des/backend/worker/internal/callback"
	"github.com/code2des/backend/worker/internal/consumer"
)

// stubJob plays a worker: it parses the message's fences, stores a valid artifact under its
// artifact prefix and reports it completed.
type stubJob struct {
	store   *s3store.Store
	bucket  string
	msg     map[string]any
	key     string
	hash    string
	body    []byte
	capture bool
}

func (j *stubJob) Parse(body []byte) error { return json.Unmarshal(body, &j.msg) }
func (j *stubJob) Attrs() []any            { return nil }

func (j *stubJob) Run(ctx context.Context) (string, error) {
	prefix := strings.TrimPrefix(j.msg["artifact_prefix"].(string), "s3://"+j.bucket+"/")
	if j.capture {
		j.key = prefix + "capture.json"
		j.body, _ = json.Marshal(map[string]any{
			"manifest": map[string]any{"kind": "page_import.capture", "version": 1, "page_import_id": j.msg["page_import_id"],
				"attempt": j.msg["attempt"], "nonce": j.msg["nonce"], "source_url": "https://example.com/", "final_url": "https://example.com/",
				"viewport": map[string]any{"width": 1440, "height": 900}, "device_scale_factor": 1, "captured_at": "2026-01-01T00:00:05Z"},
			"document":   map[string]any{"root": map[string]any{"tag": "body"}},
			"assets":     []any{},
			"screenshot": map[string]any{"key": prefix + "screenshot.png", "mime_type": "image/png", "width": 1440, "height": 900},
		})
		if err := j.store.Put(ctx, prefix+"screenshot.png", []byte("\x89PNG screenshot"), "image/png"); err != nil {
			return "", err
		}
	} else {
		j.key = prefix + "result.json"
		j.body, _ = json.Marshal(map[string]any{
			"manifest": map[string]any{"kind": "code2des.result", "version": 1, "code2des_id": j.msg["code2des_id"], "attempt": j.msg["attempt"],
				"nonce": j.msg["nonce"], "page_import_id": j.msg["page_import_id"], "capture_hash": j.msg["capture_hash"],
				"converted_at": "2026-01-01T00:01:00Z"},
			"root":   map[string]any{"id": "1:1", "type": "FRAME", "name": "page", "x": 0, "y": 0, "width": 100, "height": 100},
			"images": []any{}, "warnings": []any{},
		})
	}
	sum := sha256.Sum256(j.body)
	j.hash = hex.EncodeToString(sum[:])
	return "", j.store.Put(ctx, j.key, j.body, "application/json")
}

func (j *stubJob) Callback(string) (string, []byte, []any, error) {
	cb := map[string]any{"attempt": j.msg["attempt"], "nonce": j.msg["nonce"], "status": "completed",
		"result_url": "s3://" + j.bucket + "/" + j.key}
	if j.capture {
		cb["page_import_id"] = j.msg["page_import_id"]
		cb["capture_hash"] = j.hash
		cb["screenshot_url"] = "s3://" + j.bucket + "/" + strings.TrimSuffix(j.key, "capture.json") + "screenshot.png"
	} else {
		cb["code2des_id"] = j.msg["code2des_id"]
		cb["warning_count"] = 0
	}
	b, err := json.Marshal(cb)
	return j.msg["callback_url"].(string), b, nil, err
}

// TestOneTraceFromCreateToConversionCallback: with an in-memory exporter, a plugin that sends one
// traceparent with createPageImport and triggerCode2Des sees the whole chain in one trace: the API's
// HTTP, GraphQL, SQL and SQS spans, each worker's span continued from its message's attributes
// (this package's Loop.Process), and the API's handling of each worker callback (with its S3 reads).
func TestOneTraceFromCreateToConversionCallback(t *testing.T) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	prevTP, prevProp := otel.GetTracerProvider(), otel.GetTextMapPropagator()
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.TraceContext{})
	t.Cleanup(func() { otel.SetTracerProvider(prevTP); otel.SetTextMapPropagator(prevProp) })
	ctx := context.Background()

	db := testenv.MustOpenDB(t)
	s3env, capQ, convQ := testenv.S3(t), testenv.SQS(t), testenv.SQS(t)
	awsCfg, err := awslocal.Settings("", "").Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	telemetry.InstrumentAWS(&awsCfg)
	blob := s3store.New(awslocal.Settings(s3env.Endpoint, "").S3(awsCfg), s3env.Bucket)
	sqsClient := sqsqueue.NewClient(awsCfg, awslocal.Settings("", capQ.Endpoint))

	key, _ := rsa.GenerateKey(rand.Reader, 2048)
	srv := httptest.NewServer(nil)
	t.Cleanup(srv.Close)
	issuer, err := auth.NewLocalIssuer(key, srv.URL+auth.LocalIssuerPath, auth.LocalClientID)
	if err != nil {
		t.Fatal(err)
	}
	org := &models.Organization{Name: "A"}
	_, _ = db.NewInsert().Model(org).Returning("id").Exec(ctx)
	_, _ = db.NewInsert().Model(&models.OrganizationMember{OrganizationID: org.ID, Subject: "alice", Role: models.RoleOwner}).Exec(ctx)
	project := &models.Project{OrganizationID: org.ID, Name: "site"}
	if _, err := db.NewInsert().Model(project).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	// Seeded before: only the chain's statements are traced.
	telemetry.InstrumentDB(db)
	secret := strings.Repeat("s", 32)
	a, err := app.New(app.Config{CognitoIssuer: srv.URL + auth.LocalIssuerPath, CognitoClientIDs: []string{auth.LocalClientID},
		PublicBaseURL: srv.URL, S3Bucket: s3env.Bucket, WorkerSecrets: []string{secret},
		GraphQLRateLimit: -1, CreatePageImportRateLimit: -1, TriggerCode2DesRateLimit: -1},
		app.Deps{DB: db, Blob: blob, CaptureQueue: sqsqueue.New(sqsClient, capQ.QueueURL), ConversionQueue: sqsqueue.New(sqsClient, convQ.QueueURL)},
		slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(auth.LocalIssuerPath+"/", issuer)
	mux.Handle("/", a.Handler())
	srv.Config.Handler = mux
	token, _ := issuer.Mint("alice", time.Hour)

	// Spans from before the chain (the API's start-up presigns a probe URL for the dashboard's
	// policy, a local operation the AWS instrumentation still traces) are not the chain's.
	exp.Reset()
	// The plugin's span: both of its calls carry its traceparent.
	pctx, plugin := tp.Tracer("plugin").Start(ctx, "plugin import")
	gql := func(query string, vars map[string]any) map[string]any {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
		req, _ := http.NewRequestWithContext(pctx, http.MethodPost, srv.URL+"/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		propagation.TraceContext{}.Inject(pctx, propagation.HeaderCarrier(req.Header))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		var out map[string]any
		if err := json.Unmarshal(raw, &out); err != nil || out["errors"] != nil {
			t.Fatalf("%s: %s", query, raw)
		}
		return out
	}
	work := func(q *testenv.SQSEnv, name string, capture bool) {
		t.Helper()
		// Received as the worker loop does (not deleted: Process deletes it once answered).
		out, err := q.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(q.QueueURL), MaxNumberOfMessages: 1,
			WaitTimeSeconds: 2, MessageAttributeNames: []string{consumer.AttrTraceParent, consumer.AttrTraceState}})
		if err != nil || len(out.Messages) != 1 {
			t.Fatalf("%s: %v, %d messages", name, err, len(out.Messages))
		}
		msgs := out.Messages
		loop := consumer.Loop{Name: name, SQS: q.Client, QueueURL: q.QueueURL, MaxReceives: 3, InternalFailure: "internal",
			Poster: callback.Poster{Secret: []byte(secret)}, Logger: slog.New(slog.DiscardHandler),
			NewJob: func() consumer.Job { return &stubJob{store: s3env.Store, bucket: s3env.Bucket, capture: capture} }}
		if !loop.Process(ctx, msgs[0]) {
			t.Fatalf("%s: the callback was not accepted", name)
		}
	}

	created := gql(`mutation($p: ID!) { createPageImport(input: {projectId: $p, sourceUrl: "https://example.com/", viewport: {width: 1440, height: 900}}) { pageImport { id } } }`,
		map[string]any{"p": fmt.Sprint(project.ID)})
	id := created["data"].(map[string]any)["createPageImport"].(map[string]any)["pageImport"].(map[string]any)["id"].(string)
	work(capQ, "capture", true)
	gql(`mutation($id: ID!) { triggerCode2Des(input: {pageImportId: $id, figmaFileKey: "F1"}) { code2des { id } } }`, map[string]any{"id": id})
	work(convQ, "conversion", false)
	var status string
	if err := db.NewRaw("SELECT status::text FROM code2des WHERE page_import_id = ?", id).Scan(pctx, &status); err != nil || status != "1" {
		t.Fatalf("conversion status %q, %v; want completed", status, err)
	}
	plugin.End()

	spans := exp.GetSpans()
	byID := map[trace.SpanID]tracetest.SpanStub{}
	for _, s := range spans {
		byID[s.SpanContext.SpanID()] = s
	}
	want := map[string]int{}
	for _, s := range spans {
		if s.SpanContext.TraceID() != plugin.SpanContext().TraceID() {
			t.Errorf("span %q is in trace %s, not the plugin's %s", s.Name, s.SpanContext.TraceID(), plugin.SpanContext().TraceID())
		}
		if s.Parent.IsValid() {
			if _, ok := byID[s.Parent.SpanID()]; !ok {
				t.Errorf("span %q has a parent that was not exported", s.Name)
			}
		}
		want[s.Name]++
	}
	for _, name := range []string{
		"POST /graphql", "graphql mutation ", "graphql.resolve Mutation.createPageImport", "graphql.resolve Mutation.triggerCode2Des",
		"SQS.SendMessage", "capture process", "POST /webhooks/page-imports", "S3.GetObject", "conversion process", "POST /webhooks/code2des",
	} {
		if want[name] == 0 {
			t.Errorf("no %q span; spans: %v", name, want)
		}
	}
	sql := 0
	for _, s := range spans {
		for _, kv := range s.Attributes {
			if kv.Key == "db.system" || kv.Key == "db.system.name" {
				sql++
				break
			}
		}
	}
	if sql < 4 {
		t.Errorf("%d SQL spans, want the inserts, selects and updates of the chain", sql)
	}
	// The worker spans continue the API's: their parents are API spans of the same trace.
	for _, s := range spans {
		if s.Name == "capture process" || s.Name == "conversion process" {
			if p, ok := byID[s.Parent.SpanID()]; !ok || !strings.HasPrefix(p.Name, "graphql") {
				t.Errorf("%s's parent is %q, want the resolver that queued it", s.Name, p.Name)
			}
		}
	}
}
