import { useEffect } from 'react';
import { useRunExistsStore, watchRun } from './run-exists-store';

/**
 * Whether the data directory holds scenario run `id`: null while asking, or with no run named.
 * Asked each time a view names it, and again while it does as runs start and end and when the
 * window is focused (watchRun), since a run may be stored since.
 */
export function useRunExists(id: number | undefined): boolean | null {
  useEffect(() => (id === undefined ? undefined : watchRun(id)), [id]);
  return useRunExistsStore((state) => (id === undefined ? null : (state.known.get(id) ?? null)));
}
