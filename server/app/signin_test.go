package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"
	"github.com/google/go-cmp/cmp"

	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
)

// signInCall is one answer of a sign-in route.
type signInCall struct {
	Status int
	Header http.Header
	Body   []byte
}

// code returns the extensions.code of an error answer ("" when there is none).
func (c signInCall) code(t testing.TB) string {
	t.Helper()
	var e struct {
		Errors []struct{ Extensions struct{ Code string } }
	}
	if json.Unmarshal(c.Body, &e) != nil || len(e.Errors) == 0 {
		return ""
	}
	return e.Errors[0].Extensions.Code
}

// call sends method path with body (a string as is, anything else as JSON) to handler.
func call(t testing.TB, h http.Handler, method, path string, body any) signInCall {
	t.Helper()
	var raw string
	switch b := body.(type) {
	case nil:
	case string:
		raw = b
	default:
		j, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		raw = string(j)
	}
	req := httptest.NewRequest(method, path, strings.NewReader(raw))
	req.RemoteAddr = "192.0.2.10:4000"
	if raw != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return signInCall{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

// handoffKeys is the body of a created handoff.
type handoffKeys struct {
	ReadKey             string    `json:"readKey"`
	WriteKey            string    `json:"writeKey"`
	ExpiresAt           time.Time `json:"expiresAt"`
	PollIntervalSeconds int       `json:"pollIntervalSeconds"`
}

func createHandoff(t testing.TB, h http.Handler) handoffKeys {
	t.Helper()
	c := call(t, h, http.MethodPost, app.HandoffsPath, nil)
	if c.Status != http.StatusCreated {
		t.Fatalf("create handoff: %d %s", c.Status, c.Body)
	}
	var k handoffKeys
	if err := json.Unmarshal(c.Body, &k); err != nil {
		t.Fatal(err)
	}
	return k
}

func deliver(t testing.TB, h http.Handler, writeKey, token, refresh string) signInCall {
	t.Helper()
	return call(t, h, http.MethodPost, app.HandoffDeliverPath, map[string]string{"writeKey": writeKey, "token": token, "refreshToken": refresh})
}

func take(t testing.TB, h http.Handler, readKey string) signInCall {
	t.Helper()
	return call(t, h, http.MethodPost, app.HandoffTakePath, map[string]string{"readKey": readKey})
}

// mint returns a token of the stack's issuer for subject and its expiry in Unix seconds.
func (s *apiStack) mint(t testing.TB, subject string, ttl time.Duration) (string, int64) {
	t.Helper()
	tok, err := s.issuer.Mint(subject, ttl)
	if err != nil {
		t.Fatal(err)
	}
	return tok, time.Now().Add(ttl).Unix()
}

// TestHandoffOnce walks a handoff: a key pair, a pending take, a refused and an accepted delivery,
// a second delivery, the one take that gets the tokens, and then nothing for either key.
func TestHandoffOnce(t *testing.T) {
	t.Parallel()
	s := newAPIStack(t, nil)
	h := s.handler
	before := time.Now()
	k := createHandoff(t, h)
	if len(k.ReadKey) != auth.HandoffKeyLength || len(k.WriteKey) != auth.HandoffKeyLength || k.ReadKey == k.WriteKey {
		t.Fatalf("keys %q and %q; want two different %d-character keys", k.ReadKey, k.WriteKey, auth.HandoffKeyLength)
	}
	if d := k.ExpiresAt.Sub(before); d < auth.HandoffTTL-time.Minute || d > auth.HandoffTTL+time.Minute {
		t.Errorf("expiresAt %s is %s after the request; want about %s", k.ExpiresAt, d, auth.HandoffTTL)
	}
	if k.PollIntervalSeconds != int(app.HandoffPollInterval/time.Second) {
		t.Errorf("pollIntervalSeconds %d, want %d", k.PollIntervalSeconds, int(app.HandoffPollInterval/time.Second))
	}

	if c := take(t, h, k.ReadKey); c.Status != http.StatusAccepted || c.Header.Get("Retry-After") != "2" {
		t.Fatalf("take before delivery: %d Retry-After %q %s; want 202 with Retry-After 2", c.Status, c.Header.Get("Retry-After"), c.Body)
	}
	if c := deliver(t, h, k.WriteKey, "not-a-token", ""); c.Status != http.StatusUnauthorized || c.code(t) != "UNAUTHENTICATED" {
		t.Fatalf("delivery of a bad token: %d %s; want 401 UNAUTHENTICATED", c.Status, c.Body)
	}
	tok, exp := s.mint(t, "alice", time.Hour)
	if c := deliver(t, h, k.WriteKey, tok, "refresh-1"); c.Status != http.StatusNoContent {
		t.Fatalf("delivery: %d %s; want 204", c.Status, c.Body)
	}
	other, _ := s.mint(t, "bob", time.Hour)
	if c := deliver(t, h, k.WriteKey, other, ""); c.Status != http.StatusConflict || c.code(t) != "CONFLICT" {
		t.Fatalf("second delivery: %d %s; want 409 CONFLICT", c.Status, c.Body)
	}
	c := take(t, h, k.ReadKey)
	if c.Status != http.StatusOK {
		t.Fatalf("take: %d %s; want 200", c.Status, c.Body)
	}
	if c.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", c.Header.Get("Cache-Control"))
	}
	var got auth.HandoffTokens
	if err := json.Unmarshal(c.Body, &got); err != nil {
		t.Fatal(err)
	}
	if got.Token != tok || got.RefreshToken != "refresh-1" || got.ExpiresAt < exp-5 || got.ExpiresAt > exp+5 {
		t.Errorf("took %+v; want the first delivery's token, refresh-1 and expiry about %d", got, exp)
	}
	if c := take(t, h, k.ReadKey); c.Status != http.StatusNotFound || c.code(t) != "NOT_FOUND" {
		t.Errorf("second take: %d %s; want 404 NOT_FOUND", c.Status, c.Body)
	}
	if c := deliver(t, h, k.WriteKey, tok, ""); c.Status != http.StatusNotFound {
		t.Errorf("delivery after the take: %d %s; want 404", c.Status, c.Body)
	}
	var rows int
	if err := s.db.NewRaw("SELECT count(*) FROM auth_handoff").Scan(context.Background(), &rows); err != nil || rows != 0 {
		t.Errorf("auth_handoff holds %d rows (%v) after the take; want 0", rows, err)
	}
}

// TestHandoffRefusals: malformed, guessed and expired keys get nothing, with their statuses.
func TestHandoffRefusals(t *testing.T) {
	t.Parallel()
	s := newAPIStack(t, nil)
	h := s.handler
	tok, _ := s.mint(t, "alice", time.Hour)
	guessed := strings.Repeat("A", auth.HandoffKeyLength)

	for _, tc := range []struct {
		name, key string
		status    int
	}{
		{"Empty", "", http.StatusBadRequest},
		{"OneShort", guessed[1:], http.StatusBadRequest},
		{"OneLong", guessed + "A", http.StatusBadRequest},
		{"NotBase64URL", "+" + guessed[1:], http.StatusBadRequest},
		{"Padding", guessed[2:] + "==", http.StatusBadRequest},
		// The last character of 32 bytes in base64 carries 4 bits; others are not canonical.
		{"NotCanonical", guessed[1:] + "B", http.StatusBadRequest},
		{"Guessed", guessed, http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c := take(t, h, tc.key); c.Status != tc.status {
				t.Errorf("take: %d %s; want %d", c.Status, c.Body, tc.status)
			}
			if c := deliver(t, h, tc.key, tok, ""); c.Status != tc.status {
				t.Errorf("deliver: %d %s; want %d", c.Status, c.Body, tc.status)
			}
		})
	}

	t.Run("Expired", func(t *testing.T) {
		pending := createHandoff(t, h)
		delivered := createHandoff(t, h)
		if c := deliver(t, h, delivered.WriteKey, tok, ""); c.Status != http.StatusNoContent {
			t.Fatalf("delivery: %d %s", c.Status, c.Body)
		}
		if _, err := s.db.NewRaw("UPDATE auth_handoff SET expires_at = now() - interval '1 second'").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
		for _, k := range []handoffKeys{pending, delivered} {
			if c := take(t, h, k.ReadKey); c.Status != http.StatusNotFound {
				t.Errorf("take with an expired key: %d %s; want 404", c.Status, c.Body)
			}
			if c := deliver(t, h, k.WriteKey, tok, ""); c.Status != http.StatusNotFound {
				t.Errorf("delivery with an expired key: %d %s; want 404", c.Status, c.Body)
			}
		}
		// The next creation sweeps them.
		fresh := createHandoff(t, h)
		var rows int
		if err := s.db.NewRaw("SELECT count(*) FROM auth_handoff").Scan(context.Background(), &rows); err != nil || rows != 1 {
			t.Errorf("auth_handoff holds %d rows (%v) after a creation; want only the new one", rows, err)
		}
		if c := take(t, h, fresh.ReadKey); c.Status != http.StatusAccepted {
			t.Errorf("take with the new key: %d %s; want 202", c.Status, c.Body)
		}
	})

	t.Run("WriteKeyDoesNotRead", func(t *testing.T) {
		k := createHandoff(t, h)
		if c := deliver(t, h, k.WriteKey, tok, ""); c.Status != http.StatusNoContent {
			t.Fatalf("delivery: %d %s", c.Status, c.Body)
		}
		if c := take(t, h, k.WriteKey); c.Status != http.StatusNotFound {
			t.Errorf("take with the write key: %d %s; want 404", c.Status, c.Body)
		}
		if c := deliver(t, h, k.ReadKey, tok, ""); c.Status != http.StatusNotFound {
			t.Errorf("delivery with the read key: %d %s; want 404", c.Status, c.Body)
		}
	})

	t.Run("BadBodies", func(t *testing.T) {
		k := createHandoff(t, h)
		for _, body := range []string{"", "[]", `{"readKey":"` + k.ReadKey + `","extra":1}`, `{"readKey":"` + k.ReadKey + `"} {}`, `{"readKey":1}`} {
			if c := call(t, h, http.MethodPost, app.HandoffTakePath, body); c.Status != http.StatusBadRequest || c.code(t) != "BAD_USER_INPUT" {
				t.Errorf("take with body %q: %d %s; want 400 BAD_USER_INPUT", body, c.Status, c.Body)
			}
		}
		if c := take(t, h, k.ReadKey); c.Status != http.StatusAccepted {
			t.Errorf("the pair after refused bodies: %d %s; want 202 (unchanged)", c.Status, c.Body)
		}
	})
}

