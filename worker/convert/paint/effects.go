package paint

import (
	"math"
	"strings"

	"github.com/code2des/backend/worker/convert/capturemodel"
	"github.com/code2des/backend/worker/convert/css"
	"github.com/code2des/backend/worker/convert/naming"
	"github.com/code2des/backend/worker/convert/resultjson"
	"github.com/code2des/backend/worker/convert/warnings"
)

// FigmaBlurScale is how many units of a Figma blur radius (LAYER_BLUR, BACKGROUND_BLUR, and a
// DROP_SHADOW's radius) one px of a CSS filter's blur length makes. CSS blur() and
// drop-shadow() take the Gaussian's standard deviation; Figma's radius is twice it (Figma's own
// CSS export writes blur(radius / 2), and worker/preview draws a Figma radius that way).
const FigmaBlurScale = 2

// Effects sets node's effects from n's box-shadow, the blur() and drop-shadow() functions of its
// filter and the blur() functions of its backdrop-filter: the box-shadows, then the filter's drop
// shadows, then one LAYER_BLUR and one BACKGROUND_BLUR. It reports whether any was set. The
// functions Figma has no effect for are reported by filterWarnings.
func (pa *Painter) Effects(n *capturemodel.DOMNode, node *resultjson.Node) bool {
	if bs := n.Computed("box-shadow"); bs != "none" {
		effects, ok := css.BoxShadows(bs)
		if !ok {
			pa.Warn.Add(warnings.BoxShadow, node.ID, "the box-shadow of %s could not be read and was left out: %s", naming.Element(n), bs)
		}
		node.Effects = append(node.Effects, effects...)
	}
	fl := readFilter(n.Computed("filter"), false)
	node.Effects = append(node.Effects, fl.effects...)
	node.Effects = append(node.Effects, readFilter(n.Computed("backdrop-filter"), true).effects...)
	return len(node.Effects) > 0
}

// Filtered says whether n has a filter or a backdrop-filter, converted or not: such an element
// keeps a node of its own, which carries its effects or the warning about what is not converted.
func Filtered(n *capturemodel.DOMNode) bool {
	fl, bd := n.Computed("filter"), n.Computed("backdrop-filter")
	return (fl != "none" && fl != "") || (bd != "none" && bd != "")
}

// filterRead is a computed filter list read: the effects of its functions Figma has, and the
// functions left out, as written.
type filterRead struct {
	effects []resultjson.Effect
	left    []string
}

// readFilter reads a computed filter (backdrop false) or backdrop-filter (backdrop true) list.
// blur(L) becomes a LAYER_BLUR (BACKGROUND_BLUR behind a backdrop) of radius L x FigmaBlurScale;
// several blurs one after the other are one Gaussian blur whose variance is the sum of theirs.
// A filter's drop-shadow(colour x y L) becomes a DROP_SHADOW with that offset and colour, radius
// L x FigmaBlurScale, no spread, drawn behind the node (CSS composites the shadow below the
// element's content, so it shows through what is translucent). Every other function (brightness,
// grayscale, url(), a backdrop's drop-shadow ...) is left out.
func readFilter(s string, backdrop bool) filterRead {
	var r filterRead
	s = strings.TrimSpace(s)
	if s == "none" || s == "" {
		return r
	}
	variance := 0.0
	for _, fn := range css.Fields(s) {
		name, args, ok := strings.Cut(fn, "(")
		args, closed := strings.CutSuffix(args, ")")
		if !ok || !closed {
			r.left = append(r.left, fn)
			continue
		}
		switch {
		case name == "blur":
			sd, ok := css.ParsePx(args)
			if strings.TrimSpace(args) == "" {
				sd, ok = 0, true // blur() is blur(0px)
			}
			if !ok || sd < 0 {
				r.left = append(r.left, fn)
				continue
			}
			variance += sd * sd
		case name == "drop-shadow" && !backdrop:
			e, ok := dropShadow(args)
			if !ok {
				r.left = append(r.left, fn)
				continue
			}
			if e != nil {
				r.effects = append(r.effects, *e)
			}
		default:
			r.left = append(r.left, fn)
		}
	}
	if variance > 0 {
		typ := "LAYER_BLUR"
		if backdrop {
			typ = "BACKGROUND_BLUR"
		}
		r.effects = append(r.effects, resultjson.Effect{Type: typ, Radius: css.Px(math.Sqrt(variance) * FigmaBlurScale), Visible: true})
	}
	return r
}

// dropShadow reads the arguments of a computed drop-shadow() (a colour and two or three
// lengths); e is nil for a transparent shadow, ok false for what it does not read.
func dropShadow(args string) (e *resultjson.Effect, ok bool) {
	lengths := 0
	for _, f := range css.Fields(args) {
		if _, isLength := css.ParsePx(f); isLength {
			lengths++
		}
	}
	if lengths < 2 || lengths > 3 {
		return nil, false
	}
	shadows, ok := css.BoxShadows(args)
	if !ok || len(shadows) != 1 || shadows[0].Type != "DROP_SHADOW" {
		return nil, ok && len(shadows) == 0
	}
	s := shadows[0]
	s.Radius = css.Px(s.Radius * FigmaBlurScale)
	s.Spread = nil
	s.ShowShadowBehindNode = css.Ptr(true)
	return &s, true
}

// filterWarnings reports to w, about nodeID, the functions of n's filter and backdrop-filter
// that no Figma effect expresses.
func filterWarnings(w *warnings.List, n *capturemodel.DOMNode, nodeID string) {
	name := naming.Element(n)
	if left := readFilter(n.Computed("filter"), false).left; len(left) > 0 {
		w.Add(warnings.Filter, nodeID, "the filter %s of %s is not converted (Figma has no such effect); the element is drawn without it", strings.Join(left, " "), name)
	}
	if left := readFilter(n.Computed("backdrop-filter"), true).left; len(left) > 0 {
		w.Add(warnings.Filter, nodeID, "the backdrop-filter %s of %s is not converted (Figma blurs the background only); the backdrop is drawn without it", strings.Join(left, " "), name)
	}
}

// lostFilterWarnings reports to w, about nodeID, the effects of n's filter and backdrop-filter
// that are converted elsewhere but cannot be here: n is drawn inside another node's layer (an
// inline element's range of a paragraph, the root element under the canvas), which has no
// effects of its own for it.
func lostFilterWarnings(w *warnings.List, n *capturemodel.DOMNode, nodeID string) {
	if n.Computed("visibility") != "visible" {
		return
	}
	var kept []string
	for _, fn := range css.Fields(n.Computed("filter")) {
		if r := readFilter(fn, false); len(r.effects) > 0 {
			kept = append(kept, fn)
		}
	}
	for _, fn := range css.Fields(n.Computed("backdrop-filter")) {
		if r := readFilter(fn, true); len(r.effects) > 0 {
			kept = append(kept, "backdrop "+fn)
		}
	}
	if len(kept) > 0 {
		w.Add(warnings.Filter, nodeID, "the filter %s of %s is not converted: the element is drawn inside this layer, which has no effects of its own for it", strings.Join(kept, " "), naming.Element(n))
	}
}
