/**
 * A webhook whose stored verdict says order_id is given twice is filed under the last one
 * (JSON.parse keeps it, and so does the events.order_id column), while a parser keeping the
 * first (SQLite's json_extract is one) reads another order. It is listed on both: Orders
 * derives both from it, and the events filter finds it under both. These fragments are written
 * exactly as the index of migration 031 is, so both queries read through it.
 */
export const NAMES_ORDER_TWICE = "kind = 'webhook' AND instr(details, 'order_id is given ') > 0";

/** NAMES_ORDER_TWICE in JavaScript, for a row about to be written (its details as stored). */
export const mayNameOrderTwice = (kind: string, details: string): boolean =>
  kind === 'webhook' && details.includes('order_id is given ');

/** The order its first order_id names (the index's key). */
export const FIRST_ORDER_ID = `(CASE WHEN json_valid(CAST(request_body AS TEXT))
    THEN json_extract(CAST(request_body AS TEXT), '$.order_id') END)`;

/**
 * The ids of the records of an order (a named parameter, `@orderId`): filed under it, or
 * naming it first in a body that names order_id twice. A list of ids rather than an OR over
 * the outer table, so each half reads its own index whatever other filter stands beside it
 * (beside `kind IN (…)` an OR was planned as a walk of every record of that kind).
 */
export const recordIdsOfOrder = (parameter: string) =>
  `SELECT id FROM events WHERE order_id = ${parameter}
    UNION ALL SELECT id FROM events WHERE ${NAMES_ORDER_TWICE} AND ${FIRST_ORDER_ID} = ${parameter}`;

/**
 * The order a body giving order_id more than once names first, when it is not the one the record
 * is filed under (order_id, the last), else NULL: the summaries' `first_named_order_id`, so every
 * list says beside its order that the body names another (shared/named-orders-words.ts). Read
 * as FIRST_ORDER_ID reads it, so a row names the order the filter and Orders list it under;
 * `prefix` is a table's alias (`e.`). Only a webhook whose verdict says so is parsed.
 */
export const firstNamedOrderColumn = (prefix = ''): string => {
  const body = `CAST(${prefix}request_body AS TEXT)`;
  return `CASE WHEN ${prefix}kind = 'webhook' AND instr(${prefix}details, 'order_id is given ') > 0
    AND json_valid(${body}) AND json_type(${body}, '$.order_id') = 'text'
    THEN nullif(json_extract(${body}, '$.order_id'), coalesce(${prefix}order_id, '')) END`;
};
