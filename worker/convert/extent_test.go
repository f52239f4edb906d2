package convert_test

import (
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// Page extent and bad input (docs/conversion.md "Page extent and bad input"): captures made by
// the capture worker from testdata/capture-site.

// warningOn returns the message of the result's first warning of code on node id (warningsOn),
// or "" with false when there is none.
func warningOn(r *resultjson.Result, code, id string) (string, bool) {
	for _, w := range warningsOn(r.Warnings, id) {
		if msg, ok := strings.CutPrefix(w, code+": "); ok {
			return msg, true
		}
	}
	return "", false
}

// TestAppShellPageExtent: an app shell (the body 100vh and clipping, main scrolling) is converted
// whole: the root frame is the viewport's 800 px wide, though a ribbon reaches 300 px past the
// right edge of the body that clips sideways, and 1,784 px tall, main expanded from its 552 px to
// its content; the last line is a TEXT at the bottom; the capture's warning is passed on.
func TestAppShellPageExtent(t *testing.T) {
	out := loadFixture(t, "capture-appshell").convert(t)
	checkGolden(t, "capture-appshell", out.JSON)
	root := out.Result.Root
	nodes := named(root)
	if root.Width != 800 || root.Height != 1784 {
		t.Errorf("root %vx%v, want 800x1784", root.Width, root.Height)
	}
	if r := nodes["Ribbon"]; r == nil || r.X != 700 || r.Width != 400 {
		t.Errorf("ribbon %+v, want at x 700, 400 wide (clipped by the root frame)", r)
	}
	if m := nodes["Main"]; m == nil || m.Y != 48 || m.Height < 1735 || m.Height > 1736 {
		t.Errorf("main %+v, want at y 48, its content's 1,736 px tall", m)
	}
	if last := nodes["The last line of the shell"]; last == nil || last.Type != "TEXT" || last.Y < 1690 {
		t.Errorf("last line %+v, want a TEXT near main's bottom", last)
	}
	msg, ok := warningOn(out.Result, "CAPTURE_SCROLLER_EXPANDED", root.ID)
	if want := "the page scrolls inside <main>, not as a document; it was expanded from 552 to 1736 px tall to show its whole content"; !ok || msg != want {
		t.Errorf("warning %q (%v), want %q", msg, ok, want)
	}
}

// TestBadInputWarnsOnTheNode: what the capture lost of a page is a warning on the node that shows
// it, never a failed job: text whose web font never loaded (its request hangs) is set in the face
// the page drew (FONT_NOT_LOADED on the TEXT), a tainted canvas is its crop (CANVAS_CROPPED on
// the RECTANGLE), a rotated box with a float inside keeps its bounding box (CSS_TRANSFORM on its
// FRAME) with the float in it, and the page is captured at the load timeout
// (CAPTURE_PAGE_NOT_LOADED, page-wide).
func TestBadInputWarnsOnTheNode(t *testing.T) {
	out := loadFixture(t, "capture-badinput").convert(t)
	checkGolden(t, "capture-badinput", out.JSON)
	nodes := named(out.Result.Root)
	never, tilted, floated, tainted := nodes["Set in a web font that never loads"], nodes["Tilted"], nodes["Floated"], nodes["Tainted"]
	if never == nil || tilted == nil || floated == nil || tainted == nil {
		t.Fatalf("nodes missing: text %v, tilted %v, floated %v, canvas %v", never, tilted, floated, tainted)
	}
	if msg, ok := warningOn(out.Result, warnings.FontNotLoaded, never.ID); !ok || !strings.Contains(msg, `"Never Loads" did not load`) {
		t.Errorf("FONT_NOT_LOADED on the text: %q (%v)", msg, ok)
	}
	if never.FontName == nil || never.FontName.Family != "Noto Serif" {
		t.Errorf("the text's font %+v, want the face drawn, Noto Serif", never.FontName)
	}
	if _, ok := warningOn(out.Result, warnings.CanvasCropped, tainted.ID); !ok || tainted.Type != "RECTANGLE" || tainted.Width != 64 || tainted.Height != 64 {
		t.Errorf("canvas %s %vx%v, CANVAS_CROPPED on it %v; want a 64x64 RECTANGLE with the warning", tainted.Type, tainted.Width, tainted.Height, ok)
	}
	if _, ok := warningOn(out.Result, warnings.Transform, tilted.ID); !ok {
		t.Error("no CSS_TRANSFORM on the rotated box")
	}
	if floated.Width < 80 || floated.Height < 60 || floated.X+floated.Width > tilted.Width || floated.Y+floated.Height > tilted.Height {
		t.Errorf("float %v,%v %vx%v, want its 80x60 box's bounds inside the rotated box (%vx%v)", floated.X, floated.Y, floated.Width, floated.Height, tilted.Width, tilted.Height)
	}
	if msg, ok := warningOn(out.Result, "CAPTURE_PAGE_NOT_LOADED", out.Result.Root.ID); !ok || !strings.HasPrefix(msg, "the page had not finished loading after 10s") {
		t.Errorf("CAPTURE_PAGE_NOT_LOADED: %q (%v)", msg, ok)
	}
}

// TestVerticalColumns: a vertical-rl and a vertical-lr column of Chinese characters are each a
// TEXT of one character per line, 1.5 em wide and centred on the column (the block's right edge
// in vertical-rl, left in vertical-lr), each line a character's advance (20 px, plus 2 px of
// letter spacing in #rl), with no warning; Latin text set sideways and a block with room for two
// columns keep their box with CSS_WRITING_MODE on the node.
func TestVerticalColumns(t *testing.T) {
	out := loadFixture(t, "capture-vertical").convert(t)
	checkGolden(t, "capture-vertical", out.JSON)
	nodes := named(out.Result.Root)
	for _, tc := range []struct {
		chars      string
		advance, h float64
		frame      string
	}{
		{"携手藕花湖上路，", 22, 176, "Rl"},
		{"罗扇摇，凉风透。", 20, 160, "Lr"},
	} {
		n, f := nodes[tc.chars], nodes[tc.frame]
		if n == nil || f == nil {
			t.Fatalf("%q or its frame %s missing", tc.chars, tc.frame)
		}
		if n.X != 5 || n.Width != 30 || n.Height != tc.h || *n.LineHeight.Value != tc.advance || n.TextAlignHorizontal != "CENTER" || n.TextAutoResize != "HEIGHT" {
			t.Errorf("%q at x %v %vx%v, line height %v, %s %s; want x 5 (centred in the 40 px column), 30x%v, %v, CENTER HEIGHT",
				tc.chars, n.X, n.Width, n.Height, *n.LineHeight.Value, n.TextAlignHorizontal, n.TextAutoResize, tc.h, tc.advance)
		}
		if _, ok := warningOn(out.Result, warnings.WritingMode, n.ID); ok {
			t.Errorf("%q: CSS_WRITING_MODE, want none", tc.chars)
		}
	}
	for _, chars := range []string{"Sideways", "向人道：今夜凉如许，一霎黄梅雨。"} {
		n := nodes[chars]
		if n == nil {
			t.Fatalf("%q missing", chars)
		}
		if _, ok := warningOn(out.Result, warnings.WritingMode, n.ID); !ok {
			t.Errorf("%q: no CSS_WRITING_MODE", chars)
		}
	}
}