// TestHandoffTakenOnceUnderRace: of several takes at once, exactly one gets the tokens.
func TestHandoffTakenOnceUnderRace(t *testing.T) {
	t.Parallel()
	s := newAPIStack(t, nil)
	k := createHandoff(t, s.handler)
	tok, _ := s.mint(t, "alice", time.Hour)
	if c := deliver(t, s.handler, k.WriteKey, tok, ""); c.Status != http.StatusNoContent {
		t.Fatalf("delivery: %d %s", c.Status, c.Body)
	}
	const readers = 8
	statuses := make([]int, readers)
	var wg sync.WaitGroup
	for i := range readers {
		wg.Go(func() { statuses[i] = take(t, s.handler, k.ReadKey).Status })
	}
	wg.Wait()
	count := map[int]int{}
	for _, st := range statuses {
		count[st]++
	}
	if diff := cmp.Diff(map[int]int{http.StatusOK: 1, http.StatusNotFound: readers - 1}, count); diff != "" {
		t.Errorf("statuses of %d concurrent takes (-want +got):\n%s", readers, diff)
	}
}

// TestHandoffAcrossInstances: the pair is created, delivered and taken on different instances.
func TestHandoffAcrossInstances(t *testing.T) {
	t.Parallel()
	one := newAPIStack(t, nil)
	two := newAPIStackOn(t, one, nil)
	k := createHandoff(t, one.handler)
	tok, _ := one.mint(t, "alice", time.Hour)
	if c := deliver(t, two.handler, k.WriteKey, tok, ""); c.Status != http.StatusNoContent {
		t.Fatalf("delivery on the second instance: %d %s", c.Status, c.Body)
	}
	if c := take(t, one.handler, k.ReadKey); c.Status != http.StatusOK {
		t.Fatalf("take on the first instance: %d %s", c.Status, c.Body)
	}
	if c := take(t, two.handler, k.ReadKey); c.Status != http.StatusNotFound {
		t.Fatalf("take on the second instance after it: %d %s; want 404", c.Status, c.Body)
	}
}

