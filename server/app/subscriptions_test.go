package app_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/client"
	"github.com/coder/websocket"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/server/app"
	"github.com/code2des/backend/server/database"
)

// wsMsg is one graphql-transport-ws message.
type wsMsg struct {
	Type    string          `json:"type"`
	ID      string          `json:"id,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// wsConn is a bare graphql-transport-ws client over coder/websocket, for the protocol-level cases
// (limits, refusals) a library client hides.
type wsConn struct {
	t *testing.T
	c *websocket.Conn
}

func wsURL(srv *httptest.Server) string {
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/graphql"
}

func dialWS(t *testing.T, srv *httptest.Server, origin string) (*wsConn, *http.Response, error) {
	t.Helper()
	h := http.Header{}
	if origin != "" {
		h.Set("Origin", origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, resp, err := websocket.Dial(ctx, wsURL(srv), &websocket.DialOptions{Subprotocols: []string{"graphql-transport-ws"}, HTTPHeader: h})
	if err != nil {
		return nil, resp, err
	}
	t.Cleanup(func() { _ = c.CloseNow() })
	return &wsConn{t: t, c: c}, resp, nil
}

func (w *wsConn) send(m wsMsg) {
	w.t.Helper()
	b, _ := json.Marshal(m)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, b); err != nil {
		w.t.Fatalf("ws write: %v", err)
	}
}

// read returns the next message other than ping/pong, or the close error.
func (w *wsConn) read(timeout time.Duration) (wsMsg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for {
		_, b, err := w.c.Read(ctx)
		if err != nil {
			return wsMsg{}, err
		}
		var m wsMsg
		if err := json.Unmarshal(b, &m); err != nil {
			return wsMsg{}, err
		}
		if m.Type == "ping" {
			w.send(wsMsg{Type: "pong"})
			continue
		}
		if m.Type != "pong" {
			return m, nil
		}
	}
}

func (w *wsConn) init(token string) wsMsg {
	w.t.Helper()
	p, _ := json.Marshal(map[string]string{"Authorization": "Bearer " + token})
	w.send(wsMsg{Type: "connection_init", Payload: p})
	m, err := w.read(5 * time.Second)
	if err != nil {
		return wsMsg{Type: "closed:" + fmt.Sprint(int(websocket.CloseStatus(err)))}
	}
	return m
}

func (w *wsConn) subscribe(id, query string, vars map[string]any) {
	w.t.Helper()
	p, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	w.send(wsMsg{Type: "subscribe", ID: id, Payload: p})
}

func (x *apiStack) token(t testing.TB, subject string, ttl time.Duration) string {
	t.Helper()
	tok, err := x.issuer.Mint(subject, ttl)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

const importUpdatedQ = `subscription($id: ID!) { pageImportUpdated(id: $id) { id status attempt errorMessage } }`

// errCode reads extensions.code of an `error` message's first error.
func errCode(m wsMsg) string {
	var errs []struct{ Extensions struct{ Code string } }
	_ = json.Unmarshal(m.Payload, &errs)
	if len(errs) == 0 {
		return ""
	}
	return errs[0].Extensions.Code
}

func TestSubscriptionRefusalsAndLimits(t *testing.T) {
	s := newAPIStack(t, func(c *app.Config, _ *app.Deps) {
		c.SubscriptionsPerConnection = 3
		c.SubscriptionConnectionsPerSubject = 2
		c.CORSAllowedOrigins = []string{"https://dashboard.example.com"}
	})
	srv := httptest.NewServer(s.handler)
	t.Cleanup(srv.Close)
	id, _ := s.createImport(t, s.client(t, "alice"))
	alice := s.token(t, "alice", time.Hour)

	t.Run("OriginNullAndDashboardAccepted", func(t *testing.T) {
		// srv.URL is the API's own origin: the dashboard it serves at /dashboard/.
		for _, origin := range []string{"null", "https://dashboard.example.com", "", srv.URL} {
			w, _, err := dialWS(t, srv, origin)
			if err != nil {
				t.Fatalf("origin %q: %v", origin, err)
			}
			_ = w.c.Close(websocket.StatusNormalClosure, "")
		}
	})
	t.Run("ErrOtherOrigin", func(t *testing.T) {
		host := strings.TrimPrefix(srv.URL, "http://")
		// Another host, the API's host under another port, and a non-http scheme with the API's host.
		for _, origin := range []string{"https://evil.example", "http://" + host + "0", "ftp://" + host, "http://evil.example@" + host + "x"} {
			if _, resp, err := dialWS(t, srv, origin); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
				t.Errorf("origin %s: %v %v; want 403", origin, err, resp)
			}
		}
	})
	t.Run("ErrBadToken", func(t *testing.T) {
		w, _, err := dialWS(t, srv, "null")
		if err != nil {
			t.Fatal(err)
		}
		if m := w.init("not-a-jwt"); !strings.HasPrefix(m.Type, "closed:") || m.Type != fmt.Sprintf("closed:%d", app.CloseUnauthorized) {
			t.Errorf("connection_init with a bad token: %+v, want closed:%d", m, app.CloseUnauthorized)
		}
	})

	w, _, err := dialWS(t, srv, "null")
	if err != nil {
		t.Fatal(err)
	}
	if m := w.init(alice); m.Type != "connection_ack" {
		t.Fatalf("init: %+v", m)
	}
	t.Run("NotFoundEndsThatSubscriptionOnly", func(t *testing.T) {
		w.subscribe("mine", importUpdatedQ, map[string]any{"id": id})
		m, err := w.read(5 * time.Second)
		if err != nil || m.Type != "next" || m.ID != "mine" || !strings.Contains(string(m.Payload), `"PROCESSING"`) {
			t.Fatalf("first value: %+v %v", m, err)
		}
		bobID, _ := s.createImportIn(t, "bob", s.b1)
		w.subscribe("bobs", importUpdatedQ, map[string]any{"id": bobID})
		m, err = w.read(5 * time.Second)
		if err != nil || m.Type != "error" || m.ID != "bobs" || errCode(m) != "NOT_FOUND" {
			t.Fatalf("subscription to bob's import: %+v %v, want an error NOT_FOUND", m, err)
		}
		// The connection and the first subscription live on.
		s.failCapture(t, id, 1, s.nonceOf(t, id))
		m, err = w.read(5 * time.Second)
		if err != nil || m.Type != "next" || m.ID != "mine" || !strings.Contains(string(m.Payload), `"FAILED"`) {
			t.Errorf("after bob's refusal: %+v %v", m, err)
		}
	})
	t.Run("FloodHitsThePerConnectionLimit", func(t *testing.T) {
		// "mine" holds one of the 3 slots; 50 more subscribe messages: 2 pass, 48 are refused.
		for i := range 50 {
			w.subscribe(fmt.Sprintf("f%d", i), importUpdatedQ, map[string]any{"id": id})
		}
		next, refused := 0, 0
		for range 50 {
			m, err := w.read(10 * time.Second)
			if err != nil {
				t.Fatalf("after %d next, %d refused: %v", next, refused, err)
			}
			switch {
			case m.Type == "next":
				next++
			case m.Type == "error" && errCode(m) == "FAILED_PRECONDITION":
				refused++
			}
		}
		if next != 2 || refused != 48 {
			t.Errorf("flood of 50: %d subscribed, %d refused; want 2 and 48", next, refused)
		}
		// The server still answers on another connection.
		if err := s.client(t, "alice").Post(`{ pageImport(id: "`+id+`") { id } }`, &struct{ PageImport struct{ ID string } }{}); err != nil {
			t.Errorf("query after the flood: %v", err)
		}
	})
	t.Run("PerSubjectConnectionLimit", func(t *testing.T) {
		w2, _, err := dialWS(t, srv, "null")
		if err != nil {
			t.Fatal(err)
		}
		if m := w2.init(alice); m.Type != "connection_ack" {
			t.Fatalf("second connection: %+v", m)
		}
		w3, _, err := dialWS(t, srv, "null")
		if err != nil {
			t.Fatal(err)
		}
		if m := w3.init(alice); m.Type != fmt.Sprintf("closed:%d", app.CloseTooManyConnections) {
			t.Errorf("third connection of alice: %+v, want closed:%d", m, app.CloseTooManyConnections)
		}
		// Closing one frees its slot, once the server has seen the close: until then a new
		// connection is refused as the third was, then one is accepted.
		_ = w2.c.Close(websocket.StatusNormalClosure, "")
		testenv.WaitFor(t, 10*time.Second, "a connection of alice accepted after one closed", func() bool {
			w4, _, err := dialWS(t, srv, "null")
			if err != nil {
				t.Fatal(err)
			}
			switch m := w4.init(alice); m.Type {
			case "connection_ack":
				return true
			case fmt.Sprintf("closed:%d", app.CloseTooManyConnections):
				return false
			default:
				t.Fatalf("connection after one closed: %+v", m)
				return false
			}
		})
	})
}

// The server pings every SUBSCRIPTION_PING_INTERVAL (graphql-transport-ws `ping`) and keeps a
// connection that answers `pong`.
func TestSubscriptionKeepAlive(t *testing.T) {
	s := newAPIStack(t, func(c *app.Config, _ *app.Deps) { c.SubscriptionPingInterval = 200 * time.Millisecond })
	srv := httptest.NewServer(s.handler)
	t.Cleanup(srv.Close)
	w, _, err := dialWS(t, srv, "null")
	if err != nil {
		t.Fatal(err)
	}
	if m := w.init(s.token(t, "alice", time.Hour)); m.Type != "connection_ack" {
		t.Fatalf("init: %+v", m)
	}
	pings := 0
	deadline := time.Now().Add(3 * time.Second)
	for pings < 3 && time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, b, err := w.c.Read(ctx)
		cancel()
		if err != nil {
			t.Fatalf("connection lost after %d pings: %v", pings, err)
		}
		var m wsMsg
		_ = json.Unmarshal(b, &m)
		if m.Type == "ping" {
			pings++
			w.send(wsMsg{Type: "pong"})
		}
	}
	if pings < 3 {
		t.Errorf("%d pings in 3 s at a 200 ms interval", pings)
	}
}

// A connection closes cleanly when its token expires.
func TestSubscriptionClosesOnTokenExpiry(t *testing.T) {
	s := newAPIStack(t, nil)
	srv := httptest.NewServer(s.handler)
	t.Cleanup(srv.Close)
	id, _ := s.createImport(t, s.client(t, "alice"))
	w, _, err := dialWS(t, srv, "")
	if err != nil {
		t.Fatal(err)
	}
	// The token's exp is in whole seconds, so a 2 s token expires at least 1 s after minted.
	minted := time.Now()
	if m := w.init(s.token(t, "alice", 2*time.Second)); m.Type != "connection_ack" {
		t.Fatalf("init: %+v", m)
	}
	w.subscribe("1", importUpdatedQ, map[string]any{"id": id})
	if m, err := w.read(5 * time.Second); err != nil || m.Type != "next" {
		t.Fatalf("first value: %+v %v", m, err)
	}
	start := time.Now()
	var err2 error
	for err2 == nil {
		_, err2 = w.read(10 * time.Second)
	}
	// Measured from the minting, not from the first value: on a loaded machine the set-up can
	// take most of the token's life, and the close must still not come before the expiry.
	if code := websocket.CloseStatus(err2); code != websocket.StatusNormalClosure || time.Since(start) > 5*time.Second || time.Since(minted) < time.Second {
		t.Errorf("after the token expired: %v (close code %d) %s after the first value, %s after minting; want a normal close after the token's expiry, within 5 s",
			err2, code, time.Since(start), time.Since(minted))
	}
}

// wsClientDir is the graphql-ws command-line client (tools/wsclient).
func wsClientDir(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the graphql-ws client test needs Node.js 20.10 or later")
	}
	dir, _ := filepath.Abs("../../tools/wsclient")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "graphql-ws")); err != nil {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm ci in tools/wsclient: %v\n%s", err, out)
		}
	}
	return dir
}

// nodeSubscriber runs the graphql-ws client and delivers its JSON lines.
type nodeSubscriber struct {
	t     *testing.T
	lines chan map[string]json.RawMessage
}

func subscribeWithNode(t *testing.T, dir, url, token, query string, vars map[string]any) *nodeSubscriber {
	t.Helper()
	v, _ := json.Marshal(vars)
	cmd := exec.Command("node", "--experimental-websocket", "--no-warnings", filepath.Join(dir, "subscribe.mjs"), url, token, query, string(v))
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	n := &nodeSubscriber{t: t, lines: make(chan map[string]json.RawMessage, 100)}
	go func() {
		defer close(n.lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var m map[string]json.RawMessage
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				n.lines <- m
			}
		}
	}()
	return n
}

// next returns the subscriber's next line within 10 s.
func (n *nodeSubscriber) next() map[string]json.RawMessage {
	n.t.Helper()
	select {
	case m, ok := <-n.lines:
		if !ok {
			n.t.Fatal("the graphql-ws client exited")
		}
		return m
	case <-time.After(10 * time.Second):
		n.t.Fatal("no event from the graphql-ws client within 10 s")
	}
	return nil
}

// TestSubscriptionsAcrossInstances: two API instances (each its own connection pool) on one
// database; subscribers on instance 2 (the graphql-ws client, as the plugin would use it) see the
// job driven through its lifecycle by worker callbacks and mutations applied on instance 1:
// created, failed by its worker, retried, failed again, deleted.
func TestSubscriptionsAcrossInstances(t *testing.T) {
	dir := wsClientDir(t)
	s1 := newAPIStack(t, nil)
	db2, err := database.Open(context.Background(), s1.dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db2.Close() })
	s2 := newAPIStackOn(t, s1, func(_ *app.Config, d *app.Deps) { d.DB = db2 })
	srv2 := httptest.NewServer(s2.handler)
	t.Cleanup(srv2.Close)
	alice := s1.client(t, "alice")

	// jobUpdates of alice's project, and bob's of his: opened before the job exists.
	project := subscribeWithNode(t, dir, wsURL(srv2), s1.token(t, "alice", time.Hour),
		`subscription($p: ID!) { jobUpdates(projectId: $p) { pageImport { id status attempt } code2des { id } } }`,
		map[string]any{"p": fmt.Sprint(s1.a1)})
	bobs := subscribeWithNode(t, dir, wsURL(srv2), s1.token(t, "bob", time.Hour),
		`subscription($p: ID!) { jobUpdates(projectId: $p) { pageImport { id } } }`, map[string]any{"p": fmt.Sprint(s1.b1)})
	waitSubscribers(t, s2, 2)

	id, nonce := s1.createImport(t, alice)
	status := func(m map[string]json.RawMessage, field string) string {
		t.Helper()
		var d struct {
			Data map[string]struct {
				ID, Status string
				Attempt    int
			}
		}
		var raw []byte
		raw, _ = json.Marshal(m)
		_ = json.Unmarshal(raw, &d)
		v := d.Data[field]
		return fmt.Sprintf("%s %s %d", v.ID, v.Status, v.Attempt)
	}
	projectStatus := func(m map[string]json.RawMessage) string {
		t.Helper()
		var d struct {
			Data struct {
				JobUpdates struct {
					PageImport struct {
						ID, Status string
						Attempt    int
					}
				}
			}
		}
		raw, _ := json.Marshal(m)
		_ = json.Unmarshal(raw, &d)
		p := d.Data.JobUpdates.PageImport
		return fmt.Sprintf("%s %s %d", p.ID, p.Status, p.Attempt)
	}
	if got := projectStatus(project.next()); got != id+" PROCESSING 1" {
		t.Errorf("jobUpdates after create: %s", got)
	}

	job := subscribeWithNode(t, dir, wsURL(srv2), s1.token(t, "alice", time.Hour), importUpdatedQ, map[string]any{"id": id})
	if got := status(job.next(), "pageImportUpdated"); got != id+" PROCESSING 1" {
		t.Fatalf("first value: %s", got)
	}
	if code := s1.failCapture(t, id, 1, nonce); code != http.StatusOK {
		t.Fatalf("callback: %d", code)
	}
	if got := status(job.next(), "pageImportUpdated"); got != id+" FAILED 1" {
		t.Errorf("after the failed callback: %s", got)
	}
	var retried retriedImport
	if err := alice.Post(retryImportQ, &retried, client.Var("id", id)); err != nil {
		t.Fatal(err)
	}
	if got := status(job.next(), "pageImportUpdated"); got != id+" PROCESSING 2" {
		t.Errorf("after the retry: %s", got)
	}
	msgs := drain(t, s1.capture, 2*time.Second)
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	s1.failCapture(t, id, 2, msgs[0].Nonce)
	if got := status(job.next(), "pageImportUpdated"); got != id+" FAILED 2" {
		t.Errorf("after the second failed callback: %s", got)
	}
	// jobUpdates re-reads each changed job when its event is handled, so changes in quick
	// succession may show the later state (twice): the values never go back, and end current.
	order := []string{"FAILED 1", "PROCESSING 2", "FAILED 2"}
	for seen := 0; seen < len(order)-1; {
		got := projectStatus(project.next())
		i := slices.Index(order, strings.TrimPrefix(got, id+" "))
		if i < seen {
			t.Fatalf("jobUpdates went back to %s after %s", got, order[seen])
		}
		seen = i
	}
	var del struct{ DeletePageImport struct{ DeletedID string } }
	if err := alice.Post(`mutation($id: ID!) { deletePageImport(id: $id) { deletedId } }`, &del, client.Var("id", id)); err != nil {
		t.Fatal(err)
	}
	if m := job.next(); string(m["complete"]) != "true" {
		t.Errorf("after the delete: %v, want complete", m)
	}
	select {
	case m := <-bobs.lines:
		t.Errorf("bob's project subscription saw %v", m)
	default:
	}
}

// waitSubscribers waits until the instance's hub has n subscribers (the clients are connected).
func waitSubscribers(t *testing.T, s *apiStack, n int) {
	t.Helper()
	testenv.WaitFor(t, 10*time.Second, fmt.Sprintf("%d subscribers", n), func() bool {
		c, err := s.subscriberCount()
		return err == nil && c >= n
	})
}

// subscriberCount reads the instance's code2des_subscriptions_active gauge from /metrics.
func (x *apiStack) subscriberCount() (int, error) {
	w := httptest.NewRecorder()
	x.handler.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for _, line := range strings.Split(w.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "code2des_subscriptions_active "); ok {
			var n int
			_, err := fmt.Sscan(v, &n)
			return n, err
		}
	}
	return 0, fmt.Errorf("no code2des_subscriptions_active in /metrics")
}
