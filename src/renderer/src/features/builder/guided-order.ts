import { useEffect } from 'react';
import { create } from 'zustand';
import type { OrderState } from '@shared/orders/order-states';
import { pickLocalProfile } from '@shared/local-profile';
import { profileNamed } from '@shared/profile-name';
import { useProfilesStore } from '@features/profiles';
import { useOrderLifecycle } from '@features/orders';
import { useBuilderStore } from './builder-store';
import { useFollowedOrder, type FollowedOrder } from './followed-order';
import { firstRunKeptOrder } from './first-run-progress';

/**
 * The state of the order the guide follows, as last read: what it is compared by while its
 * lifecycle loads again after a newer send makes it the older one. In memory only: after a
 * reload the state is read again from the order's records, never taken from the working copy.
 */
const useGuidedState = create<{ orderId: string | null; state: OrderState | null }>(() => ({
  orderId: null,
  state: null,
}));

/**
 * The order the guide follows, and its lifecycle. The order is kept with the tab's working copy
 * (builder-store.ts guidedOrder), so a reload or a new tab follows the order that had come
 * further, not the builder's last send; a newer send takes the guide over only when that one has
 * come no further (first-run-progress.ts).
 */
export function useGuided() {
  const newest = useLocalFollowedOrder();
  const kept = useBuilderStore((store) => store.guidedOrder);
  const loaded = useBuilderStore((store) => store.loaded);
  const last = useGuidedState();
  const older = kept !== null && kept.orderId !== newest?.orderId ? kept : null;
  const newestLife = useOrderLifecycle(newest?.orderId ?? null);
  const olderLife = useOrderLifecycle(older?.orderId ?? null);
  const olderState =
    olderLife.detail?.lifecycle.state ??
    (older !== null && last.orderId === older.orderId ? last.state : null);
  const newestState = newestLife.detail?.lifecycle.state ?? null;
  const order = firstRunKeptOrder(
    older === null
      ? null
      : {
          order: older,
          state: olderState,
          // Not read yet, or a read that failed (a dropped connection): not known to be new.
          reading: olderLife.detail === null && !olderLife.notFound,
          gone: olderLife.notFound,
        },
    newest === null ? null : { order: newest, state: newestState },
  );
  const detail = order === null ? null : order === newest ? newestLife.detail : olderLife.detail;
  const state = order === null ? null : order === newest ? newestState : olderState;
  useEffect(() => {
    // Before the working copy is read the kept order is not known: writing now would replace it.
    if (!loaded) return;
    if (order !== kept) useBuilderStore.setState({ guidedOrder: order });
    if (order !== null && (last.orderId !== order.orderId || last.state !== state))
      useGuidedState.setState({ orderId: order.orderId, state });
  }, [loaded, order, state, kept, last.orderId, last.state]);
  return { order, detail, state };
}

/**
 * The order the builder follows, when it was sent to the emulator's profile: the guide is the
 * way through the emulator, and an order sent to Sandbox, or to another local profile (a slow
 * server of your own), neither ticks "Send to Local" nor is paid on the emulator's page. Told by
 * the profile it was sent with, by name.
 */
function useLocalFollowedOrder(): FollowedOrder | null {
  const order = useFollowedOrder((state) => state.order);
  const local = useProfilesStore((store) => {
    if (order === null) return false;
    const sentWith = profileNamed(order.profileName, store.profiles);
    return sentWith !== undefined && sentWith.id === pickLocalProfile(store.profiles)?.id;
  });
  return local ? order : null;
}
