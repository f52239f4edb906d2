package results

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/code2des/backend/server/artifacts"
)

// gunzipped reads testdata/name.gz (large rasters of one colour, stored compressed; see
// testdata/README.md).
func gunzipped(t testing.TB, name string) []byte {
	t.Helper()
	f, err := os.Open("testdata/" + name + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// solidPNG encodes a w x h PNG of one colour of the image type of m (m's own size is ignored).
func solidPNG(t testing.TB, w, h int, kind string) []byte {
	t.Helper()
	r := image.Rect(0, 0, w, h)
	var img image.Image
	switch kind {
	case "rgba8":
		img = image.NewNRGBA(r)
	case "rgba16":
		img = image.NewNRGBA64(r)
	case "paletted":
		img = image.NewPaletted(r, color.Palette{color.Black, color.White})
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// allocated is the number of bytes f allocates on the heap (TotalAlloc: an upper bound of the
// memory it holds at once, whatever the garbage collector does meanwhile).
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// decodeOnly decodes b as the conversion does, without scaling or encoding.
func decodeOnly(b []byte, mime string) error {
	_, err := decodeRaster(b, mime)
	return err
}

// TestConvertMemoryBound measures, for each format at or near MaxConvertBytes, what decoding
// and the whole conversion allocate (TotalAlloc), and asserts that (a) decoding allocates at most
// decodeCost (plus 1 MiB of tables and buffers): the per-format factors are not underestimates,
// and (b) a conversion convertible accepts allocates at most 3*MaxConvertBytes (the bound
// DefaultConvertConcurrency's comment relies on). Rasters past the budget are measured (their
// decode) to show what the budget refuses, but not converted. Numbers: docs/results.md.
// Not parallel: it reads the process's allocation counters.
//
// Under the race detector (CI runs every test with -race) decoding is ten times slower, and
// sync.Pool drops items at random, so the measurement runs in a build of this package without
// it (measureWithoutRace): its numbers are those of the production build, and its failure fails
// this test.
func TestConvertMemoryBound(t *testing.T) {
	if raceEnabled {
		measureWithoutRace(t)
		return
	}
	const slack = 1 << 20
	paletted := func(w, h int) []byte { return solidPNG(t, w, h, "paletted") }
	gifOf := func(w, h int) []byte {
		var buf bytes.Buffer
		if err := gif.Encode(&buf, image.NewPaletted(image.Rect(0, 0, w, h), color.Palette{color.Black, color.White}), nil); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	cases := []struct {
		name     string
		in       func() []byte
		mime     string
		accepted bool
	}{
		{"BaselineJPEG8192x4096Accepted", func() []byte { return gunzipped(t, "baseline-8192x4096.jpg") }, artifacts.MimeJPEG, true},
		{"ProgressiveJPEG8192x2176AtBudgetAccepted", func() []byte { return gunzipped(t, "progressive-8192x2176.jpg") }, artifacts.MimeJPEG, true},
		{"ProgressiveJPEG8192x4096Refused", func() []byte { return gunzipped(t, "progressive-8192x4096.jpg") }, artifacts.MimeJPEG, false},
		{"PNG8Bit8192x4096AtBudgetAccepted", func() []byte { return solidPNG(t, 8192, 4096, "rgba8") }, artifacts.MimePNG, true},
		{"PNG16Bit8192x2048AtBudgetAccepted", func() []byte { return solidPNG(t, 8192, 2048, "rgba16") }, artifacts.MimePNG, true},
		{"PNG16Bit8192x4096Refused", func() []byte { return solidPNG(t, 8192, 4096, "rgba16") }, artifacts.MimePNG, false},
		{"PalettedPNG16384x8192AtBudgetAccepted", func() []byte { return paletted(16384, 8192) }, artifacts.MimePNG, true},
		{"GIF8192x8192AtBudgetAccepted", func() []byte { return gifOf(8192, 8192) }, artifacts.MimeGIF, true},
		{"LosslessWebP4096x4096AtBudgetAccepted", func() []byte { return gunzipped(t, "lossless-4096x4096.webp") }, artifacts.MimeWebP, true},
		{"LossyWebP4096x4096Accepted", func() []byte { return gunzipped(t, "lossy-4096x4096.webp") }, artifacts.MimeWebP, true},
		{"LossyAlphaWebP4096x4096Refused", func() []byte { return gunzipped(t, "lossy-alpha-4096x4096.webp") }, artifacts.MimeWebP, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := c.in()
			cfg, err := rasterConfig(b, c.mime)
			if err != nil {
				t.Fatal(err)
			}
			cost, err := decodeCost(b, c.mime, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := convertible(b, c.mime, cfg); (err == nil) != c.accepted || (err != nil && !errors.Is(err, ErrImageTooLarge)) {
				t.Fatalf("convertible = %v, want accepted %v (cost %d)", err, c.accepted, cost)
			}
			var decErr error
			dec := allocated(func() { decErr = decodeOnly(b, c.mime) })
			if decErr != nil {
				t.Fatal(decErr)
			}
			if dec > uint64(cost)+slack {
				t.Errorf("decoding allocated %.1f MiB, more than its cost %.1f MiB", mib(dec), mib(uint64(cost)))
			}
			msg := fmt.Sprintf("%dx%d %s, %d bytes: cost %.1f MiB (%.2f B/px), decode allocated %.1f MiB (%.2f B/px)",
				cfg.Width, cfg.Height, c.mime, len(b), mib(uint64(cost)), float64(cost)/float64(cfg.Width*cfg.Height), mib(dec), float64(dec)/float64(cfg.Width*cfg.Height))
			if !c.accepted {
				t.Log(msg)
				return
			}
			var out *figmaSafe
			conv := allocated(func() { out, err = convert(b, c.mime, cfg) })
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s; convert allocated %.1f MiB (%.2fx MaxConvertBytes) to %s %dx%d", msg, mib(conv), float64(conv)/MaxConvertBytes, out.mime, out.width, out.height)
			if conv > 3*MaxConvertBytes {
				t.Errorf("converting allocated %.1f MiB, more than 3*MaxConvertBytes", mib(conv))
			}
		})
	}
}

// measureWithoutRace runs the test t in a build of this package without the race detector (go
// test, GOFLAGS without -race) and fails t when that run fails or does not run the test.
func measureWithoutRace(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("measuring without the race detector needs the go command: %v", err)
	}
	var flags []string
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		if f != "-race" && f != "--race" {
			flags = append(flags, f)
		}
	}
	cmd := exec.CommandContext(t.Context(), goCmd, "test", "-count=1", "-v", "-run", "^"+t.Name()+"$", ".")
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.Join(flags, " "))
	out, err := cmd.CombinedOutput()
	t.Logf("without the race detector:\n%s", out)
	if err != nil {
		t.Fatalf("without the race detector: %v", err)
	}
	if !bytes.Contains(out, []byte("--- PASS: "+t.Name()+" ")) {
		t.Fatalf("without the race detector, %s did not pass", t.Name())
	}
}

func mib(n uint64) float64 { return float64(n) / (1 << 20) }
