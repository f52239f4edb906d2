# Builds c2d-icons.ttf, the test icon font of icons pages (issue 14): two glyphs in the Private
# Use Area, U+E001 (a five-pointed star) and U+E002 (a square with a square hole), plus the
# ligature-free .notdef. Written for this project; run with Debian's python3-fonttools:
#   /usr/bin/python3 make-c2d-icons.py
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

UPM = 1000

def star():
    p = TTGlyphPen(None)
    pts = [(500, 950), (620, 610), (980, 610), (690, 390), (800, 50), (500, 260), (200, 50), (310, 390), (20, 610), (380, 610)]
    p.moveTo(pts[0])
    for q in pts[1:]:
        p.lineTo(q)
    p.closePath()
    return p.glyph()

def ring():
    p = TTGlyphPen(None)
    for box, cw in (((100, 0, 900, 800), True), ((300, 200, 700, 600), False)):
        x0, y0, x1, y1 = box
        pts = [(x0, y0), (x0, y1), (x1, y1), (x1, y0)] if cw else [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        p.moveTo(pts[0])
        for q in pts[1:]:
            p.lineTo(q)
        p.closePath()
    return p.glyph()

def empty():
    return TTGlyphPen(None).glyph()

fb = FontBuilder(UPM, isTTF=True)
order = [".notdef", "star", "ring"]
fb.setupGlyphOrder(order)
fb.setupCharacterMap({0xE001: "star", 0xE002: "ring"})
fb.setupGlyf({".notdef": empty(), "star": star(), "ring": ring()})
fb.setupHorizontalMetrics({".notdef": (1000, 0), "star": (1000, 20), "ring": (1000, 100)})
fb.setupHorizontalHeader(ascent=900, descent=-100)
fb.setupNameTable({"familyName": "C2D Icons", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=900, sTypoDescender=-100, usWinAscent=900, usWinDescent=100)
fb.setupPost()
fb.save("c2d-icons.ttf")
