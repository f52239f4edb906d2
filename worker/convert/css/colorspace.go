package css

import (
	"math"
	"strconv"
	"strings"

	"github.com/code2des/backend/worker/convert/resultjson"
)

// Colours of CSS Color 4 that Chromium keeps in their own space when it computes them
// (oklch(), oklab(), lab(), lch(), color(display-p3 …)): Figma's paints are sRGB, so they are
// converted to sRGB with the matrices of CSS Color 4 §18 and clipped to the sRGB gamut, as
// Chromium draws them on an sRGB screen.

// wideColor reads a colour in one of those spaces; ok is false for any other syntax.
func wideColor(name string, parts []string) (c resultjson.RGBA, ok bool) {
	alpha := 1.0
	if name == "color" {
		if len(parts) != 4 && len(parts) != 5 {
			return c, false
		}
		space := parts[0]
		parts = parts[1:]
		if len(parts) == 4 {
			if alpha, ok = channel(parts[3], 1); !ok {
				return c, false
			}
		}
		var v [3]float64
		for i := range 3 {
			if v[i], ok = channel(parts[i], 1); !ok {
				return c, false
			}
		}
		var lin [3]float64
		switch space {
		case "srgb-linear":
			lin = v
		case "display-p3":
			p3 := [3]float64{srgbDecode(v[0]), srgbDecode(v[1]), srgbDecode(v[2])}
			lin = mul(xyzToLinearSRGB, mul(linearP3ToXYZ, p3))
		case "xyz", "xyz-d65":
			lin = mul(xyzToLinearSRGB, v)
		case "xyz-d50":
			lin = mul(xyzToLinearSRGB, mul(d50ToD65, v))
		default:
			return c, false
		}
		return encodeSRGB(lin, alpha), true
	}
	if len(parts) != 3 && len(parts) != 4 {
		return c, false
	}
	if len(parts) == 4 {
		if alpha, ok = channel(parts[3], 1); !ok {
			return c, false
		}
	}
	var v [3]float64
	// The percentage references of each channel (CSS Color 4 §8, §9).
	ref := map[string][3]float64{"oklab": {1, 0.4, 0.4}, "oklch": {1, 0.4, 0}, "lab": {100, 125, 125}, "lch": {100, 150, 0}}[name]
	if ref[0] == 0 {
		return c, false
	}
	for i := range 3 {
		p := parts[i]
		if (name == "oklch" || name == "lch") && i == 2 {
			p = strings.TrimSuffix(p, "deg")
		}
		if v[i], ok = channel(p, ref[i]); !ok {
			return c, false
		}
	}
	if name == "oklch" || name == "lch" {
		h := v[2] * math.Pi / 180
		v[1], v[2] = v[1]*math.Cos(h), v[1]*math.Sin(h)
	}
	var lin [3]float64
	if strings.HasPrefix(name, "ok") {
		lin = oklabToLinearSRGB(v)
	} else {
		lin = mul(xyzToLinearSRGB, mul(d50ToD65, labToXYZD50(v)))
	}
	return encodeSRGB(lin, alpha), true
}

// channel reads a number, a percentage of ref, or "none" (0).
func channel(s string, ref float64) (float64, bool) {
	if s == "none" {
		return 0, true
	}
	if num, ok := strings.CutSuffix(s, "%"); ok {
		v, err := strconv.ParseFloat(num, 64)
		return v / 100 * ref, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
}

type matrix3 [3][3]float64

func mul(m matrix3, v [3]float64) [3]float64 {
	return [3]float64{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// The matrices of CSS Color 4 §18 (sample code).
var (
	xyzToLinearSRGB = matrix3{
		{3.2409699419045226, -1.537383177570094, -0.4986107602930034},
		{-0.9692436362808796, 1.8759675015077202, 0.04155505740717559},
		{0.05563007969699366, -0.20397695888897652, 1.0569715142428786},
	}
	linearP3ToXYZ = matrix3{
		{0.4865709486482162, 0.26566769316909306, 0.1982172852343625},
		{0.2289745640697488, 0.6917385218365064, 0.079286914093745},
		{0, 0.04511338185890264, 1.043944368900976},
	}
	d50ToD65 = matrix3{
		{0.955473421488075, -0.02309845494876471, 0.06325924320057072},
		{-0.0283697093338637, 1.0099953980813041, 0.021041441191917323},
		{0.012314014864481998, -0.020507649298898964, 1.330365926242124},
	}
)

// d50White is the D50 white point (CSS Color 4 §10.1).
var d50White = [3]float64{0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585}

func labToXYZD50(lab [3]float64) [3]float64 {
	const kappa, eps = 24389.0 / 27, 216.0 / 24389
	fy := (lab[0] + 16) / 116
	fx, fz := fy+lab[1]/500, fy-lab[2]/200
	inv := func(f float64) float64 {
		if f*f*f > eps {
			return f * f * f
		}
		return (116*f - 16) / kappa
	}
	y := lab[0] / kappa
	if lab[0] > kappa*eps {
		y = fy * fy * fy
	}
	return [3]float64{inv(fx) * d50White[0], y * d50White[1], inv(fz) * d50White[2]}
}

func oklabToLinearSRGB(lab [3]float64) [3]float64 {
	l := lab[0] + 0.3963377774*lab[1] + 0.2158037573*lab[2]
	m := lab[0] - 0.1055613458*lab[1] - 0.0638541728*lab[2]
	s := lab[0] - 0.0894841775*lab[1] - 1.2914855480*lab[2]
	l, m, s = l*l*l, m*m*m, s*s*s
	return [3]float64{
		4.0767416621*l - 3.3077115913*m + 0.2309699292*s,
		-1.2684380046*l + 2.6097574011*m - 0.3413193965*s,
		-0.0041960863*l - 0.7034186147*m + 1.7076147010*s,
	}
}

func srgbDecode(v float64) float64 {
	a := math.Abs(v)
	if a <= 0.04045 {
		return v / 12.92
	}
	return math.Copysign(math.Pow((a+0.055)/1.055, 2.4), v)
}

func srgbEncode(v float64) float64 {
	a := math.Abs(v)
	if a <= 0.0031308 {
		return 12.92 * v
	}
	return math.Copysign(1.055*math.Pow(a, 1/2.4)-0.055, v)
}

func encodeSRGB(lin [3]float64, alpha float64) resultjson.RGBA {
	return resultjson.RGBA{R: Clamp01(srgbEncode(lin[0])), G: Clamp01(srgbEncode(lin[1])), B: Clamp01(srgbEncode(lin[2])), A: Clamp01(alpha)}
}
