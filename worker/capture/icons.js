// Icon facts of the capture worker. Evaluated after svg.js, before page.js; defines
// window.__c2dIcons.facts(el, cs, imageRef), which page.js merges into each element it records:
//   mask: a CSS-masked element (mask-image / -webkit-mask-image with one url()): the mask image
//     (an asset of kind "mask"), how it is sized and placed, and the colour it lets through;
//   icon_font: an element that shows an icon-font glyph (::before/::after content in a Private
//     Use Area or an icon font family, or ligature text in an icon font such as Material Icons);
//   crop: a raster crop of the element's box (svg.js crop) where no vector form is recorded.
(() => {
  // Font families that draw icons rather than text (ligature fonts included).
  const ICON_FAMILY = /(font ?awesome|material (icons|symbols)|bootstrap-icons|glyphicons|ionicons|icomoon|fontello|feather|remixicon|tabler-icons|boxicons|lineicons|phosphor|codicon|dashicons|\bicons?\b)/i;

  function firstURL(v) {
    const m = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/.exec(v || "");
    const u = m && (m[1] ?? m[2] ?? m[3]);
    return u ? new URL(u, document.baseURI).href : null;
  }

  // pua says whether every character of s is in a Private Use Area (where icon fonts put their
  // glyphs) and there is at least one.
  function pua(s) {
    const cps = Array.from(s, (c) => c.codePointAt(0)).filter((c) => c > 32);
    return cps.length > 0 && cps.every((c) => (c >= 0xe000 && c <= 0xf8ff) || c >= 0xf0000);
  }

  // contentText reads a computed content value that is one string ("\f005" comes back as the
  // character itself, quoted); anything else (counters, attr(), images) gives null.
  function contentText(c) {
    const m = /^"((?:[^"\\]|\\.)*)"$/.exec(c || "");
    return m ? m[1].replace(/\\(.)/g, "$1") : null;
  }

  function ownText(el) {
    let t = "";
    for (const c of el.childNodes) if (c.nodeType === Node.TEXT_NODE) t += c.textContent;
    return t.trim();
  }

  // fontFaces maps "family|weight" to the URL of a font file the page declares for it that the
  // converter can read outlines from (WOFF2, WOFF, TrueType, OpenType; not EOT or SVG fonts), or
  // null.
  const fontFaces = new Map();

  function unquote(s) { return s.trim().replace(/^["']|["']$/g, "").toLowerCase(); }

  function fontFile(family, weight) {
    const fam = unquote(family.split(",")[0] || "");
    const key = fam + "|" + weight;
    if (fontFaces.has(key)) return fontFaces.get(key);
    let best = null, bestDist = Infinity;
    for (const sheet of Array.from(document.styleSheets)) {
      let rules;
      try { rules = sheet.cssRules; } catch (e) { continue; } // cross-origin sheet
      for (const r of Array.from(rules || [])) {
        if (!(r instanceof CSSFontFaceRule) || unquote(r.style.getPropertyValue("font-family")) !== fam) continue;
        const ws = (r.style.getPropertyValue("font-weight") || "400").replace("normal", "400").replace("bold", "700").split(/\s+/).map(Number);
        const dist = Math.min(...ws.map((w) => Math.abs(w - Number(weight))));
        const re = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)\s*(?:format\(\s*["']?([^"')]*)["']?\s*\))?/g;
        let m;
        while ((m = re.exec(r.style.getPropertyValue("src"))) !== null) {
          const u = m[1] ?? m[2] ?? m[3];
          const fmt = (m[4] || "").toLowerCase();
          if (!u || fmt === "embedded-opentype" || fmt === "svg" || (!fmt && /\.(eot|svg)(\?|#|$)/i.test(u))) continue;
          if (dist < bestDist) { best = new URL(u, sheet.href || document.baseURI).href; bestDist = dist; }
          break;
        }
      }
    }
    fontFaces.set(key, best);
    return best;
  }

  function glyphFact(which, text, s, imageRef) {
    const g = { which, text, font_family: s.fontFamily, color: s.color, font_size: s.fontSize, line_height: s.lineHeight };
    const url = fontFile(s.fontFamily, s.fontWeight);
    if (url) g.font_asset = imageRef("font", url);
    return g;
  }

  function facts(el, cs, imageRef) {
    const out = {};
    const maskValue = [cs.getPropertyValue("mask-image"), cs.getPropertyValue("-webkit-mask-image")].find((v) => v && v !== "none");
    if (maskValue) {
      const url = firstURL(maskValue);
      const single = url && maskValue.trim().startsWith("url(") && !/\)\s*,/.test(maskValue);
      const pick = (p) => cs.getPropertyValue(p) || cs.getPropertyValue("-webkit-" + p);
      out.mask = {
        size: pick("mask-size"), position: pick("mask-position"), repeat: pick("mask-repeat"),
        color: cs.backgroundColor,
      };
      if (single) out.mask.asset_id = imageRef("mask", url);
      // A crop is the fallback for raster or layered masks, gradients and unloaded images.
      const svgLike = single && (/\.svg(\?|#|$)/i.test(url) || url.startsWith("data:image/svg+xml"));
      if (!svgLike) out.crop = window.__c2dVec.crop(el, imageRef, "mask");
      return out;
    }
    const glyphs = [];
    for (const which of ["before", "after"]) {
      const ps = getComputedStyle(el, "::" + which);
      const text = contentText(ps.content);
      if (text && (pua(text) || ICON_FAMILY.test(ps.fontFamily))) glyphs.push(glyphFact(which, text, ps, imageRef));
    }
    const own = ownText(el);
    const ligature = own && ICON_FAMILY.test(cs.fontFamily) && !el.children.length;
    if (ligature) glyphs.push(glyphFact("text", own, cs, imageRef));
    if (glyphs.length) {
      out.icon_font = { glyphs };
      // A crop of the element is exactly the glyph only when the element shows nothing else.
      if (ligature || (!own && !el.children.length)) out.crop = window.__c2dVec.crop(el, imageRef, "glyph");
    }
    return out;
  }

  window.__c2dIcons = { facts };
  return true;
})();
