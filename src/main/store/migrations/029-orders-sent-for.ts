// A call sent from one order's editor and answered for another is filed under the order the
// answer named (details.sentForOrder keeps the one it was sent for). The order it was sent for
// kept no trace of it: its records are read by order_id alone. It now reads those too, by this
// index: request records only (the listener's inserts, webhooks, pay nothing for it), the key
// read only from details that are JSON, so no stored row can make the index fail to build.
// Orders that such a record was sent for are marked stale, to be derived again with it.
export default /* sql */ `
CREATE INDEX events_by_sent_for
  ON events ((CASE WHEN json_valid(details) THEN json_extract(details, '$.sentForOrder') END))
  WHERE kind = 'request';

UPDATE orders SET stale = stale + 1 WHERE order_id IN (
  SELECT CASE WHEN json_valid(details) THEN json_extract(details, '$.sentForOrder') END
  FROM events WHERE kind = 'request');
`;
