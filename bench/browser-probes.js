/* global window, document, requestAnimationFrame, MutationObserver */
// Loaded into the page by bench/timeline-browser.ts (page.addInitScript): frame times, long
// tasks and the moment each timeline row appears, measured where they happen.
window.__benchStartFrames = () => {
  const state = { frames: [], longTasks: [], running: true, last: performance.now() };
  window.__benchFrames = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
  }).observe({ entryTypes: ['longtask'] });
  const tick = (now) => {
    state.frames.push(now - state.last);
    state.last = now;
    if (state.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};
window.__benchStopFrames = () => {
  const state = window.__benchFrames;
  state.running = false;
  return { frames: state.frames.slice(1), longTasks: state.longTasks };
};
window.__benchWatchRows = () => {
  const seen = {};
  window.__benchSeen = seen;
  new MutationObserver(() => {
    for (const row of document.querySelectorAll('[data-testid="timeline-row"]')) {
      const id = row.getAttribute('data-id');
      if (id !== null && !(id in seen)) seen[id] = Date.now();
    }
  }).observe(document.body, { childList: true, subtree: true });
};
window.__benchSeenRows = () => window.__benchSeen;
window.__benchScroll = (y) => document.querySelector('[data-testid="timeline-scroller"]').scrollBy(0, y);
window.__benchScrollTop = () => document.querySelector('[data-testid="timeline-scroller"]').scrollTo(0, 0);
window.__benchHeapMb = () => (performance.memory ? performance.memory.usedJSHeapSize / 2 ** 20 : 0);