// padJSON returns obj as JSON padded with spaces to exactly n bytes.
func padJSON(t testing.TB, obj any, n int) string {
	t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > n {
		t.Fatalf("%d bytes of JSON do not fit in %d", len(b), n)
	}
	return string(b) + strings.Repeat(" ", n-len(b))
}

// TestSignInBodyLimits holds each route's body limit at its edge and one byte past it.
func TestSignInBodyLimits(t *testing.T) {
	t.Parallel()
	s := newAPIStackOn(t, newAPIStack(t, nil), nil)
	local := newAPIStackOn(t, s, func(c *app.Config, _ *app.Deps) { c.LocalIssuer = s.issuer })
	h := local.handler
	tok, _ := s.mint(t, "alice", time.Hour)
	k := createHandoff(t, h)
	for _, tc := range []struct {
		name, path string
		max        int
		body       any
		atEdge     int
	}{
		{"Create", app.HandoffsPath, app.MaxSignInRequestBytes, map[string]string{}, http.StatusCreated},
		{"Take", app.HandoffTakePath, app.MaxSignInRequestBytes, map[string]string{"readKey": k.ReadKey}, http.StatusAccepted},
		{"LocalToken", app.LocalTokenPath, app.MaxSignInRequestBytes, map[string]string{"subject": "alice"}, http.StatusOK},
		// A guessed write key: the body is read and checked whole, then the key is unknown.
		{"Deliver", app.HandoffDeliverPath, app.MaxHandoffDeliveryBytes,
			map[string]string{"writeKey": strings.Repeat("A", auth.HandoffKeyLength), "token": tok}, http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c := call(t, h, http.MethodPost, tc.path, padJSON(t, tc.body, tc.max)); c.Status != tc.atEdge {
				t.Errorf("%d bytes: %d %s; want %d", tc.max, c.Status, c.Body, tc.atEdge)
			}
			if c := call(t, h, http.MethodPost, tc.path, padJSON(t, tc.body, tc.max+1)); c.Status != http.StatusRequestEntityTooLarge {
				t.Errorf("%d bytes: %d %s; want 413", tc.max+1, c.Status, c.Body)
			}
		})
	}
	t.Run("RefreshTokenLength", func(t *testing.T) {
		for _, tc := range []struct {
			n      int
			status int
		}{{auth.MaxTokenBytes, http.StatusNoContent}, {auth.MaxTokenBytes + 1, http.StatusBadRequest}} {
			k := createHandoff(t, h)
			if c := deliver(t, h, k.WriteKey, tok, strings.Repeat("r", tc.n)); c.Status != tc.status {
				t.Errorf("refresh token of %d bytes: %d %s; want %d", tc.n, c.Status, c.Body, tc.status)
			}
		}
	})
}

