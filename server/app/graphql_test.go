package app_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"
	"github.com/uptrace/bun"

	"github.com/code2des/backend/graph"
	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/auth"
	"github.com/code2des/backend/server/ratelimit"
)

var rsaKeys struct {
	once sync.Once
	a, b *rsa.PrivateKey
}

func testKeys() (*rsa.PrivateKey, *rsa.PrivateKey) {
	rsaKeys.once.Do(func() {
		rsaKeys.a, _ = rsa.GenerateKey(rand.Reader, 2048)
		rsaKeys.b, _ = rsa.GenerateKey(rand.Reader, 2048)
	})
	return rsaKeys.a, rsaKeys.b
}

// serveLocalIssuer starts a server of a local user pool signing with testKeys' first key, and
// returns the pool and its issuer URL; the server closes when tb ends.
func serveLocalIssuer(tb testing.TB) (*auth.LocalIssuer, string) {
	tb.Helper()
	keyA, _ := testKeys()
	jwks := httptest.NewServer(nil)
	tb.Cleanup(jwks.Close)
	issuerURL := jwks.URL + auth.LocalIssuerPath
	li, err := auth.NewLocalIssuer(keyA, issuerURL, auth.LocalClientID)
	if err != nil {
		tb.Fatal(err)
	}
	jwks.Config.Handler = li
	return li, issuerURL
}

// stack is the API over the real database and SQS protocol server, with a local user pool.
type stack struct {
	srv    *httptest.Server
	db     *bun.DB
	queue  *testenv.SQSEnv
	issuer *auth.LocalIssuer
	other  *auth.LocalIssuer // same issuer URL, key not published
	orgA   int64
	a1, b1 int64
}

