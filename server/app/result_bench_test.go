package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
)

// benchResultQuery is cmd/bench's code2desResult query.
const benchResultQuery = `query($id: ID!) { code2desResult(id: $id) { code2desId captureHash warningCount root images { ref mimeType byteSize sha256 width height base64 } } }`

// BenchmarkResultWarm measures the warm code2desResult of cmd/bench (8 incompressible
// 512x512 PNGs, about 8 MiB, so an 11 MB answer) over a real loopback connection, the client
// reading the body as the bench's load generator does. API is the whole request (token, two
// statements, gqlgen, the result cache, writing); SameBytes writes the API's answer from memory
// through net/http, one Write per piece (the text around each base64 value, and the value), as
// the API wrote it before the fifth round. cpu-ns/op is the process's CPU per request, client
// included; the ...FromAnotherProcess variants send the same requests from a child process, as
// cmd/bench does, so server-cpu-ns/op is the server's CPU alone. Handler runs the API's
// handler in process with a writer that discards (no socket):
//
//	go test -run XXX -bench ResultWarm -benchtime 100x ./server/app
func BenchmarkResultWarm(b *testing.B) {
	st := newBenchStack(b)
	a, db, s3, orgA, a1, tok := st.App, st.DB, st.S3, st.OrgA, st.A1, st.Token
	pi := completedImport(b, db, orgA, a1, s3.Bucket)
	jobID := benchResultJob(b, db, pi, s3)
	body, _ := json.Marshal(map[string]any{"query": benchResultQuery, "variables": map[string]any{"id": jobID}})

	srv := httptest.NewServer(a.Handler())
	b.Cleanup(srv.Close)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	b.Cleanup(client.CloseIdleConnections)
	var buf bytes.Buffer
	post := func(b *testing.B, url string) {
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		buf.Reset()
		_, err = buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK || bytes.Contains(buf.Bytes(), []byte(`"errors":[`)) ||
			!bytes.Contains(buf.Bytes(), []byte(`"base64":"`)) {
			b.Fatalf("%v %d %.300s", err, resp.StatusCode, buf.Bytes())
		}
	}
	post(b, srv.URL+"/graphql") // loads the result into the cache
	answer := bytes.Clone(buf.Bytes())
	// The pieces the API writes: the text around each base64 value, and each value.
	var pieces [][]byte
	for rest := answer; ; {
		i := bytes.Index(rest, []byte(`"base64":"`))
		if i < 0 {
			pieces = append(pieces, rest)
			break
		}
		i += len(`"base64":"`)
		j := i + bytes.IndexByte(rest[i:], '"')
		pieces = append(pieces, rest[:i], rest[i:j])
		rest = rest[j:]
	}
	floor := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		for _, p := range pieces {
			_, _ = w.Write(p)
		}
	}))
	b.Cleanup(floor.Close)

	for _, tc := range []struct{ name, url string }{{"API", srv.URL + "/graphql"}, {"SameBytes", floor.URL}} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(answer)))
			cpu0 := processCPU()
			for b.Loop() {
				post(b, tc.url)
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
		// The same requests from a client in another process (as in cmd/bench): the
		// process's CPU is then the server's alone.
		b.Run(tc.name+"FromAnotherProcess", func(b *testing.B) {
			b.SetBytes(int64(len(answer)))
			mean, cpu := runBenchClient(b, tc.url, body, tok, b.N)
			b.ReportMetric(float64(mean), "ns/op")
			b.ReportMetric(float64(cpu)/float64(b.N), "server-cpu-ns/op")
		})
	}
	b.Run("Handler", func(b *testing.B) {
		h := a.Handler()
		b.ReportAllocs()
		cpu0 := processCPU()
		for b.Loop() {
			req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tok)
			w := &discardWriter{header: http.Header{}}
			h.ServeHTTP(w, req)
			if w.status != http.StatusOK || w.n != int64(len(answer)) {
				b.Fatalf("status %d, %d bytes, want %d", w.status, w.n, len(answer))
			}
		}
		b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
	})
}

// discardWriter is an http.ResponseWriter that counts what it is given.
type discardWriter struct {
	header http.Header
	status int
	n      int64
}

func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}
func (w *discardWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.n += int64(len(p))
	return len(p), nil
}

