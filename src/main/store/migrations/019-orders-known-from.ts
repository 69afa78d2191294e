// An order known only from imported records (or only from the console's own sends) has no
// state, and was listed as `unknown` like an order of the service's whose calls all failed.
// `known_from` says which it is (shared/orders/order-known-from.ts) so the list can say
// "imported only" instead; every order is marked stale so it is derived again with it.
export default /* sql */ `
ALTER TABLE orders ADD COLUMN known_from TEXT NOT NULL DEFAULT 'service';
UPDATE orders SET stale = stale + 1;
`;