func newStack(t testing.TB, edit func(*app.Config)) *stack {
	t.Helper()
	_, keyB := testKeys()
	li, issuerURL := serveLocalIssuer(t)
	other, _ := auth.NewLocalIssuer(keyB, issuerURL, auth.LocalClientID)

	s := &stack{db: testenv.MustOpenDB(t), queue: testenv.SQS(t), issuer: li, other: other}
	s.orgA, s.a1 = seed(t, s.db, "A", "alice")
	_, s.b1 = seed(t, s.db, "B", "bob")
	cfg := app.Config{CognitoIssuer: issuerURL, CognitoClientIDs: []string{auth.LocalClientID},
		PublicBaseURL: "https://api.example.com", CORSAllowedOrigins: []string{"https://dashboard.example.com"},
		CORSAllowNullOrigin: true, GraphQLRateLimit: -1, CreatePageImportRateLimit: -1}
	if edit != nil {
		edit(&cfg)
	}
	deps := app.Deps{DB: s.db, Blob: testenv.S3(t).Store, CaptureQueue: s.queue.Queue}
	a, err := app.New(cfg, deps, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	s.srv = httptest.NewServer(a.Handler())
	t.Cleanup(s.srv.Close)
	return s
}

func seed(t testing.TB, db bun.IDB, name, member string) (int64, int64) {
	t.Helper()
	ctx := context.Background()
	org := &models.Organization{Name: name}
	if _, err := db.NewInsert().Model(org).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewInsert().Model(&models.OrganizationMember{OrganizationID: org.ID, Subject: member, Role: models.RoleOwner}).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	p := &models.Project{OrganizationID: org.ID, Name: name + "-site"}
	if _, err := db.NewInsert().Model(p).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return org.ID, p.ID
}

func (s *stack) token(t testing.TB, subject string) string {
	t.Helper()
	tok, err := s.issuer.Mint(subject, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// gqlResponse is a GraphQL response body.
type gqlResponse struct {
	Status int
	Raw    string
	Data   map[string]json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

func (r gqlResponse) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

func (s *stack) do(t testing.TB, token, query string, vars map[string]any) gqlResponse {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	return s.post(t, token, body)
}

func (s *stack) post(t testing.TB, token string, body []byte) gqlResponse {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/graphql", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := gqlResponse{Status: resp.StatusCode, Raw: string(raw)}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("response %d is not JSON: %s", resp.StatusCode, raw)
	}
	return out
}

const createMutation = `mutation($in: CreatePageImportInput!) { createPageImport(input: $in) {
  pageImport { id projectId organizationId sourceUrl status attempt createdBy viewport { width height } deviceScaleFactor hasScreenshot } } }`

func createInput(projectID int64) map[string]any {
	return map[string]any{"in": map[string]any{"projectId": fmt.Sprint(projectID), "sourceUrl": "https://Example.com/a#b",
		"viewport": map[string]any{"width": 1280, "height": 800}, "deviceScaleFactor": 1.5}}
}

func TestGraphQLCreateReadDelete(t *testing.T) {
	s := newStack(t, nil)
	alice := s.token(t, "alice")
	res := s.do(t, alice, createMutation, createInput(s.a1))
	if res.code() != "" {
		t.Fatalf("create: %s", res.Raw)
	}
	var created struct {
		PageImport struct {
			ID, ProjectID, OrganizationID, SourceURL, Status, CreatedBy string
			Attempt                                                     int
			DeviceScaleFactor                                           float64
		}
	}
	_ = json.Unmarshal(res.Data["createPageImport"], &created)
	pi := created.PageImport
	if pi.SourceURL != "https://example.com/a" || pi.Status != "PROCESSING" || pi.Attempt != 1 || pi.CreatedBy != "alice" ||
		pi.ProjectID != fmt.Sprint(s.a1) || pi.OrganizationID != fmt.Sprint(s.orgA) || pi.DeviceScaleFactor != 1.5 {
		t.Errorf("created %+v", pi)
	}
	msgs := s.queue.Receive(t, 10, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	var body struct {
		ID    string `json:"page_import_id"`
		Nonce string `json:"nonce"`
	}
	_ = json.Unmarshal([]byte(aws.ToString(msgs[0].Body)), &body)
	if body.ID != pi.ID || body.Nonce == "" || strings.Contains(res.Raw, body.Nonce) {
		t.Errorf("message id %q (want %q); the response must not carry the nonce", body.ID, pi.ID)
	}

	read := `query($id: ID!) { pageImport(id: $id) { id sourceUrl } }`
	if r := s.do(t, alice, read, map[string]any{"id": pi.ID}); r.code() != "" || !strings.Contains(r.Raw, pi.ID) {
		t.Errorf("owner read: %s", r.Raw)
	}
	bob := s.token(t, "bob")
	if r := s.do(t, bob, read, map[string]any{"id": pi.ID}); r.code() != "NOT_FOUND" {
		t.Errorf("another organization's member read: %s; want NOT_FOUND", r.Raw)
	}
	del := `mutation($id: ID!) { deletePageImport(id: $id) { deletedId } }`
	if r := s.do(t, bob, del, map[string]any{"id": pi.ID}); r.code() != "NOT_FOUND" {
		t.Errorf("another organization's member delete: %s; want NOT_FOUND", r.Raw)
	}
	if r := s.do(t, alice, del, map[string]any{"id": pi.ID}); r.code() != "" || !strings.Contains(r.Raw, pi.ID) {
		t.Errorf("delete: %s", r.Raw)
	}
	if r := s.do(t, alice, read, map[string]any{"id": pi.ID}); r.code() != "NOT_FOUND" {
		t.Errorf("read after delete: %s", r.Raw)
	}
	bad := createInput(s.a1)
	bad["in"].(map[string]any)["sourceUrl"] = "http://169.254.169.254/latest"
	if r := s.do(t, alice, createMutation, bad); r.code() != "BAD_USER_INPUT" || r.Errors[0].Extensions["field"] != "input.sourceUrl" {
		t.Errorf("metadata URL: %s", r.Raw)
	}
}

func TestGraphQLTokensRefused(t *testing.T) {
	s := newStack(t, nil)
	now := time.Now()
	build := func(edit func(*jwt.Builder)) jwt.Token {
		b := jwt.NewBuilder().Issuer(s.issuer.Issuer).Subject("alice").Audience([]string{auth.LocalClientID}).
			IssuedAt(now.Add(-time.Minute)).Expiration(now.Add(time.Hour)).Claim("token_use", "id")
		if edit != nil {
			edit(b)
		}
		tok, _ := b.Build()
		return tok
	}
	sign := func(li *auth.LocalIssuer, tok jwt.Token) string {
		out, err := li.Sign(tok)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	keyA, _ := testKeys()
	pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: mustBytes(x509.MarshalPKIXPublicKey(&keyA.PublicKey))})
	hdr := jws.NewHeaders()
	_ = hdr.Set(jws.KeyIDKey, s.issuer.KeyID())
	hs256 := string(mustBytes(jwt.Sign(build(nil), jwt.WithKey(jwa.HS256(), pubPEM, jws.WithProtectedHeaders(hdr)))))
	payload := mustBytes(json.Marshal(map[string]any{"iss": s.issuer.Issuer, "sub": "alice", "aud": auth.LocalClientID,
		"token_use": "id", "exp": now.Add(time.Hour).Unix()}))
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","kid":"`+s.issuer.KeyID()+`"}`)) + "." +
		base64.RawURLEncoding.EncodeToString(payload) + "."
	valid := sign(s.issuer, build(nil))
	parts := strings.Split(valid, ".")
	claims := mustBytes(base64.RawURLEncoding.DecodeString(parts[1]))
	tampered := parts[0] + "." + base64.RawURLEncoding.EncodeToString(bytes.Replace(claims, []byte(`"alice"`), []byte(`"admin"`), 1)) + "." + parts[2]

	query := fmt.Sprintf(`{ pageImports(projectId: "%d") { edges { cursor } } }`, s.a1)
	if r := s.do(t, valid, query, nil); r.code() != "" {
		t.Fatalf("a valid token was refused: %s", r.Raw)
	}
	for name, token := range map[string]string{
		"Expired":       sign(s.issuer, build(func(b *jwt.Builder) { b.Expiration(now.Add(-time.Hour)) })),
		"NotYetValid":   sign(s.issuer, build(func(b *jwt.Builder) { b.NotBefore(now.Add(time.Hour)) })),
		"WrongIssuer":   sign(s.issuer, build(func(b *jwt.Builder) { b.Issuer("https://evil.example.com/pool") })),
		"WrongAudience": sign(s.issuer, build(func(b *jwt.Builder) { b.Audience([]string{"someone-else"}) })),
		"WrongClientID": sign(s.issuer, build(func(b *jwt.Builder) {
			b.Audience(nil).Claim("token_use", "access").Claim("client_id", "someone-else")
		})),
		"AlgNone":         none,
		"HS256PublicKey":  hs256,
		"UnknownKid":      sign(s.other, build(nil)),
		"TamperedPayload": tampered,
		"MissingHeader":   "",
		"NotBearer":       "Basic",
	} {
		t.Run("Unauthenticated/"+name, func(t *testing.T) {
			var r gqlResponse
			if name == "NotBearer" {
				req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/graphql", strings.NewReader(`{"query":`+mustJSON(query)+`}`))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Basic YWxpY2U6cHc=")
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				raw, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				_ = json.Unmarshal(raw, &r)
				r.Raw = string(raw)
			} else {
				r = s.do(t, token, query, nil)
			}
			if r.code() != "UNAUTHENTICATED" || r.Data["pageImports"] != nil && string(r.Data["pageImports"]) != "null" {
				t.Errorf("got %s; want UNAUTHENTICATED and no data", r.Raw)
			}
		})
	}
}

func mustBytes(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func mustJSON(s string) string { return string(mustBytes(json.Marshal(s))) }

func TestGraphQLPagination(t *testing.T) {
	s := newStack(t, nil)
	alice := s.token(t, "alice")
	for range 5 {
		if r := s.do(t, alice, createMutation, createInput(s.a1)); r.code() != "" {
			t.Fatal(r.Raw)
		}
	}
	q := `query($p: ID!, $after: String, $first: Int) { pageImports(projectId: $p, first: $first, after: $after) {
	  edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage endCursor } } }`
	type page struct {
		PageImports struct {
			Edges []struct {
				Cursor string
				Node   struct{ ID string }
			}
			PageInfo struct {
				HasNextPage, HasPreviousPage bool
				EndCursor                    *string
			}
		}
	}
	var seen []string
	vars := map[string]any{"p": fmt.Sprint(s.a1), "first": 2}
	for i := 0; ; i++ {
		r := s.do(t, alice, q, vars)
		if r.code() != "" {
			t.Fatal(r.Raw)
		}
		var p page
		raw, _ := json.Marshal(r.Data)
		_ = json.Unmarshal(raw, &p)
		for _, e := range p.PageImports.Edges {
			seen = append(seen, e.Node.ID)
		}
		if p.PageImports.PageInfo.HasPreviousPage != (i > 0) {
			t.Errorf("page %d hasPreviousPage %v", i, p.PageImports.PageInfo.HasPreviousPage)
		}
		if !p.PageImports.PageInfo.HasNextPage {
			break
		}
		vars["after"] = *p.PageImports.PageInfo.EndCursor
	}
	if len(seen) != 5 {
		t.Fatalf("saw %d imports over the pages, want 5", len(seen))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] >= seen[i-1] {
			t.Errorf("not newest first: %v", seen)
		}
	}
	for name, v := range map[string]map[string]any{
		"FirstPastMax": {"p": fmt.Sprint(s.a1), "first": models.MaxPageSize + 1},
		"BadCursor":    {"p": fmt.Sprint(s.a1), "after": "bm90LWEtY3Vyc29y"},
		"BadProjectID": {"p": "abc"},
	} {
		if r := s.do(t, alice, q, v); r.code() != "BAD_USER_INPUT" {
			t.Errorf("%s: %s", name, r.Raw)
		}
	}
	if r := s.do(t, alice, q, map[string]any{"p": fmt.Sprint(s.b1)}); r.code() != "NOT_FOUND" {
		t.Errorf("another organization's project: %s", r.Raw)
	}
}

func TestGraphQLAbuseRefused(t *testing.T) {
	s := newStack(t, nil)
	alice := s.token(t, "alice")

	deep := "{ pageImport(id: \"x\") " + strings.Repeat("{ code2desJobs { pageImport ", 25) + "{ id }" + strings.Repeat(" } }", 25) + " }"
	var aliases strings.Builder
	aliases.WriteString("{")
	for i := range 500 {
		fmt.Fprintf(&aliases, " a%d: __typename", i)
	}
	aliases.WriteString(" }")
	directives := "{ __typename " + strings.Repeat("@a", 50000) + " }"

	for name, query := range map[string]string{
		"Depth50":         deep,
		"Aliases500":      aliases.String(),
		"Directives50000": directives,
		"ComplexityOver":  fmt.Sprintf(`{ pageImports(projectId: "%d", first: 100) { edges { node { code2desJobs { id figmaFileKey screenId status attempt } } } } }`, s.a1),
	} {
		t.Run("BadUserInput/"+name, func(t *testing.T) {
			r := s.do(t, alice, query, nil)
			t.Logf("%s: %.200s", name, r.Errors[0].Message)
			if r.code() != "BAD_USER_INPUT" || r.Data != nil && len(r.Data) > 0 {
				t.Errorf("got %d %.300s; want BAD_USER_INPUT and no data", r.Status, r.Raw)
			}
		})
	}
	t.Run("BodyTooLarge/10MiB", func(t *testing.T) {
		big := append([]byte(`{"query":"{ __typename }","variables":{"x":"`), bytes.Repeat([]byte("a"), 10<<20)...)
		big = append(big, `"}}`...)
		r := s.post(t, alice, big)
		if r.Status != http.StatusRequestEntityTooLarge || r.code() != "BAD_USER_INPUT" {
			t.Errorf("got %d %.200s; want 413", r.Status, r.Raw)
		}
	})
	t.Run("BodyAtLimitAccepted", func(t *testing.T) {
		prefix, suffix := `{"query":"{ __typename }","variables":{"x":"`, `"}}`
		body := prefix + strings.Repeat("a", app.DefaultGraphQLMaxBodyBytes-len(prefix)-len(suffix)) + suffix
		if r := s.post(t, alice, []byte(body)); r.Status != http.StatusOK || r.code() != "" {
			t.Errorf("a body of exactly the limit: %d %.200s", r.Status, r.Raw)
		}
		if r := s.post(t, alice, []byte(body+" ")); r.Status != http.StatusRequestEntityTooLarge {
			t.Errorf("a body one byte past the limit: %d", r.Status)
		}
	})
	t.Run("DepthAtLimitAccepted", func(t *testing.T) {
		// pageImports.edges.node.viewport.width is 5 deep; the default limit is 10.
		q := fmt.Sprintf(`{ pageImports(projectId: "%d") { edges { node { viewport { width } } } } }`, s.a1)
		if r := s.do(t, alice, q, nil); r.code() != "" {
			t.Errorf("%s", r.Raw)
		}
	})
}

func TestGraphQLMasksDatabaseErrors(t *testing.T) {
	s := newStack(t, nil)
	if _, err := s.db.ExecContext(context.Background(), "ALTER TABLE page_import RENAME COLUMN source_url TO secret_column_name"); err != nil {
		t.Fatal(err)
	}
	r := s.do(t, s.token(t, "alice"), fmt.Sprintf(`{ pageImports(projectId: "%d") { edges { cursor } } }`, s.a1), nil)
	if r.code() != "INTERNAL" || r.Errors[0].Message != "internal error" || r.Errors[0].Extensions["requestId"] == "" {
		t.Fatalf("got %s; want a masked INTERNAL error with a request id", r.Raw)
	}
	for _, leak := range []string{"source_url", "secret_column_name", "SQLSTATE", "does not exist", "page_import", "pgx"} {
		if strings.Contains(r.Raw, leak) {
			t.Errorf("response leaks %q: %s", leak, r.Raw)
		}
	}
}

func TestGraphQLIntrospectionAndSuggestions(t *testing.T) {
	off := newStack(t, nil)
	if r := off.do(t, "", `{ __schema { queryType { name } } }`, nil); r.code() != "FORBIDDEN" {
		t.Errorf("introspection off: %s", r.Raw)
	}
	if r := off.do(t, "", `{ pageImprts }`, nil); r.code() != "BAD_USER_INPUT" || strings.Contains(r.Raw, "Did you mean") {
		t.Errorf("suggestions off: %s", r.Raw)
	}
	on := newStack(t, func(c *app.Config) { c.GraphQLIntrospection, c.GraphQLSuggestions = true, true })
	if r := on.do(t, "", `{ __schema { queryType { name } } }`, nil); r.code() != "" || !strings.Contains(r.Raw, `"Query"`) {
		t.Errorf("introspection on: %s", r.Raw)
	}
	if r := on.do(t, "", `{ pageImprts }`, nil); !strings.Contains(r.Raw, "Did you mean") {
		t.Errorf("suggestions on: %s", r.Raw)
	}
}

func TestGraphQLCORS(t *testing.T) {
	s := newStack(t, nil)
	preflight := func(origin string) http.Header {
		req, _ := http.NewRequest(http.MethodOptions, s.srv.URL+"/graphql", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.Header
	}
	for origin, allowed := range map[string]bool{
		"null":                          true, // the Figma plugin iframe
		"https://dashboard.example.com": true,
		"https://evil.example.com":      false,
	} {
		h := preflight(origin)
		if got := h.Get("Access-Control-Allow-Origin"); (got == origin) != allowed {
			t.Errorf("origin %q: Access-Control-Allow-Origin %q", origin, got)
		}
		if h.Get("Access-Control-Allow-Credentials") != "" {
			t.Errorf("origin %q: credentials allowed", origin)
		}
		if allowed && !strings.Contains(strings.ToLower(h.Get("Access-Control-Allow-Headers")), "authorization") {
			t.Errorf("origin %q: Authorization header not allowed: %v", origin, h)
		}
	}
}

func TestGraphQLRateLimitPerSubject(t *testing.T) {
	s := newStack(t, func(c *app.Config) { c.GraphQLRateLimit, c.GraphQLRateWindow = 3, time.Minute })
	alice, bob := s.token(t, "alice"), s.token(t, "bob")
	for i := range 3 {
		if r := s.do(t, alice, `{ __typename }`, nil); r.Status != http.StatusOK {
			t.Fatalf("request %d within the limit: %d", i+1, r.Status)
		}
	}
	r := s.do(t, alice, `{ __typename }`, nil)
	if r.Status != http.StatusTooManyRequests || r.code() != "UNAVAILABLE" {
		t.Errorf("request 4 past a limit of 3: %d %s", r.Status, r.Raw)
	}
	if r := s.do(t, bob, `{ __typename }`, nil); r.Status != http.StatusOK {
		t.Errorf("another subject was limited too: %d", r.Status)
	}
}

func TestGraphQLConfigDefaultsMatchConstants(t *testing.T) {
	t.Setenv("DATABASE_URL", "")
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	for name, pair := range map[string][2]int64{
		"GRAPHQL_MAX_BODY_BYTES":        {cfg.GraphQLMaxBodyBytes, app.DefaultGraphQLMaxBodyBytes},
		"GRAPHQL_PARSER_TOKEN_LIMIT":    {int64(cfg.GraphQLParserTokenLimit), app.DefaultGraphQLParserTokenLimit},
		"GRAPHQL_COMPLEXITY_LIMIT":      {int64(cfg.GraphQLComplexityLimit), app.DefaultGraphQLComplexityLimit},
		"GRAPHQL_MAX_DEPTH":             {int64(cfg.GraphQLMaxDepth), app.DefaultGraphQLMaxDepth},
		"GRAPHQL_MAX_FIELDS":            {int64(cfg.GraphQLMaxFields), app.DefaultGraphQLMaxFields},
		"GRAPHQL_MAX_ALIASES":           {int64(cfg.GraphQLMaxAliases), app.DefaultGraphQLMaxAliases},
		"GRAPHQL_MAX_DIRECTIVES":        {int64(cfg.GraphQLMaxDirectives), app.DefaultGraphQLMaxDirectives},
		"GRAPHQL_MAX_FRAGMENTS":         {int64(cfg.GraphQLMaxFragments), app.DefaultGraphQLMaxFragments},
		"GRAPHQL_MAX_OPERATIONS":        {int64(cfg.GraphQLMaxOperations), app.DefaultGraphQLMaxOperations},
		"GRAPHQL_RATE_LIMIT":            {int64(cfg.GraphQLRateLimit), app.DefaultGraphQLRateLimit},
		"GRAPHQL_ANONYMOUS_RATE_LIMIT":  {int64(cfg.GraphQLAnonymousRateLimit), app.DefaultGraphQLAnonymousRateLimit},
		"REDIS_TIMEOUT":                 {int64(cfg.RedisTimeout), int64(ratelimit.DefaultTimeout)},
		"GRAPHQL_RATE_WINDOW":           {int64(cfg.GraphQLRateWindow), int64(app.DefaultGraphQLRateWindow)},
		"CREATE_PAGE_IMPORT_RATE_LIMIT": {int64(cfg.CreatePageImportRateLimit), app.DefaultCreatePageImportRateLimit},
		"AUTH_LEEWAY":                   {int64(cfg.AuthLeeway), int64(auth.DefaultLeeway)},
	} {
		if pair[0] != pair[1] {
			t.Errorf("%s defaults to %d, the constant says %d", name, pair[0], pair[1])
		}
	}
	if cfg.AllowLoopbackSources || cfg.GraphQLIntrospection || cfg.GraphQLSuggestions || !cfg.CORSAllowNullOrigin {
		t.Errorf("unsafe or wrong switch defaults: %+v", cfg)
	}
}

// Over HTTP, an anonymous request gets graph.AnonymousBudget and an authenticated one the
// configured budget: 101 fields are refused for their number without a token, and with one they
// reach validation (which refuses the unknown fields).
func TestGraphQLAnonymousBudget(t *testing.T) {
	s := newStack(t, nil)
	var q strings.Builder
	q.WriteString("{")
	for i := range graph.AnonymousBudget.Fields + 1 {
		fmt.Fprintf(&q, " f%d", i)
	}
	q.WriteString(" }")
	if r := s.do(t, "", q.String(), nil); r.code() != "BAD_USER_INPUT" || !strings.Contains(r.Errors[0].Message, "more than 100 fields for a request without a valid token") {
		t.Errorf("anonymous: %d %.300s", r.Status, r.Raw)
	}
	if r := s.do(t, s.token(t, "alice"), q.String(), nil); r.code() != "BAD_USER_INPUT" || !strings.Contains(r.Errors[0].Message, `Cannot query field "f0"`) {
		t.Errorf("authenticated: %d %.300s", r.Status, r.Raw)
	}
}

func TestGraphQLLimitsAtTheirEdges(t *testing.T) {
	s := newStack(t, func(c *app.Config) { c.GraphQLMaxDepth, c.GraphQLMaxFields = 4, 6 })
	for name, tc := range map[string]struct {
		query string
		ok    bool
	}{
		"OK/DepthAtLimit":                      {`{ pageImport(id: "x") { code2desJobs { pageImport { id } } } }`, true},
		"BadUserInput/DepthPastLimit":          {`{ pageImport(id: "x") { code2desJobs { pageImport { viewport { width } } } } }`, false},
		"OK/FieldsAtLimit":                     {`{ a: __typename b: __typename c: __typename d: __typename e: __typename f: __typename }`, true},
		"BadUserInput/FieldsPastLimit":         {`{ a: __typename b: __typename c: __typename d: __typename e: __typename f: __typename g: __typename }`, false},
		"OK/FragmentFieldsAtLimit":             {`{ ...F ...F } fragment F on Query { a: __typename b: __typename c: __typename }`, true},
		"BadUserInput/FragmentFieldsPastLimit": {`{ ...F ...F x: __typename } fragment F on Query { a: __typename b: __typename c: __typename }`, false},
	} {
		r := s.do(t, "", tc.query, nil)
		// Anonymous calls that pass the limits fail later, as UNAUTHENTICATED.
		refused := r.code() == "BAD_USER_INPUT" && strings.Contains(r.Errors[0].Message, "the query")
		if refused == tc.ok {
			t.Errorf("%s: %s", name, r.Raw)
		}
	}
}

// A request the transport cannot decode is the client's mistake: BAD_USER_INPUT with the
// transport's message and HTTP 400, never a masked INTERNAL error (which is also logged at ERROR
// level, so anyone could fill the error log with broken JSON).
func TestGraphQLUndecodableRequestsAreBadUserInput(t *testing.T) {
	s := newStack(t, nil)
	alice := s.token(t, "alice")
	for name, body := range map[string]string{
		"TruncatedJSON":    `{"query":`,
		"BatchArray":       `[{"query":"{ __typename }"}]`,
		"VariablesArray":   `{"query":"{ __typename }","variables":[1]}`,
		"NaNNumber":        `{"query":"{ __typename }","variables":{"x":NaN}}`,
		"NotJSONAtAll":     `query { __typename }`,
		"QueryNotAString":  `{"query":{"a":1}}`,
		"ExtensionsString": `{"query":"{ __typename }","extensions":"x"}`,
	} {
		t.Run(name, func(t *testing.T) {
			r := s.post(t, alice, []byte(body))
			if r.Status != http.StatusBadRequest || r.code() != "BAD_USER_INPUT" ||
				r.Errors[0].Message != "json request body could not be decoded" {
				t.Errorf("got %d %s; want 400 BAD_USER_INPUT", r.Status, r.Raw)
			}
		})
	}
	t.Run("GETVariablesNotJSON", func(t *testing.T) {
		resp, err := http.Get(s.srv.URL + "/graphql?query=%7B__typename%7D&variables=%7Bx")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		var r gqlResponse
		_ = json.Unmarshal(raw, &r)
		if resp.StatusCode != http.StatusBadRequest || r.code() != "BAD_USER_INPUT" ||
			r.Errors[0].Message != "variables could not be decoded" {
			t.Errorf("got %d %s; want 400 BAD_USER_INPUT", resp.StatusCode, raw)
		}
	})
}

// Requests without a valid token have their own, tighter limit per client IP; authenticated
// requests from the same address are not counted against it.
func TestGraphQLAnonymousRateLimitPerIP(t *testing.T) {
	s := newStack(t, func(c *app.Config) { c.GraphQLAnonymousRateLimit = 2 })
	for i := range 2 {
		if r := s.do(t, "", `{ __typename }`, nil); r.Status != http.StatusOK {
			t.Fatalf("anonymous request %d within the limit: %d", i+1, r.Status)
		}
	}
	if r := s.do(t, "", `{ __typename }`, nil); r.Status != http.StatusTooManyRequests || r.code() != "UNAVAILABLE" {
		t.Errorf("anonymous request 3 past a limit of 2: %d %s", r.Status, r.Raw)
	}
	if r := s.do(t, s.token(t, "alice"), `{ __typename }`, nil); r.Status != http.StatusOK {
		t.Errorf("an authenticated request from the same address: %d", r.Status)
	}
}

// A GET carries its document in the query string, held to the body limit: at the limit it is
// served, one byte past it refused with 414.
func TestGraphQLGETQueryStringLimit(t *testing.T) {
	s := newStack(t, func(c *app.Config) { c.GraphQLMaxBodyBytes = 1000 })
	get := func(rawQuery string) int {
		resp, err := http.Get(s.srv.URL + "/graphql?" + rawQuery)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	prefix := "query=%7B__typename%7D&x="
	atLimit := prefix + strings.Repeat("a", 1000-len(prefix))
	if st := get(atLimit); st != http.StatusOK {
		t.Errorf("a query string of exactly the limit: %d", st)
	}
	if st := get(atLimit + "a"); st != http.StatusRequestURITooLong {
		t.Errorf("one byte past the limit: %d; want 414", st)
	}
}

// TestGraphQLRefusalStatuses pins the HTTP statuses docs/api.md documents for refused documents:
// 422 for one that cannot be parsed or fails validation (gqlgen's protocol errors), 200 for the
// document limits; BAD_USER_INPUT either way.
func TestGraphQLRefusalStatuses(t *testing.T) {
	s := newStack(t, nil)
	alice := s.token(t, "alice")
	var aliases strings.Builder
	aliases.WriteString("{")
	for i := range 500 {
		fmt.Fprintf(&aliases, " a%d: __typename", i)
	}
	aliases.WriteString(" }")
	for _, tc := range []struct {
		name, query string
		status      int
	}{
		{"Unparsable", "{ __typename", http.StatusUnprocessableEntity},
		{"InvalidField", "{ noSuchField }", http.StatusUnprocessableEntity},
		{"AliasLimit", aliases.String(), http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.do(t, alice, tc.query, nil)
			if r.Status != tc.status || r.code() != "BAD_USER_INPUT" || len(r.Data) > 0 {
				t.Errorf("got %d %.200s; want %d with BAD_USER_INPUT and no data", r.Status, r.Raw, tc.status)
			}
		})
	}
}

// A GraphQL response carries its JSON media type, its length and the request id, and no more
// than one value of each.
func TestGraphQLResponseHeaders(t *testing.T) {
	s := newStack(t, nil)
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/graphql", strings.NewReader(`{"query":"{ __typename }"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Request-Id", "req-1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || string(raw) != `{"data":{"__typename":"Query"}}` {
		t.Fatalf("%d %s", resp.StatusCode, raw)
	}
	for k, want := range map[string]string{"Content-Type": "application/json", "Content-Length": strconv.Itoa(len(raw)),
		"X-Request-Id": "req-1", "Vary": "Origin"} {
		if got := resp.Header.Values(k); len(got) != 1 || got[0] != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
}
