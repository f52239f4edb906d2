package convert_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// TestPseudoElementBackgroundImages converts the pseudo-background page: body's empty, fixed
// ::before is a full-viewport FRAME (800x600 at the root's origin at scroll 0, FIXED, under the
// content: z-index -1) filled with the page's photo (background-size cover: FILL), and #badge's empty absolutely placed
// ::after is an 80x40 FRAME in the box the capture measured, tiled with the same photo in
// 20x20 tiles (background-size 20px 20px); no
// background image is left unresolved and no pseudo-element is left out.
func TestPseudoElementBackgroundImages(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "pseudo-background")
	out := f.convert(t)
	photo, err := os.ReadFile("testdata/pseudo-site/photo.png")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(photo)
	photoSHA := hex.EncodeToString(sum[:])
	shaOf := map[string]string{}
	for _, e := range out.Result.Images {
		shaOf[e.Ref] = e.SHA256
	}
	byName := map[string]placed{}
	for _, fr := range placedNodes(out.Result.Root, "FRAME") {
		if strings.HasPrefix(fr.node.Name, "::") {
			byName[fr.node.Name] = fr
		}
	}
	imageFill := func(n *resultjson.Node) *resultjson.Paint {
		if n.Fills == nil {
			return nil
		}
		for i, p := range *n.Fills {
			if p.Type == "IMAGE" {
				return &(*n.Fills)[i]
			}
		}
		return nil
	}
	before, ok := byName["::before"]
	if !ok {
		t.Fatalf("no ::before FRAME (pseudo frames %v)", keys(byName))
	}
	if before.x != 0 || before.y != 0 || before.w != 800 || before.h != 600 || before.node.ScrollBehavior != "FIXED" {
		t.Errorf("body::before at %.1f,%.1f %.1fx%.1f (%q), want 0,0 800x600 FIXED", before.x, before.y, before.w, before.h, before.node.ScrollBehavior)
	}
	if p := imageFill(before.node); p == nil || shaOf[p.ImageRef] != photoSHA || p.ScaleMode != "FILL" {
		t.Errorf("body::before fills %+v, want a FILL IMAGE of photo.png (%s)", before.node.Fills, photoSHA)
	}
	// z-index: -1 paints it under the flow: a child of the root before the one holding the text.
	order := func(match func(*resultjson.Node) bool) int {
		for i, c := range out.Result.Root.Children {
			if match(c) {
				return i
			}
		}
		return -1
	}
	under := order(func(c *resultjson.Node) bool { return c == before.node })
	content := order(func(c *resultjson.Node) bool {
		for _, tx := range placedNodes(c, "TEXT") {
			if tx.node.Characters == "Behind the content" {
				return true
			}
		}
		return false
	})
	if under < 0 || content < 0 || under > content {
		t.Errorf("body::before is child %d of the root, the heading's frame child %d; want it a child under the content", under, content)
	}
	after, ok := byName["::after"]
	if !ok {
		t.Fatalf("no ::after FRAME (pseudo frames %v)", keys(byName))
	}
	if after.x != 520 || after.w != 80 || after.h != 40 {
		t.Errorf("#badge::after at %.1f,%.1f %.1fx%.1f, want x 520 (right of main's 400 px content box at 200), 80x40", after.x, after.y, after.w, after.h)
	}
	// background-size 20px 20px stretches the 160x120 photo into square tiles, which no TILE
	// paint (one scaling factor) draws: 4 x 2 RECTANGLEs of 20 x 20, each the whole photo.
	if len(*after.node.Fills) != 0 || len(after.node.Children) != 8 {
		t.Fatalf("#badge::after fills %+v with %d children, want no fill and 8 tiles", after.node.Fills, len(after.node.Children))
	}
	for i, tile := range after.node.Children {
		p := imageFill(tile)
		wantX, wantY := float64(i%4*20), float64(i/4*20)
		if tile.Type != "RECTANGLE" || tile.X != wantX || tile.Y != wantY || tile.Width != 20 || tile.Height != 20 ||
			p == nil || shaOf[p.ImageRef] != photoSHA || p.ScaleMode != "CROP" || *p.ImageTransform != (resultjson.Transform{{1, 0, 0}, {0, 1, 0}}) {
			t.Errorf("#badge::after tile %d: %s at %v,%v %vx%v fills %+v, want a 20x20 RECTANGLE at %v,%v with the whole photo", i, tile.Type, tile.X, tile.Y, tile.Width, tile.Height, tile.Fills, wantX, wantY)
		}
	}
	for _, w := range out.Result.Warnings {
		if w.Code == warnings.ImageUnresolved || w.Code == warnings.PseudoElement {
			t.Errorf("warning %s: %s", w.Code, w.Message)
		}
	}
}

// TestSwitchThumbIsDrawn converts the switch page: each checkbox the page draws itself
// (appearance none, a 44x24 track) is a FRAME holding its ::before, the 20x20 white thumb with
// its shadow, 2 px in (off) or 22 px in (on, margin-left 22px), and no pseudo-element is left out.
func TestSwitchThumbIsDrawn(t *testing.T) {
	t.Parallel()
	out := loadFixture(t, "pseudo-switch").convert(t)
	tracks := map[string]*resultjson.Node{}
	out.Result.Root.Walk(func(n *resultjson.Node) {
		if n.Type == "FRAME" && n.Width == 44 && n.Height == 24 {
			tracks[n.Name] = n
		}
	})
	for name, x := range map[string]float64{"Switch / Off": 2, "Switch / On": 22} {
		tr := tracks[name]
		if tr == nil || len(tr.Children) != 1 {
			t.Fatalf("%s: track %+v, want a 44x24 FRAME holding its thumb (tracks %v)", name, tr, keys(tracks))
		}
		th := tr.Children[0]
		if box(th) != [4]float64{x, 2, 20, 20} || th.Fills == nil || len(*th.Fills) != 1 || len(th.Effects) != 1 {
			t.Errorf("%s: thumb %q at %v fills %+v effects %+v, want 20x20 at %v,2, white, its shadow", name, th.Name, box(th), th.Fills, th.Effects, x)
		}
	}
	if got := warningsCoded(out.Result.Warnings, warnings.PseudoElement); len(got) != 0 {
		t.Errorf("warnings %v, want none", got)
	}
}
