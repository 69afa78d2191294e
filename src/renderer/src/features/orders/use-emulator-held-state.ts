import { useEffect } from 'react';
import type { OrderState } from '@shared/orders/order-states';
import { useEmulatorStore } from '@features/emulator';

/**
 * Whether this page has read the emulator's orders once: from then on `emulator.changed` pushes
 * keep the store fresh, and reading it again on every order opened made four calls per click.
 */
let loadedHere = false;

/**
 * The state this console's emulator holds an order in, if it holds it: read from the Emulator
 * view's own store (its newest orders, kept fresh by `emulator.changed`), never a second client.
 * Null (no order yet: the first-run guide before a send) holds none.
 */
export function useEmulatorHeldState(orderId: string | null): OrderState | undefined {
  const held = useEmulatorStore((state) =>
    orderId === null ? undefined : state.orders.find((order) => order.orderId === orderId)?.state,
  );
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
