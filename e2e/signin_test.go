package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

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
	driver := mustDriver(t, root, "plugin/e2e/signin.ts")
	// The plugin iframe's Origin is `null`; the API allows it by default (CORS_ALLOW_NULL_ORIGIN).
	s := newStack(t, func(c *app.Config) { c.CORSAllowNullOrigin = true })
	db, api := s.db, s.api

	env := map[string]string{
		"C2D_E2E_API_URL":    api.URL,
		"C2D_E2E_PROJECT_ID": fmt.Sprint(s.projectID),
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
