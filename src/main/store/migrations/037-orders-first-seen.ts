// An order with no evidence of its creation (known from an import, a failed create call, a Get
// order answer) was listed as "created" at its first record in this console. The service's
// creation (created_ms) is now stored only when known (created_known = 1), and the first record's
// time beside it (first_seen_ms), said "first seen"; every order is derived again to fill them.
export default /* sql */ `
ALTER TABLE orders ADD COLUMN created_known INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN first_seen_ms INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET stale = stale + 1;
`;
