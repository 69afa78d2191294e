// An order with no evidence of the service's (only a tokenless or forged post to the listener,
// say) is dated by its first record, and `orders` and the Orders view called that time its "Last
// evidence". Whether the order has any evidence is now stored beside last_ms (evidence_known), so
// that time is said "none (first seen …)" instead. Rows read as before (1) until every order is
// derived again.
export default /* sql */ `
ALTER TABLE orders ADD COLUMN evidence_known INTEGER NOT NULL DEFAULT 1;
UPDATE orders SET stale = stale + 1;
`;
