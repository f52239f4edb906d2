// Interaction states of the capture (docs/conversion.md "States as variants"): which recorded
// elements the page styles under :hover, :focus or :focus-visible, and what forcing such a state
// (DevTools CSS.forcePseudoState, states.go) changes in the computed styles and boxes of the
// element and its recorded descendants. Evaluated with page.js; defines window.__c2dStates. It
// reads page.js's record of the walk: window.__c2d.elements (the recorded elements in preorder,
// an element's index there is the index "states" use) and window.__c2d.elementEnds.
(() => {
  // The state pseudo-classes the capture forces, as they appear in a selector (not
  // :focus-within, whose subject is an ancestor of the focused element).
  const STATE_PSEUDO = /:(hover|focus-visible|focus)(?![\w-])/g;
  const HAS_STATE = /:(hover|focus-visible|focus)(?![\w-])/;
  const STATE_AT_START = /^:(hover|focus-visible|focus)(?![\w-])/;
  // Properties read beside page.js's STYLE: how a decoration and glyphs are painted.
  const EXTRA = ["text-decoration-color", "text-decoration-style", "text-decoration-thickness", "-webkit-text-fill-color", "-webkit-text-stroke-color"];
  // A box moved or resized by less than this (CSS px) is the same box.
  const BOX_EPSILON = 0.01;
  const COMBINATOR = new Set([" ", ">", "+", "~", "\t", "\n"]);

  let subjects = [];
  let baseline = null;
  let frozen = null;

  // selectors splits a selector list at its top-level commas.
  function selectors(list) {
    const out = [];
    let depth = 0, quote = "", start = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (quote) { if (c === "\\") i++; else if (c === quote) quote = ""; continue; }
      if (c === "\\") { i++; continue; }
      if (c === "\"" || c === "'") quote = c;
      else if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (c === "," && depth === 0) { out.push(list.slice(start, i)); start = i + 1; }
    }
    out.push(list.slice(start));
    return out.map((s) => s.trim()).filter(Boolean);
  }

  // subject returns the selector of the elements one complex selector forces into a state and
  // the states: its compounds up to the first one (outside parentheses) with :hover, :focus or
  // :focus-visible, those pseudo-classes removed (".card:hover .title" -> ".card", states
  // ["hover"]); null when it has none.
  function subject(sel) {
    let depth = 0, quote = "", at = -1;
    for (let i = 0; i < sel.length && at < 0; i++) {
      const c = sel[i];
      if (quote) { if (c === "\\") i++; else if (c === quote) quote = ""; continue; }
      if (c === "\\") { i++; continue; }
      if (c === "\"" || c === "'") quote = c;
      else if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (c === ":" && depth === 0 && STATE_AT_START.test(sel.slice(i))) at = i;
    }
    if (at < 0) return null;
    // The end of the compound holding it: the next top-level combinator.
    let end = at;
    depth = 0;
    for (; end < sel.length; end++) {
      const c = sel[end];
      if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (depth === 0 && COMBINATOR.has(c)) break;
    }
    const prefix = sel.slice(0, end);
    const states = new Set();
    for (const m of prefix.matchAll(STATE_PSEUDO)) states.add(m[1] === "hover" ? "hover" : "focus");
    let stripped = prefix.replace(STATE_PSEUDO, "").trim();
    if (stripped === "" || COMBINATOR.has(stripped[stripped.length - 1])) stripped += "*";
    return { selector: stripped, states };
  }

  // find lists the subjects: the recorded elements (page.js's walk) that a style rule's
  // selector styles under a forced state, each with the states ("hover", "focus"), looking
  // through at most maxRules style rules (in document order, nested ones counted; cross-origin
  // sheets cannot be read and are skipped) and keeping the first maxElements subjects in
  // document order. An element whose recorded subtree has more than maxSubtree elements is no
  // subject (a page-wide container). Returns {states: [[...]] per subject, over: subjects left
  // out past maxElements}.
  function find(maxRules, maxElements, maxSubtree) {
    const els = (window.__c2d && window.__c2d.elements) || [];
    const ends = (window.__c2d && window.__c2d.elementEnds) || [];
    const index = new Map();
    els.forEach((el, i) => index.set(el, i));
    const found = new Map();
    let seen = 0;
    const visit = (rules) => {
      for (const r of rules) {
        if (++seen > maxRules) return;
        if (r.selectorText && r.style) {
          if (!HAS_STATE.test(r.selectorText)) continue;
          for (const sel of selectors(r.selectorText)) {
            const s = subject(sel);
            if (!s) continue;
            let list;
            try { list = document.querySelectorAll(s.selector); } catch (e) { continue; }
            for (const el of list) {
              const i = index.get(el);
              if (i === undefined || ends[i] - i > maxSubtree) continue;
              let set = found.get(i);
              if (!set) found.set(i, (set = new Set()));
              for (const st of s.states) set.add(st);
            }
          }
        } else if (r.cssRules) {
          visit(r.cssRules);
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      if (seen > maxRules) break;
      try { visit(sheet.cssRules); } catch (e) { /* cross-origin */ }
    }
    const order = Array.from(found.keys()).sort((a, b) => a - b);
    subjects = order.slice(0, maxElements).map((i) => ({ el: els[i], index: i, end: ends[i], states: Array.from(found.get(i)).sort() }));
    window.__c2dStates.subjects = subjects.map((s) => s.el);
    return { states: subjects.map((s) => s.states), over: Math.max(0, order.length - maxElements) };
  }

  // read returns the computed values and border box of subject k's element and of each of its
  // recorded descendants, in preorder.
  function read(k) {
    const s = subjects[k];
    const els = window.__c2d.elements;
    const props = window.__c2d.styleProps.concat(EXTRA);
    const out = [];
    for (let i = s.index; i < s.end; i++) {
      const el = els[i];
      const cs = getComputedStyle(el);
      const style = {};
      for (const p of props) style[p] = cs.getPropertyValue(p);
      const r = el.getBoundingClientRect();
      out.push({ style, box: { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height } });
    }
    return out;
  }

  // unpainted says a property changed only as a value nothing draws, in both readings: the
  // colour of a border side or an outline that has no style, of a stroke without width, or a
  // decoration or glyph colour that is currentcolor (page.js records none of these).
  function unpainted(p, now, was) {
    const both = (f) => f(now) && f(was);
    let m = /^border-(top|right|bottom|left)-color$/.exec(p);
    if (m) return both((s) => s["border-" + m[1] + "-style"] === "none");
    if (p === "outline-color" || p === "outline-width" || p === "outline-offset") return both((s) => s["outline-style"] === "none");
    if (p === "-webkit-text-stroke-color") return both((s) => s["-webkit-text-stroke-width"] === "0px");
    if (p === "text-decoration-color" || p === "-webkit-text-fill-color") return both((s) => s[p] === s.color);
    return false;
  }

  // before reads subject k at rest, the values changes compares with.
  function before(k) {
    baseline = read(k);
    return true;
  }

  // changes returns, as a JSON string, what subject k's forced state changed since before(k):
  // {element, state, changes: [{element, style: {property: forced value}, box?}]} with the
  // elements by index and only what changed (box: the forced border box, page CSS px, when it
  // moved or resized); "" when nothing did.
  function changes(k, state) {
    const s = subjects[k];
    const now = read(k);
    const out = [];
    now.forEach((n, j) => {
      const b = baseline[j];
      const style = {};
      let any = false;
      for (const p of Object.keys(n.style)) {
        if (n.style[p] !== b.style[p] && !unpainted(p, n.style, b.style)) { style[p] = n.style[p]; any = true; }
      }
      const change = { element: s.index + j, style };
      for (const d of ["x", "y", "width", "height"]) {
        if (Math.abs(n.box[d] - b.box[d]) > BOX_EPSILON) { change.box = n.box; any = true; break; }
      }
      if (any) out.push(change);
    });
    return out.length ? JSON.stringify({ element: s.index, state, changes: out }) : "";
  }

  // freeze switches transitions off while the states are read (a forced state would otherwise
  // be read at the start of its transition); thaw puts them back.
  function freeze() {
    frozen = document.createElement("style");
    frozen.textContent = "*, *::before, *::after { transition: none !important; }";
    (document.head || document.documentElement).appendChild(frozen);
    return true;
  }
  function thaw() {
    if (frozen) frozen.remove();
    frozen = null;
    subjects = [];
    baseline = null;
    window.__c2dStates.subjects = [];
    return true;
  }

  window.__c2dStates = { find, before, changes, freeze, thaw, subjects: [] };
  return true;
})();
