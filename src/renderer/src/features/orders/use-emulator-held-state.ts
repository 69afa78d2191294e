import { useEffect } from 'react';
import type { OrderState } from '@shared/orders/order-states';
import { useEmulatorStore } from '@features/emulator';

/**
 * The state this console's emulator holds an order in, if it holds it: read from the Emulator
 * view's own store (its newest orders, kept fresh by `emulator.changed`), never a second client.
 */
export function useEmulatorHeldState(orderId: string): OrderState | undefined {
  const held = useEmulatorStore((state) => state.orders.find((order) => order.orderId === orderId)?.state);
  useEffect(() => {
    // The store is loaded when the Emulator view opens; Orders may be the first view opened.
    useEmulatorStore
      .getState()
      .load()
      .catch(() => undefined);
  }, [orderId]);
  return held;
}
