package app_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/callbacks"
	"github.com/code2des/backend/server/sqsqueue"
)

// apiStack is the API over the real database, a capture and a conversion queue on the SQS
// protocol server and a bucket on the S3 protocol server, reached through gqlgen's client (the
// retry, batch, statistics, screenshot and subscription tests). Organization A (project a1,
// member alice) and B (project b1, member bob).
type apiStack struct {
	handler    http.Handler
	db         *bun.DB
	dsn        string
	capture    *testenv.SQSEnv
	conv       *testenv.SQSEnv
	s3         *testenv.S3Env
	issuer     *auth.LocalIssuer
	issuerURL  string
	secret     string
	orgA, orgB int64
	a1, b1     int64
	cfg        app.Config
}

func newAPIStack(t testing.TB, edit func(*app.Config, *app.Deps)) *apiStack {
	t.Helper()
	li, issuerURL := serveLocalIssuer(t)
	db, dsn := testenv.MustOpenDBWithDSN(t)
	s := &apiStack{db: db, dsn: dsn, capture: testenv.SQS(t), conv: testenv.SQS(t), s3: testenv.S3(t), issuer: li,
		issuerURL: issuerURL, secret: strings.Repeat("w", callbacks.MinSecretLength)}
	s.orgA, s.a1 = seed(t, s.db, "A", "alice")
	s.orgB, s.b1 = seed(t, s.db, "B", "bob")
	s.cfg = app.Config{CognitoIssuer: issuerURL, CognitoClientIDs: []string{auth.LocalClientID},
		PublicBaseURL: "https://api.example.com", S3Bucket: s.s3.Bucket, WorkerSecrets: []string{s.secret},
		CORSAllowNullOrigin: true, GraphQLRateLimit: -1, CreatePageImportRateLimit: -1, TriggerCode2DesRateLimit: -1}
	deps := app.Deps{DB: s.db, Blob: s.s3.Store, CaptureQueue: s.capture.Queue, ConversionQueue: s.conv.Queue}
	if edit != nil {
		edit(&s.cfg, &deps)
	}
	a, err := app.New(s.cfg, deps, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	s.handler = a.Handler()
	return s
}

// client returns gqlgen's test client for /graphql, authenticated as subject.
func (s *apiStack) client(t testing.TB, subject string) *client.Client {
	t.Helper()
	tok, err := s.issuer.Mint(subject, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return client.New(s.handler, client.Path("/graphql"), client.AddHeader("Authorization", "Bearer "+tok))
}

// gqlError is the first error of a GraphQL response: its code and field ("" when none).
type gqlError struct{ Code, Field, Message string }

// errorOf reads the first GraphQL error of an error returned by client.Post.
func errorOf(t testing.TB, err error) gqlError {
	t.Helper()
	if err == nil {
		return gqlError{}
	}
	var raw client.RawJsonError
	if !errors.As(err, &raw) {
		t.Fatalf("not a GraphQL error response: %v", err)
	}
	var errs []struct {
		Message    string
		Extensions struct{ Code, Field string }
	}
	if err := json.Unmarshal(raw.RawMessage, &errs); err != nil || len(errs) == 0 {
		t.Fatalf("errors %s: %v", raw.RawMessage, err)
	}
	return gqlError{Code: errs[0].Extensions.Code, Field: errs[0].Extensions.Field, Message: errs[0].Message}
}

// queued is one job message taken off a queue.
type queued struct {
	Type           string `json:"type"`
	PageImportID   string `json:"page_import_id"`
	Code2DesID     string `json:"code2des_id"`
	Attempt        int    `json:"attempt"`
	Nonce          string `json:"nonce"`
	ArtifactPrefix string `json:"artifact_prefix"`
	Viewport       struct{ Width, Height int }
}

// drain takes every message now on q (waiting up to wait for the first ones).
func drain(t testing.TB, q *testenv.SQSEnv, wait time.Duration) []queued {
	t.Helper()
	var out []queued
	for {
		msgs := q.Receive(t, 10, wait)
		if len(msgs) == 0 {
			return out
		}
		for _, m := range msgs {
			var b queued
			if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &b); err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		wait = 0
	}
}

// callback posts a signed worker callback and returns its HTTP status.
func (s *apiStack) callback(t testing.TB, path string, body map[string]any) int {
	t.Helper()
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	callbacks.SignRequest(req, time.Now(), raw, []byte(s.secret))
	w := httptest.NewRecorder()
	s.handler.ServeHTTP(w, req)
	return w.Code
}

// failCapture posts a failed capture callback for one attempt.
func (s *apiStack) failCapture(t testing.TB, id string, attempt int, nonce string) int {
	t.Helper()
	return s.callback(t, callbacks.PageImportsPath, map[string]any{"page_import_id": id, "attempt": attempt,
		"nonce": nonce, "status": "failed", "error_message": "the page did not load"})
}

// failConversion posts a failed conversion callback for one attempt.
func (s *apiStack) failConversion(t testing.TB, id string, attempt int, nonce string) int {
	t.Helper()
	return s.callback(t, callbacks.Code2DesPath, map[string]any{"code2des_id": id, "attempt": attempt,
		"nonce": nonce, "status": "failed", "error_message": "the conversion ran out of memory"})
}

// newAPIStackOn returns another API instance over base's database, issuer and seed, with its own
// configuration and dependencies edited (a queue that is down, a second instance...).
func newAPIStackOn(t testing.TB, base *apiStack, edit func(*app.Config, *app.Deps)) *apiStack {
	t.Helper()
	s := *base
	deps := app.Deps{DB: s.db, Blob: s.s3.Store, CaptureQueue: s.capture.Queue, ConversionQueue: s.conv.Queue}
	if edit != nil {
		edit(&s.cfg, &deps)
	}
	a, err := app.New(s.cfg, deps, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	s.handler = a.Handler()
	return &s
}

// unreachable is a capture or conversion queue that is down.
func unreachable(t testing.TB) *sqsqueue.Queue { return testenv.UnreachableQueue(t) }

func deleteInput(bucket, key string) *s3.DeleteObjectInput {
	return &s3.DeleteObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)}
}
