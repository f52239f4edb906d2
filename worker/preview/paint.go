package preview

import (
	"fmt"
	"math"
	"strings"
)

// Fill layers of the HTML page (html.go): solid, gradient and image paints.

// paint draws one fill layer covering the node's box.
func (g *htmlGen) paint(b *strings.Builder, p paint, n *node) {
	if !visible(p.Visible) {
		return
	}
	op := 1.0
	if p.Opacity != nil {
		op = clamp01(*p.Opacity)
	}
	blend := ""
	if m := blendCSS(p.BlendMode); m != "normal" {
		blend = "mix-blend-mode:" + m + ";"
	}
	switch p.Type {
	case "SOLID":
		if p.Color == nil {
			return
		}
		fmt.Fprintf(b, `<div class="l" style="background:%s;%s"></div>`, cssColor(*p.Color, op), blend)
	case "GRADIENT_LINEAR", "GRADIENT_RADIAL", "GRADIENT_DIAMOND":
		g.gradient(b, p, op, blend)
	case "GRADIENT_ANGULAR":
		g.angular(b, p, op, blend, n)
	case "IMAGE":
		g.imagePaint(b, p, op, blend, n)
	}
}

// gradient draws a linear, radial or diamond gradient in the node's normalized space (0-1 on each
// axis), where Figma's gradientTransform maps that space to the gradient's: a linear gradient runs
// from (0, 0.5) to (1, 0.5) of gradient space, a radial one is centred at (0.5, 0.5) with radius
// 0.5. SVG's gradientTransform maps the other way, so it gets the inverse. A diamond gradient is
// drawn radial.
func (g *htmlGen) gradient(b *strings.Builder, p paint, op float64, blend string) {
	t := identity
	if p.GradientTransform != nil {
		t = *p.GradientTransform
	}
	inv, ok := t.inverse()
	if !ok {
		return
	}
	id := g.nextID()
	fmt.Fprintf(b, `<svg class="l" viewBox="0 0 1 1" preserveAspectRatio="none" style="opacity:%s;%s"><defs>`, num(op), blend)
	mat := fmt.Sprintf("matrix(%s %s %s %s %s %s)", num(inv[0][0]), num(inv[1][0]), num(inv[0][1]), num(inv[1][1]), num(inv[0][2]), num(inv[1][2]))
	if p.Type == "GRADIENT_LINEAR" {
		fmt.Fprintf(b, `<linearGradient id="%s" gradientUnits="userSpaceOnUse" x1="0" y1="0.5" x2="1" y2="0.5" gradientTransform="%s">`, id, mat)
	} else {
		fmt.Fprintf(b, `<radialGradient id="%s" gradientUnits="userSpaceOnUse" cx="0.5" cy="0.5" r="0.5" gradientTransform="%s">`, id, mat)
	}
	for _, s := range p.GradientStops {
		a := 1.0
		if s.Color.A != nil {
			a = clamp01(*s.Color.A)
		}
		fmt.Fprintf(b, `<stop offset="%s" stop-color="%s" stop-opacity="%s"/>`, num(clamp01(s.Position)), cssColor(rgba{R: s.Color.R, G: s.Color.G, B: s.Color.B}, 1), num(a))
	}
	if p.Type == "GRADIENT_LINEAR" {
		b.WriteString("</linearGradient>")
	} else {
		b.WriteString("</radialGradient>")
	}
	fmt.Fprintf(b, `</defs><rect width="1" height="1" fill="url(#%s)"/></svg>`, id)
}

// angular draws an angular gradient as a CSS conic gradient around the centre Figma's transform
// gives, starting at the transform's x axis; a skewed transform is not followed.
func (g *htmlGen) angular(b *strings.Builder, p paint, op float64, blend string, n *node) {
	t := identity
	if p.GradientTransform != nil {
		t = *p.GradientTransform
	}
	inv, ok := t.inverse()
	if !ok {
		return
	}
	cx, cy := inv.apply(0.5, 0.5)
	ex, ey := inv.apply(1, 0.5)
	angle := math.Atan2((ey-cy)*n.Height, (ex-cx)*n.Width)*180/math.Pi + 90
	var stops []string
	for _, s := range p.GradientStops {
		stops = append(stops, fmt.Sprintf("%s %s%%", cssColor(s.Color, 1), num(clamp01(s.Position)*100)))
	}
	if len(stops) == 0 {
		return
	}
	fmt.Fprintf(b, `<div class="l" style="opacity:%s;%sbackground:conic-gradient(from %sdeg at %s%% %s%%, %s)"></div>`,
		num(op), blend, num(angle), num(cx*100), num(cy*100), strings.Join(stops, ", "))
}

func (g *htmlGen) hasImage(ref string) bool {
	if _, ok := g.images[ref]; !ok {
		return false
	}
	g.used = append(g.used, ref)
	return true
}

// imagePaint draws an IMAGE paint by its scaleMode: FILL covers the box (centred, cropped), FIT
// fits inside it (centred), CROP places the image by the inverse of imageTransform (which maps the
// node's normalized space to the image's; the identity stretches it over the box), TILE repeats
// it from the top left at its pixel size times scalingFactor. An image without bytes draws nothing.
func (g *htmlGen) imagePaint(b *strings.Builder, p paint, op float64, blend string, n *node) {
	if !g.hasImage(p.ImageRef) {
		return
	}
	ref := attr(p.ImageRef)
	base := fmt.Sprintf("opacity:%s;%s", num(op), blend)
	switch p.ScaleMode {
	case "FIT":
		fmt.Fprintf(b, `<img class="l" data-ref="%s" alt="" style="%sobject-fit:contain">`, ref, base)
	case "TILE":
		sf := 1.0
		if p.ScalingFactor != nil && *p.ScalingFactor > 0 {
			sf = *p.ScalingFactor
		}
		nat := g.natural[p.ImageRef]
		fmt.Fprintf(b, `<div class="l" data-bg="%s" style="%sbackground-repeat:repeat;background-position:0 0;background-size:%spx %spx"></div>`,
			ref, base, num(float64(nat[0])*sf), num(float64(nat[1])*sf))
	case "CROP", "STRETCH":
		t := identity
		if p.ImageTransform != nil {
			t = *p.ImageTransform
		}
		inv, ok := t.inverse()
		if !ok {
			return
		}
		w, h := n.Width, n.Height
		if w <= 0 || h <= 0 {
			return
		}
		// Node px = (W·(a·u + c·v + e), H·(b·u + d·v + f)) for u = x/W, v = y/H of an image
		// drawn W×H at the origin.
		fmt.Fprintf(b, `<img class="l" data-ref="%s" alt="" style="%sobject-fit:fill;transform-origin:0 0;transform:matrix(%s,%s,%s,%s,%s,%s)">`,
			ref, base, num(inv[0][0]), num(inv[1][0]*h/w), num(inv[0][1]*w/h), num(inv[1][1]), num(inv[0][2]*w), num(inv[1][2]*h))
	default: // FILL, Figma's default
		fmt.Fprintf(b, `<img class="l" data-ref="%s" alt="" style="%sobject-fit:cover">`, ref, base)
	}
}
