package results_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/models"
	"github.com/code2des/backend/server/artifacts"
	"github.com/code2des/backend/server/s3store"
)

// fixture is one completed job with its Page Import, a result document and its image objects,
// ready to be changed by a test and then uploaded to a bucket of the S3-protocol server.
type fixture struct {
	env     *testenv.S3Env
	job     *models.Code2Des
	pi      *models.PageImport
	prefix  string // the job's artifact prefix
	cprefix string // the Page Import's artifact prefix

	manifest artifacts.ResultManifest
	root     string // the exact "root" bytes
	images   []artifacts.ResultImage
	warnings []artifacts.ResultWarning
	blobs    map[string][]byte // key -> bytes to store
	// raw, when set, replaces the document built from the fields above.
	raw []byte
	// noResult leaves the result document out of storage.
	noResult bool
}

// fixtureRoot has unusual spacing, key order, number forms and escapes: any re-encoding would
// change its bytes.
const fixtureRoot = `{ "name":"Page \u00e9" , "type" : "FRAME", "id":"1:1", "x":0.50, "y":1e2,
  "effects": [ {"type":"DROP_SHADOW","radius":4.0} ],
  "children": [
    {"type":"RECTANGLE","id":"1:2","name":"hero","fills":[{"type":"IMAGE","imageRef":"png","scaleMode":"FILL"}]},
    {"type":"RECTANGLE","id":"1:3","name":"photo","fills":[{"type":"SOLID","color":{"r":1,"g":0,"b":0}},{"type":"IMAGE","imageRef":"jpeg"}]},
    {"type":"ELLIPSE","id":"1:4","name":"anim","strokes":[{"type":"IMAGE","imageRef":"gif"}]},
    {"type":"GROUP","id":"1:5","name":"g","children":[
      {"type":"RECTANGLE","id":"1:6","name":"webp","fills":[{"type":"IMAGE","imageRef":"webp"}]},
      {"type":"RECTANGLE","id":"1:7","name":"wide","fills":[{"type":"IMAGE","imageRef":"wide"}]}
    ]},
    {"type":"TEXT","id":"1:8","name":"title","characters":"Hello\n\"world\""},
    {"type":"SVG","id":"1:9","name":"logo","imageRef":"logo"},
    {"type":"VECTOR","id":"1:10","name":"line","vectorPaths":[{"windingRule":"NONZERO","data":"M 0 0 L 10 10"}]}
  ]
}`

const fixtureSVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M0 0h24v24H0z" fill="#0af"/></svg>
`

func newFixture(t testing.TB) *fixture {
	t.Helper()
	return newFixtureIn(t, testenv.S3(t))
}

// newFixtureIn builds a fixture for a new job whose objects go to env's bucket.
func newFixtureIn(t testing.TB, env *testenv.S3Env) *fixture {
	t.Helper()
	jobID, piID := uuid.Must(uuid.NewV7()).String(), uuid.Must(uuid.NewV7()).String()
	nonce := randomNonce(t)
	capture := sha256.Sum256([]byte("capture of " + piID))
	captureHash := hex.EncodeToString(capture[:])
	f := &fixture{
		env:     env,
		prefix:  models.Code2DesArtifactPrefix("", jobID, 1),
		cprefix: models.PageImportArtifactPrefix("", piID, 1),
		blobs:   map[string][]byte{},
	}
	resultURL := models.S3URI(env.Bucket, f.prefix+"result.json")
	warningCount := 1
	f.job = &models.Code2Des{ID: jobID, PageImportID: piID, Status: models.Code2DesCompleted, Attempt: 1, Nonce: nonce, ResultURL: &resultURL, WarningCount: &warningCount}
	f.pi = &models.PageImport{ID: piID, Status: models.PageImportCompleted, Attempt: 1, Nonce: randomNonce(t), CaptureHash: &captureHash}
	f.manifest = artifacts.ResultManifest{Kind: "code2des.result", Version: 1, Code2DesID: jobID, Attempt: 1, Nonce: nonce, PageImportID: piID, CaptureHash: captureHash}
	f.root = fixtureRoot
	nodeID := "1:8"
	f.warnings = []artifacts.ResultWarning{{Code: "FONT_FALLBACK", Message: "Inter was replaced by Roboto", NodeID: &nodeID}}

	f.addImage(t, "png", f.prefix+"images/hero.png", "image/png", encodePNG(t, gradient(64, 48)))
	// The JPEG is one of the capture's assets: under the Page Import's prefix.
	f.addImage(t, "jpeg", f.cprefix+"assets/photo.jpg", "image/jpeg", encodeJPEG(t, gradient(40, 30)))
	f.addImage(t, "gif", f.prefix+"images/anim.gif", "image/gif", encodeGIF(t, gradient(16, 16)))
	f.addImage(t, "webp", f.prefix+"images/gopher.webp", "image/webp", readFile(t, "testdata/gopher-doc.1bpp.lossless.webp"))
	f.addImage(t, "wide", f.prefix+"images/wide.png", "image/png", encodePNG(t, gradient(5000, 10)))
	f.addImage(t, "logo", f.prefix+"images/logo.svg", "image/svg+xml", []byte(fixtureSVG))
	return f
}

// addImage records an image entry whose fields describe b truthfully, and stores b under key.
func (f *fixture) addImage(t testing.TB, ref, key, mime string, b []byte) {
	t.Helper()
	w, h := 24, 24
	if mime != "image/svg+xml" {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("fixture image %s: %v", ref, err)
		}
		w, h = cfg.Width, cfg.Height
	}
	sum := sha256.Sum256(b)
	f.images = append(f.images, artifacts.ResultImage{Ref: ref, Key: key, MimeType: mime, Sha256: hex.EncodeToString(sum[:]), ByteSize: int64(len(b)), Width: w, Height: h})
	f.blobs[key] = b
}

func (f *fixture) image(ref string) *artifacts.ResultImage {
	for i := range f.images {
		if f.images[i].Ref == ref {
			return &f.images[i]
		}
	}
	panic("no fixture image " + ref)
}

// document returns the result JSON: the fields marshaled, and root spliced in byte for byte.
func (f *fixture) document(t testing.TB) []byte {
	t.Helper()
	if f.raw != nil {
		return f.raw
	}
	m, _ := json.Marshal(f.manifest)
	im, _ := json.Marshal(f.images)
	w, _ := json.Marshal(f.warnings)
	return []byte(`{"manifest":` + string(m) + `,` + "\n" + `"root": ` + f.root + ",\n" + `"images":` + string(im) + `,"warnings":` + string(w) + "}\n")
}

// upload stores the document and every image.
func (f *fixture) upload(t testing.TB) []byte {
	t.Helper()
	ctx := context.Background()
	doc := f.document(t)
	if _, key, err := models.ParseS3URI(*f.job.ResultURL); err == nil && !f.noResult {
		if err := f.env.Store.Put(ctx, key, doc, "application/json"); err != nil {
			t.Fatalf("upload result: %v", err)
		}
	}
	for k, b := range f.blobs {
		if err := f.env.Store.Put(ctx, k, b, "application/octet-stream"); err != nil {
			t.Fatalf("upload %s: %v", k, err)
		}
	}
	return doc
}

func randomNonce(t testing.TB) string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// gradient is an opaque image whose pixels all differ a little, so scaling is observable.
func gradient(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: uint8(x + y), A: 255})
		}
	}
	return img
}

// noise is an image of random pixels: it does not compress, so its PNG is about w*h*4 bytes.
func noise(t testing.TB, w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	if _, err := rand.Read(img.Pix); err != nil {
		t.Fatal(err)
	}
	return img
}

func encodePNG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeGIF(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readFile(t testing.TB, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// countingS3 is a reverse proxy in front of the test S3-protocol server that counts the requests
// reaching it, and a BlobStore on the test's bucket through it.
type countingS3 struct {
	requests atomic.Int64
	store    *s3store.Store
}

func newCountingS3(t testing.TB, env *testenv.S3Env) *countingS3 {
	t.Helper()
	c := &countingS3{}
	proxy := proxyTo(t, env.Endpoint)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.requests.Add(1)
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c.store = testenv.StoreAt(t, srv.URL, env.Bucket)
	return c
}

// proxyTo is a reverse proxy to an S3 endpoint.
func proxyTo(t testing.TB, endpoint string) *httputil.ReverseProxy {
	t.Helper()
	target, err := url.Parse(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	return httputil.NewSingleHostReverseProxy(target)
}
