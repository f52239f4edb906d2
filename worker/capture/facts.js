// Structure facts of the capture (docs/conversion.md "Auto layout", "Local styles", "Fixed and
// sticky elements"), kept apart from page.js so each can grow alone. Evaluated before page.js;
// defines window.__c2dFacts, which collect() calls: begin() before the walk, element() for each
// recorded element, end() for the document members.
(() => {
  // Layout properties recorded per element beside page.js's STYLE, with the values that mean
  // "nothing to record" left out (the converter knows the same defaults, layout.go).
  const LAYOUT = {
    "flex-grow": "0", "flex-shrink": "1", "flex-basis": "auto", "align-self": "auto", "order": "0",
    "row-gap": "normal", "column-gap": "normal", "align-content": "normal", "justify-items": "normal",
    "grid-template-columns": "none", "grid-template-rows": "none", "grid-auto-flow": "row",
    "min-width": "auto", "max-width": "none", "min-height": "auto", "max-height": "none",
    "grid-auto-columns": "auto", "grid-auto-rows": "auto",
    "grid-row-start": "auto", "grid-row-end": "auto", "grid-column-start": "auto", "grid-column-end": "auto",
  };
  // Properties whose value may come from a CSS custom property (var(--name)); the converter
  // names paint styles after it.
  const VAR_PROPS = ["color", "background-color", "border-top-color"];
  const INHERITED = new Set(["color"]);
  // The shorthands that may set each of them: "background: var(--x)" alone; a border's colour
  // beside its width and style ("border: 1px solid var(--x)"), the one var() of the value.
  const SHORTHAND = { "background-color": ["background"], "border-top-color": ["border-color", "border-top", "border"] };
  // Bounds: custom properties recorded per page, and style rules looked at for var() uses.
  const MAX_CUSTOM_PROPERTIES = 500;
  const MAX_VAR_RULES = 2000;

  let state = null;

  // styleRules yields the style rules of every readable style sheet (cross-origin sheets throw
  // and are skipped), descending into @media/@supports/@layer blocks, at most MAX_VAR_RULES.
  function styleRules() {
    const out = [];
    const visit = (rules) => {
      for (const r of rules) {
        if (out.length >= MAX_VAR_RULES) return;
        if (r.style && r.selectorText) out.push(r);
        else if (r.cssRules) visit(r.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try { visit(sheet.cssRules); } catch (e) { /* cross-origin */ }
    }
    return out;
  }

  const VAR_ONLY = /^var\(\s*(--[A-Za-z0-9_-]+)\s*(?:,[^)]*)?\)$/;
  // A value holding exactly one var() (as a token of a shorthand).
  const ONE_VAR = /^(?:(?!var\().)*var\(\s*(--[A-Za-z0-9_-]+)\s*(?:,[^()]*)?\)(?:(?!var\().)*$/;

  // begin scrolls to the top at once (a page's smooth scrolling would still be under way) and
  // indexes the rules that set a colour from a single custom property.
  function begin() {
    const de = document.documentElement;
    const saved = [de.style.scrollBehavior, document.body ? document.body.style.scrollBehavior : ""];
    de.style.scrollBehavior = "auto";
    if (document.body) document.body.style.scrollBehavior = "auto";
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    const varRules = [];
    for (const r of styleRules()) {
      const uses = {};
      let any = false;
      for (const p of VAR_PROPS) {
        // A shorthand with var() leaves its longhands empty (pending substitution).
        let m = VAR_ONLY.exec(r.style.getPropertyValue(p).trim());
        for (const sh of SHORTHAND[p] || []) {
          if (m) break;
          const v = r.style.getPropertyValue(sh).trim();
          m = sh === "background" ? VAR_ONLY.exec(v) : ONE_VAR.exec(v);
        }
        // The element's computed colour must still equal the property's (element() checks).
        if (m) { uses[p] = m[1]; any = true; }
      }
      if (any) varRules.push({ selector: r.selectorText, uses });
    }
    state = { varRules, vars: new WeakMap(), probe: new Map(), saved };
  }

  // resolvedColor returns the computed colour a custom property gives at the root (cached in
  // probe, the walk's unless another is given).
  function resolvedColor(name, probe) {
    probe = probe || state.probe;
    if (probe.has(name)) return probe.get(name);
    const el = document.createElement("span");
    el.style.color = "var(" + name + ")";
    document.documentElement.appendChild(el);
    const c = getComputedStyle(el).color;
    el.remove();
    probe.set(name, c);
    return c;
  }

  // element adds the layout properties, the custom properties behind its colours ("vars") and,
  // for a fixed element, its box in the viewport (where a visitor sees it at scroll 0).
  function element(el, cs, out) {
    for (const [p, def] of Object.entries(LAYOUT)) {
      const v = cs.getPropertyValue(p);
      if (v !== "" && v !== def) out.style[p] = v;
    }
    const display = cs.getPropertyValue("display");
    if ((display === "grid" || display === "inline-grid") && el.computedStyleMap) {
      // getComputedStyle resolves a grid's track lists to px; the computed value (CSS Typed OM)
      // keeps how each track is sized (200px, 1fr, auto, repeat(...)), which the converter maps
      // to Figma's FIXED, FLEX and HUG tracks.
      try {
        const m = el.computedStyleMap();
        out.grid_tracks = { columns: String(m.get("grid-template-columns")), rows: String(m.get("grid-template-rows")) };
      } catch (e) { /* an engine without Typed OM for these properties */ }
    }
    if (!state) return;
    const vars = {};
    for (const rule of state.varRules) {
      let match = false;
      try { match = el.matches(rule.selector); } catch (e) { /* selector the engine cannot test */ }
      if (!match) continue;
      for (const [p, name] of Object.entries(rule.uses)) {
        if (resolvedColor(name) === cs.getPropertyValue(p)) vars[p] = name;
      }
    }
    const parent = el.parentElement && state.vars.get(el.parentElement);
    if (parent) {
      for (const p of INHERITED) {
        if (!(p in vars) && parent[p] && resolvedColor(parent[p]) === cs.getPropertyValue(p)) vars[p] = parent[p];
      }
    }
    if (Object.keys(vars).length) {
      state.vars.set(el, vars);
      out.vars = vars;
    }
  }

  // rootCustomProperties returns the custom properties declared on the root element (its
  // computed ones and those of :root and html rules), at most MAX_CUSTOM_PROPERTIES, each with
  // its computed value and, when that is a colour, the colour it resolves to.
  function rootCustomProperties() {
    const custom = [];
    const seen = new Set();
    const probe = new Map();
    const cs = getComputedStyle(document.documentElement);
    const add = (name) => {
      if (seen.has(name) || custom.length >= MAX_CUSTOM_PROPERTIES) return;
      seen.add(name);
      const v = cs.getPropertyValue(name).trim();
      if (v === "") return;
      const entry = { name, value: v };
      if (CSS.supports("color", v)) entry.color = resolvedColor(name, probe);
      custom.push(entry);
    };
    for (let i = 0; i < cs.length; i++) if (cs[i].startsWith("--")) add(cs[i]);
    for (const r of styleRules()) {
      if (r.selectorText !== ":root" && r.selectorText !== "html") continue;
      for (let i = 0; i < r.style.length; i++) if (r.style[i].startsWith("--")) add(r.style[i]);
    }
    return custom;
  }

  // THEME_COLORS are the computed colours the conversion paints with that a dark theme may
  // change: text, background and border colours, box-shadow (its shadows' colours) and
  // background-image (its gradients' colours).
  const THEME_COLORS = ["color", "background-color", "border-top-color", "border-right-color", "border-bottom-color", "border-left-color", "box-shadow", "background-image"];
  let lightColors = null;

  // themeColors reads THEME_COLORS of the first max recorded elements (page.js's
  // window.__c2d.elements), in their order.
  function themeColors(max) {
    const els = (window.__c2d && window.__c2d.elements) || [];
    return els.slice(0, max).map((el) => {
      const cs = getComputedStyle(el);
      return THEME_COLORS.map((p) => cs.getPropertyValue(p));
    });
  }

  let noTransitions = null;

  // readLightColors keeps the theme colours of the first max recorded elements in the page's own
  // scheme, for darkColors and themeForReload (called before the dark preference is emulated), and turns the page's
  // transitions off until restoreTransitions, so the dark colours are read at their end, not
  // where a transition of color or background-color starts.
  function readLightColors(max) {
    noTransitions = transitionsOff();
    lightColors = themeColors(max);
    return lightColors.length;
  }

  // transitionsOff adds a style that switches the page's transitions off, so colours are read at
  // their end, and returns it: removing it switches them on again.
  function transitionsOff() {
    const off = document.createElement("style");
    off.textContent = "*, *::before, *::after { transition: none !important; }";
    document.documentElement.appendChild(off);
    return off;
  }

  // restoreTransitions removes what readLightColors added (after the emulation is off again).
  function restoreTransitions() {
    if (noTransitions) noTransitions.remove();
    noTransitions = null;
    return true;
  }

  // darkColors returns, with the dark preference emulated, each recorded element (of those
  // readLightColors read) whose theme colours differ: {element: its index in
  // window.__c2d.elements, style: {property: dark computed value}} for the properties that
  // differ (a background-image only when it is gradients alone), in element order.
  function darkColors() {
    const light = lightColors || [];
    return changedColors(light, themeColors(light.length));
  }

  // changedColors compares the theme colours of the same elements in the two schemes (light[i]
  // and dark[i], THEME_COLORS values each; a null dark[i] is an element not found) and returns
  // darkColors's entries for those that differ.
  function changedColors(light, dark) {
    const out = [];
    dark.forEach((values, i) => {
      if (!values || !light[i]) return;
      const style = {};
      values.forEach((v, k) => {
        // A background-image only as gradients: the conversion has no dark image to draw, and
        // a data: URL would only weigh on the document.
        if (THEME_COLORS[k] === "background-image" && (!/gradient\(/.test(v) || /url\(/.test(v))) return;
        if (v !== light[i][k]) style[THEME_COLORS[k]] = v;
      });
      if (Object.keys(style).length) out.push({ element: i, style });
    });
    return out;
  }

  // elementPaths locates els for a second load of the page: for each, the indexes of it and its
  // ancestors among their parents' element children, root first, joined by "/" (the root
  // element's is ""), a step into an open shadow root written "s" before its index; null for an
  // element in a closed shadow root or out of the document. One walk of the tree, each path its
  // parent's and its own index.
  function elementPaths(els) {
    const want = new Set(els);
    const paths = new Map();
    const join = (path, step) => (path === "" ? step : path + "/" + step);
    const stack = [[document.documentElement, ""]];
    while (stack.length > 0 && paths.size < want.size) {
      const [el, path] = stack.pop();
      if (want.has(el)) paths.set(el, path);
      const shadow = el.shadowRoot ? el.shadowRoot.children : [];
      for (let i = shadow.length - 1; i >= 0; i--) stack.push([shadow[i], join(path, "s" + i)]);
      for (let i = el.children.length - 1; i >= 0; i--) stack.push([el.children[i], join(path, String(i))]);
    }
    return els.map((el) => (paths.has(el) ? paths.get(el) : null));
  }

  // elementAt finds the element at path (elementPaths) in this load of the page, or null.
  function elementAt(path) {
    let n = document.documentElement;
    if (path === "") return n;
    for (const step of path.split("/")) {
      const shadow = step[0] === "s";
      const parent = shadow ? n.shadowRoot : n;
      n = parent && parent.children[Number(shadow ? step.slice(1) : step)];
      if (!n) return null;
    }
    return n;
  }

  // themeForReload returns what a second load of the page under the dark preference compares
  // with (reloadedDarkColors): for the first max recorded elements, where each is (elementPaths)
  // and its tag name, and its theme colours in this load (those readLightColors kept).
  function themeForReload(max) {
    const els = ((window.__c2d && window.__c2d.elements) || []).slice(0, max);
    return { paths: elementPaths(els), tags: els.map((el) => el.tagName), light: lightColors || themeColors(max) };
  }

  // reloadedDarkColors reads, in a second load of the page with the dark preference emulated,
  // the theme colours of the elements themeForReload located (with transitions off, so at their
  // end) and returns {colors: darkColors's entries, found: how many located elements are here
  // with the same tag name, total: how many were located, unread: the indexes of the elements
  // whose colours it could not read (not located, not here, another tag)}.
  function reloadedDarkColors(prev) {
    const off = transitionsOff();
    let found = 0;
    let total = 0;
    const unread = [];
    const dark = prev.paths.map((path, i) => {
      if (path === null) {
        unread.push(i);
        return null;
      }
      total++;
      const el = elementAt(path);
      if (!el || el.tagName !== prev.tags[i]) {
        unread.push(i);
        return null;
      }
      found++;
      const cs = getComputedStyle(el);
      return THEME_COLORS.map((p) => cs.getPropertyValue(p));
    });
    const colors = changedColors(prev.light, dark);
    off.remove();
    return { colors, found, total, unread };
  }

  // hasDarkScheme says whether the page has a dark theme the capture should read with
  // prefers-color-scheme emulated: an @media rule of a readable style sheet (at any depth)
  // whose condition names prefers-color-scheme: dark, a root color-scheme that offers dark
  // (light-dark() and the system colours then follow the emulated preference), or a script of
  // the page that asked for the colour scheme (scheme.js: a switcher that sets a class or an
  // attribute from it). It looks through at most maxRules rules (capture.MaxDarkSchemeRules).
  function hasDarkScheme(maxRules) {
    if (window.__c2dScheme && window.__c2dScheme.asked) return true;
    if (/\bdark\b/.test(getComputedStyle(document.documentElement).colorScheme || "")) return true;
    let seen = 0;
    const visit = (rules) => {
      for (const r of rules) {
        if (++seen > maxRules) return false;
        if (r.media && /prefers-color-scheme\s*:\s*dark/i.test(r.media.mediaText || r.conditionText || "")) return true;
        if (r.cssRules && visit(r.cssRules)) return true;
      }
      return false;
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        if (sheet.media && /prefers-color-scheme\s*:\s*dark/i.test(sheet.media.mediaText)) return true;
        if (visit(sheet.cssRules)) return true;
      } catch (e) { /* cross-origin */ }
      if (seen > maxRules) break;
    }
    return false;
  }

  // end returns the document members: the scroll position the boxes were taken at and the
  // custom properties declared on the root element with their computed values.
  function end() {
    const de = document.documentElement;
    const custom = rootCustomProperties();
    const scroll = { x: window.scrollX, y: window.scrollY };
    if (state) {
      de.style.scrollBehavior = state.saved[0];
      if (document.body) document.body.style.scrollBehavior = state.saved[1];
    }
    state = null;
    return { scroll, custom_properties: custom };
  }

  window.__c2dFacts = { begin, element, end, hasDarkScheme, rootCustomProperties, readLightColors, darkColors, restoreTransitions, themeForReload, reloadedDarkColors };
  return true;
})();
