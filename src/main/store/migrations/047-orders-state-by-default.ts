// An order of unknown total (no create-checkout call of this console's gives it) whose captured
// amount was all refunded read fully_refunded with nothing saying that "fully" was the documented
// default, as fully_captured's "captured, total unknown" does: an uncaptured rest may be left.
// The summary now keeps whether the default decided the state (shared/orders/rest-shown.ts), so
// the list and `orders` say it; every order is derived again to fill it.
export default /* sql */ `
ALTER TABLE orders ADD COLUMN state_by_default INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET stale = stale + 1;
`;
