import { Anchor, Text } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { createdOrFirstSeen } from '@shared/orders/order-created';
import type { LastSend } from '@shared/drafts';
import type { OrderSummary } from '@shared/orders/order-lifecycle';
import { builderCalls } from './builder-calls-store';
import { useBuilderStore } from './builder-store';
import { madeByOwnSend } from './own-send-order';
import { formatDateTime } from '@ui/instant-format';

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

/** The orders of the active profile with the request's reference, newest first, as last asked. */
interface FoundOrders {
  reference: string;
  orders: NamedOrder[];
  /** The builder's last send when asked: until the answer after a new one, its order is not in it. */
  afterSend: LastSend | null;
}

/**
 * Says when the request's order_reference_id is already an order's of the active profile: the
 * spec calls it the merchant's unique order id, and a second Send made a second order with it
 * and said nothing. Said, not refused: sending it again on purpose is how a QA engineer learns
 * what the service does with a repeated reference (the spec does not say). Quiet while Fresh
 * reference is on, as each Send then writes a new one.
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
  const followedOrder = useBuilderStore((state) => state.followedOrder);
  const [found, setFound] = useState<FoundOrders | null>(null);

  useEffect(() => {
    if (reference === null || fresh || profileId === null) return;
    let current = true;
    const timer = setTimeout(() => {
      builderCalls
        .ordersMatching(reference, profileId)
        .then((page) => {
          // The search matches part of an id or reference: only the whole reference counts.
          const orders = page.items
            .filter((item) => item.referenceId === reference)
            .map((item) => ({ item, at: createdOrFirstSeen(item).at }))
            .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
            .map(({ item }) => item);
          if (current) setFound({ reference, orders, afterSend: lastSend });
        })
        // Unanswered (a lost console): nothing is claimed either way.
        .catch(() => current && setFound({ reference, orders: [], afterSend: lastSend }));
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [reference, fresh, profileId, lastSend]);

  if (fresh || reference === null || profileId === null) return null;
  // A Send that made an order is answered before the orders are asked again: the words that
  // will name it keep their room, unseen, from the answer on. Arriving a moment later above the
  // form and the editor, they pushed "Open checkout page" down under the pointer on its way.
  if (lastSend?.orderId != null && found?.afterSend !== lastSend) {
    const made: NamedOrder = {
      orderId: lastSend.orderId,
      profileName: lastSend.profileName,
      createdAt: lastSend.at,
      firstSeenAt: lastSend.at,
    };
    const before = found?.reference === reference ? found.orders : [];
    const orders = [made, ...before.filter((order) => order.orderId !== made.orderId)];
    return (
      <div aria-hidden style={{ visibility: 'hidden' }} data-testid="reference-sent-before-room">
        <ReferenceNotice reference={reference} orders={orders} newestIsOwn />
      </div>
    );
  }
  if (found === null || found.reference !== reference) return null;
  const [newest] = found.orders;
  if (newest === undefined) return null;
  return (
    <ReferenceNotice
      reference={reference}
      orders={found.orders}
      newestIsOwn={madeByOwnSend(newest.orderId, { followedOrder })}
      testId="reference-sent-before"
    />
  );
});

/** The notice's words about `orders` (newest first, at least one), which hold `reference`. */
function ReferenceNotice({
  reference,
  orders,
  newestIsOwn,
  testId,
}: {
  reference: string;
  orders: NamedOrder[];
  /** The newest is the order this builder's last successful Send made. */
  newestIsOwn: boolean;
  /** Only on the words shown: the room kept for them is not the notice. */
  testId?: string;
}) {
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
      <Text size="xs" c="orange" mb="xs" data-testid={testId}>
        order_reference_id {reference} is already {orders.length} orders' (the newest {link}, {where}), and a
        Send makes another; {spec}
      </Text>
    );
  // The order this builder's last successful Send made: the words look ahead, quietly (after every
  // first send, an orange line read as a mistake made); another order's: said as the warning it is.
  return (
    <Text size="xs" c={newestIsOwn ? 'dimmed' : 'orange'} mb="xs" data-testid={testId}>
      {newestIsOwn ? 'Sending this again makes a second order' : 'A Send makes another order'} with
      order_reference_id {reference}, already order {link}'s ({where}); {spec}
    </Text>
  );
}
