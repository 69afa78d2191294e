// The Orders list's findings badge was red ("1 finding") for an order whose only finding is a
// warning (a record of another profile's, a body that could not be read), where the order's own
// findings box is orange: the summary kept the count only. It now keeps the worst finding's
// severity (shared/orders/findings-severity.ts; NULL when there is none), so the list and
// `orders` say it; every order is derived again to fill it.
export default /* sql */ `
ALTER TABLE orders ADD COLUMN findings_severity TEXT;
UPDATE orders SET stale = stale + 1;
`;
