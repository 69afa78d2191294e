import type { BuilderStore } from './builder-store';

/**
 * Whether `orderId` is the order this builder's last successful Send made: the followed order,
 * which only a Send that creates one replaces and the working copy keeps across a reload. Not
 * `lastSend`: a Send that created nothing (no answer, a 4xx) is the last send too, and the order
 * made before it read as another's (reference-sent-before.tsx).
 */
export function madeByOwnSend(orderId: string, state: Pick<BuilderStore, 'followedOrder'>): boolean {
  return state.followedOrder?.orderId === orderId;
}
