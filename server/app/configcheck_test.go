package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/callbacks"
)

func TestConfigTrimsValuesAndLists(t *testing.T) {
	a, b := strings.Repeat("a", callbacks.MinSecretLength), strings.Repeat("b", callbacks.MinSecretLength)
	t.Setenv("WORKER_SECRETS", a+", "+b+"\n")
	t.Setenv("CORS_ALLOWED_ORIGINS", " https://one.example ,https://two.example:8443,\t")
	t.Setenv("COGNITO_TOKEN_USES", "id , access")
	t.Setenv("GRAPHQL_MAX_DEPTH", " 12\n")
	t.Setenv("SHUTDOWN_TIMEOUT", "20s\r\n")
	t.Setenv("S3_BUCKET", " my-bucket ")
	t.Setenv("LOG_FORMAT", "text ")
	t.Setenv("AWS_REGION", " \n") // blank: the default, as when unset
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	got := []any{cfg.WorkerSecrets, cfg.CORSAllowedOrigins, cfg.CognitoTokenUses, cfg.GraphQLMaxDepth, cfg.ShutdownTimeout,
		cfg.S3Bucket, cfg.LogFormat, cfg.AWSRegion}
	want := []any{[]string{a, b}, []string{"https://one.example", "https://two.example:8443"}, []string{"id", "access"},
		12, 20 * time.Second, "my-bucket", "text", "us-east-1"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("trimmed configuration (-want +got):\n%s", d)
	}
}

func TestConfigInvalidValuesNameTheVariable(t *testing.T) {
	for _, tc := range []struct{ name, value, want string }{
		{"HTTP_ADDR", "8080", "HTTP_ADDR"},
		{"PUBLIC_BASE_URL", "api.example.com", "PUBLIC_BASE_URL"},
		{"PUBLIC_BASE_URL", "https://api.example.com/?x=1", "PUBLIC_BASE_URL"},
		{"DATABASE_URL", "postgres://u:hunter2@db:notaport/x", "DATABASE_URL is not a valid PostgreSQL connection string"},
		{"S3_ENDPOINT", "localhost:4566", "S3_ENDPOINT"},
		{"S3_BUCKET", "My_Bucket", "S3_BUCKET"},
		{"S3_BUCKET", "ab", "S3_BUCKET"},
		{"ARTIFACT_KEY_PREFIX", "/prod/", "ARTIFACT_KEY_PREFIX"},
		{"ARTIFACT_KEY_PREFIX", "prod//x/", "ARTIFACT_KEY_PREFIX"},
		{"REDIS_URL", "127.0.0.1:6379", "REDIS_URL is not a redis:// or rediss:// URL"},
		{"REDIS_URL", "redis://:hunter2@127.0.0.1:6379/notadb", "REDIS_URL is not a redis:// or rediss:// URL"},
		{"REDIS_TIMEOUT", "0s", "REDIS_TIMEOUT must be positive"},
		{"SQS_ENDPOINT", "ftp://x", "SQS_ENDPOINT"},
		{"SIGNIN_CLIENT_ID", "not-a-client", `SIGNIN_CLIENT_ID "not-a-client" must be one of COGNITO_CLIENT_IDS`},
		{"SIGNIN_REDIRECT_PATH", "https://evil.example/cb", "SIGNIN_REDIRECT_PATH"},
		{"SIGNIN_REDIRECT_PATH", "//evil.example/cb", "SIGNIN_REDIRECT_PATH"},
		{"SIGNIN_REDIRECT_PATH", "/cb?x=1", "SIGNIN_REDIRECT_PATH"},
		{"SIGNIN_LOGOUT_URL", "auth.example.com/logout", "SIGNIN_LOGOUT_URL"},
		{"HANDOFF_RATE_WINDOW", "0s", "HANDOFF_RATE_WINDOW must be positive"},
		{"SQS_CAPTURE_QUEUE_URL", "code2des-capture", "SQS_CAPTURE_QUEUE_URL"},
		{"COGNITO_ISSUER", "https://cognito-idp.us-east-1.amazonaws.com/pool/", "COGNITO_ISSUER"},
		{"COGNITO_ISSUER", "https://cognito-idp.us-east-1.amazonaws.com/pool", "COGNITO_CLIENT_IDS is required"},
		{"COGNITO_TOKEN_USES", "id,refresh", `COGNITO_TOKEN_USES item "refresh"`},
		{"COGNITO_TOKEN_USES", " , ", "COGNITO_TOKEN_USES must name"},
		{"AUTH_LEEWAY", "-1s", "AUTH_LEEWAY"},
		{"CORS_ALLOWED_ORIGINS", "https://app.example.com/", `CORS_ALLOWED_ORIGINS item "https://app.example.com/"`},
		{"CORS_ALLOWED_ORIGINS", "app.example.com", "CORS_ALLOWED_ORIGINS"},
		{"CORS_ALLOWED_ORIGINS", "https://App.example.com", "lowercase"},
		{"GRAPHQL_MAX_FIELDS", "-1", "GRAPHQL_MAX_FIELDS must not be negative"},
		{"GRAPHQL_MAX_DEPTH", "ten", "GRAPHQL_MAX_DEPTH: "},
		{"GRAPHQL_RATE_WINDOW", "0s", "GRAPHQL_RATE_WINDOW must be positive"},
		{"SHUTDOWN_TIMEOUT", "15", "SHUTDOWN_TIMEOUT: "},
		{"DEPENDENCY_TIMEOUT", "0", "DEPENDENCY_TIMEOUT must be positive"},
		{"LOG_FORMAT", "yaml", "LOG_FORMAT"},
		{"WORKER_SECRETS", strings.Repeat("s", 31) + " ", "WORKER_SECRETS entry 1 is shorter than 32 bytes"},
	} {
		t.Run(tc.name+"/"+strings.TrimSpace(tc.value), func(t *testing.T) {
			t.Setenv(tc.name, tc.value)
			_, err := app.LoadConfig()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("%s=%q: %v; want an error containing %q", tc.name, tc.value, err, tc.want)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("the error leaks the password: %v", err)
			}
		})
	}
	t.Run("DefaultsAreValid", func(t *testing.T) {
		if _, err := app.LoadConfig(); err != nil {
			t.Error(err)
		}
	})
}