// benchResultJob stores cmd/bench's result fixture (8 noise PNGs of 512x512, about 1 MiB each)
// for a completed job of pi and returns the job's id.
func benchResultJob(b *testing.B, db bun.IDB, pi *models.PageImport, s3 *testenv.S3Env) string {
	b.Helper()
	ctx := context.Background()
	j := job(b, db, pi, models.Code2DesCompleted, s3.Bucket, 0)
	prefix := models.Code2DesArtifactPrefix("", j.ID, 1)
	rng := rand.New(rand.NewPCG(1, 2))
	var images []artifacts.ResultImage
	var children []string
	for i := range 8 {
		img := image.NewNRGBA(image.Rect(0, 0, 512, 512))
		for k := range img.Pix {
			img.Pix[k] = byte(rng.Uint32())
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
		key := fmt.Sprintf("%simages/%d.png", prefix, i)
		if err := s3.Store.Put(ctx, key, buf.Bytes(), "image/png"); err != nil {
			b.Fatal(err)
		}
		ref := fmt.Sprintf("img%d", i)
		images = append(images, artifacts.ResultImage{Ref: ref, Key: key, MimeType: "image/png",
			Sha256: artifacts.HashHex(buf.Bytes()), ByteSize: int64(buf.Len()), Width: 512, Height: 512})
		children = append(children, fmt.Sprintf(`{"type":"RECTANGLE","id":"2:%d","name":"image %d","fills":[{"type":"IMAGE","imageRef":%q}]}`, i, i, ref))
	}
	manifest, _ := json.Marshal(artifacts.ResultManifest{Kind: "code2des.result", Version: 1, Code2DesID: j.ID,
		Attempt: 1, Nonce: j.Nonce, PageImportID: pi.ID, CaptureHash: *pi.CaptureHash})
	imgs, _ := json.Marshal(images)
	doc := `{"manifest":` + string(manifest) + `,"root":{"type":"FRAME","id":"1:1","name":"page","children":[` +
		strings.Join(children, ",") + `]},"images":` + string(imgs) + `,"warnings":[]}`
	_, key, _ := models.ParseS3URI(*j.ResultURL)
	if err := s3.Store.Put(ctx, key, []byte(doc), "application/json"); err != nil {
		b.Fatal(err)
	}
	return j.ID
}

// benchClientEnv marks a child process started by runBenchClient: it sends the requests instead of
// running tests.
const benchClientEnv = "CODE2DES_BENCH_CLIENT"

// runBenchClient sends n POSTs of body to url from a child process (after one unmeasured request)
// and returns their mean latency in ns and this process's CPU time meanwhile.
func runBenchClient(b *testing.B, url string, body []byte, token string, n int) (mean, cpu int64) {
	b.Helper()
	b.StopTimer()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), benchClientEnv+"="+url, "BENCH_CLIENT_TOKEN="+token,
		"BENCH_CLIENT_BODY="+string(body), "BENCH_CLIENT_N="+strconv.Itoa(n))
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cmd.Wait() }()
	sc := bufio.NewScanner(out)
	if !sc.Scan() || sc.Text() != "READY" {
		b.Fatalf("client: %q", sc.Text())
	}
	cpu0 := processCPU()
	_, _ = io.WriteString(in, "go\n")
	if !sc.Scan() {
		b.Fatal("client failed")
	}
	cpu = processCPU() - cpu0
	mean, err := strconv.ParseInt(strings.TrimPrefix(sc.Text(), "MEAN "), 10, 64)
	if err != nil {
		b.Fatalf("client: %q", sc.Text())
	}
	_ = in.Close()
	return mean, cpu
}

// runBenchClientChild is the child of runBenchClient: it reads the answers as cmd/bench's
// load generator does (a pooled buffer, the same two checks).
func runBenchClientChild() int {
	url, tok, body := os.Getenv(benchClientEnv), os.Getenv("BENCH_CLIENT_TOKEN"), []byte(os.Getenv("BENCH_CLIENT_BODY"))
	n, _ := strconv.Atoi(os.Getenv("BENCH_CLIENT_N"))
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	var buf bytes.Buffer
	post := func() error {
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		buf.Reset()
		if _, err := buf.ReadFrom(resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK || bytes.Contains(buf.Bytes(), []byte(`"errors":[`)) ||
			!bytes.Contains(buf.Bytes(), []byte(`"base64":"`)) {
			return fmt.Errorf("%d %.300s", resp.StatusCode, buf.Bytes())
		}
		return nil
	}
	if err := post(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println("READY")
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		return 1
	}
	start := time.Now()
	for range n {
		if err := post(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	fmt.Printf("MEAN %d\n", time.Since(start).Nanoseconds()/int64(max(n, 1)))
	return 0
}
