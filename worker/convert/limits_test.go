package convert_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strconv"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert"
	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// page builds a synthetic capture of an 800x600 page whose body holds children.
func page(children ...*capturemodel.DOMNode) *capturemodel.Capture {
	body := &capturemodel.DOMNode{Type: "element", Tag: "body", Box: capturemodel.Box{Width: 800, Height: 600}, Children: children}
	return &capturemodel.Capture{
		Manifest: capturemodel.CaptureManifest{Kind: capturemodel.CaptureKind, Version: 1, PageImportID: fixturePageImportID, Attempt: 1},
		Document: capturemodel.Document{Title: "t", Viewport: capturemodel.Size{Width: 800, Height: 600}, ScrollSize: capturemodel.Size{Width: 800, Height: 600},
			Root: &capturemodel.DOMNode{Type: "element", Tag: "html", Box: capturemodel.Box{Width: 800, Height: 600}, Children: []*capturemodel.DOMNode{body}}},
	}
}

func div(style map[string]string, children ...*capturemodel.DOMNode) *capturemodel.DOMNode {
	return &capturemodel.DOMNode{Type: "element", Tag: "div", Box: capturemodel.Box{Width: 10, Height: 10}, Style: style, Children: children}
}

func text(s string) *capturemodel.DOMNode {
	return &capturemodel.DOMNode{Type: "text", Text: s, Box: capturemodel.Box{Width: 10, Height: 10}}
}

