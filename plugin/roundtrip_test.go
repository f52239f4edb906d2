// Package plugin_test checks the Figma plugin's materializer against the preview renderer: the
// plugin's round-trip tests (plugin/test/roundtrip.test.ts, run here with node) materialize every
// golden and corpus result into a recording stand-in of Figma and write each input tree and the
// tree read back from the stand-in; worker/preview, which draws a result as Figma would, must draw
// both to the same pixels.
package plugin_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/code2des/backend/worker/convert/layout"
	"github.com/code2des/backend/worker/preview"
)

// minRoundTrips is how many results the node tests must write (every golden and corpus result
// and the all-node-types fixture): fewer means a fixture went missing.
const minRoundTrips = 13

// nodeTimeout bounds the node test run (materializing every fixture takes seconds).
const nodeTimeout = 3 * time.Minute

// needs skips the test when a tool is missing outside CI, and fails it in CI.
func needs(t *testing.T, ok bool, what string) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("CI") == "" {
		t.Skipf("%s (run `make plugin` first)", what)
	}
	t.Fatal(what)
}

func TestPreviewDrawsTheReadBackTreeAsTheResult(t *testing.T) {
	nodeBin, err := exec.LookPath("node")
	needs(t, err == nil, "no node on PATH")
	_, err = os.Stat("../node_modules/tsx")
	needs(t, err == nil, "the npm workspace is not installed (node_modules/tsx)")

	out := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), nodeTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, nodeBin, "--import", "tsx", "--test", "test/roundtrip.test.ts")
	cmd.Env = append(os.Environ(), "ROUNDTRIP_OUT="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the plugin's round-trip tests failed: %v\n%s", err, b)
	}
	dirs, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < minRoundTrips {
		t.Fatalf("the round-trip tests wrote %d results, want at least %d", len(dirs), minRoundTrips)
	}

	r, err := preview.NewRenderer(preview.Options{})
	needs(t, err == nil, "no Chromium for worker/preview")
	defer r.Close()

	// The comparison sees a change: the all-node-types tree without its children draws otherwise.
	t.Run("DifferenceSeen", func(t *testing.T) {
		dir := filepath.Join(out, "all-node-types")
		images := readImages(t, filepath.Join(dir, "images.json"))
		var tree map[string]any
		raw, err := os.ReadFile(filepath.Join(dir, "readback.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &tree); err != nil {
			t.Fatal(err)
		}
		root, _ := tree["root"].(map[string]any)
		delete(root, "children")
		bare := filepath.Join(t.TempDir(), "bare.json")
		b, _ := json.Marshal(tree)
		if err := os.WriteFile(bare, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if n, _ := differingPixels(render(t, r, filepath.Join(dir, "original.json"), images), render(t, r, bare, images)); n == 0 {
			t.Fatal("a tree without its children draws the same pixels: the comparison cannot fail")
		}
	})
	for _, d := range dirs {
		t.Run(d.Name(), func(t *testing.T) {
			dir := filepath.Join(out, d.Name())
			images := readImages(t, filepath.Join(dir, "images.json"))
			want := render(t, r, filepath.Join(dir, "original.json"), images)
			got := render(t, r, filepath.Join(dir, "readback.json"), images)
			if want.Bounds() != got.Bounds() {
				t.Fatalf("the read-back tree draws %v, the result %v", got.Bounds(), want.Bounds())
			}
			if n, at := differingPixels(want, got); n > 0 {
				t.Errorf("%d pixels differ between the result and the read-back tree (first at %v)", n, at)
			}
		})
	}
}

func readImages(t *testing.T, path string) map[string][]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var encoded map[string]string
	if err := json.Unmarshal(b, &encoded); err != nil {
		t.Fatal(err)
	}
	images := map[string][]byte{}
	for ref, s := range encoded {
		if images[ref], err = base64.StdEncoding.DecodeString(s); err != nil {
			t.Fatalf("image %s: %v", ref, err)
		}
	}
	return images
}

func render(t *testing.T, r *preview.Renderer, path string, images map[string][]byte) image.Image {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, err := r.Render(ctx, raw, images, 1)
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	im, err := png.Decode(bytes.NewReader(p.PNG))
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// differingPixels counts the pixels whose colours differ and returns the first one.
func differingPixels(a, b image.Image) (int, image.Point) {
	n, first := 0, image.Point{}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	return n, first
}

// TestLayoutToleranceIsTheConverters: the round trip takes Figma's place of an auto-layout child
// within its LayoutTolerance of the result's (plugin/test/roundtrip.test.ts), which must be the
// converter's layout.Tolerance: the most an auto-layout frame may move a child from its captured
// box.
func TestLayoutToleranceIsTheConverters(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("test", "roundtrip.test.ts"))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("const LayoutTolerance = %s;", strconv.FormatFloat(layout.Tolerance, 'f', -1, 64))
	if !bytes.Contains(src, []byte(want)) {
		t.Errorf("plugin/test/roundtrip.test.ts does not declare %q (layout.Tolerance)", want)
	}
}
