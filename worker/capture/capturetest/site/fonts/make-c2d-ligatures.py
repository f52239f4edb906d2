# Builds c2d-ligatures.ttf, the test ligature icon font of iconfont.html (issue 14): like
# Material Icons, the word "star" is drawn as one star glyph by the 'liga' feature; the letters
# s, t, a, r alone are small squares. Written for this project; run with Debian's
# python3-fonttools:  /usr/bin/python3 make-c2d-ligatures.py
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

def poly(pts):
    p = TTGlyphPen(None)
    p.moveTo(pts[0])
    for q in pts[1:]:
        p.lineTo(q)
    p.closePath()
    return p.glyph()

star = poly([(500, 950), (620, 610), (980, 610), (690, 390), (800, 50), (500, 260), (200, 50), (310, 390), (20, 610), (380, 610)])
square = poly([(100, 0), (100, 400), (400, 400), (400, 0)])
fb = FontBuilder(1000, isTTF=True)
order = [".notdef", "s", "t", "a", "r", "star"]
fb.setupGlyphOrder(order)
fb.setupCharacterMap({ord("s"): "s", ord("t"): "t", ord("a"): "a", ord("r"): "r"})
empty = TTGlyphPen(None).glyph()
fb.setupGlyf({".notdef": empty, "s": square, "t": square, "a": square, "r": square, "star": star})
fb.setupHorizontalMetrics({".notdef": (500, 0), "s": (500, 100), "t": (500, 100), "a": (500, 100), "r": (500, 100), "star": (1000, 20)})
fb.setupHorizontalHeader(ascent=900, descent=-100)
fb.setupNameTable({"familyName": "C2D Ligatures", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=900, sTypoDescender=-100, usWinAscent=900, usWinDescent=100)
fb.setupPost()
addOpenTypeFeaturesFromString(fb.font, "languagesystem DFLT dflt; feature liga { sub s t a r by star; } liga;")
fb.save("c2d-ligatures.ttf")