func run(t *testing.T, c *capturemodel.Capture, load convert.AssetLoader) *convert.Output {
	t.Helper()
	if load == nil {
		load = func(context.Context, capturemodel.Asset, int64) ([]byte, error) { return nil, convert.ErrAssetMissing }
	}
	out, err := convert.Convert(context.Background(), c, fixtureJob, convert.Options{ImportPrefix: fixtureImportPrefix, JobPrefix: fixtureJobPrefix}, load)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func codes(out *convert.Output) map[string]int {
	m := map[string]int{}
	for _, w := range out.Result.Warnings {
		m[w.Code]++
	}
	return m
}

func TestWarningsCap(t *testing.T) {
	t.Parallel()
	transformed := func(n int) *capturemodel.Capture {
		var kids []*capturemodel.DOMNode
		for range n {
			// A perspective transform: the capture leaves it as its bounding box, with a warning.
			kids = append(kids, div(map[string]string{"transform": "matrix3d(0.9, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1)"}))
		}
		return page(kids...)
	}
	t.Run("AtCapAllListed", func(t *testing.T) {
		out := run(t, transformed(resultjson.MaxWarnings), nil)
		if n, c := len(out.Result.Warnings), codes(out); n != resultjson.MaxWarnings || c["WARNINGS_TRUNCATED"] != 0 {
			t.Errorf("%d warnings %v, want %d transforms", n, c, resultjson.MaxWarnings)
		}
	})
	t.Run("PastCapTruncated", func(t *testing.T) {
		out := run(t, transformed(resultjson.MaxWarnings+1), nil)
		ws := out.Result.Warnings
		last := ws[len(ws)-1]
		if len(ws) != resultjson.MaxWarnings || last.Code != "WARNINGS_TRUNCATED" || last.Message != "2 more warnings were left out" || last.NodeID == nil || *last.NodeID != "1:1" {
			t.Errorf("%d warnings ending %+v; want %d ending WARNINGS_TRUNCATED for 2", len(ws), ws[len(ws)-1], resultjson.MaxWarnings)
		}
	})
}

func TestNodeLimit(t *testing.T) {
	t.Parallel()
	clipped := func(n int) *capturemodel.Capture {
		kids := make([]*capturemodel.DOMNode, n)
		for i := range kids {
			kids[i] = div(map[string]string{"overflow-x": "hidden"})
		}
		return page(kids...)
	}
	// The root is one node, so MaxNodes-1 boxes fill the tree exactly.
	t.Run("AtLimitAllKept", func(t *testing.T) {
		out := run(t, clipped(resultjson.MaxNodes-1), nil)
		if n := len(out.Result.Root.Children); n != resultjson.MaxNodes-1 || len(out.Result.Warnings) != 0 {
			t.Errorf("%d children, warnings %v", n, codes(out))
		}
	})
	t.Run("PastLimitWarned", func(t *testing.T) {
		out := run(t, clipped(resultjson.MaxNodes), nil)
		if n, c := len(out.Result.Root.Children), codes(out); n != resultjson.MaxNodes-1 || c["NODE_LIMIT"] != 1 {
			t.Errorf("%d children, warnings %v; want %d and one NODE_LIMIT", n, c, resultjson.MaxNodes-1)
		}
	})
}

func depth(n *resultjson.Node) int {
	d := 0
	for _, c := range n.Children {
		d = max(d, depth(c))
	}
	return d + 1
}

func TestDepthLimit(t *testing.T) {
	t.Parallel()
	chain := func(n int) *capturemodel.Capture {
		inner := text("deep")
		node := div(map[string]string{"overflow-x": "hidden"}, inner)
		for range n - 1 {
			node = div(map[string]string{"overflow-x": "hidden"}, node)
		}
		return page(node)
	}
	// Frames reach depth MaxDepth-1 and the text MaxDepth: MaxDepth-2 nested boxes fit.
	t.Run("AtLimitKept", func(t *testing.T) {
		out := run(t, chain(resultjson.MaxDepth-2), nil)
		c := codes(out)
		delete(c, "FONT_GENERIC_FAMILY")
		if d := depth(out.Result.Root); d != resultjson.MaxDepth || len(c) != 0 {
			t.Errorf("depth %d, warnings %v; want %d and none", d, c, resultjson.MaxDepth)
		}
	})
	t.Run("PastLimitFlattened", func(t *testing.T) {
		out := run(t, chain(resultjson.MaxDepth-1), nil)
		if d, c := depth(out.Result.Root), codes(out); d != resultjson.MaxDepth || c["TREE_DEPTH_FLATTENED"] != 1 {
			t.Errorf("depth %d, warnings %v; want %d and one TREE_DEPTH_FLATTENED", d, c, resultjson.MaxDepth)
		}
	})
}

// pngOf returns a PNG header (signature and IHDR, which is all DecodeConfig reads) of w x h,
// padded with zeros to size bytes.
func pngOf(w, h, size int) []byte {
	return pngHeaderOf(w, h, size, 8, 6, 0) // 8-bit RGBA
}

// pngHeaderOf is a PNG of the given IHDR (bit depth, colour type, interlace method) padded to size
// bytes: enough for a header decode (a paletted one gets PLTE and tRNS chunks), not for decoding pixels.
func pngHeaderOf(w, h, size int, depth, colorType, interlace byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(name string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		c := append([]byte(name), data...)
		b.Write(c)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9], ihdr[12] = depth, colorType, interlace
	chunk("IHDR", ihdr)
	if colorType == 3 {
		chunk("PLTE", []byte{0, 0, 0, 255, 255, 255})
		chunk("tRNS", []byte{255}) // the header decode reads up to here
	}
	if b.Len() < size {
		b.Write(make([]byte, size-b.Len()))
	}
	return b.Bytes()
}

// webpLosslessOf is the header of a lossless WebP (RIFF, VP8L chunk with its 5-byte header) of
// w x h, enough for a header decode.
func webpLosslessOf(w, h int) []byte {
	vp8l := make([]byte, 5)
	vp8l[0] = 0x2f
	binary.LittleEndian.PutUint32(vp8l[1:], uint32(w-1)|uint32(h-1)<<14)
	b := []byte("RIFF\x00\x00\x00\x00WEBPVP8L")
	b = binary.LittleEndian.AppendUint32(b, uint32(len(vp8l)))
	b = append(b, vp8l...)
	b = append(b, 0) // pad to even
	binary.LittleEndian.PutUint32(b[4:], uint32(len(b)-8))
	return b
}

// mimeOf names the type imagePage declares for b: WebP or JPEG by signature, else PNG (also
// for bytes that are not a PNG, which the converter then finds invalid).
func mimeOf(b []byte) string {
	switch {
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "image/webp"
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return "image/jpeg"
	}
	return "image/png"
}

// imagePage is a page of img elements showing the given PNGs, with a loader serving them.
func imagePage(images ...[]byte) (*capturemodel.Capture, convert.AssetLoader) {
	var kids []*capturemodel.DOMNode
	c := page()
	blobs := map[string][]byte{}
	for i, b := range images {
		id := "img-" + strconv.Itoa(i+1)
		key := fixtureImportPrefix + "assets/" + id + ".png"
		blobs[key] = b
		c.Assets = append(c.Assets, capturemodel.Asset{ID: id, Kind: "img", Key: key, MimeType: mimeOf(b), SHA256: sha256Hex(b), ByteSize: int64(len(b))})
		kids = append(kids, &capturemodel.DOMNode{Type: "element", Tag: "img", Box: capturemodel.Box{Width: 10, Height: 10}, Image: &capturemodel.DOMImage{AssetID: id}})
	}
	c.Document.Root.Children[0].Children = kids
	return c, func(_ context.Context, a capturemodel.Asset, maxBytes int64) ([]byte, error) {
		b, ok := blobs[a.Key]
		if !ok {
			return nil, convert.ErrAssetMissing
		}
		if int64(len(b)) > maxBytes {
			return nil, errors.New("loader asked for fewer bytes than the asset has")
		}
		return b, nil
	}
}

func TestImageLimits(t *testing.T) {
	t.Parallel()
	const mib = 1 << 20
	for _, tc := range []struct {
		name     string
		images   [][]byte
		entries  int
		warnings map[string]int
	}{
		{"ImageAtByteLimitKept", [][]byte{pngOf(8, 8, resultjson.MaxImageBytes)}, 1, map[string]int{}},
		{"ImagePastByteLimitLeftOut", [][]byte{pngOf(8, 8, resultjson.MaxImageBytes+1)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		{"ImagesAtTotalKept", [][]byte{pngOf(8, 8, 10*mib), pngOf(8, 8, 10*mib), pngOf(8, 8, 10*mib), pngOf(8, 8, 2*mib)}, 4, map[string]int{}},
		{"ImagesPastTotalLeftOut", [][]byte{pngOf(8, 8, 10*mib), pngOf(8, 8, 10*mib), pngOf(8, 8, 10*mib), pngOf(8, 8, 2*mib+1)}, 3, map[string]int{"IMAGE_BUDGET_EXCEEDED": 1}},
		// An 8-bit PNG costs 4 bytes a pixel to decode: 8192x4096 is exactly MaxConvertBytes;
		// the backend returns it as 4096x2048 RGBA at most, exactly MaxTotalImageBytes.
		{"Converted8BitPNGAtDecodeBudgetKept", [][]byte{pngOf(8192, 4096, 100)}, 1, map[string]int{}},
		{"Converted8BitPNGPastDecodeBudgetLeftOut", [][]byte{pngOf(8193, 4096, 100)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		{"Converted8BitPNGOneRowPastDecodeBudgetLeftOut", [][]byte{pngOf(8192, 4097, 100)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		// A 16-bit PNG costs 8 bytes a pixel, an interlaced 8-bit one 2x4.
		{"Converted16BitPNGAtDecodeBudgetKept", [][]byte{pngHeaderOf(8192, 2048, 100, 16, 6, 0)}, 1, map[string]int{}},
		{"Converted16BitPNGPastDecodeBudgetLeftOut", [][]byte{pngHeaderOf(8192, 2049, 100, 16, 6, 0)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		{"Converted16BitGrayPNGPastDecodeBudgetLeftOut", [][]byte{pngHeaderOf(8192, 2049, 100, 16, 0, 0)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		{"ConvertedInterlacedPNGAtDecodeBudgetKept", [][]byte{pngHeaderOf(8192, 2048, 100, 8, 2, 1)}, 1, map[string]int{}},
		{"ConvertedInterlacedPNGPastDecodeBudgetLeftOut", [][]byte{pngHeaderOf(8192, 2049, 100, 8, 2, 1)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		// A paletted PNG costs 1 byte a pixel: larger than the old 32 Mi px limit is fine.
		{"ConvertedPalettedPNGAtDecodeBudgetKept", [][]byte{pngHeaderOf(16384, 8192, 100, 8, 3, 0)}, 1, map[string]int{}},
		{"ConvertedPalettedPNGPastDecodeBudgetLeftOut", [][]byte{pngHeaderOf(16384, 8193, 100, 8, 3, 0)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		// Not converted (4,096 px a side at most): returned as stored, whatever decoding costs.
		{"Unconverted16BitInterlacedPNGKept", [][]byte{pngHeaderOf(4096, 4096, 100, 16, 6, 1)}, 1, map[string]int{}},
		// A WebP is always converted; lossless costs 8 bytes a pixel.
		{"LosslessWebPAtDecodeBudgetKept", [][]byte{webpLosslessOf(8192, 2048)}, 1, map[string]int{}},
		{"LosslessWebPPastDecodeBudgetLeftOut", [][]byte{webpLosslessOf(8192, 2049)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		{"SideAtDeclaredLimitKept", [][]byte{pngOf(resultjson.MaxDeclaredImageSide, 1, 100)}, 1, map[string]int{}},
		{"SidePastDeclaredLimitLeftOut", [][]byte{pngOf(resultjson.MaxDeclaredImageSide+1, 1, 100)}, 0, map[string]int{"IMAGE_TOO_LARGE": 1}},
		{"NotAPNGLeftOut", [][]byte{[]byte("GIF89a not a png")}, 0, map[string]int{"IMAGE_INVALID": 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, load := imagePage(tc.images...)
			out := run(t, c, load)
			if len(out.Result.Images) != tc.entries {
				t.Errorf("%d image entries, want %d", len(out.Result.Images), tc.entries)
			}
			got := codes(out)
			delete(got, "FONT_GENERIC_FAMILY")
			if len(got) != len(tc.warnings) {
				t.Errorf("warnings %v, want %v", got, tc.warnings)
			}
			for code, n := range tc.warnings {
				if got[code] != n {
					t.Errorf("warnings %v, want %v", got, tc.warnings)
				}
			}
		})
	}
}

func TestMissingAssetWarnsAndStorageErrorFails(t *testing.T) {
	t.Parallel()
	c, _ := imagePage(pngOf(8, 8, 100))
	t.Run("MissingObjectWarned", func(t *testing.T) {
		out := run(t, c, nil)
		if got := codes(out); got["IMAGE_UNRESOLVED"] != 1 || len(out.Result.Images) != 0 {
			t.Errorf("warnings %v, %d images", got, len(out.Result.Images))
		}
		if n := out.Result.Root.Children[0]; n.Type != "RECTANGLE" {
			t.Errorf("the img's box is a %s, want a RECTANGLE kept for the layout", n.Type)
		}
	})
	t.Run("StorageErrorAborts", func(t *testing.T) {
		boom := errors.New("storage unreachable")
		_, err := convert.Convert(context.Background(), c, fixtureJob, convert.Options{ImportPrefix: fixtureImportPrefix},
			func(context.Context, capturemodel.Asset, int64) ([]byte, error) { return nil, boom })
		if !errors.Is(err, boom) {
			t.Errorf("err = %v, want the loader's error", err)
		}
	})
	t.Run("AssetOutsideImportCopied", func(t *testing.T) {
		b := pngOf(8, 8, 100)
		c2, load := imagePage(b)
		out, err := convert.Convert(context.Background(), c2, fixtureJob, convert.Options{ImportPrefix: "page-imports/other/attempt-1/", JobPrefix: fixtureJobPrefix}, load)
		if err != nil {
			t.Fatal(err)
		}
		want := fixtureJobPrefix + "images/" + sha256Hex(b) + ".png"
		if len(out.Copies) != 1 || out.Copies[0].Key != want || !bytes.Equal(out.Copies[0].Bytes, b) || out.Result.Images[0].Key != want {
			t.Errorf("copies %d, image key %q; want one copy at %q", len(out.Copies), out.Result.Images[0].Key, want)
		}
	})
}

func TestResultSizeLimit(t *testing.T) {
	t.Parallel()
	// Long texts make a result over MaxResultBytes (AtLimit: just within it, untouched); the
	// conversion keeps the first paragraphs that fit and says so.
	long := strings.Repeat("x", 9000)
	paragraphs := func(n int) *capturemodel.Capture {
		var kids []*capturemodel.DOMNode
		for range n {
			kids = append(kids, &capturemodel.DOMNode{Type: "element", Tag: "p", Box: capturemodel.Box{Width: 10, Height: 10}, Children: []*capturemodel.DOMNode{text(long)}})
		}
		return page(kids...)
	}
	t.Run("WithinLimit_Untouched", func(t *testing.T) {
		out, err := convert.Convert(context.Background(), paragraphs(resultjson.MaxResultBytes/9000-200), fixtureJob, convert.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range out.Result.Warnings {
			if w.Code == warnings.ResultTrimmed {
				t.Errorf("warning %s on a result of %d bytes", w.Code, len(out.JSON))
			}
		}
	})
	t.Run("PastLimit_TrimmedWithWarning", func(t *testing.T) {
		const n = resultjson.MaxResultBytes/9000 + 200
		out, err := convert.Convert(context.Background(), paragraphs(n), fixtureJob, convert.Options{}, nil)
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		if len(out.JSON) > resultjson.MaxResultBytes || len(out.JSON) < resultjson.MaxResultBytes/2 {
			t.Errorf("result %d bytes; want at most %d and not far below", len(out.JSON), resultjson.MaxResultBytes)
		}
		var trimmed *resultjson.Warning
		for i, w := range out.Result.Warnings {
			if w.Code == warnings.ResultTrimmed {
				trimmed = &out.Result.Warnings[i]
			}
		}
		kept := len(out.Result.Root.Children)
		if trimmed == nil || kept >= n || !strings.Contains(trimmed.Message, "the page was too large for one result (over 8 MiB): its first ") {
			t.Fatalf("kept %d of %d paragraphs, warning %+v", kept, n, trimmed)
		}
		if again, err := resultjson.Encode(out.Result); err != nil || !bytes.Equal(again, out.JSON) {
			t.Errorf("the trimmed result does not encode to its JSON: %v", err)
		}
	})
}

// TestUnresolvedImageNamesItsReason: an image the capture lists as unresolved (in the document,
// where the capture worker writes them) becomes IMAGE_UNRESOLVED with the capture's reason, and
// the img keeps its box.
func TestUnresolvedImageNamesItsReason(t *testing.T) {
	t.Parallel()
	c := page(&capturemodel.DOMNode{Type: "element", Tag: "img", Box: capturemodel.Box{Width: 10, Height: 10}, Image: &capturemodel.DOMImage{AssetID: "img-9"}})
	c.Document.UnresolvedImages = []capturemodel.UnresolvedImage{{ID: "img-9", SourceURL: "https://example.com/a.png", Reason: "could not be fetched (HTTP 404)"}}
	out := run(t, c, nil)
	ws := out.Result.Warnings
	if len(ws) != 1 || ws[0].Code != "IMAGE_UNRESOLVED" || !strings.Contains(ws[0].Message, "https://example.com/a.png") ||
		!strings.Contains(ws[0].Message, "HTTP 404") || out.Result.Root.Children[0].Type != "RECTANGLE" {
		t.Errorf("warnings %+v, root children %d", ws, len(out.Result.Root.Children))
	}
}
