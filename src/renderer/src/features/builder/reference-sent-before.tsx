import { Anchor, Text } from '@mantine/core';
import { memo, useEffect } from 'react';
import { create } from 'zustand';
import { createdOrFirstSeen } from '@shared/orders/order-created';
import type { FollowedOrderRef, LastSend } from '@shared/drafts';
import type { OrderSummary } from '@shared/orders/order-lifecycle';
import { builderCalls } from './builder-calls-store';
import { useBuilderStore } from './builder-store';
import { madeByOwnSend } from './own-send-order';
import { formatDateTime } from '@ui/instant-format';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';

/** The contract's longest search text: a longer reference is searched by no one. */
const SEARCH_TEXT_MAX = 200;
/** Asked this long after the last keystroke in the reference, not on every one. */
const ASK_AFTER_MS = 300;

/** The request's order_reference_id when it is a non-empty string; null otherwise. */
export function referenceOf(document: unknown): string | null {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return null;
  const reference = (document as Record<string, unknown>)['order_reference_id'];
  return typeof reference === 'string' && reference.trim() !== '' && reference.length <= SEARCH_TEXT_MAX
    ? reference
    : null;
}

/** What the words name of an order: which it is, whose, and when it was made. */
type NamedOrder = Pick<OrderSummary, 'orderId' | 'profileName' | 'createdAt' | 'firstSeenAt'>;

const NO_ORDERS: readonly NamedOrder[] = [];

/** The orders of the active profile with the request's reference, newest first, as last asked. */
interface FoundOrders {
  reference: string;
  orders: NamedOrder[];
  /** The builder's last send when asked: until the answer after a new one, its order is not in it. */
  afterSend: LastSend | null;
}

/** The last answer to the question, read by the notice above the form and the hint by the answer. */
const useFoundOrders = create<{ found: FoundOrders | null }>(() => ({ found: null }));

/**
 * The orders this builder's own Sends made, by the profile and reference they were sent with.
 * The orders are asked 300 ms after a Send's answer; a second Send answered before that (Ctrl+Enter
 * twice) found no order with the reference, kept no room for the words about two orders, and
 * those words then pushed the form, the editor and the answer down 21 px (CI, stop 54).
 */
const useOwnSendOrders = create<{ made: ReadonlyMap<string, readonly NamedOrder[]> }>(() => ({
  made: new Map(),
}));
const ownSendKey = (profileId: number, reference: string) => `${profileId}\u0000${reference}`;

function rememberOwnSend(profileId: number, reference: string, lastSend: LastSend): void {
  const { orderId } = lastSend;
  if (orderId === null) return;
  const key = ownSendKey(profileId, reference);
  useOwnSendOrders.setState(({ made }) => {
    const known = made.get(key) ?? [];
    if (known.some((order) => order.orderId === orderId)) return { made };
    const order = {
      orderId,
      profileName: lastSend.profileName,
      createdAt: lastSend.at,
      firstSeenAt: lastSend.at,
    };
    return { made: new Map(made).set(key, [order, ...known]) };
  });
}

/**
 * Where the request's reference is said, if anywhere. `answer`: the only order with it is the one
 * this builder's own last Send made, which the person has just seen made; a one-line hint by the
 * answer, under its buttons (SendAgainHint), says a Send again makes a second. Two lines above
 * the form, arriving with the answer, moved the form and the editor while the answer was read.
 * `above`: another order holds it too (the warning, orange, above the form where Send is
 * pressed), or several do. `room`: the Send just answered made an order and the orders are not
 * asked again yet: the words keep their room, unseen, from the answer on.
 */
type ReferenceNoticePlace = { place: 'answer' } | { place: 'above'; orders: NamedOrder[]; room: boolean };

function referenceNoticeOf(input: {
  reference: string | null;
  fresh: boolean;
  profileId: number | null;
  lastSend: LastSend | null;
  followedOrder: FollowedOrderRef | null;
  found: FoundOrders | null;
  /** The orders this builder's own earlier Sends made with this reference (useOwnSendOrders). */
  ownSent: readonly NamedOrder[];
}): ReferenceNoticePlace | null {
  const { reference, fresh, profileId, lastSend, followedOrder, found, ownSent } = input;
  if (fresh || reference === null || profileId === null) return null;
  // A Send that made an order is answered before the orders are asked again: what was found
  // before it, and the order it made, say what the words will be.
  if (lastSend?.orderId != null && found?.afterSend !== lastSend) {
    const made: NamedOrder = {
      orderId: lastSend.orderId,
      profileName: lastSend.profileName,
      createdAt: lastSend.at,
      firstSeenAt: lastSend.at,
    };
    const before = [...(found?.reference === reference ? found.orders : []), ...ownSent];
    const others = [...new Map(before.map((order) => [order.orderId, order])).values()].filter(
      (order) => order.orderId !== made.orderId,
    );
    if (others.length === 0) return { place: 'answer' };
    return { place: 'above', orders: [made, ...others], room: true };
  }
  if (found === null || found.reference !== reference) return null;
  const [newest] = found.orders;
  if (newest === undefined) return null;
  if (found.orders.length === 1 && madeByOwnSend(newest.orderId, { followedOrder }))
    return { place: 'answer' };
  return { place: 'above', orders: found.orders, room: false };
}

