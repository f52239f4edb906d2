package e2e_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
)

// signInResult is what the sign-in driver (plugin/e2e/signin.ts) reports.
type signInResult struct {
	Subject string `json:"subject"`
	// Takes are the statuses of the plugin's asks with the read key, in order.
	Takes []int `json:"takes"`
	// SecondTake, SecondDelivery and GuessedTake are the statuses of the driver's replays of
	// the read key and the write key after the handoff, and of a take with a guessed key.
	SecondTake     int `json:"secondTake"`
	SecondDelivery int `json:"secondDelivery"`
	GuessedTake    int `json:"guessedTake"`
	ReadKeyLength  int `json:"readKeyLength"`
	WriteKeyLength int `json:"writeKeyLength"`
}

// TestPluginSignInEndToEnd runs the plugin's sign-in handoff in headless Chromium against the
// API with the local stack's development sign-in: the plugin asks for a key pair and opens the
// sign-in page, the member signs in there in another browser context, the page hands the token
// over and the plugin's poll takes it once and opens a project with it. The keys replayed after
// the handoff, a guessed key and an expired key get nothing, and nothing of the handoff is left
// in the database.
func TestPluginSignInEndToEnd(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	driver := mustSignInDriver(t, root)
	db := testenv.MustOpenDB(t)
	projectID := seed(t, db, member)

	key, err := rsa.GenerateKey(rand.Reader, auth.LocalKeyBits)
	if err != nil {
		t.Fatal(err)
	}
	jwks := httptest.NewServer(nil)
	t.Cleanup(jwks.Close)
	issuer, err := auth.NewLocalIssuer(key, jwks.URL+auth.LocalIssuerPath, auth.LocalClientID)
	if err != nil {
		t.Fatal(err)
	}
	jwks.Config.Handler = issuer
	s3 := testenv.S3(t)
	cfg := app.Config{
		PublicBaseURL: "http://127.0.0.1", S3Bucket: s3.Bucket,
		CognitoIssuer: issuer.Issuer, CognitoClientIDs: []string{auth.LocalClientID}, LocalIssuer: issuer,
		CORSAllowNullOrigin: true,
	}
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := app.New(cfg, app.Deps{DB: db, Blob: s3.Store, CaptureQueue: testenv.SQS(t).Queue, ConversionQueue: testenv.SQS(t).Queue}, logger)
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(a.Handler())
	t.Cleanup(api.Close)

	env := map[string]string{
		"C2D_E2E_API_URL":    api.URL,
		"C2D_E2E_PROJECT_ID": fmt.Sprint(projectID),
		"C2D_E2E_MEMBER":     member,
	}
	if dir := os.Getenv("C2D_E2E_ARTIFACTS"); dir != "" {
		env["C2D_E2E_SCREENSHOT_DIR"] = dir
	}
	var res signInResult
	runDriver(t, driver, env, &res)

	if len(res.Takes) == 0 || res.Takes[len(res.Takes)-1] != http.StatusOK {
		t.Errorf("the plugin's takes were %v; want pending ones, then one 200", res.Takes)
	}
	got := []int{res.SecondTake, res.SecondDelivery, res.GuessedTake, res.ReadKeyLength, res.WriteKeyLength}
	want := []int{http.StatusNotFound, http.StatusNotFound, http.StatusNotFound, auth.HandoffKeyLength, auth.HandoffKeyLength}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replays [second take, second delivery, guessed take] and key lengths (-want +got):\n%s", diff)
	}
	var rows int
	if err := db.NewRaw("SELECT count(*) FROM auth_handoff").Scan(context.Background(), &rows); err != nil || rows != 0 {
		t.Errorf("auth_handoff holds %d rows (%v) after the handoff; want none", rows, err)
	}

	// An expired pair gets nothing either.
	var keys struct{ ReadKey, WriteKey string }
	postJSON(t, api.URL+app.HandoffsPath, map[string]any{}, http.StatusCreated, &keys)
	if _, err := db.NewRaw("UPDATE auth_handoff SET expires_at = now() - interval '1 second'").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	postJSON(t, api.URL+app.HandoffTakePath, map[string]string{"readKey": keys.ReadKey}, http.StatusNotFound, nil)
}

// postJSON POSTs body as JSON and fails the test unless the answer has status; a 2xx body is
// decoded into out when it is not nil.
func postJSON(t *testing.T, url string, body any, status int, out any) {
	t.Helper()
	raw, _ := json.Marshal(body)
	res, err := http.Post(url, "application/json", bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != status {
		t.Fatalf("POST %s: %d %s; want %d", url, res.StatusCode, b, status)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatal(err)
		}
	}
}

// mustSignInDriver returns the sign-in driver's path once what it needs is there: Chromium,
// Node.js, the npm workspace's packages and the built plugin. Without them the test fails in CI
// (CI=true) and is skipped elsewhere.
func mustSignInDriver(t *testing.T, root string) string {
	t.Helper()
	missing := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	chromium := os.Getenv("CHROMIUM_PATH")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		missing("Chromium not installed at %s (run .ci/chromium-up): %v", chromium, err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node is not installed: the sign-in test needs Node.js 20.10 or later")
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "playwright-core")); err != nil {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			missing("npm ci: %v\n%s", err, out)
		}
	}
	for _, f := range []string{"plugin/dist/code.js", "plugin/dist/ui.html"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			missing("%s is missing: build the plugin first (make plugin): %v", f, err)
		}
	}
	return filepath.Join(root, "plugin", "e2e", "signin.ts")
}
