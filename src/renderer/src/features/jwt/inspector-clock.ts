import { useEffect } from 'react';
import { useJwtStore } from './jwt-store';

/**
 * Ticks the inspector's one clock (the store's `now`) every second while the inspector is open,
 * starting from the present: a view opened again after a while must not judge at the old now.
 */
export function useInspectorClock(): void {
  useEffect(() => {
    const { tick } = useJwtStore.getState();
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);
}