/** The reference notice's inputs from the builder, for `profileId`, as last found. */
function useReferenceNotice(profileId: number | null): ReferenceNoticePlace | null {
  const reference = useBuilderStore((state) => referenceOf(state.document));
  const fresh = useBuilderStore((state) => state.freshReferenceOnSend);
  const lastSend = useBuilderStore((state) => state.lastSend);
  const followedOrder = useBuilderStore((state) => state.followedOrder);
  const found = useFoundOrders((state) => state.found);
  const ownSent = useOwnSendOrders((state) =>
    profileId === null || reference === null
      ? NO_ORDERS
      : (state.made.get(ownSendKey(profileId, reference)) ?? NO_ORDERS),
  );
  return referenceNoticeOf({ reference, fresh, profileId, lastSend, followedOrder, found, ownSent });
}

/**
 * Says when the request's order_reference_id is already an order's of the active profile: the
 * spec calls it the merchant's unique order id, and a second Send made a second order with it
 * and said nothing. Said, not refused: sending it again on purpose is how a QA engineer learns
 * what the service does with a repeated reference (the spec does not say). Quiet while Fresh
 * reference is on, as each Send then writes a new one. Asks for the orders (the one place that
 * does); says above the form what is not the builder's own last order (referenceNoticeOf).
 */
export const ReferenceSentBefore = memo(function ReferenceSentBefore({
  profileId,
}: {
  profileId: number | null;
}) {
  const reference = useBuilderStore((state) => referenceOf(state.document));
  const fresh = useBuilderStore((state) => state.freshReferenceOnSend);
  // Asked again after each send: the order it made may be the one to name.
  const lastSend = useBuilderStore((state) => state.lastSend);
  const notice = useReferenceNotice(profileId);

  useEffect(() => {
    if (reference === null || fresh || profileId === null) return;
    // Remembered once this render has placed the words: the next Send's answer counts it.
    if (lastSend !== null) rememberOwnSend(profileId, reference, lastSend);
    let current = true;
    const found = (orders: NamedOrder[]) =>
      current && useFoundOrders.setState({ found: { reference, orders, afterSend: lastSend } });
    const timer = setTimeout(() => {
      builderCalls
        .ordersMatching(reference, profileId)
        .then((page) => {
          // The search matches part of an id or reference: only the whole reference counts.
          found(
            page.items
              .filter((item) => item.referenceId === reference)
              .map((item) => ({ item, at: createdOrFirstSeen(item).at }))
              .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
              .map(({ item }) => item),
          );
        })
        // Unanswered (a lost console): nothing is claimed either way.
        .catch(() => found([]));
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [reference, fresh, profileId, lastSend]);

  if (notice === null || notice.place !== 'above' || reference === null) return null;
  const words = <ReferenceNotice reference={reference} orders={notice.orders} />;
  // The room kept while the words load: arriving a moment after the answer above the form and
  // the editor, they pushed "Open checkout page" down under the pointer on its way.
  if (notice.room)
    return (
      <div aria-hidden style={{ visibility: 'hidden' }} data-testid="reference-sent-before-room">
        {words}
      </div>
    );
  return <div data-testid="reference-sent-before">{words}</div>;
});

/**
 * By the answer, under its buttons: the request's reference is the order's this builder's own
 * last Send made, and only its, so a Send again makes a second order with it. One line, dimmed:
 * it looks ahead, it warns of nothing done (referenceNoticeOf).
 */
export function SendAgainHint() {
  const profileId = useProfilesStore((state) => selectActiveProfile(state)?.id ?? null);
  const notice = useReferenceNotice(profileId);
  if (notice?.place !== 'answer') return null;
  return (
    <Text size="xs" c="dimmed" data-testid="send-again-hint">
      Sending this again makes a second order with this order_reference_id.
    </Text>
  );
}

/** The notice's words about `orders` (newest first, at least one), which hold `reference`. */
function ReferenceNotice({ reference, orders }: { reference: string; orders: NamedOrder[] }) {
  const [newest] = orders;
  if (newest === undefined) return null;
  const link = (
    <Anchor size="xs" href={`#/orders?id=${encodeURIComponent(newest.orderId)}`}>
      {newest.orderId.slice(0, 8)}…
    </Anchor>
  );
  // An order this console has no evidence of the creation of (an import) was first seen, not created.
  const created = createdOrFirstSeen(newest);
  const where = `${newest.profileName ?? 'this profile'}, ${created.word} ${formatDateTime(created.at)}`;
  const spec =
    "the spec calls it the merchant's unique order id. Fresh reference writes a new one on each Send.";
  // Several already: said as they are, the newest named (the one a Send just made, it may be).
  if (orders.length > 1)
    return (
      <Text size="xs" c="orange" mb="xs">
        order_reference_id {reference} is already {orders.length} orders' (the newest {link}, {where}), and a
        Send makes another; {spec}
      </Text>
    );
  // One order, and not the one this builder's own last Send made (that one is said by the
  // answer, SendAgainHint): the warning it is.
  return (
    <Text size="xs" c="orange" mb="xs">
      A Send makes another order with order_reference_id {reference}, already order {link}'s ({where}); {spec}
    </Text>
  );
}
