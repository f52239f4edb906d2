// Colour-scheme watcher of the capture worker (themes.go). Added to every document before its own
// scripts run (Page.addScriptToEvaluateOnNewDocument): it notes whether the page's scripts ask
// for the visitor's colour scheme (matchMedia with prefers-color-scheme), as a theme switcher
// that sets a class or an attribute from it at load does (Tailwind's `dark` class, Docusaurus's
// data-theme); facts.js hasDarkScheme then reads the page's dark theme even without a
// prefers-color-scheme rule. The page's matchMedia keeps its behaviour.
(() => {
  if (window.__c2dScheme) return;
  const state = { asked: false };
  window.__c2dScheme = state;
  const native = window.matchMedia;
  if (typeof native !== "function") return;
  window.matchMedia = function (query) {
    if (/prefers-color-scheme/i.test(String(query))) state.asked = true;
    return native.apply(this, arguments);
  };
})();
