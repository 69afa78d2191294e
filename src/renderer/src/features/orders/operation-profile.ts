import type { OrderLifecycle } from '@shared/orders/order-lifecycle';

/**
 * The profile an operation's editor opens with: the order's own profile when this console has
 * it, else the active one; none for an order known only from imported records, whose file names
 * a profile of the console that exported it (names, not ids): sending it silently to whichever
 * profile is active here would read as "the order's profile".
 */
export function initialOperationProfileId(
  lifecycle: Pick<OrderLifecycle, 'knownFrom' | 'facts'>,
  profiles: readonly { id: number }[],
  activeId: number | null,
): number | null {
  const own = profiles.find((profile) => profile.id === lifecycle.facts.profileId);
  if (own !== undefined) return own.id;
  return lifecycle.knownFrom === 'import' ? null : activeId;
}