// WORKER_SECRETS="a, b\n" accepts callbacks signed with b (the item after the space).
func TestConfigTrimmedSecretVerifiesCallbacks(t *testing.T) {
	a, b := strings.Repeat("a", callbacks.MinSecretLength), strings.Repeat("b", callbacks.MinSecretLength)
	t.Setenv("WORKER_SECRETS", a+", "+b+"\n")
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	db := testenv.MustOpenDB(t)
	ap, err := app.New(cfg, app.Deps{DB: db, Blob: testenv.S3(t).Store}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ap.Handler())
	t.Cleanup(srv.Close)
	orgID, projID := seed(t, db, "A", "alice")
	id, _ := models.NewID()
	nonce, _ := models.NewNonce()
	pi := &models.PageImport{ID: id, OrganizationID: orgID, ProjectID: projID, SourceURL: "https://example.com/",
		ViewportWidth: 1440, ViewportHeight: 900, Nonce: nonce, CreatedBy: "s", UpdatedBy: "s"}
	if _, err := db.NewInsert().Model(pi).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"page_import_id": id, "attempt": 1, "nonce": nonce, "status": "failed", "error_message": "x"})
	req, _ := http.NewRequest(http.MethodPost, srv.URL+callbacks.PageImportsPath, bytes.NewReader(body))
	callbacks.SignRequest(req, time.Now(), body, []byte(b))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), "applied") {
		t.Errorf("callback signed with the second secret: %d %s", resp.StatusCode, raw)
	}
}
