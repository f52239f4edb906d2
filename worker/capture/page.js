// In-page helpers of the capture worker. Evaluated once per page; defines window.__c2d.
// Every function is bounded (steps, nodes, time) and returns plain JSON.
(() => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  // FRAME_WAIT_MS bounds the wait for animation frames (a page that renders none goes on).
  const FRAME_WAIT_MS = 1000;
  // frames resolves after two animation frames, or after FRAME_WAIT_MS: the rendering update of
  // the first computes IntersectionObserver entries for a scroll just made, whose callbacks run
  // before the second (a busy machine may render fewer frames than a fixed pause expects).
  const frames = () => new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(timer); resolve(); }));
  });

  // Scroll down one viewport at a time so lazy images (loading="lazy" or scripts that watch the
  // viewport) start loading, each step held for pauseMs and two rendered frames, then back to the
  // top; at most maxSteps steps and budgetMs in all (a
  // page slow to paint each step is scrolled as far as the budget goes).
  async function scrollThrough(maxSteps, pauseMs, budgetMs) {
    const step = Math.max(1, Math.floor(window.innerHeight * 0.9));
    const deadline = Date.now() + budgetMs;
    let steps = 0;
    for (let y = 0; steps < maxSteps && Date.now() < deadline; y += step, steps++) {
      window.scrollTo(0, y);
      await sleep(pauseMs);
      await frames();
      const h = Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0);
      if (y + window.innerHeight >= h) break;
    }
    window.scrollTo(0, 0);
    await sleep(pauseMs);
    return steps;
  }

  // viewportClipsX says whether the page cannot be scrolled sideways by its visitor: the
  // viewport's overflow-x (the root element's, or the body's when the root's is visible in both
  // axes, CSS Overflow 3 §3.3) is hidden or clip.
  function viewportClipsX() {
    const de = document.documentElement;
    let cs = getComputedStyle(de);
    if (cs.overflowX === "visible" && cs.overflowY === "visible" && document.body) cs = getComputedStyle(document.body);
    return cs.overflowX === "hidden" || cs.overflowX === "clip";
  }

  // extent is the page's size as its visitor can scroll it (CSS px): the document's scroll size,
  // at least the viewport's, and exactly the viewport's width when the page cannot be scrolled
  // sideways (content overflowing an overflow-x: hidden body or root widens nothing).
  // The scrolling element is the root's, or the body's in quirks mode.
  function extent() {
    const se = document.scrollingElement || document.documentElement;
    const width = viewportClipsX() ? window.innerWidth : Math.max(se.scrollWidth, window.innerWidth);
    return { width, height: Math.max(se.scrollHeight, window.innerHeight) };
  }

  // SCROLLS are the overflow values that make an element a scroll container its visitor scrolls.
  const SCROLLS = new Set(["auto", "scroll", "overlay"]);

  // expandScroller shows the whole content of an app shell: a page whose document does not
  // scroll vertically while one of its elements does (body{height:100vh;overflow:hidden} with
  // main{overflow:auto}). The scroller is the scrolling element (overflow-y auto or scroll, taller
  // content than box) whose visible part covers the largest share of the viewport, at least
  // minShare of it; at most maxElements elements are looked at. It and each of its ancestors lose
  // what holds them to the viewport (a fixed or max height, overflow other than visible, a
  // bottom offset beside a top one, position fixed), so the document grows by the scroller's
  // hidden content. The document is held to maxHeight CSS px (the screenshot's limit): past it
  // the scroller keeps the height that fits and clips the rest. Returns null when nothing was
  // expanded, else {element, from, to, content, capped}: the scroller as "<tag id class>", its
  // height before and after and its content's height (CSS px), and whether maxHeight cut it.
  function expandScroller(maxHeight, minShare, maxElements) {
    const de = document.documentElement;
    const vw = window.innerWidth, vh = window.innerHeight;
    const root = getComputedStyle(de);
    const vcs = root.overflowX === "visible" && root.overflowY === "visible" && document.body ? getComputedStyle(document.body) : root;
    const se = document.scrollingElement || de;
    const docScrolls = vcs.overflowY !== "hidden" && vcs.overflowY !== "clip" && se.scrollHeight > vh + 1;
    if (docScrolls || !document.body) return null;
    let best = null, bestArea = minShare * vw * vh;
    const all = document.body.getElementsByTagName("*");
    for (let i = 0; i < all.length && i < maxElements; i++) {
      const el = all[i];
      if (el.scrollHeight <= el.clientHeight + 1) continue;
      if (!SCROLLS.has(getComputedStyle(el).overflowY)) continue;
      const r = el.getBoundingClientRect();
      const w = Math.min(r.right, vw) - Math.max(r.left, 0), h = Math.min(r.bottom, vh) - Math.max(r.top, 0);
      if (w > 0 && h > 0 && w * h >= bestArea) { best = el; bestArea = w * h; }
    }
    if (!best) return null;
    const from = best.getBoundingClientRect().height, content = best.scrollHeight;
    const set = (el, p, v) => el.style.setProperty(p, v, "important");
    const release = (el, own) => {
      const cs = getComputedStyle(el);
      if (cs.overflowY !== "visible" || cs.overflowX !== "visible") {
        // overflow-y: visible beside a hidden overflow-x computes back to auto; clip does not.
        set(el, "overflow-x", cs.overflowX === "visible" ? "visible" : "clip");
        set(el, "overflow-y", "visible");
      }
      if (own || el === de || el === document.body || cs.height !== "auto") set(el, "height", "auto");
      if (cs.maxHeight !== "none") set(el, "max-height", "none");
      if (cs.position === "fixed") set(el, "position", "absolute");
      if ((cs.position === "fixed" || cs.position === "absolute") && cs.top !== "auto" && cs.bottom !== "auto") set(el, "bottom", "auto");
    };
    release(best, true);
    for (let a = best.parentElement || (best.getRootNode().host || null); a; a = a.parentElement || (a.getRootNode().host || null)) release(a, false);
    const doc = se.scrollHeight;
    let capped = false;
    if (doc > maxHeight) {
      // Held to the limit: the scroller keeps the height that fits and clips what is below it
      // (max-height holds a flex item too, whatever its flex basis).
      capped = true;
      const h = Math.max(from, best.getBoundingClientRect().height - (doc - maxHeight));
      set(best, "box-sizing", "border-box");
      set(best, "height", h + "px");
      set(best, "max-height", h + "px");
      set(best, "overflow-y", "hidden");
    }
    const cls = typeof best.className === "string" ? best.className.trim().split(/\s+/).filter(Boolean).slice(0, 3) : [];
    const name = "<" + best.tagName.toLowerCase() + (best.id ? " id=\"" + best.id + "\"" : "") + (cls.length ? " class=\"" + cls.join(" ") + "\"" : "") + ">";
    return { element: name, from: Math.round(from), to: Math.round(best.getBoundingClientRect().height), content: Math.round(content), capped };
  }

  // Wait until every <img> finished (loaded or failed), at most timeoutMs.
  async function waitImages(timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = Array.from(document.images).filter((i) => !i.complete).length;
      if (pending === 0 || Date.now() >= deadline) return pending;
      await sleep(50);
    }
  }

  // Computed style properties recorded per element, with the values that mean "nothing to
  // record" (initial or common defaults) left out to keep the document small.
  const STYLE = {
    "display": null, "position": "static", "top": "auto", "left": "auto", "right": "auto",
    "bottom": "auto", "z-index": "auto", "float": "none", "box-sizing": null,
    "width": null, "height": null,
    "margin-top": "0px", "margin-right": "0px", "margin-bottom": "0px", "margin-left": "0px",
    "padding-top": "0px", "padding-right": "0px", "padding-bottom": "0px", "padding-left": "0px",
    "border-top-width": "0px", "border-right-width": "0px", "border-bottom-width": "0px", "border-left-width": "0px",
    "border-top-style": "none", "border-right-style": "none", "border-bottom-style": "none", "border-left-style": "none",
    "border-top-color": null, "border-right-color": null, "border-bottom-color": null, "border-left-color": null,
    "border-top-left-radius": "0px", "border-top-right-radius": "0px",
    "border-bottom-right-radius": "0px", "border-bottom-left-radius": "0px",
    "color": null, "background-color": "rgba(0, 0, 0, 0)", "background-image": "none",
    "background-size": "auto", "background-position": "0% 0%", "background-repeat": "repeat",
    "background-blend-mode": "normal", "opacity": "1", "visibility": "visible", "overflow-x": "visible", "overflow-y": "visible",
    "box-shadow": "none", "transform": "none", "filter": "none", "backdrop-filter": "none", "mix-blend-mode": "normal",
    "outline-style": "none", "outline-width": null, "outline-color": null, "outline-offset": null,
    "font-family": null, "font-size": null, "font-weight": null, "font-style": "normal",
    "line-height": null, "letter-spacing": "normal", "text-align": "start", "text-transform": "none",
    "text-decoration-line": "none", "white-space": "normal", "vertical-align": "baseline",
    "writing-mode": "horizontal-tb", "direction": "ltr", "background-clip": "border-box", "text-shadow": "none",
    "background-origin": "padding-box", "background-attachment": "scroll",
    "flex-direction": "row", "flex-wrap": "nowrap", "justify-content": "normal", "align-items": "normal",
    "gap": "normal", "object-fit": "fill", "object-position": "50% 50%", "font-variant-caps": "normal",
    "text-overflow": "clip", "-webkit-line-clamp": "none", "text-wrap-style": "auto",
    "clip-path": "none", "border-image-source": "none", "-webkit-text-stroke-width": "0px", "text-emphasis-style": "none",
    "border-collapse": "separate",
  };
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE", "BASE"]);
  const ATTRS = ["id", "class", "href", "alt", "title", "role", "aria-label", "name", "type", "value", "placeholder"];

  function box(r) {
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  }

  // Transforms (docs/conversion.md "Transforms"). An element whose transform Figma can hold (2D:
  // rotate, scale, skew, matrix, with its transform-origin, and the rotate/scale/translate
  // properties) is recorded with out.transform.matrix [a, b, c, d, e, f]: the affine map from its
  // own untransformed border box (0,0 at its top left, px) to where the page draws it, relative
  // to its untransformed box's top left. The element's transform is then switched off while the
  // DOM is read (restoreTransforms puts it back before the screenshot), so its box, its
  // descendants' boxes and its text runs are recorded in its own untransformed space; layout is
  // unchanged (a transform does not affect layout) and will-change: transform keeps the
  // containing block and stacking context it made. A pure translation needs none of this (its
  // bounding box is exact); a transform that leaves the plane (3D with perspective), or one
  // inside such an element, stays as it is: its bounding box is recorded, as before.
  const TRANSFORM_EPSILON = 1e-9;
  const TRANSFORMABLE_INLINE = new Set(["IMG", "VIDEO", "CANVAS", "IFRAME", "EMBED", "OBJECT", "INPUT", "SELECT", "TEXTAREA", "BUTTON", "svg"]);
  const TRANSFORM_PROPS = ["transform", "rotate", "scale", "translate"];
  const untransformed = []; // [element, its style attribute before] in the order switched off
  const transformed3d = new Set();
  const composedParent = (el) => el.assignedSlot || el.parentElement || (el.parentNode && el.parentNode.host) || null;

  // transformFn turns a computed rotate, scale or translate value into a transform function the
  // DOMMatrix parser reads (percentages of translate resolved against the border box); it
  // throws on what it cannot read.
  function transformFn(prop, v, el) {
    const t = v.trim().split(/\s+/);
    if (prop === "translate") {
      const px = t.map((x, i) => x.endsWith("%") ? (parseFloat(x) / 100) * (i === 0 ? el.offsetWidth : el.offsetHeight) + "px" : x);
      return px.length === 3 ? `translate3d(${px.join(",")})` : `translate(${px.join(",")})`;
    }
    if (prop === "scale") return t.length === 3 ? `scale3d(${t.join(",")})` : `scale(${t.join(",")})`;
    if (t.length === 1) return `rotate(${t[0]})`;
    if (t.length === 2) return ({ x: "rotateX", y: "rotateY", z: "rotate" })[t[0]] + `(${t[1]})`;
    return `rotate3d(${t.join(",")})`;
  }

  // transformMatrix is the element's whole transform as a DOMMatrix about its border box's top
  // left: translate(origin) translate rotate scale transform translate(-origin) (CSS Transforms
  // 2 §6).
  function transformMatrix(el, cs) {
    const o = cs.transformOrigin.split(/\s+/).map(parseFloat);
    const m = new DOMMatrix().translateSelf(o[0] || 0, o[1] || 0, o[2] || 0);
    for (const p of ["translate", "rotate", "scale"]) {
      const v = cs.getPropertyValue(p);
      if (v && v !== "none") m.multiplySelf(new DOMMatrix(transformFn(p, v, el)));
    }
    if (cs.transform !== "none") m.multiplySelf(new DOMMatrix(cs.transform));
    return m.translateSelf(-(o[0] || 0), -(o[1] || 0), -(o[2] || 0));
  }

  // untransform says whether el's transform is one Figma can hold (see above): it returns
  // out.transform, or null. It only reads; switchOff switches the transforms off.
  function untransform(el, cs) {
    if (el instanceof SVGElement && el.parentElement instanceof SVGElement) return null; // inside an SVG: svg.js folds it
    if (TRANSFORM_PROPS.every((p) => { const v = cs.getPropertyValue(p); return v === "" || v === "none"; })) return null;
    if (cs.display === "inline" && !TRANSFORMABLE_INLINE.has(el.tagName)) return null; // not transformable
    for (let p = composedParent(el); p; p = composedParent(p)) if (transformed3d.has(p)) return null;
    let m = null;
    try { m = transformMatrix(el, cs); } catch (e) { /* a value the parser cannot read: as 3D */ }
    const parent = composedParent(el);
    const pcs = parent ? getComputedStyle(parent) : null;
    const flatParent = !pcs || (pcs.perspective === "none" && pcs.transformStyle !== "preserve-3d");
    const planar = m && m.m14 === 0 && m.m24 === 0 && m.m44 === 1 &&
      (flatParent || (m.m13 === 0 && m.m23 === 0 && m.m43 === 0));
    if (!planar) { transformed3d.add(el); return null; }
    const near = (v, w) => Math.abs(v - w) < TRANSFORM_EPSILON;
    if (near(m.a, 1) && near(m.b, 0) && near(m.c, 0) && near(m.d, 1)) return null; // a translation: its box is exact
    const r = (v) => Math.round(v * 1e6) / 1e6 + 0; // + 0: no -0
    return { matrix: [m.a, m.b, m.c, m.d, m.e, m.f].map(r) };
  }

  // switchOff switches off the transform of each element of els (restoreTransforms switches
  // them on again).
  function switchOff(els) {
    for (const el of els) {
      untransformed.push([el, el.getAttribute("style")]);
      for (const p of TRANSFORM_PROPS) el.style.setProperty(p, "none", "important");
      el.style.setProperty("transition", "none", "important");
      el.style.setProperty("will-change", "transform", "important");
    }
  }

  // composedKids are the nodes collect's walk visits inside element el: none inside a canvas
  // (fallback content) or an inline SVG (kept whole), else what the page draws inside it, the
  // composed tree (composed.js): shadow roots, open and closed, and slotted content.
  function composedKids(el) {
    if (el.tagName === "CANVAS" || (el instanceof SVGSVGElement && !(el.parentElement instanceof SVGElement))) return [];
    return window.__c2dVis ? window.__c2dVis.composedChildren(el) : (el.shadowRoot || el).childNodes;
  }

  // untransformAll finds, before the DOM is read, the transforms of the elements collect's walk
  // records (the same traversal, composedKids from root, at most maxDepth levels deep, not inside
  // an element with display: none; at most maxNodes elements, where the walk counts its text runs
  // too, so it reaches at least as far) in document order, switches them all off and returns by
  // element its out.transform and its computed transform as the page had it ({out, css}). Every
  // element is read before any style is written, so the page's layout is brought up to date once
  // for the walk's boxes, not once per transformed element (a page of 10,000 rotated controls
  // took minutes that way).
  function untransformAll(root, maxNodes, maxDepth) {
    const found = new Map();
    let count = 0;
    const visit = (el, depth) => {
      if (count >= maxNodes || depth > maxDepth || el.nodeType !== Node.ELEMENT_NODE || SKIP.has(el.tagName)) return;
      const cs = getComputedStyle(el);
      if (cs.display === "none") return;
      count++;
      const t = untransform(el, cs);
      if (t) found.set(el, { out: t, css: cs.transform });
      for (const k of composedKids(el)) visit(k, depth + 1);
    };
    visit(root, 1);
    switchOff(found.keys());
    return found;
  }

  // restoreTransforms switches the transforms untransform switched off back on (the page's own
  // style attributes, as they were); it returns how many.
  function restoreTransforms() {
    const n = untransformed.length;
    for (const [el, style] of untransformed.reverse()) {
      if (style === null) el.removeAttribute("style"); else el.setAttribute("style", style);
    }
    untransformed.length = 0;
    transformed3d.clear();
    return n;
  }

  // Computed style properties recorded for a pseudo-element (what its text and box need).
  const PSEUDO_STYLE = ["display", "position", "float", "color", "font-family", "font-size", "font-weight",
    "font-style", "line-height", "letter-spacing", "text-transform", "font-variant-caps", "text-decoration-line", "background-color",
    "background-image", "background-size", "background-position", "background-repeat", "background-blend-mode",
    "background-clip", "background-origin", "background-attachment", "mix-blend-mode", "box-shadow", "visibility", "width", "height", "z-index",
    "border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
    "border-top-style", "border-right-style", "border-bottom-style", "border-left-style",
    "border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
    "border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius", "opacity"];
  // Computed style properties recorded for a control's ::placeholder where they differ from the
  // control's own (the text properties ::placeholder may set that the converter reads).
  const PLACEHOLDER_STYLE = ["color", "font-family", "font-size", "font-weight", "font-style",
    "letter-spacing", "text-transform", "font-variant-caps", "text-decoration-line"];
  function pseudoStyle(pcs) {
    const out = {};
    for (const p of PSEUDO_STYLE) {
      const v = pcs.getPropertyValue(p);
      if (v !== "") out[p] = v;
    }
    // Filters and an outline only when set (most pseudo-elements have neither), as for elements.
    for (const p of ["filter", "backdrop-filter", "outline-style"]) {
      const v = pcs.getPropertyValue(p);
      if (v !== "" && v !== "none") out[p] = v;
    }
    if ("outline-style" in out) for (const p of ["outline-width", "outline-color", "outline-offset"]) out[p] = pcs.getPropertyValue(p);
    return out;
  }

  // contentText resolves a computed content value made of strings and attr() into the text it
  // shows; null for anything else (counters, images, quotes).
  function contentText(c, el) {
    let out = "";
    const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([-\w]+)\s*\))/y;
    let i = 0;
    while (i < c.length) {
      re.lastIndex = i;
      const m = re.exec(c);
      if (!m) return c.slice(i).trim() === "" ? out : null;
      if (m[3] !== undefined) out += el.getAttribute(m[3]) || "";
      else out += (m[1] ?? m[2]).replace(/\\(.)/g, "$1");
      i = re.lastIndex;
    }
    return out;
  }

  // Marker strings of the counter styles browsers predefine most (CSS Counter Styles 3 §6-7),
  // with the suffix they add.
  function roman(n, upper) {
    if (n <= 0 || n >= 4000) return String(n);
    const table = [[1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"], [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"]];
    let out = "";
    for (const [v, s] of table) while (n >= v) { out += s; n -= v; }
    return upper ? out.toUpperCase() : out;
  }
  function alpha(n, letters) {
    if (n <= 0) return String(n);
    let out = "";
    while (n > 0) { n--; out = letters[n % letters.length] + out; n = Math.floor(n / letters.length); }
    return out;
  }
  function markerText(markerContent, type, n) {
    if (markerContent && markerContent !== "normal" && markerContent !== "none") {
      const t = contentText(markerContent, document.documentElement);
      if (t !== null) return t;
    }
    if (type.startsWith('"') || type.startsWith("'")) return contentText(type, document.documentElement);
    const latin = "abcdefghijklmnopqrstuvwxyz";
    switch (type) {
      case "disc": return "\u2022 ";
      case "circle": return "\u25e6 ";
      case "square": return "\u25aa ";
      case "decimal": return n + ". ";
      case "decimal-leading-zero": return (n >= 0 && n < 10 ? "0" + n : String(n)) + ". ";
      case "lower-roman": return roman(n, false) + ". ";
      case "upper-roman": return roman(n, true) + ". ";
      case "lower-alpha": case "lower-latin": return alpha(n, latin) + ". ";
      case "upper-alpha": case "upper-latin": return alpha(n, latin.toUpperCase()) + ". ";
      case "lower-greek": return alpha(n, "αβγδεζηθικλμνξοπρστυφχψω") + ". ";
    }
    return null;
  }

  // lineRects returns the non-empty client rects of a text range or an inline element (one per
  // line fragment), at most max of them (MaxLineFragments).
  function lineRects(list, max) {
    const out = [];
    for (const r of list) {
      if (out.length >= max) break;
      if (r.width > 0 && r.height > 0) out.push(box(r));
    }
    return out;
  }

  // lineStarts returns, for each line fragment of a text node that wraps (frags, page px), the
  // offset in its recorded text (UTF-16 units; collapsed white space when !pre) of its first
  // character that is not white space: the first whose box lies below the previous fragment's
  // top, found by binary search (the characters of a run that wraps go down line by line).
  function lineStarts(node, raw, text, frags, pre) {
    const range = document.createRange();
    // vertical middle of the box of the first character drawn at or after raw offset o
    // (collapsed spaces draw nothing), looking at most SCAN characters on; Infinity past them.
    const SCAN = 64;
    const topAt = (o) => {
      for (let i = o; i < raw.length && i < o + SCAN; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getClientRects();
        for (const b of r) if (b.width > 0 || b.height > 0) return b.top + window.scrollY + b.height / 2;
      }
      return Infinity;
    };
    // offset in the recorded text of raw offset o.
    const collapsed = (o) => (pre ? o : raw.slice(0, o).replace(/\s+/g, " ").length);
    const out = [0];
    let lo = 0;
    for (let k = 1; k < frags.length; k++) {
      const line = frags[k].y;
      let a = lo, b = raw.length;
      while (a < b) {
        const m = (a + b) >> 1;
        if (topAt(m) >= line) b = m; else a = m + 1;
      }
      let o = a;
      while (o < raw.length && /\s/.test(raw[o])) o++;
      lo = o;
      out.push(Math.min(collapsed(o), text.length));
    }
    return out;
  }

  function urlsOf(bg) {
    const out = [];
    const re = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/g;
    let m;
    while ((m = re.exec(bg)) !== null) {
      const u = m[1] ?? m[2] ?? m[3];
      if (u) out.push(new URL(u, document.baseURI).href);
    }
    return out;
  }

  // Input types whose value is not text the control shows (drawn by the browser's own widget, a
  // file path, hidden) or must never leave the page (password).
  const NO_VALUE_INPUTS = new Set(["password", "hidden", "file", "checkbox", "radio", "range", "color", "image"]);

  // WIDGET_TAGS and WIDGET_INPUTS are the elements the browser draws itself (media players,
  // embedded pages, native input widgets): each is recorded with a crop of its border box
  // (reason "widget"), within svg.js MAX_CROPS per page.
  const WIDGET_TAGS = new Set(["VIDEO", "AUDIO", "IFRAME", "FRAME", "EMBED", "OBJECT", "PORTAL", "PROGRESS", "METER"]);
  const WIDGET_INPUTS = new Set(["checkbox", "radio", "range", "color", "file"]);
  // NATIVE_PART_INPUTS keep parts the browser draws even with appearance: none (a slider's track
  // and thumb, a colour swatch, the file button and its label, styled by ::-webkit- pseudo-elements
  // the capture cannot read as boxes): they are cropped whatever their appearance.
  const NATIVE_PART_INPUTS = new Set(["range", "color", "file"]);
  // Form controls, which the page may draw itself with appearance: none.
  const CONTROL_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON"]);

  // shownValue returns the text a form control shows, or null for other elements and for the
  // input types of NO_VALUE_INPUTS.
  function shownValue(el) {
    if (el.tagName === "TEXTAREA") return el.value;
    if (el.tagName === "INPUT" && DATE_INPUTS.has(el.type)) return dateText(el);
    if (el.tagName === "INPUT") return NO_VALUE_INPUTS.has(el.type) ? null : el.value;
    if (el.tagName === "SELECT") return Array.from(el.selectedOptions, (o) => o.label).join(", ");
    return null;
  }

  // DATE_INPUTS are the input types whose value the browser shows in its locale
  // (navigator.language), not as the value string, and as placeholder fields while empty.
  const DATE_INPUTS = new Set(["date", "time", "datetime-local", "month", "week"]);
  // BLANK_FIELDS are what Chromium draws in an empty field of each Intl part type.
  const BLANK_FIELDS = { month: "mm", day: "dd", year: "yyyy", hour: "--", minute: "--", second: "--", dayPeriod: "--" };

  // dateText returns the text Chromium draws in a date or time input (DATE_INPUTS): its value in
  // the browser's locale ("03/05/2024", "02:30 PM", "03/05/2024, 02:30 PM", "March 2024",
  // "Week 10, 2024"), or the empty fields ("mm/dd/yyyy", "--:-- --", "--------- ----",
  // "Week --, ----"; the blank fields and "Week" as an en-US browser draws them). Seconds show
  // when the value has them or the step, a positive number of seconds (else 60), is not whole
  // minutes; milliseconds are not drawn.
  function dateText(el) {
    const v = el.value;
    const blank = v === "";
    const format = (opts, date) => new Intl.DateTimeFormat(navigator.language, { ...opts, timeZone: "UTC" })
      .formatToParts(date || new Date(0))
      .map((p) => (blank && p.type !== "literal" ? BLANK_FIELDS[p.type] || p.value : p.value)).join("");
    const step = Number(el.step);
    const seconds = /:\d\d:\d\d/.test(v) || (el.step !== "" && step > 0 && step % 60 !== 0);
    const time = { hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}) };
    const date = { year: "numeric", month: "2-digit", day: "2-digit" };
    const at = blank ? null : new Date(el.valueAsNumber);
    switch (el.type) {
      case "date": return format(date, at);
      case "time": return format(time, at);
      case "datetime-local": return format(date, at) + ", " + format(time, at);
      case "month":
        return blank ? "--------- ----" : format({ year: "numeric", month: "long" }, new Date(Date.UTC(+v.slice(0, 4), +v.slice(5, 7) - 1)));
      default: {
        const m = /^(\d{4})-W(\d{2})$/.exec(v);
        return m ? `Week ${m[2]}, ${m[1]}` : "Week --, ----";
      }
    }
  }

  // canvasImage records what a canvas shows: its bitmap as a PNG (an asset of kind "canvas",
  // out.image, its natural size the bitmap's), or, when the page cannot read it (a tainted
  // canvas: another origin's image was drawn into it) or it holds more than maxPixels pixels, a
  // crop of its content box from the page (out.crop, reason "canvas-tainted" or "canvas-large").
  // A canvas without a bitmap (0 wide or high) records nothing.
  function canvasImage(el, cs, out, imageRef, maxPixels) {
    if (el.width <= 0 || el.height <= 0) return;
    let reason = "canvas-large";
    if (el.width * el.height <= maxPixels) {
      try {
        const url = el.toDataURL("image/png");
        if (url.startsWith("data:image/png")) {
          out.image = { asset_id: imageRef("canvas", null, url), natural_width: el.width, natural_height: el.height };
          return;
        }
      } catch (e) {
        // SecurityError: the canvas is tainted.
      }
      reason = "canvas-tainted";
    }
    const r = el.getBoundingClientRect();
    const px = (p) => parseFloat(cs.getPropertyValue(p)) || 0;
    const l = px("border-left-width") + px("padding-left"), t = px("border-top-width") + px("padding-top");
    const w = r.width - l - px("border-right-width") - px("padding-right");
    const h = r.height - t - px("border-bottom-width") - px("padding-bottom");
    const c = window.__c2dVec.crop(el, imageRef, reason, { x: r.left + window.scrollX + l, y: r.top + window.scrollY + t, width: w, height: h });
    if (c) out.crop = c;
  }

  // collect walks the rendered DOM and returns {document, images} as a JSON string (DevTools
  // refuses to pass deeply nested objects by value). images lists every image the page shows,
  // once per distinct URL (or inline SVG), with the id the document refers to. Elements nested
  // deeper than maxDepth (the root is at depth 1) are left out and counted (depth_cut).
  // fontFileRules lists the @font-face rules of the readable style sheets with the first source
  // of each that the converter and the preview can read (WOFF2, WOFF, TrueType, OpenType; not EOT
  // or SVG fonts): {key, url}, key being family|weight|style|unicode-range as FontFace spells
  // them.
  function fontFileRules() {
    const out = [];
    const norm = (v, def) => (v || def).trim().toLowerCase().replace(/["']/g, "").replace(/\s+/g, " ");
    for (const sheet of Array.from(document.styleSheets)) {
      let rules;
      try { rules = sheet.cssRules; } catch (e) { continue; } // cross-origin sheet
      for (const r of Array.from(rules || [])) {
        if (!(r instanceof CSSFontFaceRule)) continue;
        const st = r.style;
        const re = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)\s*(?:format\(\s*["']?([^"')]*)["']?\s*\))?/g;
        let m, url = null;
        while ((m = re.exec(st.getPropertyValue("src"))) !== null) {
          const u = m[1] ?? m[2] ?? m[3];
          const fmt = (m[4] || "").toLowerCase();
          if (!u || fmt === "embedded-opentype" || fmt === "svg" || (!fmt && /\.(eot|svg)(\?|#|$)/i.test(u))) continue;
          url = new URL(u, sheet.href || document.baseURI).href;
          break;
        }
        if (!url) continue;
        const key = [norm(st.getPropertyValue("font-family"), ""), norm(st.getPropertyValue("font-weight"), "normal"),
          norm(st.getPropertyValue("font-style"), "normal"), norm(st.getPropertyValue("unicode-range"), "U+0-10FFFF")].join("|");
        out.push({ key, url });
      }
    }
    return out;
  }

  // takeFontFile returns the file URL of the first rule of files that declares the face (family,
  // weight, style, unicode range as document.fonts gives them) and removes it, or null.
  function takeFontFile(files, family, weight, style, range) {
    const n = (v) => String(v).trim().toLowerCase().replace(/["']/g, "").replace(/\s+/g, " ");
    const key = [n(family), n(weight), n(style), n(range)].join("|");
    const same = (a, b) => a.replace(/\|400\|/, "|normal|") === b.replace(/\|400\|/, "|normal|");
    const noRange = (k) => k.slice(0, k.lastIndexOf("|"));
    let i = files.findIndex((f) => same(f.key, key));
    if (i < 0) i = files.findIndex((f) => same(noRange(f.key), noRange(key))); // ranges spelled differently
    if (i < 0) return null;
    return files.splice(i, 1)[0].url;
  }

  function collect(maxNodes, maxDepth, maxTextLen, maxFragments, maxFontQueries, maxFontFaces, maxCanvasPixels, maxLineStarts, maxFontFiles) {
    let lineStartsLeft = maxLineStarts;
    const images = [];
    const byURL = new Map();
    let count = 0;
    let truncated = false;
    let depthCut = 0;
    // The text runs whose drawn fonts the capture asks DevTools for (fonts.go), and the
    // elements whose pseudo-elements' boxes it asks for.
    const textRuns = [];
    let textRunsOver = 0; // runs past maxFontQueries, whose faces are not asked for (fonts.go)
    const pseudoHosts = [];
    // Counters of list items per list, in document order (listOrdinal).
    const counters = new Map();
    function listOrdinal(li) {
      const list = li.parentElement;
      let c = counters.get(list);
      if (!c) {
        const reversed = list && list.tagName === "OL" && list.reversed;
        let start = 1;
        if (list && list.tagName === "OL") {
          start = list.hasAttribute("start") ? list.start : (reversed ? list.querySelectorAll(":scope > li").length : 1);
        }
        c = { next: start, step: reversed ? -1 : 1 };
        counters.set(list, c);
      }
      if (li.tagName === "LI" && li.hasAttribute("value")) c.next = li.value;
      const n = c.next;
      c.next += c.step;
      return n;
    }
    const imageRef = (kind, url, markup) => {
      if (url && byURL.has(url)) return byURL.get(url);
      const id = "img-" + (images.length + 1);
      images.push(markup ? { id, kind, markup } : { id, kind, url });
      if (url) byURL.set(url, id);
      return id;
    };

    // The recorded elements in the order walked (an element's index in it is its preorder
    // number among the document's recorded elements, the index the capture's "states" use), and
    // for each, the index past its recorded subtree.
    const elements = [];
    const elementEnds = [];
    function walk(node, depth) {
      const i = elements.length;
      const out = walkNode(node, depth);
      if (elements.length > i) elementEnds[i] = elements.length;
      return out;
    }

    function walkNode(node, depth) {
      if (count >= maxNodes) { truncated = true; return null; }
      if (depth > maxDepth) {
        if (node.nodeType === Node.ELEMENT_NODE) depthCut++;
        return null;
      }
      if (node.nodeType === Node.TEXT_NODE) {
        const raw = node.textContent;
        if (!raw) return null;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return null;
        if (window.__c2dVis && window.__c2dVis.textHidden(node, r)) return null; // composed.js
        // White space alone is recorded only where it is drawn (the space between two links);
        // between blocks it collapses away and has no box.
        if (!raw.trim() && r.width === 0) return null;
        count++;
        const ws = node.parentElement ? getComputedStyle(node.parentElement).whiteSpace : "normal";
        let text = ws.startsWith("pre") ? raw : raw.replace(/\s+/g, " ");
        if (text.length > maxTextLen) { text = text.slice(0, maxTextLen); truncated = true; }
        const out = { type: "text", text, box: box(r) };
        // A run that wraps has one fragment per line: the conversion places the paragraph's
        // TEXT from its first and last line, not from the union box.
        const frags = lineRects(range.getClientRects(), maxFragments);
        if (frags.length > 1) {
          out.rects = frags;
          // Where each line starts, while the page's budget of line starts lasts (a run gets all
          // of its lines' or none).
          if (lineStartsLeft >= frags.length) {
            lineStartsLeft -= frags.length;
            out.line_starts = lineStarts(node, raw, text, frags, ws.startsWith("pre"));
          }
        }
        // The fonts that drew the run (fonts.go), for a run with glyphs: white space alone draws
        // none, and DevTools' DOM leaves a whitespace-only text node out, so it cannot be asked.
        if (raw.trim()) {
          if (textRuns.length < maxFontQueries) {
            out.font_ref = textRuns.length;
            textRuns.push(node);
          } else {
            textRunsOver++;
          }
        }
        return out;
      }
      if (node.nodeType !== Node.ELEMENT_NODE || SKIP.has(node.tagName)) return null;
      const el = node;
      const cs = getComputedStyle(el);
      // A closed <details> lays out its summary alone (composed.js inClosedDetails).
      if (cs.display === "none" || (window.__c2dVis && window.__c2dVis.inClosedDetails(el))) return null;
      count++;
      elements.push(el);
      const switched = transforms.get(el); // untransformAll: its transform is off while read
      const transform = switched ? switched.out : null;
      const out = { type: "element", tag: el.tagName.toLowerCase(), box: box(el.getBoundingClientRect()) };
      if (transform) out.transform = transform;
      if (cs.display === "inline") {
        // An inline element that wraps (a link, a highlighted phrase) has one box per line: its
        // background and border are drawn per fragment behind the paragraph's text.
        const frags = lineRects(el.getClientRects(), maxFragments);
        if (frags.length > 1) out.rects = frags;
      }
      const attrs = {};
      const secret = el.tagName === "INPUT" && el.type === "password";
      for (const a of ATTRS) {
        if (a === "value" && secret) continue; // never record a password, not even its default
        const v = el.getAttribute(a);
        if (v !== null && v !== "") attrs[a] = v.length > maxTextLen ? v.slice(0, maxTextLen) : v;
      }
      if (Object.keys(attrs).length) out.attrs = attrs;
      // What a text control shows is its live value (typed, or set by a script), not its value
      // attribute; a select shows its chosen option's label. Always recorded (even empty) for
      // these controls, so an emptied field is not mistaken for its default.
      const shown = shownValue(el);
      if (shown !== null) {
        if (shown.length > maxTextLen) { out.value = shown.slice(0, maxTextLen); truncated = true; } else out.value = shown;
      }
      // The faces a control's text was drawn in (its value, label or placeholder lives in its
      // user-agent shadow tree, which DevTools counts when asked of the control): fonts.go.
      if (shown || ((el.tagName === "INPUT" || el.tagName === "TEXTAREA") && el.placeholder)) {
        if (textRuns.length < maxFontQueries) {
          out.font_ref = textRuns.length;
          textRuns.push(el);
        } else {
          textRunsOver++;
        }
      }
      // The ::placeholder's look, when the control shows its placeholder (empty, with one).
      if ((el.tagName === "INPUT" || el.tagName === "TEXTAREA") && el.placeholder && !el.value) {
        const pcs = getComputedStyle(el, "::placeholder");
        const ps = {};
        for (const p of PLACEHOLDER_STYLE) {
          const v = pcs.getPropertyValue(p);
          if (v !== "" && v !== cs.getPropertyValue(p)) ps[p] = v;
        }
        out.placeholder_style = ps;
      }
      const style = {};
      for (const [p, def] of Object.entries(STYLE)) {
        const v = cs.getPropertyValue(p);
        if (v !== "" && v !== def) style[p] = v;
      }
      for (const side of ["top", "right", "bottom", "left"]) {
        if (!(`border-${side}-style` in style)) delete style[`border-${side}-color`];
      }
      // An outline's width, colour and offset matter only when it is drawn.
      if (!("outline-style" in style)) for (const p of ["outline-width", "outline-color", "outline-offset"]) delete style[p];
      // How an element that sets a decoration line draws it (CSS propagates the line with its
      // look to the text inside): its style, thickness and underline offset when not the
      // defaults, its colour when not the text colour.
      if ("text-decoration-line" in style) {
        for (const [p, def] of [["text-decoration-style", "solid"], ["text-decoration-thickness", "auto"], ["text-underline-offset", "auto"]]) {
          const v = cs.getPropertyValue(p);
          if (v !== "" && v !== def) style[p] = v;
        }
        const dc = cs.getPropertyValue("text-decoration-color");
        if (dc && dc !== cs.color) style["text-decoration-color"] = dc;
      }
      // The colour glyphs are filled with, when it is not the text colour (gradient text sets it
      // transparent and clips the background to the glyphs).
      const fill = cs.getPropertyValue("-webkit-text-fill-color");
      if (fill && fill !== cs.color) style["-webkit-text-fill-color"] = fill;
      // The transform switched off is still named in the style (the converter knows it is held
      // by out.transform).
      if (transform && switched.css !== "none") style.transform = switched.css;
      // The glyphs' outline (-webkit-text-stroke) when it has a width.
      if ("-webkit-text-stroke-width" in style) style["-webkit-text-stroke-color"] = cs.getPropertyValue("-webkit-text-stroke-color");
      // A multi-column element's rule between its columns.
      if ((cs.columnCount !== "auto" || cs.columnWidth !== "auto") && cs.columnRuleStyle !== "none" && cs.columnRuleStyle !== "hidden") {
        style["column-rule-style"] = cs.columnRuleStyle;
        style["column-rule-width"] = cs.columnRuleWidth;
        style["column-rule-color"] = cs.columnRuleColor;
      }
      // A form control the page draws itself (appearance: none): no native widget.
      if (CONTROL_TAGS.has(el.tagName) && cs.appearance === "none") style.appearance = "none";
      out.style = style;
      if (facts) facts.element(el, cs, out);
      // Pseudo-elements have no DOM node: record what each draws (its computed content, the text
      // it resolves to, its computed style) and list the element so the capture asks DevTools
      // for the pseudo-elements' boxes (fonts.go pseudoBoxes, by pseudo_ref).
      const pseudo = [];
      for (const which of ["before", "after"]) {
        const pcs = getComputedStyle(el, "::" + which);
        const c = pcs.content;
        if (c && c !== "none" && c !== "normal" && pcs.display !== "none") {
          const p = { which, content: c.length > maxTextLen ? c.slice(0, maxTextLen) : c, style: pseudoStyle(pcs) };
          const text = contentText(c, el);
          if (text !== null) p.text = text.slice(0, maxTextLen);
          // Its url() background layers are assets like an element's (fetched by render.go).
          const pbgs = urlsOf(pcs.backgroundImage);
          if (pbgs.length) p.background_images = pbgs.map((u) => imageRef("background", u));
          pseudo.push(p);
        }
      }
      if (cs.display === "list-item" && (cs.listStyleType !== "none" || cs.listStyleImage !== "none")) {
        const ordinal = listOrdinal(el);
        const mcs = getComputedStyle(el, "::marker");
        const p = { which: "marker", content: cs.listStyleImage !== "none" ? cs.listStyleImage : cs.listStyleType,
          style: pseudoStyle(mcs), position: cs.listStylePosition, ordinal };
        const text = cs.listStyleImage !== "none" ? null : markerText(mcs.content, cs.listStyleType, ordinal);
        if (text !== null) p.text = text;
        pseudo.push(p);
      }
      if (pseudo.length && pseudoHosts.length < maxFontQueries) {
        out.pseudo_ref = pseudoHosts.length;
        pseudoHosts.push(el);
      }
      if (pseudo.length) out.pseudo = pseudo;
      Object.assign(out, window.__c2dIcons.facts(el, cs, imageRef)); // icons.js: masks, icon fonts
      const bgs = urlsOf(cs.backgroundImage);
      if (bgs.length) out.background_images = bgs.map((u) => imageRef("background", u));
      if (el.tagName === "IMG") {
        const src = el.currentSrc || el.src;
        if (src && el.complete && el.naturalWidth > 0) {
          out.image = { asset_id: imageRef("img", src), natural_width: el.naturalWidth, natural_height: el.naturalHeight };
        }
      }
      if (!out.crop && cs.visibility === "visible" && (WIDGET_TAGS.has(el.tagName) || (el.tagName === "INPUT" && WIDGET_INPUTS.has(el.type) && (cs.appearance !== "none" || NATIVE_PART_INPUTS.has(el.type))))) {
        // The browser draws it itself (a native widget, a media player, an embedded page): its
        // border box's pixels from the page are what the visitor saw.
        const c = window.__c2dVec.crop(el, imageRef, "widget");
        if (c) out.crop = c;
      }
      if (el.tagName === "CANVAS") {
        canvasImage(el, cs, out, imageRef, maxCanvasPixels);
        return out; // its children are fallback content, not drawn
      }
      if (el instanceof SVGSVGElement && !(el.parentElement instanceof SVGElement)) {
        // An inline SVG is kept whole as an asset; its children are not walked.
        // A self-contained copy (svg.js): references resolved, computed values, ids per icon.
        const svg = window.__c2dVec.inline(el, "c2d" + (images.length + 1) + "-");
        out.image = { asset_id: imageRef("inline-svg", null, svg.markup) };
        if (svg.notes.length) out.svg_notes = svg.notes;
        if (svg.unsafe) out.crop = window.__c2dVec.crop(el, imageRef, "svg");
        return out;
      }
      const kids = [];
      for (const c of composedKids(el)) {
        const k = walk(c, depth + 1);
        if (k) kids.push(k);
      }
      if (kids.length) out.children = kids;
      return out;
    }

    window.scrollTo(0, 0);
    const facts = window.__c2dFacts || null;
    if (facts) facts.begin();
    const transforms = untransformAll(document.documentElement, maxNodes, maxDepth);
    const root = walk(document.documentElement, 1);
    const more = facts ? facts.end() : {};
    const de = document.documentElement;
    window.__c2d.textRuns = textRuns;
    window.__c2d.textRunsOver = textRunsOver;
    window.__c2d.pseudoHosts = pseudoHosts;
    window.__c2d.elements = elements;
    window.__c2d.elementEnds = elementEnds;
    // The page's @font-face faces and whether each loaded: a family declared but never loaded
    // must not be taken for the one drawn.
    const fontFaces = [];
    const files = fontFileRules();
    let fontFiles = 0;
    for (const f of document.fonts) {
      if (fontFaces.length >= maxFontFaces) break;
      const face = { family: f.family.replace(/^["']|["']$/g, ""), weight: f.weight, style: f.style, status: f.status };
      // The file of a loaded face (its @font-face rule's first readable source), for the
      // preview of the self-check, which draws a TEXT set in a web font with it.
      if (f.status === "loaded" && fontFiles < maxFontFiles) {
        const url = takeFontFile(files, face.family, f.weight, f.style, f.unicodeRange);
        if (url) { face.asset_id = imageRef("font", url); fontFiles++; }
      }
      fontFaces.push(face);
    }
    return JSON.stringify({
      document: {
        title: document.title,
        lang: de.lang || "",
        url: location.href,
        viewport: { width: window.innerWidth, height: window.innerHeight },
        scroll_size: extent(),
        device_scale_factor: window.devicePixelRatio,
        node_count: count,
        truncated,
        depth_cut: depthCut,
        root,
        ...more,
        font_faces: fontFaces,
      },
      images,
    });
  }

  // fetchBytes reads a URL from the page (used only when the browser's network log no longer holds
  // the response). Returns {mime, base64} or {error}.
  async function fetchBytes(url, maxBytes, timeoutMs) {
    const ctl = new AbortController();
    const t = setTimeout(() => ctl.abort(), timeoutMs);
    try {
      const res = await fetch(url, { cache: "force-cache", signal: ctl.signal });
      if (!res.ok) return { error: "HTTP " + res.status };
      const buf = await res.arrayBuffer();
      if (buf.byteLength > maxBytes) return { error: "too large" };
      const bytes = new Uint8Array(buf);
      let bin = "";
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      return { mime: res.headers.get("content-type") || "", base64: btoa(bin) };
    } catch (e) {
      return { error: String(e && e.name || e) };
    } finally {
      clearTimeout(t);
    }
  }

  window.__c2d = { styleProps: Object.keys(STYLE), scrollThrough, waitImages, collect, fetchBytes, extent, expandScroller, restoreTransforms };
  return true;
})()
