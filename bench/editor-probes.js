/* global window, document, requestAnimationFrame, DataTransfer, ClipboardEvent, MutationObserver, Element */
// Loaded into the page by bench/builder-browser.ts (page.addInitScript): keystroke-to-paint
// latency, long tasks and pasting, measured where they happen, the same way on the console and
// on the reference page.
window.__editorBench = {
  keys: [],
  longTasks: [],
  watching: false,
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    window.__editorBench.longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ entryTypes: ['longtask'] });
// A key's latency: from the event's timestamp to the frame after it was handled (rAF, then a
// task after the paint that frame produced).
window.addEventListener(
  'keydown',
  (event) => {
    if (!window.__editorBench.watching) return;
    const start = event.timeStamp;
    requestAnimationFrame(() =>
      setTimeout(() => window.__editorBench.keys.push(performance.now() - start), 0),
    );
  },
  true,
);
/** The CodeMirror view behind the editor's content element (what EditorView.findFromDOM does). */
window.__benchView = () => {
  const element = document.querySelector('.cm-content');
  const view = element && element.cmTile && element.cmTile.root && element.cmTile.root.view;
  if (!view) throw new Error('No CodeMirror view on the page');
  return view;
};
/** Pastes `text` over everything in the editor, as Ctrl+V would; resolves at the first paint after. */
window.__benchPaste = (text) => {
  const view = window.__benchView();
  view.focus();
  view.dispatch({ selection: { anchor: 0, head: view.state.doc.length } });
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const started = performance.now();
  view.contentDOM.dispatchEvent(
    new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
  );
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      setTimeout(() => resolve({ started, painted: performance.now() - started }), 0),
    ),
  );
};
/** Selects the editor's whole text (what an insertion then replaces); returns when, as __benchPaste's `started`. */
window.__benchSelectAll = () => {
  const view = window.__benchView();
  view.focus();
  view.dispatch({ selection: { anchor: 0, head: view.state.doc.length } });
  return performance.now();
};
/** Resolves with the time of the first paint from now. */
window.__benchNextFrame = () =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
/** Puts the cursor just inside the first string value after `key` (typing there keeps the JSON valid). */
window.__benchCursorAfter = (key) => {
  const view = window.__benchView();
  const text = view.state.doc.toString();
  const at = text.indexOf(`"${key}": "`);
  if (at < 0) throw new Error(`No "${key}" in the document`);
  const position = at + key.length + 5;
  view.dispatch({ selection: { anchor: position }, scrollIntoView: true });
  view.focus();
};
window.__benchDocLength = () => window.__benchView().state.doc.length;
window.__benchHeapMb = () => (performance.memory ? performance.memory.usedJSHeapSize / 2 ** 20 : 0);
/**
 * When the builder's analysis last went pending, seen as it happens: an insertion
 * (keyboard.insertText) returns only after the page has handled it, by which time a quick
 * analysis can be over before __benchWaitAnalysis starts looking.
 */
window.__benchPendingAt = -1;
new MutationObserver((records) => {
  for (const record of records)
    if (record.target instanceof Element && record.target.getAttribute('data-state') === 'pending')
      window.__benchPendingAt = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
/**
 * The console only: resolves with the time from `started` until the builder's analysis has
 * answered for the text as it now is (its status goes to pending, then back to current).
 */
window.__benchWaitAnalysis = (started) =>
  new Promise((resolve, reject) => {
    let seenPending = false;
    const check = () => {
      if (performance.now() - started > 60000) {
        reject(new Error('No findings within 60 s of the paste'));
        return;
      }
      const status = document.querySelector('[data-testid="analysis-status"]');
      const state = status && status.getAttribute('data-state');
      if (state === 'pending' || window.__benchPendingAt >= started) seenPending = true;
      if (seenPending && state === 'current') resolve(performance.now() - started);
      else requestAnimationFrame(check);
    };
    check();
  });
