package e2e_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"image"
	_ "image/gif"
	_ "image/jpeg"
	"image/png"
	"math"
	"strings"
	"testing"

	"golang.org/x/image/webp"

	"github.com/code2des/backend/internal/testenv"
	"github.com/code2des/backend/worker/capture/capturetest"
)

// figmaFileKey is the Figma file the test's Code2Des jobs are for.
const figmaFileKey = "e2eFileKey123"

// code2des is the Code2Des job as the API shows it.
type code2des struct {
	ID                 string  `json:"id"`
	PageImportID       string  `json:"pageImportId"`
	FigmaFileKey       string  `json:"figmaFileKey"`
	ScreenID           string  `json:"screenId"`
	Status             string  `json:"status"`
	Attempt            int     `json:"attempt"`
	WarningCount       *int    `json:"warningCount"`
	ErrorMessage       *string `json:"errorMessage"`
	MaterializedAt     *string `json:"materializedAt"`
	MaterializedNodeID *string `json:"materializedNodeId"`
}

const code2desFields = `id pageImportId figmaFileKey screenId status attempt warningCount errorMessage materializedAt materializedNodeId`

// code2desResult is code2desResult as the API serves it.
type code2desResult struct {
	Code2DesID   string `json:"code2desId"`
	PageImportID string `json:"pageImportId"`
	CaptureHash  string `json:"captureHash"`
	WarningCount int    `json:"warningCount"`
	Warnings     []struct {
		Code    string  `json:"code"`
		Message string  `json:"message"`
		NodeID  *string `json:"nodeId"`
	} `json:"warnings"`
	Root   json.RawMessage `json:"root"`
	Images []resultImage   `json:"images"`
}

// resultImage is one inlined image of a result.
type resultImage struct {
	Ref      string  `json:"ref"`
	MimeType string  `json:"mimeType"`
	ByteSize int     `json:"byteSize"`
	SHA256   string  `json:"sha256"`
	Width    int     `json:"width"`
	Height   int     `json:"height"`
	Base64   *string `json:"base64"`
	SVG      *string `json:"svg"`
}

// triggerCode2Des starts a conversion of a completed import through the API.
func (s *stack) triggerCode2Des(t *testing.T, pageImportID string) code2des {
	t.Helper()
	var out struct {
		Trigger struct {
			Code2Des code2des `json:"code2des"`
		} `json:"triggerCode2Des"`
	}
	s.graphql(t, `mutation($in: TriggerCode2DesInput!) { triggerCode2Des(input: $in) { code2des { `+code2desFields+` } } }`,
		map[string]any{"in": map[string]any{"pageImportId": pageImportID, "figmaFileKey": figmaFileKey}}, &out)
	job := out.Trigger.Code2Des
	if job.ID == "" || job.Status != "PROCESSING" || job.Attempt != 1 || job.PageImportID != pageImportID ||
		job.FigmaFileKey != figmaFileKey || job.ScreenID == "" {
		t.Fatalf("triggerCode2Des answered %+v; want a PROCESSING job of import %s", job, pageImportID)
	}
	return job
}

// awaitCode2Des polls code2des(id) until the job leaves PROCESSING, at most jobBound.
func (s *stack) awaitCode2Des(t *testing.T, id string) code2des {
	t.Helper()
	var job code2des
	testenv.WaitFor(t, jobBound, "Code2Des "+id+" leaves PROCESSING", func() bool {
		var out struct {
			Code2Des *code2des `json:"code2des"`
		}
		s.graphql(t, `query($id: ID!) { code2des(id: $id) { `+code2desFields+` } }`, map[string]any{"id": id}, &out)
		if out.Code2Des == nil {
			t.Fatalf("code2des(%s) is null", id)
		}
		job = *out.Code2Des
		return job.Status != "PROCESSING"
	})
	return job
}

// code2desResult fetches the result of a completed job through the API.
func (s *stack) code2desResult(t *testing.T, id string) code2desResult {
	t.Helper()
	var out struct {
		Result *code2desResult `json:"code2desResult"`
	}
	s.graphql(t, `query($id: ID!) { code2desResult(id: $id) {
		code2desId pageImportId captureHash warningCount warnings { code message nodeId } root
		images { ref mimeType byteSize sha256 width height base64 svg } } }`, map[string]any{"id": id}, &out)
	if out.Result == nil {
		t.Fatalf("code2desResult(%s) is null", id)
	}
	return *out.Result
}