// TestHandoffCreationRateLimit: key pairs are limited per client IP.
func TestHandoffCreationRateLimit(t *testing.T) {
	t.Parallel()
	s := newAPIStack(t, func(c *app.Config, _ *app.Deps) { c.HandoffRateLimit, c.HandoffRateWindow = 2, time.Hour })
	for i := range 2 {
		if c := call(t, s.handler, http.MethodPost, app.HandoffsPath, nil); c.Status != http.StatusCreated {
			t.Fatalf("creation %d: %d %s", i+1, c.Status, c.Body)
		}
	}
	c := call(t, s.handler, http.MethodPost, app.HandoffsPath, nil)
	if c.Status != http.StatusTooManyRequests || c.Header.Get("Retry-After") == "" || c.code(t) != "UNAVAILABLE" {
		t.Errorf("third creation: %d Retry-After %q %s; want 429 UNAVAILABLE with Retry-After", c.Status, c.Header.Get("Retry-After"), c.Body)
	}
}

// TestSignInConfigAndLocalSignIn: the settings the pages read, and the development sign-in when
// the local issuer is configured.
func TestSignInConfigAndLocalSignIn(t *testing.T) {
	t.Parallel()
	base := newAPIStack(t, nil)
	local := newAPIStackOn(t, base, func(c *app.Config, _ *app.Deps) { c.LocalIssuer = base.issuer })

	var cfg app.SignInConfig
	c := call(t, local.handler, http.MethodGet, app.SignInConfigPath, nil)
	if err := json.Unmarshal(c.Body, &cfg); err != nil || c.Status != http.StatusOK {
		t.Fatalf("config: %d %s (%v)", c.Status, c.Body, err)
	}
	want := app.SignInConfig{Issuer: base.issuerURL, ClientID: auth.LocalClientID, RedirectPath: app.DefaultSignInRedirectPath,
		Scopes: app.DefaultSignInScopes, LocalSignIn: true, HandoffTTLSeconds: int(auth.HandoffTTL / time.Second)}
	if diff := cmp.Diff(want, cfg); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}

	c = call(t, local.handler, http.MethodGet, app.LocalUsersPath, nil)
	var users struct{ Users []auth.LocalUser }
	if err := json.Unmarshal(c.Body, &users); err != nil || c.Status != http.StatusOK {
		t.Fatalf("users: %d %s (%v)", c.Status, c.Body, err)
	}
	if diff := cmp.Diff([]auth.LocalUser{{Subject: "alice", Organizations: []string{"A"}}, {Subject: "bob", Organizations: []string{"B"}}}, users.Users); diff != "" {
		t.Errorf("users (-want +got):\n%s", diff)
	}

	c = call(t, local.handler, http.MethodPost, app.LocalTokenPath, map[string]string{"subject": "alice"})
	var minted struct {
		Token     string
		ExpiresAt int64
	}
	if err := json.Unmarshal(c.Body, &minted); err != nil || c.Status != http.StatusOK {
		t.Fatalf("token: %d %s (%v)", c.Status, c.Body, err)
	}
	if d := time.Until(time.Unix(minted.ExpiresAt, 0)); d < auth.DefaultLocalTokenTTL-time.Minute || d > auth.DefaultLocalTokenTTL {
		t.Errorf("token expires in %s; want about %s", d, auth.DefaultLocalTokenTTL)
	}
	// The API accepts the minted token: a project of alice's organization is visible with it.
	var out struct{ ProjectJobStats struct{ ProjectID string } }
	req := `query($p: ID!) { projectJobStats(projectId: $p) { projectId } }`
	cl := client.New(base.handler, client.Path("/graphql"), client.AddHeader("Authorization", "Bearer "+minted.Token))
	if err := cl.Post(req, &out, client.Var("p", fmt.Sprint(base.a1))); err != nil {
		t.Errorf("projectJobStats with the minted token: %v", err)
	} else if out.ProjectJobStats.ProjectID != fmt.Sprint(base.a1) {
		t.Errorf("projectJobStats of project %q; want %d", out.ProjectJobStats.ProjectID, base.a1)
	}

	for _, tc := range []struct {
		name, subject string
		status        int
	}{
		{"Empty", "", http.StatusBadRequest},
		{"NoMemberAtLengthLimit", strings.Repeat("x", app.MaxSubjectLength), http.StatusNotFound},
		{"TooLong", strings.Repeat("x", app.MaxSubjectLength+1), http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c := call(t, local.handler, http.MethodPost, app.LocalTokenPath, map[string]string{"subject": tc.subject}); c.Status != tc.status {
				t.Errorf("token for %q: %d %s; want %d", tc.subject, c.Status, c.Body, tc.status)
			}
		})
	}

	t.Run("OffWithoutLocalIssuer", func(t *testing.T) {
		var cfg app.SignInConfig
		if err := json.Unmarshal(call(t, base.handler, http.MethodGet, app.SignInConfigPath, nil).Body, &cfg); err != nil || cfg.LocalSignIn {
			t.Errorf("localSignIn %v (%v); want false", cfg.LocalSignIn, err)
		}
		for _, m := range []struct{ method, path string }{{http.MethodGet, app.LocalUsersPath}, {http.MethodPost, app.LocalTokenPath}, {http.MethodOptions, app.LocalTokenPath}} {
			if c := call(t, base.handler, m.method, m.path, `{"subject":"alice"}`); c.Status != http.StatusNotFound {
				t.Errorf("%s %s: %d %s; want 404", m.method, m.path, c.Status, c.Body)
			}
		}
	})

	t.Run("PluginPreflight", func(t *testing.T) {
		req := httptest.NewRequest(http.MethodOptions, app.HandoffsPath, nil)
		req.Header.Set("Origin", "null")
		req.Header.Set("Access-Control-Request-Method", http.MethodPost)
		req.Header.Set("Access-Control-Request-Headers", "content-type")
		w := httptest.NewRecorder()
		base.handler.ServeHTTP(w, req)
		if w.Code != http.StatusNoContent || w.Header().Get("Access-Control-Allow-Origin") != "null" {
			t.Errorf("preflight from the plugin iframe: %d, Allow-Origin %q; want 204 and null", w.Code, w.Header().Get("Access-Control-Allow-Origin"))
		}
	})
}

