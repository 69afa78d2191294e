import { useEffect, useMemo } from 'react';
import type { EmulatorHeld } from '@shared/orders/emulator-held-state';
import { useEmulatorStore } from '@features/emulator';

/**
 * Whether this page has read the emulator's orders once: from then on `emulator.changed` pushes
 * keep the store fresh, and reading it again on every order opened made four calls per click.
 */
let loadedHere = false;

/**
 * The state this console's emulator holds an order in, if it holds it, or the sentence naming
 * its row when that is damaged: read from the Emulator view's own store (its newest orders, kept
 * fresh by `emulator.changed`), never a second client. Null (no order yet: the first-run guide
 * before a send) holds none.
 */
export function useEmulatorHeldState(orderId: string | null): EmulatorHeld | undefined {
  // Two plain values, not a fresh object a render: a selector must answer the same thing twice.
  const state = useEmulatorStore((store) =>
    orderId === null ? undefined : store.orders.find((order) => order.orderId === orderId)?.state,
  );
  const damaged = useEmulatorStore((store) =>
    orderId === null ? undefined : store.damagedOrders.find((order) => order.orderId === orderId)?.words,
  );
  const held = useMemo(() => state ?? (damaged === undefined ? undefined : { damaged }), [state, damaged]);
  useEffect(() => {
    // The store is loaded when the Emulator view opens; Orders may be the first view opened.
    if (loadedHere) return;
    useEmulatorStore
      .getState()
      .load()
      .then(() => {
        loadedHere = true;
      })
      .catch(() => undefined);
  }, []);
  return held;
}
