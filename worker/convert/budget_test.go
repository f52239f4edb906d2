package convert_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// budgetImage is one img of a generated budget page: its file, its pixels, the size the page
// draws it at, where, and the bytes of its file (padded with an ancillary chunk).
type budgetImage struct {
	name          string
	w, h          int
	drawW, drawH  int
	top           int
	bytes         int
	fill          color.NRGBA
	noise         bool
	wantKept      bool
	wantScaledToW int
}

// padPNG encodes a w x h PNG of one colour (or noise) and pads it to size bytes with a private
// ancillary chunk ("paDd", skipped by decoders).
func padPNG(t *testing.T, w, h int, c color.NRGBA, noise bool, size int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	seed := uint32(1)
	for i := 0; i < len(img.Pix); i += 4 {
		if noise {
			seed = seed*1664525 + 1013904223
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = byte(seed>>24), byte(seed>>16), byte(seed>>8), 255
		} else {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	pad := size - len(b) - 12
	if pad < 0 {
		t.Fatalf("a %dx%d PNG is %d bytes, more than %d", w, h, len(b), size)
	}
	iend := len(b) - 12
	chunk := make([]byte, 12+pad)
	binary.BigEndian.PutUint32(chunk, uint32(pad))
	copy(chunk[4:], "paDd")
	binary.BigEndian.PutUint32(chunk[8+pad:], crc32.ChecksumIEEE(chunk[4:8+pad]))
	out := append(append(append([]byte{}, b[:iend]...), chunk...), b[iend:]...)
	if len(out) != size {
		t.Fatalf("padded PNG is %d bytes, want %d", len(out), size)
	}
	return out
}

// captureBudgetPage writes a page of absolutely placed imgs to a directory, captures it with the
// capture worker and converts it.
func captureBudgetPage(t *testing.T, imgs []budgetImage) *convert.Output {
	t.Helper()
	dir := t.TempDir()
	var html strings.Builder
	html.WriteString("<!doctype html><html><head><meta charset=utf-8><title>Budget</title><style>body{margin:0;height:2000px} img{position:absolute;left:0}</style></head><body>\n")
	for _, im := range imgs {
		if err := os.WriteFile(filepath.Join(dir, im.name+".png"), padPNG(t, im.w, im.h, im.fill, im.noise, im.bytes), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&html, "<img id=%q alt=%q src=\"%s.png\" style=\"top:%dpx;width:%dpx;height:%dpx\">\n", im.name, im.name, im.name, im.top, im.drawW, im.drawH)
	}
	html.WriteString("</body></html>\n")
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(html.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return capturedFixture(t, "budget", fixturePageImportID, captureSite(t, dir, "/index.html")).convert(t)
}

// checkBudget checks which imgs of out kept their image (at which stored width) and that each
// left out has IMAGE_BUDGET_EXCEEDED on its own node, and nothing else does.
func checkBudget(t *testing.T, out *convert.Output, imgs []budgetImage) {
	t.Helper()
	entries := map[string]resultjson.ImageEntry{}
	for _, e := range out.Result.Images {
		entries[e.Ref] = e
	}
	nodes := byLayerName(out.Result.Root)
	budget := map[string]bool{}
	for _, w := range out.Result.Warnings {
		if w.Code == warnings.ImageBudget {
			budget[*w.NodeID] = true
		}
	}
	var stored int64
	for _, im := range imgs {
		n := nodes[im.name]
		if n == nil {
			t.Fatalf("no node %s", im.name)
		}
		var ref string
		if n.Fills != nil {
			for _, p := range *n.Fills {
				if p.Type == "IMAGE" {
					ref = p.ImageRef
				}
			}
		}
		e, kept := entries[ref]
		switch {
		case kept != im.wantKept:
			t.Errorf("%s: kept %v, want %v (fills %+v)", im.name, kept, im.wantKept, n.Fills)
		case kept && im.wantScaledToW > 0 && (e.Width != im.wantScaledToW || e.MimeType != resultjson.MimePNG || !strings.HasPrefix(e.Key, fixtureJobPrefix+"images/")):
			t.Errorf("%s: entry %+v, want a PNG copy %d px wide under the job's prefix", im.name, e, im.wantScaledToW)
		case kept && im.wantScaledToW == 0 && (e.Width != im.w || e.ByteSize != int64(im.bytes)):
			t.Errorf("%s: entry %+v, want the captured %dx%d file of %d bytes", im.name, e, im.w, im.h, im.bytes)
		}
		if budget[n.ID] == kept {
			t.Errorf("%s (%s): IMAGE_BUDGET_EXCEEDED %v, kept %v", im.name, n.ID, budget[n.ID], kept)
		}
		delete(budget, n.ID)
		stored += e.ByteSize
	}
	if len(budget) != 0 {
		t.Errorf("IMAGE_BUDGET_EXCEEDED on other nodes: %v", budget)
	}
	if stored > resultjson.MaxTotalImageBytes {
		t.Errorf("%d bytes of images, over %d", stored, resultjson.MaxTotalImageBytes)
	}
}

// TestImageBudgetEdge captures generated pages whose images add up to resultjson.MaxTotalImageBytes
// and one byte past it. Four PNGs of a quarter of the budget each, drawn at their own size (so
// none can be downscaled): at the edge all are kept as captured; one byte past it the one a
// visitor sees last and smallest (100x100, 1,400 px down; first in the document, so not the
// last in tree order) is left out with IMAGE_BUDGET_EXCEEDED on its node, the others kept. A
// third page is past the budget by a photo of noise drawn at a tenth of its width: it is redrawn
// at its drawn size (160 px wide at the capture's scale 1) and nothing is left out.
func TestImageBudgetEdge(t *testing.T) {
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI: %v", err)
		}
		t.Skip("Chromium not installed")
	}
	quarter := int(resultjson.MaxTotalImageBytes / 4)
	page := func(extra int) []budgetImage {
		return []budgetImage{
			{name: "small-below", w: 100, h: 100, drawW: 100, drawH: 100, top: 1400, bytes: quarter + extra, fill: color.NRGBA{200, 0, 0, 255}, wantKept: extra == 0},
			{name: "hero", w: 400, h: 300, drawW: 400, drawH: 300, top: 0, bytes: quarter, fill: color.NRGBA{0, 0, 200, 255}, wantKept: true},
			{name: "side", w: 200, h: 150, drawW: 200, drawH: 150, top: 320, bytes: quarter, fill: color.NRGBA{0, 150, 0, 255}, wantKept: true},
			{name: "large-below", w: 300, h: 200, drawW: 300, drawH: 200, top: 1000, bytes: quarter, fill: color.NRGBA{150, 150, 0, 255}, wantKept: true},
		}
	}
	t.Run("AtTheEdge", func(t *testing.T) {
		imgs := page(0)
		checkBudget(t, captureBudgetPage(t, imgs), imgs)
	})
	t.Run("OnePast", func(t *testing.T) {
		imgs := page(1)
		checkBudget(t, captureBudgetPage(t, imgs), imgs)
	})
	t.Run("DownscaledFirst", func(t *testing.T) {
		imgs := page(0)
		imgs[0].bytes, imgs[0].wantKept = 1<<20, true // 25 MiB and the 8 MiB photo: 1 MiB past the budget
		imgs = append(imgs, budgetImage{name: "photo", w: 1600, h: 1200, drawW: 160, drawH: 120, top: 600, bytes: 8 << 20, noise: true, wantKept: true, wantScaledToW: 160})
		checkBudget(t, captureBudgetPage(t, imgs), imgs)
	})
}
