import type { TimelineSummary } from './events';

export interface NamedOrdersWords {
  /** Said right after the order shown: `+1`, the body names one more; null: it names no other. */
  mark: string | null;
  /** Which orders, for a tooltip or a note; null when it names no other. */
  title: string | null;
}

/**
 * What the Order cell says beside a record's order (the Timeline, History and `history`'s table
 * alike): a body giving order_id more than once is filed under the last (JSON.parse keeps it,
 * and so does the verdict), and Orders and the order filter list it under the first too
 * (store/first-named-order.ts). Shown as the last alone, the first order, which a parser keeping
 * the first acts on, was silently dropped from the row.
 */
export function namedOrdersWords(
  summary: Pick<TimelineSummary, 'orderId' | 'firstNamedOrderId'>,
): NamedOrdersWords {
  const first = summary.firstNamedOrderId;
  if (first === null) return { mark: null, title: null };
  const last =
    summary.orderId === null
      ? 'the last, which counts here, names no order'
      : `the record is filed under the last, ${summary.orderId}`;
  return { mark: '+1', title: `order_id is given more than once: ${last}; the first names ${first}.` };
}