// TestLocalSignInNeverInProduction: a configuration read from the environment has no local
// sign-in, and New refuses a local issuer that is not the trusted loopback issuer.
func TestLocalSignInNeverInProduction(t *testing.T) {
	base := newAPIStack(t, nil)
	t.Setenv("COGNITO_ISSUER", "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Example")
	t.Setenv("COGNITO_CLIENT_IDS", "dashboard-client")
	t.Setenv("SIGNIN_LOGOUT_URL", "https://code2des.auth.us-east-1.amazoncognito.com/logout")
	prod, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if prod.LocalIssuer != nil {
		t.Fatal("LoadConfig set a local issuer")
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	deps := app.Deps{DB: base.db, Blob: base.s3.Store, CaptureQueue: base.capture.Queue, ConversionQueue: base.conv.Queue}
	a, err := app.New(prod, deps, logger)
	if err != nil {
		t.Fatal(err)
	}
	var cfg app.SignInConfig
	if err := json.Unmarshal(call(t, a.Handler(), http.MethodGet, app.SignInConfigPath, nil).Body, &cfg); err != nil {
		t.Fatal(err)
	}
	want := app.SignInConfig{Issuer: "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Example", ClientID: "dashboard-client",
		RedirectPath: app.DefaultSignInRedirectPath, Scopes: app.DefaultSignInScopes,
		LogoutURL: "https://code2des.auth.us-east-1.amazoncognito.com/logout", HandoffTTLSeconds: int(auth.HandoffTTL / time.Second)}
	if diff := cmp.Diff(want, cfg); diff != "" {
		t.Errorf("production config (-want +got):\n%s", diff)
	}
	if c := call(t, a.Handler(), http.MethodPost, app.LocalTokenPath, `{"subject":"alice"}`); c.Status != http.StatusNotFound {
		t.Errorf("local token in production: %d; want 404", c.Status)
	}

	if diff := cmp.Diff([]string{"https://cognito-idp.us-east-1.amazonaws.com", "https://code2des.auth.us-east-1.amazoncognito.com"},
		prod.SignInConnectOrigins()); diff != "" {
		t.Errorf("connect origins of the sign-in (-want +got):\n%s", diff)
	}
	// One origin once; a URL without a host adds none; the local sign-in needs none.
	same, hostless, local := prod, prod, prod
	same.SignInLogoutURL = prod.CognitoIssuer + "/logout"
	hostless.SignInLogoutURL = "/logout"
	local.LocalIssuer = base.issuer
	for name, tc := range map[string]struct {
		c    app.Config
		want []string
	}{
		"SameOrigin": {same, []string{"https://cognito-idp.us-east-1.amazonaws.com"}},
		"Hostless":   {hostless, []string{"https://cognito-idp.us-east-1.amazonaws.com"}},
		"Local":      {local, nil},
	} {
		if diff := cmp.Diff(tc.want, tc.c.SignInConnectOrigins()); diff != "" {
			t.Errorf("%s: connect origins (-want +got):\n%s", name, diff)
		}
	}

	remote, err := auth.NewLocalIssuer(base.issuer.PrivateKey(), "https://issuer.example.com/local-pool", auth.LocalClientID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		issuer string
		li     *auth.LocalIssuer
	}{
		{"BesideCognito", prod.CognitoIssuer, base.issuer},
		{"NotLoopback", remote.Issuer, remote},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := prod
			c.CognitoIssuer, c.LocalIssuer = tc.issuer, tc.li
			if _, err := app.New(c, deps, logger); err == nil || !strings.Contains(err.Error(), "development sign-in cannot be enabled") {
				t.Errorf("New: %v; want the development sign-in refused", err)
			}
		})
	}
}
