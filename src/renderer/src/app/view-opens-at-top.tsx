import { useLayoutEffect, useRef } from 'react';

/**
 * Puts the window back at its top when another view replaces the one shown. The views share the
 * document's scroll (AppShell.Main), so a view opened where the one before was scrolled to:
 * Profiles 400 px down, its heading and buttons off screen. A change within the view (a filter,
 * an opened record, a link to the same view) keeps the reader where they are, and a view's own
 * scroll boxes (the Timeline's list) are not the window's.
 *
 * Rendered before the view, so its effect runs before the view's own: a view that brings
 * something into view as it opens (focus, a record scrolled to) still has the last word.
 */
export function ViewOpensAtTop({ view }: { view: string | undefined }) {
  const shown = useRef(view);
  useLayoutEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    window.scrollTo(0, 0);
  }, [view]);
  return null;
}
