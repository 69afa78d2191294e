// A webhook body that gives order_id twice was filed under the last one (JSON.parse keeps it),
// and the order a parser keeping the first would file it under (SQLite's json_extract is one)
// never saw it. Such a body is no evidence of either (shared/orders/webhook-not-counted.ts),
// and both orders list it: the first-named one reads it by this index. Only webhooks whose
// stored verdict names order_id given twice are in it, so no other insert computes the key, and
// the key is read only from a body that is JSON, so no stored row can make the index fail.
// The derivation changed too (a refused request, a body with an error finding or a key given
// twice moves nothing): every order is marked stale, and each first-named order added.
export default /* sql */ `
CREATE INDEX events_by_first_order_id
  ON events ((CASE WHEN json_valid(CAST(request_body AS TEXT))
    THEN json_extract(CAST(request_body AS TEXT), '$.order_id') END))
  WHERE kind = 'webhook' AND instr(details, 'order_id is given ') > 0;

UPDATE orders SET stale = stale + 1;

INSERT INTO orders (order_id)
  SELECT CASE WHEN json_valid(CAST(request_body AS TEXT))
    THEN json_extract(CAST(request_body AS TEXT), '$.order_id') END AS first
  FROM events WHERE kind = 'webhook' AND instr(details, 'order_id is given ') > 0 AND first IS NOT NULL
  ON CONFLICT (order_id) DO UPDATE SET stale = stale + 1;
`;
