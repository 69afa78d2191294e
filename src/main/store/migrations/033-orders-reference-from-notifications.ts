// An order's reference was the create request's even when a later notification of the service
// named another (the merchant's backend updated it outside the console): Orders, its search and
// `orders` disagreed with the emulator and every later notification. The orders a webhook names
// under another reference than the one derived are derived again.
export default /* sql */ `
UPDATE orders SET stale = stale + 1
  WHERE order_id IN (SELECT e.order_id FROM events e JOIN orders o ON o.order_id = e.order_id
    WHERE e.kind = 'webhook' AND e.order_reference_id IS NOT NULL
      AND e.order_reference_id IS NOT o.reference_id);
`;
