import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * At the latest, the panels are mounted this long after the view: a search that takes seconds
 * (a text search over a million records, a stalled connection) does not keep Export and
 * Retention off the page while it runs.
 */
export const PANELS_AT_LATEST_MS = 250;

/**
 * Whether the History view mounts its Export and Retention panels yet. Mounted beside the rows,
 * they cost about what the Timeline's own first rows cost (bench/README.md, "The History view at
 * 100,000 records"): their render, their measuring of the page, and their own calls to main
 * (retention and its preview) delayed the request for the rows and then the rows' render. They
 * now mount whole once the first answer of the results is painted (rows, nothing or an error),
 * or PANELS_AT_LATEST_MS after the view, whichever comes first; never a placeholder.
 */
export function usePanelsAfterRows(): { panelsShown: boolean; rowsPainted: () => void } {
  const [panelsShown, setPanelsShown] = useState(false);
  const waiting = useRef<{ frame: number; timer: ReturnType<typeof setTimeout> | undefined } | null>(null);
  // Called when the results' answer is committed: a frame callback runs before that frame's
  // paint, so the panels are mounted from a task posted there, after the rows are on screen.
  const rowsPainted = useCallback(() => {
    if (waiting.current !== null) return;
    const wait: { frame: number; timer: ReturnType<typeof setTimeout> | undefined } = {
      frame: 0,
      timer: undefined,
    };
    wait.frame = requestAnimationFrame(() => {
      wait.timer = setTimeout(() => setPanelsShown(true), 0);
    });
    waiting.current = wait;
  }, []);
  useEffect(() => {
    if (panelsShown) return;
    const latest = setTimeout(() => setPanelsShown(true), PANELS_AT_LATEST_MS);
    return () => clearTimeout(latest);
  }, [panelsShown]);
  useEffect(
    () => () => {
      if (waiting.current === null) return;
      cancelAnimationFrame(waiting.current.frame);
      clearTimeout(waiting.current.timer);
    },
    [],
  );
  return { panelsShown, rowsPainted };
}
