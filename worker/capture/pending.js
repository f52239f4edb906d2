// Pending-work tracker of the capture worker (settle.go). Added to every document before its own
// scripts run (Page.addScriptToEvaluateOnNewDocument); defines window.__c2dPending, which
// settle.js reads to wait for content a script draws after the load.
//
// It records the page's one-shot timers (setTimeout) with the time each is due, and how many
// fetch and XMLHttpRequest requests are in flight. setInterval timers are not recorded: they
// repeat forever, so waiting for them would never end. A timer set by a timer callback is one
// generation later than the callback's; from generation MAX_GENERATION on (a polling loop that
// sets itself again and again) a timer is not waited for either. The page's own functions keep
// their behaviour and their ids; only their bookkeeping is added.
(() => {
  if (window.__c2dPending) return;
  const MAX_GENERATION = Number("__C2D_MAX_GENERATION__"); // settle.go pendingMaxGeneration
  // Bound on the timers tracked at once: past it new ones are not waited for.
  const MAX_TRACKED = 10000;
  const native = { setTimeout: window.setTimeout.bind(window), clearTimeout: window.clearTimeout.bind(window) };
  const due = new Map(); // timer id -> due time (performance.now() ms)
  let generation = 0; // the generation of the timer callback running now (0: none)
  let requests = 0;

  window.setTimeout = function (handler, delay, ...args) {
    const gen = generation + 1;
    let id = 0;
    const run = typeof handler === "function"
      ? function () {
          due.delete(id);
          const saved = generation;
          generation = gen;
          try { return handler.apply(this, args); } finally { generation = saved; }
        }
      : handler; // a string of code: run as the page asked (not tracked)
    id = native.setTimeout(run, delay, ...args);
    if (typeof handler === "function" && gen < MAX_GENERATION && due.size < MAX_TRACKED) {
      due.set(id, performance.now() + Math.max(0, Number(delay) || 0));
    }
    return id;
  };
  window.clearTimeout = function (id) {
    due.delete(id);
    return native.clearTimeout(id);
  };

  if (window.fetch) {
    const nativeFetch = window.fetch;
    window.fetch = function (...a) {
      requests++;
      let p;
      try { p = nativeFetch.apply(this, a); } catch (e) { requests--; throw e; }
      const done = () => { requests--; };
      p.then(done, done);
      return p;
    };
  }
  if (window.XMLHttpRequest) {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...a) {
      requests++;
      let counted = true;
      const done = () => { if (counted) { counted = false; requests--; } };
      this.addEventListener("loadend", done);
      try { return send.apply(this, a); } catch (e) { done(); throw e; }
    };
  }

  window.__c2dPending = {
    // nextDue is the due time of the earliest tracked timer due at or before until (ms on the
    // performance.now() clock), or -1 when none is.
    nextDue(until) {
      let next = -1;
      for (const t of due.values()) if (t <= until && (next < 0 || t < next)) next = t;
      return next;
    },
    // requests is how many fetch and XMLHttpRequest requests are in flight.
    requests() { return requests; },
    // sleep waits ms with the browser's own timer (not tracked).
    sleep(ms) { return new Promise((r) => native.setTimeout(r, ms)); },
  };
})();
