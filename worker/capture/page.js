// In-page helpers of the capture worker. Evaluated once per page; defines window.__c2d.
// Every function is bounded (steps, nodes, time) and returns plain JSON.
(() => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  // Scroll down one viewport at a time so lazy images (loading="lazy" or scripts that watch the
  // viewport) start loading, then back to the top.
  async function scrollThrough(maxSteps, pauseMs) {
    const step = Math.max(1, Math.floor(window.innerHeight * 0.9));
    let steps = 0;
    for (let y = 0; steps < maxSteps; y += step, steps++) {
      window.scrollTo(0, y);
      await sleep(pauseMs);
      const h = Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0);
      if (y + window.innerHeight >= h) break;
    }
    window.scrollTo(0, 0);
    await sleep(pauseMs);
    return steps;
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
    "opacity": "1", "visibility": "visible", "overflow-x": "visible", "overflow-y": "visible",
    "box-shadow": "none", "transform": "none", "filter": "none", "mix-blend-mode": "normal",
    "font-family": null, "font-size": null, "font-weight": null, "font-style": "normal",
    "line-height": null, "letter-spacing": "normal", "text-align": "start", "text-transform": "none",
    "text-decoration-line": "none", "white-space": "normal", "vertical-align": "baseline",
    "writing-mode": "horizontal-tb", "direction": "ltr",
    "flex-direction": "row", "flex-wrap": "nowrap", "justify-content": "normal", "align-items": "normal",
    "gap": "normal", "object-fit": "fill", "object-position": "50% 50%",
  };
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE", "BASE"]);
  const ATTRS = ["id", "class", "href", "alt", "title", "role", "aria-label", "name", "type", "value", "placeholder"];

  function box(r) {
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
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

  // shownValue returns the text a form control shows, or null for other elements and for the
  // input types of NO_VALUE_INPUTS.
  function shownValue(el) {
    if (el.tagName === "TEXTAREA") return el.value;
    if (el.tagName === "INPUT") return NO_VALUE_INPUTS.has(el.type) ? null : el.value;
    if (el.tagName === "SELECT") return Array.from(el.selectedOptions, (o) => o.label).join(", ");
    return null;
  }

  // collect walks the rendered DOM and returns {document, images}. images lists every image the
  // page shows, once per distinct URL (or inline SVG), with the id the document refers to.
  function collect(maxNodes, maxTextLen, maxFragments, maxFontQueries, maxFontFaces) {
    const images = [];
    const byURL = new Map();
    let count = 0;
    let truncated = false;
    // The text runs whose drawn fonts the capture asks DevTools for (fonts.go).
    const textRuns = [];
    const imageRef = (kind, url, markup) => {
      if (url && byURL.has(url)) return byURL.get(url);
      const id = "img-" + (images.length + 1);
      images.push(markup ? { id, kind, markup } : { id, kind, url });
      if (url) byURL.set(url, id);
      return id;
    };

    function walk(node) {
      if (count >= maxNodes) { truncated = true; return null; }
      if (node.nodeType === Node.TEXT_NODE) {
        const raw = node.textContent;
        if (!raw) return null;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) return null;
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
        if (frags.length > 1) out.rects = frags;
        if (textRuns.length < maxFontQueries) {
          out.font_ref = textRuns.length;
          textRuns.push(node);
        }
        return out;
      }
      if (node.nodeType !== Node.ELEMENT_NODE || SKIP.has(node.tagName)) return null;
      const el = node;
      const cs = getComputedStyle(el);
      if (cs.display === "none") return null;
      count++;
      const out = { type: "element", tag: el.tagName.toLowerCase(), box: box(el.getBoundingClientRect()) };
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
      const style = {};
      for (const [p, def] of Object.entries(STYLE)) {
        const v = cs.getPropertyValue(p);
        if (v !== "" && v !== def) style[p] = v;
      }
      for (const side of ["top", "right", "bottom", "left"]) {
        if (!(`border-${side}-style` in style)) delete style[`border-${side}-color`];
      }
      out.style = style;
      // Pseudo-elements have no DOM node or layout box; record that they draw something so the
      // conversion can say what it left out (a marker for list items, ::before/::after content).
      const pseudo = [];
      for (const which of ["before", "after"]) {
        const c = getComputedStyle(el, "::" + which).content;
        if (c && c !== "none" && c !== "normal") pseudo.push({ which, content: c.length > maxTextLen ? c.slice(0, maxTextLen) : c });
      }
      if (cs.display === "list-item" && (cs.listStyleType !== "none" || cs.listStyleImage !== "none")) {
        pseudo.push({ which: "marker", content: cs.listStyleImage !== "none" ? cs.listStyleImage : cs.listStyleType });
      }
      if (pseudo.length) out.pseudo = pseudo;
      const bgs = urlsOf(cs.backgroundImage);
      if (bgs.length) out.background_images = bgs.map((u) => imageRef("background", u));
      if (el.tagName === "IMG") {
        const src = el.currentSrc || el.src;
        if (src && el.complete && el.naturalWidth > 0) {
          out.image = { asset_id: imageRef("img", src), natural_width: el.naturalWidth, natural_height: el.naturalHeight };
        }
      }
      if (el instanceof SVGSVGElement && !(el.parentElement instanceof SVGElement)) {
        // An inline SVG is kept whole as an asset; its children are not walked.
        let markup = el.outerHTML;
        if (!el.hasAttribute("xmlns")) markup = markup.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
        out.image = { asset_id: imageRef("inline-svg", null, markup) };
        return out;
      }
      const kids = [];
      const root = el.shadowRoot || el;
      for (const c of root.childNodes) {
        const k = walk(c);
        if (k) kids.push(k);
      }
      if (kids.length) out.children = kids;
      return out;
    }

    window.scrollTo(0, 0);
    const root = walk(document.documentElement);
    const de = document.documentElement;
    window.__c2d.textRuns = textRuns;
    // The page's @font-face faces and whether each loaded: a family declared but never loaded
    // must not be taken for the one drawn.
    const fontFaces = [];
    for (const f of document.fonts) {
      if (fontFaces.length >= maxFontFaces) break;
      fontFaces.push({ family: f.family.replace(/^["']|["']$/g, ""), weight: f.weight, style: f.style, status: f.status });
    }
    return {
      document: {
        title: document.title,
        lang: de.lang || "",
        url: location.href,
        viewport: { width: window.innerWidth, height: window.innerHeight },
        scroll_size: { width: de.scrollWidth, height: de.scrollHeight },
        device_scale_factor: window.devicePixelRatio,
        node_count: count,
        truncated,
        root,
        font_faces: fontFaces,
      },
      images,
    };
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

  window.__c2d = { scrollThrough, waitImages, collect, fetchBytes };
  return true;
})()
