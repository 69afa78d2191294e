import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderDetail } from '@shared/contract/orders';
import { BridgeError, errorMessage } from '@bridge/bridge-error';
import { loadOrderLifecycle, watchOrder } from './orders-store';
import { useResumed } from '@ui/app-store';

export interface OrderLifecycleState {
  detail: OrderDetail | null;
  error: string | null;
  /** The console has no records of this order (not_found): not a failure to read them. */
  notFound: boolean;
  /** True until the first answer for this order id arrives. */
  loading: boolean;
  reload: () => void;
}

interface Loaded {
  orderId: string;
  detail: OrderDetail | null;
  error: string | null;
  notFound: boolean;
}

/**
 * Loads one order's lifecycle and records by id, and loads them again whenever an
 * `orders.changed` push names the order (a webhook arrived, an answer came back). For the
 * Orders view and for any other view that shows the strip (the timeline filtered by order).
 */
export function useOrderLifecycle(orderId: string | null): OrderLifecycleState {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const generation = useRef(0);
  // Backpressure: one load at a time per order; pushes that arrive meanwhile ask for one more.
  const inFlight = useRef<string | null>(null);
  const again = useRef(false);

  const load = useCallback(() => {
    if (orderId === null) return;
    if (inFlight.current === orderId) {
      again.current = true;
      return;
    }
    inFlight.current = orderId;
    const run = (): void => {
      const mine = ++generation.current;
      loadOrderLifecycle(orderId)
        .then((detail) => {
          if (mine === generation.current) setLoaded({ orderId, detail, error: null, notFound: false });
        })
        .catch((failure: unknown) => {
          if (mine === generation.current)
            setLoaded({
              orderId,
              detail: null,
              error: errorMessage(failure),
              notFound: failure instanceof BridgeError && failure.code === 'not_found',
            });
        })
        .finally(() => {
          if (inFlight.current !== orderId) return;
          if (again.current) {
            again.current = false;
            run();
          } else {
            inFlight.current = null;
          }
        });
    };
    run();
  }, [orderId]);

  // A tab whose connection came back missed the pushes meanwhile (browser mode): load again.
  const resumed = useResumed();
  useEffect(() => {
    if (orderId === null) return undefined;
    load();
    return watchOrder(orderId, load);
  }, [orderId, load, resumed]);

  // An answer for another order id (the selection changed) is not this order's.
  const current = loaded !== null && loaded.orderId === orderId ? loaded : null;
  return {
    detail: current?.detail ?? null,
    error: current?.error ?? null,
    notFound: current?.notFound ?? false,
    loading: orderId !== null && current === null,
    reload: load,
  };
}
