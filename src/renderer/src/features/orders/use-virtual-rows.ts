import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type VirtualItem,
} from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useState, useSyncExternalStore, type RefObject } from 'react';

export interface VirtualRows {
  /** Bumped on every change of what is in view. */
  version: number;
  items: VirtualItem[];
  totalSize: number;
}

interface VirtualRowsOptions {
  count: number;
  scroller: RefObject<HTMLElement | null>;
  rowHeight: number;
  overscan: number;
}

/**
 * TanStack Virtual's virtualizer for fixed-height rows, read through a version number that
 * changes on every scroll or resize. `useVirtualizer` hands out one mutable instance whose
 * answers change while its identity does not, which the React Compiler cannot memoise
 * around; here every value the component reads depends on that version, so it can.
 */
export function useVirtualRows({ count, scroller, rowHeight, overscan }: VirtualRowsOptions): VirtualRows {
  const [store] = useState(() => {
    let version = 0;
    const listeners = new Set<() => void>();
    const virtualizer = new Virtualizer<HTMLElement, Element>({
      count,
      getScrollElement: () => scroller.current,
      estimateSize: () => rowHeight,
      overscan,
      observeElementRect,
      observeElementOffset,
      scrollToFn: elementScroll,
      onChange: () => {
        version += 1;
        for (const listener of listeners) listener();
      },
    });
    return {
      virtualizer,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      version: () => version,
    };
  });
  const version = useSyncExternalStore(store.subscribe, store.version);

  useLayoutEffect(() => store.virtualizer._didMount(), [store]);
  useLayoutEffect(() => {
    store.virtualizer.setOptions({
      ...store.virtualizer.options,
      count,
      estimateSize: () => rowHeight,
      overscan,
    });
    store.virtualizer._willUpdate();
    // A new row count changes what is in view: recompute (onChange bumps the version).
    store.virtualizer.measure();
  }, [store, count, rowHeight, overscan]);

  // `version` is the virtualizer's change counter: it is what makes these values fresh.
  return useMemo(
    () => ({
      version,
      items: store.virtualizer.getVirtualItems(),
      totalSize: store.virtualizer.getTotalSize(),
    }),
    [store, version],
  );
}
