package dashboard

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"net/http"
	"regexp"
	"testing"

	assets "github.com/code2des/backend/dashboard"
)

// MaxBundleGzipBytes bounds the dashboard's assets (every file under dist/assets), gzipped.
const MaxBundleGzipBytes = 200 << 10

// TestEmbeddedBuildServesWhatIndexNames: the committed build's index.html names hashed assets
// that are there, and the handler serves them.
func TestEmbeddedBuildServesWhatIndexNames(t *testing.T) {
	h, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`/dashboard/(assets/app-[A-Z0-9]+\.(?:js|css))`).FindAllSubmatch(h.index, -1)
	if len(names) != 2 {
		t.Fatalf("index.html names %d hashed assets, want the script and the stylesheet:\n%s", len(names), h.index)
	}
	for _, n := range names {
		res := get(t, h, http.MethodGet, string(n[0]), "")
		if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != AssetCacheControl {
			t.Errorf("%s: %s, Cache-Control %q", n[0], res.Status, res.Header.Get("Cache-Control"))
		}
	}
}

func gzipSize(t *testing.T, b []byte) int {
	t.Helper()
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Len()
}

// TestBundleSize: the assets together, gzipped, are at most MaxBundleGzipBytes.
func TestBundleSize(t *testing.T) {
	total := 0
	err := fs.WalkDir(assets.Dist, "dist/assets", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(assets.Dist, p)
		if err != nil {
			return err
		}
		n := gzipSize(t, b)
		t.Logf("%s: %d bytes, %d gzipped", p, len(b), n)
		total += n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("dashboard assets: %d bytes gzipped (limit %d)", total, MaxBundleGzipBytes)
	if !withinBundleLimit(total) {
		t.Errorf("dashboard assets are %d bytes gzipped; want 1 to %d", total, MaxBundleGzipBytes)
	}
}

// TestBundleSizeLimitEdge: the check holds at the limit and refuses one byte past it.
func TestBundleSizeLimitEdge(t *testing.T) {
	if !withinBundleLimit(MaxBundleGzipBytes) || withinBundleLimit(MaxBundleGzipBytes+1) || withinBundleLimit(0) {
		t.Errorf("the bound is not at %d", MaxBundleGzipBytes)
	}
}

// withinBundleLimit is the size check: some bytes, at most MaxBundleGzipBytes.
func withinBundleLimit(n int) bool { return n > 0 && n <= MaxBundleGzipBytes }
