// Settling helpers of the capture worker (settle.go). Evaluated once per page after page.js;
// defines window.__c2dSettle. Every loop is bounded by the budget it is given.
(() => {
  // A frame: the next animation frame, or 100 ms if the page gets none.
  // pending is the tracker pending.js installs at document start (absent in a frame it could not
  // reach): the page's one-shot timers and requests still to come. Its sleep uses the browser's
  // own timer, so the settling's own waits are not counted as the page's.
  const pending = window.__c2dPending || null;
  const sleep = (ms) => (pending ? pending.sleep(ms) : new Promise((r) => setTimeout(r, ms)));
  const frame = () => Promise.race([sleep(100), new Promise((r) => requestAnimationFrame(() => r()))]);

  // Every <video> and <audio>, in the document and in open shadow roots.
  function media(root, out) {
    for (const el of root.querySelectorAll("*")) {
      if (el instanceof HTMLMediaElement) out.push(el);
      if (el.shadowRoot) media(el.shadowRoot, out);
    }
    return out;
  }

  // Animations that still move: CSS animations, CSS transitions and Web Animations (Document
  // getAnimations covers all three, shadow trees included) that are running or about to run, on
  // the document's timeline. Scroll-driven animations (animation-timeline: scroll(), view()) are
  // left as they are: they rest where the page is scrolled (the top), as a visitor sees them.
  const timed = (a) => !a.timeline || a.timeline === document.timeline;
  const moving = () => document.getAnimations().filter((a) => timed(a) && (a.playState === "running" || a.pending));

  // settleOnce brings every moving animation to its end (finite ones: finish) or pauses it at
  // its start (infinite ones). It returns how many of each.
  function settleOnce(state) {
    for (const a of moving()) {
      if (state.paused.has(a)) continue;
      let end = Infinity;
      try { end = a.effect ? a.effect.getComputedTiming().endTime : Infinity; } catch (e) { /* keep Infinity */ }
      if (end !== Infinity) {
        try { a.finish(); state.finished++; continue; } catch (e) { /* e.g. playbackRate 0: pause below */ }
      }
      try { a.pause(); a.currentTime = 0; } catch (e) { /* detached: nothing moves */ }
      state.paused.add(a);
      state.pausedInfinite++;
    }
    for (const m of media(document, [])) {
      if (!m.paused) { m.pause(); state.mediaPaused++; }
    }
  }

  // freeze cancels the page's pending timers and animation-frame callbacks (ids are small
  // sequential integers in Chromium; at most maxIds of the newest), so carousels and tickers stop
  // where they are between the DOM read and the screenshot.
  function freeze(maxIds) {
    const top = setTimeout(() => {}, 0);
    for (let id = Math.max(1, top - maxIds); id <= top; id++) { clearTimeout(id); clearInterval(id); }
    const rafTop = requestAnimationFrame(() => {});
    for (let id = Math.max(1, rafTop - maxIds); id <= rafTop; id++) cancelAnimationFrame(id);
  }

  // waiting counts what the page still has to do before the deadline: its one-shot timers due by
  // then and its requests in flight.
  function waiting(deadline) {
    if (!pending) return { timers: false, requests: 0 };
    return { timers: pending.nextDue(deadline) >= 0, requests: pending.requests() };
  }

  // settle works until the page is quiet for quietMs (no moving animation, no DOM change, no
  // one-shot timer due before the deadline, no request in flight) or budgetMs has passed, then
  // freezes it. It returns what it did and whether the page settled.
  async function settle(budgetMs, quietMs, maxIds) {
    const start = performance.now();
    const deadline = start + budgetMs;
    const state = { finished: 0, pausedInfinite: 0, mediaPaused: 0, paused: new WeakSet() };
    let mutations = 0;
    const mo = new MutationObserver((records) => { mutations += records.length; });
    mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    let settled = false;
    let quietSince = performance.now();
    // seen is the mutation count at the last look: a change made at any time since then (also
    // during the pause between looks) ends the quiet spell.
    let seen = mutations;
    // timerLooks counts the looks at which a timer due before the deadline kept the page busy.
    let timerLooks = 0;
    try {
      for (;;) {
        settleOnce(state);
        await frame();
        await frame();
        const now = performance.now();
        const w = waiting(deadline);
        if (w.timers) timerLooks++;
        if (moving().some((a) => !state.paused.has(a)) || mutations !== seen || w.timers || w.requests > 0) quietSince = now;
        seen = mutations;
        if (now - quietSince >= quietMs) { settled = true; break; }
        if (now >= deadline) break;
        await sleep(Math.min(50, Math.max(0, deadline - now)));
      }
    } finally {
      mo.disconnect();
    }
    const stillMoving = moving().filter((a) => !state.paused.has(a)).length;
    const left = waiting(deadline);
    // Whatever still moves stops where it is.
    for (const a of moving()) { try { a.pause(); } catch (e) { /* ignore */ } }
    freeze(maxIds);
    return {
      settled,
      waited_ms: Math.round(performance.now() - start),
      animations_finished: state.finished,
      animations_paused: state.pausedInfinite,
      animations_moving: stillMoving,
      media_paused: state.mediaPaused,
      dom_changes: mutations,
      waited_for_timers: timerLooks > 0,
      timers_due: left.timers && !settled,
      requests_in_flight: settled ? 0 : left.requests,
    };
  }

  window.__c2dSettle = settle;
  return true;
})()
