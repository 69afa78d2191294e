/**
 * A record whose stored verdict says order_id is given twice is filed under the last one
 * (JSON.parse keeps it, and so does the events.order_id column), while a parser keeping the
 * first (SQLite's json_extract is one) reads another order. It is listed on both: Orders
 * derives both from it, and the events filter finds it under both, each by the
 * first_named_order_id column and its index (migration 038).
 */

/**
 * The kinds whose details carry the listener's judgement of a webhook body: a webhook, and a
 * replay, which sends such a body and stores its one judgement (replay-send.ts). A replay of a
 * body naming order_id twice names both orders as the webhook it replays does.
 */
const JUDGED_BODY_KINDS = ['webhook', 'replay'];

/** Whether a row about to be written may name its order twice (its details as stored). */
export const mayNameOrderTwice = (kind: string, details: string): boolean =>
  JUDGED_BODY_KINDS.includes(kind) && details.includes('order_id is given ');

/**
 * The ids of the records of an order (a named parameter, `@orderId`): filed under it, or
 * naming it first in a body that names order_id twice (the first_named_order_id column, by
 * migration 038's index). A list of ids rather than an OR over the outer table, so each half
 * reads its own index whatever other filter stands beside it (beside `kind IN (…)` an OR was
 * planned as a walk of every record of that kind).
 */
export const recordIdsOfOrder = (parameter: string) =>
  `SELECT id FROM events WHERE order_id = ${parameter}
    UNION ALL SELECT id FROM events WHERE first_named_order_id = ${parameter}`;

/**
 * The order a body giving order_id more than once names first, when it is not the one the record
 * is filed under (order_id, the last), else NULL: what the first_named_order_id column holds, so
 * every list says beside its order that the body names another (shared/named-orders-words.ts).
 * Only a record of a judged body whose verdict says so is parsed. Migration 038 wrote the records before it
 * with this expression as it stood then; it is the column's one writer since.
 */
export const FIRST_NAMED_ORDER = `CASE WHEN kind IN (${JUDGED_BODY_KINDS.map((kind) => `'${kind}'`).join(', ')})
    AND instr(details, 'order_id is given ') > 0
    AND json_valid(CAST(request_body AS TEXT)) AND json_type(CAST(request_body AS TEXT), '$.order_id') = 'text'
    THEN nullif(json_extract(CAST(request_body AS TEXT), '$.order_id'), coalesce(order_id, '')) END`;
