// Vector helpers of the capture worker. Evaluated before page.js; defines
// window.__c2dVec:
//   prefetch(maxFiles, maxBytes, timeoutMs): fetch the external sprite files that <use> elements
//     reference (through the browser, so through the egress guard), before collect;
//   inline(svg, prefix): a self-contained serialization of an inline <svg> (docs/conversion.md,
//     "Vectors"): <use> expanded, computed presentation values as attributes, ids prefixed;
//   facts(el, cs, imageRef): what the converter needs about icon glyphs and CSS masks of an
//     element (crops of the element's box are requested through imageRef(kind "crop"));
//   takeCrops(): the boxes of the crops requested during collect, by asset id, and how many
//     were asked for past MAX_CROPS.
// Every walk is bounded (MAX_ELEMENTS per icon, MAX_USE_DEPTH nested references).
(() => {
  const SVGNS = "http://www.w3.org/2000/svg";
  const XLINKNS = "http://www.w3.org/1999/xlink";
  const MAX_ELEMENTS = 5000;
  const MAX_USE_DEPTH = 8;
  const MAX_CROPS = 200;

  // Inherited presentation properties written as attributes, with the value an SVG drawn on its
  // own starts from (after normalize); font-family has none, so the root always states it.
  const INHERITED = {
    "fill": "#000000", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none", "stroke-width": "1",
    "stroke-opacity": "1", "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4",
    "stroke-dasharray": "none", "stroke-dashoffset": "0", "font-family": null, "font-size": null,
    "font-weight": "400", "font-style": "normal", "text-anchor": "start", "visibility": "visible",
    "clip-rule": "nonzero", "marker-start": "none", "marker-mid": "none", "marker-end": "none",
  };
  // Properties that are not inherited, with their initial values; written when they differ.
  const OWN = {
    "opacity": "1", "display": "inline", "clip-path": "none", "mask": "none", "filter": "none",
    "stop-color": "#000000", "stop-opacity": "1", "flood-color": "#000000", "flood-opacity": "1",
  };
  const OWN_ONLY = { "stop-color": "stop", "stop-opacity": "stop", "flood-color": "feflood|fedropshadow", "flood-opacity": "feflood|fedropshadow" };
  // Elements that are never drawn where they stand (browsers may compute display none for them).
  const NOT_RENDERED = new Set(["defs", "symbol", "clipPath", "mask", "marker", "pattern", "linearGradient", "radialGradient", "filter", "stop"]);
  // Filter primitives Figma's createNodeFromSvg imports (as blur and shadow effects); an SVG
  // with others is delivered as a raster crop.
  const FIGMA_FILTERS = new Set(["feGaussianBlur", "feOffset", "feFlood", "feComposite", "feBlend", "feMerge", "feMergeNode", "feColorMatrix", "feDropShadow"]);
  const COLOR_PROPS = new Set(["fill", "stroke", "stop-color", "flood-color"]);
  const OPACITY_OF = { "fill": "fill-opacity", "stroke": "stroke-opacity", "stop-color": "stop-opacity", "flood-color": "flood-opacity" };
  const UNITLESS = new Set(["stroke-width", "stroke-dashoffset", "font-size", "stroke-miterlimit"]);
  // Two probe values per inherited property: a property is inherited (not set on the element)
  // when the element takes each value its parent is forced to.
  const PROBE = {
    "fill": ["rgb(1, 2, 3)", "rgb(4, 5, 6)"], "stroke": ["rgb(1, 2, 3)", "rgb(4, 5, 6)"],
    "fill-opacity": ["0.123", "0.456"], "stroke-opacity": ["0.123", "0.456"],
    "fill-rule": ["evenodd", "nonzero"], "clip-rule": ["evenodd", "nonzero"],
    "stroke-width": ["1.25px", "2.75px"], "stroke-linecap": ["round", "square"], "stroke-linejoin": ["round", "bevel"],
    "stroke-miterlimit": ["5.5", "6.5"], "stroke-dasharray": ["1px, 2px", "3px, 4px"], "stroke-dashoffset": ["1.5px", "2.5px"],
    "font-family": ["c2dprobea", "c2dprobeb"], "font-size": ["11.5px", "12.5px"], "font-weight": ["100", "900"],
    "font-style": ["italic", "normal"], "text-anchor": ["middle", "end"], "visibility": ["hidden", "collapse"],
    "color": ["rgb(7, 8, 9)", "rgb(10, 11, 12)"], // unlike fill and stroke, so currentColor is not taken for inherited
  };

  // External sprite documents fetched by prefetch, by absolute URL without fragment (null when
  // the file could not be fetched or parsed).
  const external = new Map();
  let crops = [];
  let over = 0; // crops asked for past MAX_CROPS

  function refOf(el) {
    return el.getAttribute("href") ?? el.getAttributeNS(XLINKNS, "href") ?? el.getAttribute("xlink:href");
  }

  function splitRef(href) {
    if (!href) return null;
    const i = href.indexOf("#");
    if (i < 0) return { url: new URL(href, document.baseURI).href, id: "" };
    const id = decodeURIComponent(href.slice(i + 1));
    if (i === 0) return { url: "", id };
    const abs = new URL(href.slice(0, i), document.baseURI);
    const here = new URL(location.href);
    here.hash = "";
    return { url: abs.href === here.href ? "" : abs.href, id };
  }

  async function prefetch(maxFiles, maxBytes, timeoutMs) {
    const urls = new Set();
    for (const u of document.querySelectorAll("svg use")) {
      const r = splitRef(refOf(u));
      if (r && r.url && !urls.has(r.url) && urls.size < maxFiles && /^https?:/.test(r.url)) urls.add(r.url);
    }
    await Promise.all(Array.from(urls, async (url) => {
      const ctl = new AbortController();
      const t = setTimeout(() => ctl.abort(), timeoutMs);
      try {
        const res = await fetch(url, { cache: "force-cache", signal: ctl.signal, credentials: "same-origin" });
        const text = res.ok ? await res.text() : "";
        const doc = text && text.length <= maxBytes ? new DOMParser().parseFromString(text, "image/svg+xml") : null;
        external.set(url, doc && !doc.querySelector("parsererror") ? doc : null);
      } catch (e) {
        external.set(url, null);
      } finally {
        clearTimeout(t);
      }
    }));
    return urls.size;
  }

  function hex2(v) { return Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0"); }

  // normalize turns a computed value into an attribute value: colours as #rrggbb (their alpha
  // returned apart), px lengths as numbers, url(...) as a fragment reference.
  function normalize(prop, v) {
    v = (v || "").trim();
    if (COLOR_PROPS.has(prop)) {
      const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(v);
      if (m) {
        let a = m[4] === undefined ? 1 : m[4].endsWith("%") ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
        return { value: "#" + hex2(+m[1]) + hex2(+m[2]) + hex2(+m[3]), alpha: a };
      }
      const u = /url\(\s*["']?([^"')]*)["']?\s*\)/.exec(v);
      if (u) return { value: "url(#" + (u[1].split("#")[1] || "") + ")", alpha: 1 };
      return { value: v === "transparent" ? "none" : v, alpha: 1 };
    }
    if (prop === "clip-path" || prop === "mask" || prop === "filter" || prop.startsWith("marker-")) {
      const u = /url\(\s*["']?([^"')]*)["']?\s*\)/.exec(v);
      if (u) return { value: "url(#" + (u[1].split("#")[1] || "") + ")", alpha: 1 };
      return { value: v === "none" ? "none" : null, alpha: 1 }; // CSS shapes and filter functions: not kept
    }
    if (UNITLESS.has(prop)) return { value: v.replace(/px$/, ""), alpha: 1 };
    if (prop === "stroke-dasharray") return { value: v.replace(/px/g, ""), alpha: 1 };
    return { value: v, alpha: 1 };
  }

  // foldAlpha is the opacity attribute value of opacity (a number, or unset: 1) times a colour's
  // alpha.
  function foldAlpha(opacity, alpha) {
    const base = parseFloat(opacity);
    return String(+((isNaN(base) ? 1 : base) * alpha).toFixed(4));
  }

  // resolved computes the attribute values of one element from its computed style: every
  // property of INHERITED and OWN, colours with their alpha folded into the matching opacity.
  function resolved(cs) {
    const out = {};
    for (const p of Object.keys(INHERITED).concat(Object.keys(OWN))) out[p] = normalize(p, cs.getPropertyValue(p === "mask" ? "mask-image" : p)).value;
    for (const [c, o] of Object.entries(OPACITY_OF)) {
      const n = normalize(c, cs.getPropertyValue(c));
      if (n.alpha < 1) out[o] = foldAlpha(cs.getPropertyValue(o), n.alpha);
    }
    out.color = normalize("fill", cs.getPropertyValue("color")).value;
    return out;
  }

  // inheritedProps returns the properties of INHERITED (and color) that el takes from its parent
  // rather than setting them itself, by forcing two probe values on the parent.
  function inheritedProps(el) {
    const parent = el.parentElement;
    const set = new Set();
    if (!parent) return set;
    const saved = parent.getAttribute("style");
    const rounds = [0, 1].map((i) => {
      for (const [p, v] of Object.entries(PROBE)) parent.style.setProperty(p, v[i], "important");
      const pc = getComputedStyle(parent), ec = getComputedStyle(el);
      const r = {};
      for (const p of Object.keys(PROBE)) r[p] = pc.getPropertyValue(p) === ec.getPropertyValue(p);
      return r;
    });
    if (saved === null) parent.removeAttribute("style"); else parent.setAttribute("style", saved);
    for (const p of Object.keys(PROBE)) if (rounds[0][p] && rounds[1][p]) set.add(p);
    return set;
  }

  // currentColorProps returns the colour properties of el that are currentColor (they follow a
  // change of el's color).
  function currentColorProps(el) {
    const saved = el.getAttribute("style");
    const got = [0, 1].map((i) => {
      el.style.setProperty("color", PROBE.color[i], "important");
      const cs = getComputedStyle(el);
      return Object.fromEntries(Array.from(COLOR_PROPS, (p) => [p, cs.getPropertyValue(p)]));
    });
    if (saved === null) el.removeAttribute("style"); else el.setAttribute("style", saved);
    return new Set(Array.from(COLOR_PROPS).filter((p) => got[0][p] === PROBE.color[0] && got[1][p] === PROBE.color[1]));
  }

  // origin folds transform-origin into a computed transform matrix (SVG attributes rotate about
  // the user-space origin).
  function transformOf(el, cs) {
    const t = cs.transform;
    if (!t || t === "none") return null;
    const m = new DOMMatrix(t);
    let [ox, oy] = (cs.transformOrigin || "0px 0px").split(" ").map(parseFloat);
    if (cs.transformBox === "fill-box" && el.getBBox) {
      try { const b = el.getBBox(); ox += b.x; oy += b.y; } catch (e) { /* not rendered */ }
    }
    const f = new DOMMatrix().translate(ox || 0, oy || 0).multiply(m).translate(-(ox || 0), -(oy || 0));
    if (f.isIdentity) return null;
    return `matrix(${[f.a, f.b, f.c, f.d, f.e, f.f].map((v) => +v.toFixed(6)).join(" ")})`;
  }

  // viewBoxTransform maps a symbol's viewBox into the w x h viewport (preserveAspectRatio).
  function viewBoxTransform(sym, w, h) {
    const vb = (sym.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    if (vb.length !== 4 || vb.some(isNaN) || vb[2] <= 0 || vb[3] <= 0) return "";
    const par = (sym.getAttribute("preserveAspectRatio") || "xMidYMid meet").trim().split(/\s+/);
    let sx = w / vb[2], sy = h / vb[3];
    let tx = 0, ty = 0;
    if (par[0] !== "none") {
      const s = par[1] === "slice" ? Math.max(sx, sy) : Math.min(sx, sy);
      sx = sy = s;
      const align = par[0];
      const fx = align.includes("xMid") ? 0.5 : align.includes("xMax") ? 1 : 0;
      const fy = align.includes("YMid") ? 0.5 : align.includes("YMax") ? 1 : 0;
      tx = (w - vb[2] * s) * fx;
      ty = (h - vb[3] * s) * fy;
    }
    const r = (v) => +v.toFixed(6);
    return `translate(${r(tx - vb[0] * sx)} ${r(ty - vb[1] * sy)}) scale(${r(sx)} ${r(sy)})`;
  }

  // Inliner is one inline() call: it copies elements into a new tree and remembers what it
  // could not resolve.
  class Inliner {
    constructor(prefix) {
      this.prefix = prefix;
      this.count = 0;
      this.notes = [];
      this.defs = new Map(); // original id -> copied element (referenced from outside the icon)
      this.holder = null;
    }

    note(code, detail) {
      if (this.notes.length < 20) this.notes.push({ code, detail: String(detail).slice(0, 200) });
    }

    // find returns the element a reference points at: in the icon, the page, or a fetched
    // sprite file (imported into a hidden holder so its computed style can be read).
    find(href) {
      const r = splitRef(href);
      if (!r || !r.id) return null;
      if (!r.url) return document.getElementById(r.id);
      const doc = external.get(r.url);
      if (!doc) return null;
      const el = doc.getElementById(r.id);
      if (!el) return null;
      if (!this.holder) {
        this.holder = document.createElementNS(SVGNS, "svg");
        this.holder.setAttribute("style", "position:absolute;width:0;height:0;overflow:hidden");
        this.holder.setAttribute("aria-hidden", "true");
        document.documentElement.appendChild(this.holder);
      }
      const copy = document.importNode(el, true);
      this.holder.appendChild(copy);
      return copy;
    }

    done() {
      if (this.holder) this.holder.remove();
    }

    // copy writes a copy of element src into dst. parentOut are the values the copy's parent
    // states (or inherits); inUse says src is referenced content of a <use> (its inherited
    // properties come from the use, not from where src sits in the page).
    copy(src, dst, parentOut, inUse, depth) {
      if (++this.count > MAX_ELEMENTS) {
        if (this.count === MAX_ELEMENTS + 1) this.note("SVG_TRUNCATED", MAX_ELEMENTS + " elements");
        return;
      }
      const tag = src.localName;
      if (tag === "script" || tag === "style") return;
      if (tag === "use") return this.use(src, dst, parentOut, inUse, depth);
      const el = document.createElementNS(SVGNS, tag === "symbol" ? "g" : tag);
      const cs = getComputedStyle(src);
      let out = resolved(cs);
      if (inUse) {
        const inh = inheritedProps(src);
        const cur = currentColorProps(src);
        const color = inh.has("color") ? parentOut.color : out.color;
        for (const p of Object.keys(INHERITED)) if (inh.has(p)) out[p] = parentOut[p];
        for (const p of COLOR_PROPS) if (cur.has(p) && !(p in INHERITED && inh.has(p))) out[p] = color;
        out.color = color;
        // A colour the element sets itself with an alpha (fill="rgba(255, 255, 255, 0.75)")
        // keeps it as its opacity, over the opacity it takes from the use.
        for (const [c, o] of Object.entries(OPACITY_OF)) {
          if (!(c in INHERITED) || inh.has(c) || !inh.has(o)) continue; // resolved() folded an opacity set here
          const n = normalize(c, cs.getPropertyValue(c));
          if (n.alpha < 1) out[o] = foldAlpha(out[o], n.alpha);
        }
      }
      for (const a of src.attributes) {
        const n = a.name;
        if (n === "style" || n === "class" || n.startsWith("on") || n in INHERITED || n in OWN || n === "transform") continue;
        if (n === "xmlns" || n.startsWith("xmlns:")) continue;
        if ((n === "href" || n === "xlink:href") && a.value.trim().startsWith("#")) {
          el.setAttribute("href", "#" + this.ref(a.value.trim().slice(1)));
          continue;
        }
        if (n === "id") { el.setAttribute("id", this.prefix + a.value); continue; }
        if (a.namespaceURI === XLINKNS) { el.setAttributeNS(XLINKNS, "xlink:" + a.localName, a.value); continue; }
        el.setAttribute(n, a.value.replace(/url\(\s*["']?#([^"')]*)["']?\s*\)/g, (_, id) => `url(#${this.ref(id)})`));
      }
      if (tag === "symbol") {
        for (const n of ["viewBox", "preserveAspectRatio", "x", "y", "width", "height", "refX", "refY"]) el.removeAttribute(n);
      }
      for (const p of Object.keys(INHERITED)) {
        const v = out[p];
        if (v !== null && v !== undefined && v !== "" && v !== parentOut[p]) el.setAttribute(p, this.refs(v));
      }
      for (const [p, init] of Object.entries(OWN)) {
        if (OWN_ONLY[p] && !new RegExp("^(" + OWN_ONLY[p] + ")$").test(tag.toLowerCase())) continue;
        if (p === "opacity" && depth === 0) continue; // the root's opacity is the node's
        const v = out[p];
        if (p === "display" && (v !== "none" || NOT_RENDERED.has(tag))) continue;
        if (v !== null && v !== undefined && v !== "" && v !== init) el.setAttribute(p, this.refs(v));
      }
      const tr = depth > 0 && tag !== "svg" ? transformOf(src, cs) : null;
      if (tr) el.setAttribute("transform", tr);
      else if (depth > 0 && src.getAttribute("transform") && tag !== "svg") el.setAttribute("transform", src.getAttribute("transform"));
      dst.appendChild(el);
      for (const c of src.childNodes) {
        if (c.nodeType === Node.ELEMENT_NODE && c.namespaceURI === SVGNS) this.copy(c, el, out, inUse, depth + 1);
        else if (c.nodeType === Node.TEXT_NODE || c.nodeType === Node.CDATA_SECTION_NODE) el.appendChild(document.createTextNode(c.textContent));
        else if (c.nodeType === Node.ELEMENT_NODE && tag === "foreignObject") el.appendChild(document.importNode(c, true));
      }
      return el;
    }

    // use expands a <use> into a <g> (its x/y as a translation) holding a copy of what it
    // references; a symbol becomes a <g> mapping its viewBox into the use's width and height.
    use(src, dst, parentOut, inUse, depth) {
      const href = refOf(src);
      const target = depth < MAX_USE_DEPTH * 4 ? this.find(href) : null;
      if (!target || target.namespaceURI !== SVGNS || target.contains(src)) {
        this.note("SVG_REFERENCE_UNRESOLVED", href || "(no href)");
        return;
      }
      const g = document.createElementNS(SVGNS, "g");
      const cs = getComputedStyle(src);
      let out = resolved(cs);
      if (inUse) {
        const inh = inheritedProps(src);
        for (const p of Object.keys(INHERITED)) if (inh.has(p)) out[p] = parentOut[p];
        if (inh.has("color")) out.color = parentOut.color;
      }
      for (const p of Object.keys(INHERITED)) if (out[p] !== null && out[p] !== "" && out[p] !== parentOut[p]) g.setAttribute(p, this.refs(out[p]));
      for (const p of ["opacity", "clip-path", "mask", "filter"]) if (out[p] && out[p] !== OWN[p]) g.setAttribute(p, this.refs(out[p]));
      if (src.id) g.setAttribute("id", this.prefix + src.id);
      const len = (name) => { try { return src[name].baseVal.value; } catch (e) { return 0; } };
      const x = len("x"), y = len("y");
      const parts = [];
      const tr = transformOf(src, cs);
      if (tr) parts.push(tr);
      if (x || y) parts.push(`translate(${x} ${y})`);
      if (parts.length) g.setAttribute("transform", parts.join(" "));
      dst.appendChild(g);
      const inner = this.copy(target, g, out, true, depth + 1);
      if (inner && target.localName === "symbol") {
        let w = len("width"), h = len("height");
        if (!src.hasAttribute("width") || !src.hasAttribute("height")) {
          const vp = src.ownerSVGElement;
          const vb = vp && vp.viewBox && vp.viewBox.baseVal;
          if (!src.hasAttribute("width")) w = vb && vb.width ? vb.width : vp ? vp.width.baseVal.value : 0;
          if (!src.hasAttribute("height")) h = vb && vb.height ? vb.height : vp ? vp.height.baseVal.value : 0;
        }
        const vt = viewBoxTransform(target, w, h);
        if (vt) inner.setAttribute("transform", vt);
      }
    }

    // ref names the copy of the element with id: the icon's own, or one copied into its defs.
    ref(id) {
      if (!this.defs.has(id) && !this.root.querySelector("[id=\"" + CSS.escape(id) + "\"]") && this.root !== null) {
        this.defs.set(id, null); // claimed: copied after the walk
      }
      return this.prefix + id;
    }

    refs(v) {
      return String(v).replace(/url\(#([^)]*)\)/g, (_, id) => `url(#${this.ref(id)})`);
    }
  }

  // crop asks for a raster crop of el's border box (or, given, of box: page CSS px) from the
  // page at the capture's scale (an asset of kind "crop", taken after collect); returns
  // {asset_id, reason}, or null: for an empty box, and past MAX_CROPS (counted in over).
  function crop(el, imageRef, reason, box) {
    if (crops.length >= MAX_CROPS) { over++; return null; }
    const r = el.getBoundingClientRect();
    const b = box || { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
    if (b.width <= 0 || b.height <= 0) return null;
    const asset_id = imageRef("crop", null, null);
    crops.push({ asset_id, box: b });
    return { asset_id, reason };
  }

  // inline returns {markup, notes, unsafe}: the self-contained SVG of svg, what could not be
  // resolved, and whether it holds content Figma cannot import (foreignObject).
  function inline(svg, prefix) {
    try {
      return inlineSVG(svg, prefix);
    } catch (e) {
      let markup = svg.outerHTML;
      if (!svg.hasAttribute("xmlns")) markup = markup.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
      return { markup, notes: [{ code: "SVG_NOT_INLINED", detail: String(e && e.message || e).slice(0, 200) }], unsafe: false };
    }
  }

  function inlineSVG(svg, prefix) {
    const inl = new Inliner(prefix);
    inl.root = svg;
    const holder = document.createElementNS(SVGNS, "svg");
    let root;
    try {
      const start = { color: null };
      for (const [p, v] of Object.entries(INHERITED)) start[p] = v;
      root = inl.copy(svg, holder, start, false, 0);
      // Elements referenced from the icon but defined elsewhere in the page (a gradient in a
      // sprite sheet) are copied into a <defs> of the icon, until none is missing.
      let defs = null;
      for (let round = 0; round < MAX_USE_DEPTH; round++) {
        const missing = Array.from(inl.defs).filter(([, el]) => el === null).map(([id]) => id);
        if (!missing.length) break;
        for (const id of missing) {
          const src = document.getElementById(id);
          inl.defs.set(id, true);
          if (!src || src.namespaceURI !== SVGNS) { inl.note("SVG_REFERENCE_UNRESOLVED", "#" + id); continue; }
          if (!defs) { defs = document.createElementNS(SVGNS, "defs"); root.insertBefore(defs, root.firstChild); }
          // In the icon the copy inherits from the icon's root, not from where it stands in the
          // page: it states every value that differs from the root's (a mask's black circle
          // under a root filled with the icon's colour).
          inl.copy(src, defs, resolved(getComputedStyle(svg)), false, 1);
        }
      }
    } finally {
      inl.done();
    }
    // The stored SVG draws at the element's content box size.
    const cs = getComputedStyle(svg);
    const r = svg.getBoundingClientRect();
    const w = r.width - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const h = r.height - parseFloat(cs.borderTopWidth) - parseFloat(cs.borderBottomWidth) - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    root.setAttribute("width", String(+Math.max(0, w).toFixed(2)));
    root.setAttribute("height", String(+Math.max(0, h).toFixed(2)));
    root.removeAttribute("x");
    root.removeAttribute("y");
    const unsafe = root.querySelector("foreignObject") !== null ||
      Array.from(root.querySelectorAll("filter > *")).some((e) => !FIGMA_FILTERS.has(e.localName));
    return { markup: new XMLSerializer().serializeToString(root), notes: inl.notes, unsafe };
  }

  window.__c2dVec = { prefetch, inline, crop, takeCrops: () => { const c = { crops, over }; crops = []; over = 0; return c; } };
  return true;
})();