// materialized is the answer of materializeCode2Des.
type materialized struct {
	Code2Des code2des `json:"code2des"`
	Recorded bool     `json:"recorded"`
}

// materialize records nodeID as the job's Figma root through the API.
func (s *stack) materialize(t *testing.T, id, nodeID string) materialized {
	t.Helper()
	var out struct {
		M materialized `json:"materializeCode2Des"`
	}
	s.graphql(t, `mutation($in: MaterializeCode2DesInput!) { materializeCode2Des(input: $in) { recorded code2des { `+code2desFields+` } } }`,
		map[string]any{"in": map[string]any{"code2desId": id, "nodeId": nodeID}}, &out)
	return out.M
}

// textNode is the part of a Figma TEXT node the test checks.
type textNode struct {
	Type       string `json:"type"`
	Characters string `json:"characters"`
	FontName   struct {
		Family string `json:"family"`
		Style  string `json:"style"`
	} `json:"fontName"`
	FontSize   float64 `json:"fontSize"`
	FontWeight int     `json:"fontWeight"`
	Fills      []struct {
		Type  string `json:"type"`
		Color struct {
			R, G, B float64
		} `json:"color"`
	} `json:"fills"`
	Width          float64 `json:"width"`
	TextAutoResize string  `json:"textAutoResize"`
	// Segments are the styled ranges of a paragraph (result version 2); each has the style
	// members above.
	Segments []struct {
		textNode
		Start     int `json:"start"`
		End       int `json:"end"`
		Hyperlink *struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"hyperlink"`
		TextDecoration string `json:"textDecoration"`
	} `json:"styledTextSegments"`
	Children []json.RawMessage `json:"children"`
}

// Colours of the test site in Figma's 0-1 channels: the body's text colour #222 (styles.css) and
// Chromium's link colour #0000ee (no CSS overrides it).
var (
	siteText = [3]float64{0x22 / 255.0, 0x22 / 255.0, 0x22 / 255.0}
	siteLink = [3]float64{0, 0, 0xee / 255.0}
)

// checkTexts finds the test site's headings, paragraphs and links as TEXT nodes (links as styled
// ranges of their paragraph's TEXT) with the fonts
// and colours of its CSS: `body { font-family: sans-serif; color: #222 }` (sans-serif is set in
// Inter, docs/conversion.md), `h1 { font-size: 40px }`, and Chromium's defaults elsewhere (h2
// 1.5em = 24px, headings bold, 16px text).
func checkTexts(t *testing.T, root json.RawMessage) {
	texts := map[string]textNode{}
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var n textNode
		if err := json.Unmarshal(raw, &n); err != nil {
			t.Fatalf("node %s: %v", raw, err)
		}
		if n.Type == "TEXT" {
			texts[n.Characters] = n
			// A link inside a paragraph is a styled range of its TEXT.
			for _, seg := range n.Segments {
				texts[strings.TrimSpace(seg.Characters)] = seg.textNode
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)

	for _, want := range []struct {
		text   string
		size   float64
		weight int
		style  string
		color  [3]float64
	}{
		{"Welcome to the capture test site", 40, 700, "Bold", siteText},
		{"This paragraph sits on a patterned background image.", 16, 400, "Regular", siteText},
		{"About us", 16, 400, "Regular", siteLink},
		{"Contact", 16, 400, "Regular", siteLink},
		{"Image gallery", 24, 700, "Bold", siteText},
		{"A PNG, a JPEG, a WebP and an SVG file, then an inline SVG.", 16, 400, "Regular", siteText},
		{"Below the fold", 24, 700, "Bold", siteText},
		{"The image under this paragraph loads only when scrolled into view.", 16, 400, "Regular", siteText},
		{"Footer text at the very bottom.", 16, 400, "Regular", siteText},
	} {
		n, ok := texts[want.text]
		if !ok {
			t.Errorf("no TEXT node %q in the tree", want.text)
			continue
		}
		if n.FontName.Family != "Inter" || n.FontName.Style != want.style || n.FontSize != want.size || n.FontWeight != want.weight {
			t.Errorf("%q set in %s %s %gpx weight %d; want Inter %s %gpx weight %d", want.text,
				n.FontName.Family, n.FontName.Style, n.FontSize, n.FontWeight, want.style, want.size, want.weight)
		}
		// Colours are rounded to 1/10,000 (docs/conversion.md).
		if len(n.Fills) != 1 || n.Fills[0].Type != "SOLID" || math.Abs(n.Fills[0].Color.R-want.color[0]) > 1e-4 ||
			math.Abs(n.Fills[0].Color.G-want.color[1]) > 1e-4 || math.Abs(n.Fills[0].Color.B-want.color[2]) > 1e-4 {
			t.Errorf("%q filled with %+v; want one SOLID of %v", want.text, n.Fills, want.color)
		}
	}
	for _, text := range capturetest.Texts {
		if _, ok := texts[text]; !ok {
			t.Errorf("the site's text %q is not a TEXT node of the tree", text)
		}
	}
}

// checkImages checks that every image of the test site is inlined in the result with the right
// bytes: PNG, JPEG (and GIF) byte for byte as the site serves them, the WebP as a PNG of the
// same size and pixels, the SVG file as its text, and the inline SVG as text with its colour;
// and that the tree's imageRefs and the images are the same set.
func checkImages(t *testing.T, res code2desResult) {
	type returned struct {
		img   resultImage
		bytes []byte
	}
	byRef := map[string]returned{}
	for _, im := range res.Images {
		var b []byte
		switch {
		case im.MimeType == "image/svg+xml" && im.SVG != nil && im.Base64 == nil:
			b = []byte(*im.SVG)
		case im.MimeType != "image/svg+xml" && im.Base64 != nil && im.SVG == nil:
			var err error
			if b, err = base64.StdEncoding.DecodeString(*im.Base64); err != nil {
				t.Errorf("image %s: base64: %v", im.Ref, err)
				continue
			}
		default:
			t.Errorf("image %s (%s) carries base64 %v and svg %v", im.Ref, im.MimeType, im.Base64 != nil, im.SVG != nil)
			continue
		}
		sum := sha256.Sum256(b)
		if im.ByteSize != len(b) || im.SHA256 != hex.EncodeToString(sum[:]) {
			t.Errorf("image %s: byteSize %d, sha256 %s do not describe its %d returned bytes", im.Ref, im.ByteSize, im.SHA256, len(b))
		}
		byRef[im.Ref] = returned{im, b}
	}

	found := map[string]string{} // site file -> ref
	for name, mime := range capturetest.Images {
		file := capturetest.File(t, name)
		for ref, r := range byRef {
			switch {
			case mime == "image/svg+xml":
				if r.img.MimeType == mime && bytes.Equal(r.bytes, file) {
					found[name] = ref
				}
			case mime == "image/webp":
				// The backend converts WebP to PNG (Figma cannot read WebP).
				if r.img.MimeType == "image/png" && samePixels(t, r.bytes, file) {
					found[name] = ref
				}
			default:
				if r.img.MimeType == mime && bytes.Equal(r.bytes, file) {
					cfg, _, err := image.DecodeConfig(bytes.NewReader(file))
					if err != nil || r.img.Width != cfg.Width || r.img.Height != cfg.Height {
						t.Errorf("%s inlined as %s of %dx%d; the file is %dx%d (%v)", name, ref, r.img.Width, r.img.Height, cfg.Width, cfg.Height, err)
					}
					found[name] = ref
				}
			}
		}
		if found[name] == "" {
			t.Errorf("the site's %s (%s) is not among the result's images with its bytes", name, mime)
		}
	}
	inline := 0
	for ref, r := range byRef {
		if r.img.MimeType == "image/svg+xml" && strings.Contains(string(r.bytes), capturetest.InlineSVGColor) {
			inline++
			found["inline svg"] = ref
		}
	}
	if inline != 1 {
		t.Errorf("%d SVG images carry the inline SVG's colour %s, want 1", inline, capturetest.InlineSVGColor)
	}
	if len(res.Images) != len(found) {
		t.Errorf("the result has %d images; want exactly the site's %d (%v)", len(res.Images), len(found), found)
	}

	// The tree references exactly the images served.
	refs := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["imageRef"].(string); ok {
				refs[ref] = true
			}
			for _, c := range v {
				walk(c)
			}
		case []any:
			for _, c := range v {
				walk(c)
			}
		}
	}
	var tree any
	if err := json.Unmarshal(res.Root, &tree); err != nil {
		t.Fatal(err)
	}
	walk(tree)
	for ref := range refs {
		if _, ok := byRef[ref]; !ok {
			t.Errorf("the tree references image %s, which the result does not carry", ref)
		}
	}
	for ref := range byRef {
		if !refs[ref] {
			t.Errorf("image %s is not referenced by the tree", ref)
		}
	}
}

// samePixels reports whether pngBytes is a valid PNG with the size and pixels of the WebP file.
func samePixels(t *testing.T, pngBytes, webpFile []byte) bool {
	t.Helper()
	want, err := webp.Decode(bytes.NewReader(webpFile))
	if err != nil {
		t.Fatalf("the site's WebP: %v", err)
	}
	got, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil || got.Bounds().Size() != want.Bounds().Size() {
		return false
	}
	wb, gb := want.Bounds(), got.Bounds()
	for y := 0; y < wb.Dy(); y++ {
		for x := 0; x < wb.Dx(); x++ {
			r1, g1, b1, a1 := want.At(wb.Min.X+x, wb.Min.Y+y).RGBA()
			r2, g2, b2, a2 := got.At(gb.Min.X+x, gb.Min.Y+y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 || a1>>8 != a2>>8 {
				return false
			}
		}
	}
	return true
}

// TestParagraphEndToEnd imports capturetest.TextPath through the API and converts it: the
// paragraph whose link starts mid-line and wraps comes back from code2desResult as ONE TEXT node
// of the paragraph's width (240 px, textAutoResize HEIGHT) whose link is a styled range with its
// hyperlink, between plain ranges, as the plugin will apply them with setRange*.
func TestParagraphEndToEnd(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	s.runConversionWorker(t)
	res := s.importAndConvert(t, capturetest.TextPath)
	var para []textNode
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var n textNode
		if err := json.Unmarshal(raw, &n); err != nil {
			t.Fatal(err)
		}
		if n.Type == "TEXT" && (strings.Contains(n.Characters, "Plain start") || strings.Contains(n.Characters, "then more.")) {
			para = append(para, n)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(res.Root)
	if len(para) != 1 {
		t.Fatalf("%d TEXT nodes hold the paragraph's words, want 1", len(para))
	}
	n := para[0]
	const want = "Plain start of the line and a link that wraps onto the next line then more."
	if n.Characters != want || n.Width != 240 || n.TextAutoResize != "HEIGHT" {
		t.Errorf("TEXT %q width %g %s; want %q width 240 HEIGHT", n.Characters, n.Width, n.TextAutoResize, want)
	}
	if len(n.Segments) != 3 {
		t.Fatalf("%d styled segments, want 3", len(n.Segments))
	}
	link := n.Segments[1]
	if link.Characters != "and a link that wraps onto the next line" || link.Start != 24 || link.End != 64 ||
		link.Hyperlink == nil || link.Hyperlink.Type != "URL" || link.Hyperlink.Value != s.site.URL+capturetest.TextPath ||
		link.TextDecoration != "UNDERLINE" || len(link.Fills) != 1 || math.Abs(link.Fills[0].Color.B-siteLink[2]) > 1e-4 {
		t.Errorf("link segment %+v (hyperlink %+v); want the link's range 24-64, underlined, in the link colour, to %s", link, link.Hyperlink, s.site.URL+capturetest.TextPath)
	}
	for _, i := range []int{0, 2} {
		if seg := n.Segments[i]; seg.Hyperlink != nil || seg.TextDecoration != "NONE" {
			t.Errorf("plain segment %d %q has hyperlink %+v decoration %s; want none", i, seg.Characters, seg.Hyperlink, seg.TextDecoration)
		}
	}
}

// TestListsEndToEnd imports capturetest.ListsPath through the API and converts it: list markers
// come back from code2desResult as TEXT nodes (a numbered list's "3." from its start, the custom
// red "→" ::marker) and ::before/::after text as ranges of their paragraph, with no
// LIST_MARKER warning.
func TestListsEndToEnd(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	s.runConversionWorker(t)
	res := s.importAndConvert(t, capturetest.ListsPath)
	texts := map[string]textNode{}
	var walk func(raw json.RawMessage)
	walk = func(raw json.RawMessage) {
		var n textNode
		if err := json.Unmarshal(raw, &n); err != nil {
			t.Fatal(err)
		}
		if n.Type == "TEXT" {
			texts[n.Characters] = n
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(res.Root)
	for _, want := range []string{"•", "◦", "▪", "3.", "10.", "iv.", "C.", "→", "Third", "• Inside marker text"} {
		if _, ok := texts[want]; !ok {
			t.Errorf("no TEXT %q in the result", want)
		}
	}
	if arrow, ok := texts["→"]; ok && (len(arrow.Fills) != 1 || arrow.Fills[0].Color.R != 0.8) {
		t.Errorf("the custom marker is filled with %+v, want the ::marker red", arrow.Fills)
	}
	note, ok := texts["Note: Generated content before and after this text. (see below)"]
	if !ok || len(note.Segments) != 3 || note.Segments[0].Characters != "Note: " || note.Segments[0].FontName.Style != "Bold" {
		t.Errorf("the ::before/::after paragraph is %+v", note)
	}
	for _, w := range res.Warnings {
		if w.Code == "LIST_MARKER" {
			t.Errorf("a marker was not drawn: %s", w.Message)
		}
	}
}

// checkFidelity reads the job's fidelity through the API: the conversion worker's self-check
// (on, as in make run) compared its preview with the capture's screenshot at scale 1, kept every
// text and image of the site, stored a diff map the API inlines, and the dashboard's
// fidelityScore is the same SSIM.
func (s *stack) checkFidelity(t *testing.T, id string, width int) {
	t.Helper()
	var out struct {
		Result struct {
			Fidelity *struct {
				Version                       int
				Scale                         float64
				Ssim, DiffRatio               *float64
				ComparedWidth, ComparedHeight *int
				TextCoverage, ImageCoverage   float64
				DiffMap                       *struct {
					MimeType      string
					Width, Height int
					Base64        *string
				}
			}
		} `json:"code2desResult"`
		Job struct {
			FidelityScore *float64
		} `json:"code2des"`
	}
	s.graphql(t, `query($id: ID!) { code2desResult(id: $id) { fidelity { version scale ssim diffRatio comparedWidth comparedHeight
	  textCoverage imageCoverage diffMap { mimeType width height base64 } } } code2des(id: $id) { fidelityScore } }`,
		map[string]any{"id": id}, &out)
	f := out.Result.Fidelity
	if f == nil || f.Ssim == nil || f.DiffRatio == nil || f.ComparedWidth == nil || f.DiffMap == nil || f.DiffMap.Base64 == nil {
		t.Fatalf("fidelity %+v; want it measured", f)
	}
	if f.Version != 1 || f.Scale != 1 || *f.ComparedWidth != width || *f.Ssim < 0.8 || *f.Ssim > 1 || *f.DiffRatio > 0.2 ||
		f.TextCoverage != 1 || f.ImageCoverage != 1 {
		t.Errorf("fidelity version %d scale %g width %d SSIM %g diff %g coverage %g/%g; want v1 at scale 1, %d px, SSIM over 0.8, diff under 20%%, full coverage",
			f.Version, f.Scale, *f.ComparedWidth, *f.Ssim, *f.DiffRatio, f.TextCoverage, f.ImageCoverage, width)
	}
	b, err := base64.StdEncoding.DecodeString(*f.DiffMap.Base64)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil || f.DiffMap.MimeType != "image/png" || cfg.Width != f.DiffMap.Width || cfg.Height != f.DiffMap.Height {
		t.Errorf("diff map %s %dx%d decodes as %+v (%v)", f.DiffMap.MimeType, f.DiffMap.Width, f.DiffMap.Height, cfg, err)
	}
	if sc := out.Job.FidelityScore; sc == nil || *sc != *f.Ssim {
		t.Errorf("fidelityScore %v, want the result's SSIM %g", sc, *f.Ssim)
	}
}
