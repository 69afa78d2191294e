import { useEffect } from 'react';
import { useRunExistsStore } from './run-exists-store';

/**
 * Whether the data directory holds scenario run `id`: null while asking, or with no run named.
 * Asked again each time a view names it, since a run may be stored (or the data removed) since.
 */
export function useRunExists(id: number | undefined): boolean | null {
  const check = useRunExistsStore((state) => state.check);
  useEffect(() => {
    if (id !== undefined) void check(id);
  }, [id, check]);
  return useRunExistsStore((state) => (id === undefined ? null : (state.known.get(id) ?? null)));
}
