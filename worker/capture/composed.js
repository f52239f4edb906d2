// Composed-tree and visibility helpers of the capture worker (composed.go). Evaluated once per page
// before page.js's collect; defines window.__c2dVis. page.js's walk asks it for an element's
// children in the composed (flat) tree, and whether a text run is hidden from sighted users.
(() => {
  if (window.__c2dVis) return true;

  // HIDDEN_MAX_PX: a text run of which at most this many CSS px remain visible in either direction
  // (after clipping boxes and the page's edges) counts as hidden: the 1x1 px "visually hidden"
  // pattern. A polygon clip-path of less than HIDDEN_MAX_PX² area leaves nothing.
  const HIDDEN_MAX_PX = 1;

  // Closed shadow roots, by host: the worker finds them through the DevTools protocol (which
  // pierces closed roots) and registers them here.
  const closedRoots = new WeakMap();
  // The composed parent of each node the walk reached, set as children are handed out.
  let parentOf = new WeakMap();
  // Per element: {hidden, clip} (see elementState).
  let states = new WeakMap();
  let hiddenTexts = 0;

  // reset forgets what an earlier DOM read learnt (the page may have changed since).
  function reset() {
    parentOf = new WeakMap();
    states = new WeakMap();
    hiddenTexts = 0;
    return true;
  }

  function addClosedRoot(root) {
    if (root && root.host) closedRoots.set(root.host, root);
    return true;
  }

  // composedChildren returns what the page draws inside el, in order: the children of its shadow
  // root (open or closed) if it has one (its light-DOM children show only where slots put them);
  // for a <slot>, the nodes assigned to it, or its own children (fallback content) when none
  // are; otherwise its children.
  function composedChildren(el) {
    const root = el.shadowRoot || closedRoots.get(el);
    let kids;
    if (root) kids = root.childNodes;
    else if (el instanceof HTMLSlotElement) {
      const assigned = el.assignedNodes();
      kids = assigned.length ? assigned : el.childNodes;
    } else kids = el.childNodes;
    for (const k of kids) parentOf.set(k, el);
    return kids;
  }

  // composedParent is the element the walk reached node through (its slot, shadow host or parent).
  function composedParent(node) {
    return parentOf.get(node) || node.parentElement;
  }

  const px = (v, ref) => {
    if (v.endsWith("%")) return (parseFloat(v) / 100) * ref;
    if (v.endsWith("px")) return parseFloat(v);
    if (v === "0") return 0;
    return NaN; // calc(), keywords: cannot tell
  };

  // clipPathEmpty reports a clip-path basic shape that leaves nothing of a w x h box: inset() that
  // meets itself, circle() or ellipse() of radius 0, a polygon of no area.
  function clipPathEmpty(cp, w, h) {
    if (!cp || cp === "none") return false;
    const m = /^(inset|circle|ellipse|polygon)\((.*)\)/.exec(cp);
    if (!m) return false;
    const args = m[2];
    if (m[1] === "inset") {
      const v = args.split(/\s+round\s+/)[0].trim().split(/\s+/);
      const [t, r, b, l] = [v[0], v[1] ?? v[0], v[2] ?? v[0], v[3] ?? v[1] ?? v[0]];
      const [T, R, B, L] = [px(t, h), px(r, w), px(b, h), px(l, w)];
      return T + B >= h || L + R >= w;
    }
    if (m[1] === "circle" || m[1] === "ellipse") {
      const radii = args.split(/\s+at\s+/)[0].trim().split(/\s+/).filter(Boolean);
      if (!radii.length) return false;
      const ref = m[1] === "circle" ? Math.hypot(w, h) / Math.SQRT2 : null;
      return radii.some((r, i) => px(r, ref ?? (i === 0 ? w : h)) <= 0);
    }
    // polygon([fill-rule,] x y, x y, ...): shoelace area.
    const pts = args.split(",").map((p) => p.trim().split(/\s+/)).filter((p) => p.length === 2)
      .map(([x, y]) => [px(x, w), px(y, h)]);
    if (pts.length < 3 || pts.some(([x, y]) => Number.isNaN(x) || Number.isNaN(y))) return pts.length < 3;
    let a = 0;
    for (let i = 0; i < pts.length; i++) {
      const [x1, y1] = pts[i], [x2, y2] = pts[(i + 1) % pts.length];
      a += x1 * y2 - x2 * y1;
    }
    return Math.abs(a) / 2 < HIDDEN_MAX_PX * HIDDEN_MAX_PX;
  }

  // clipRect returns the region the legacy clip property leaves of an absolutely positioned
  // element, in page coordinates, or null when it clips nothing.
  function clipRect(cs, b) {
    if (cs.position !== "absolute" && cs.position !== "fixed") return null;
    const m = /^rect\((.*)\)$/.exec(cs.clip);
    if (!m) return null;
    const v = m[1].split(/[\s,]+/).filter(Boolean);
    if (v.length !== 4) return null;
    const val = (s, auto) => (s === "auto" ? auto : parseFloat(s));
    const top = val(v[0], 0), right = val(v[1], b.width), bottom = val(v[2], b.height), left = val(v[3], 0);
    return { x1: b.x + left, y1: b.y + top, x2: b.x + right, y2: b.y + bottom };
  }

  const intersect = (a, b) => (a ? (b ? {
    x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), x2: Math.min(a.x2, b.x2), y2: Math.min(a.y2, b.y2),
  } : a) : b);

  // elementState is {hidden, clip} for el: hidden when el or an ancestor hides everything inside
  // it (opacity 0, content-visibility: hidden, a clip-path or clip that leaves nothing); clip is
  // the page region el's and its ancestors' overflow, clip and clip-path boxes leave visible
  // (null: unclipped). Cached, and computed from the composed parent's state.
  function elementState(el) {
    if (!el) return { hidden: false, clip: null };
    let s = states.get(el);
    if (s) return s;
    const parent = composedParent(el);
    const up = parent && parent !== el ? elementState(parent) : { hidden: false, clip: null };
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const b = { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
    const boxless = cs.display === "contents";
    let hidden = up.hidden || cs.opacity === "0" ||
      (!boxless && (cs.contentVisibility === "hidden" || clipPathEmpty(cs.clipPath, b.width, b.height)));
    // A fixed element escapes its ancestors' overflow (its containing block is the viewport).
    // (An absolutely positioned one keeps them: an approximation, exact when the clipping box is
    // positioned or inside its containing block, as in the "visually hidden" patterns.)
    let clip = cs.position === "fixed" ? null : up.clip;
    const legacy = clipRect(cs, b);
    if (legacy) clip = intersect(clip, legacy);
    // The root's and the body's overflow apply to the viewport, i.e. the page, checked by textHidden.
    if (el !== document.documentElement && el !== document.body && !boxless) {
      const box = { x1: b.x, y1: b.y, x2: b.x + b.width, y2: b.y + b.height };
      if (cs.overflowX !== "visible") clip = intersect(clip, { x1: box.x1, y1: -Infinity, x2: box.x2, y2: Infinity });
      if (cs.overflowY !== "visible") clip = intersect(clip, { x1: -Infinity, y1: box.y1, x2: Infinity, y2: box.y2 });
    }
    if (clip && (clip.x2 - clip.x1 <= HIDDEN_MAX_PX || clip.y2 - clip.y1 <= HIDDEN_MAX_PX)) hidden = true;
    s = { hidden, clip };
    states.set(el, s);
    return s;
  }

  // inClosedDetails reports whether node is the content of a closed <details>: a child other than
  // its first <summary> (HTML §4.11.1: the browser lays none of it out, so its boxes are stale).
  function inClosedDetails(node) {
    const parent = node.parentElement;
    if (!parent || parent.localName !== "details" || parent.open) return false;
    return !(node.nodeType === Node.ELEMENT_NODE && node.localName === "summary" && node === parent.querySelector(":scope > summary"));
  }

  // textHidden reports whether a text node, whose client rect is r, is hidden from sighted users:
  // visibility hidden or collapse, the content of a closed <details>, opacity 0 up the tree, content-visibility: hidden up the tree,
  // a clip-path or clip that leaves nothing, the 1x1 px "visually hidden" pattern (a clipping box
  // that leaves at most 1 px), or positioned outside the page (left of or above it, or past its
  // scrollable end).
  function textHidden(node, r) {
    const el = composedParent(node);
    if (!el) return false;
    const cs = getComputedStyle(el);
    let hidden = cs.visibility !== "visible" || inClosedDetails(node);
    if (!hidden) {
      const st = elementState(el);
      hidden = st.hidden;
      if (!hidden) {
        let v = { x1: r.left + window.scrollX, y1: r.top + window.scrollY, x2: r.right + window.scrollX, y2: r.bottom + window.scrollY };
        v = intersect(v, st.clip);
        const e = window.__c2d.extent(); // page.js: the page as its visitor can scroll it
        v = intersect(v, { x1: 0, y1: 0, x2: e.width, y2: e.height });
        hidden = v.x2 - v.x1 <= HIDDEN_MAX_PX || v.y2 - v.y1 <= HIDDEN_MAX_PX;
      }
    }
    if (hidden) hiddenTexts++;
    return hidden;
  }

  const stats = () => ({ hidden_texts: hiddenTexts });

  window.__c2dVis = { addClosedRoot, composedChildren, composedParent, textHidden, inClosedDetails, stats, reset };
  return true;
})()
