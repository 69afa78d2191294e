// A webhook with any key given twice was counted for no order, though only the keys a reader of
// the notification uses (order_id, event_type, order_reference_id, order_number, order_status,
// data and all under it) are read otherwise by a parser that keeps the first: a valid capture
// with an unrelated "x":{"dup":1,"dup":2} was lost (shared/orders/webhook-not-counted.ts). The
// orders of a webhook whose stored verdict names a key given twice are derived again.
export default /* sql */ `
UPDATE orders SET stale = stale + 1
  WHERE order_id IN (SELECT order_id FROM events
    WHERE kind = 'webhook' AND instr(details, ' in one object; only the last one counts here.') > 0);
`;
