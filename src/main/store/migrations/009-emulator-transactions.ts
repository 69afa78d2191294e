// What the official client reads back about an order (issue 18): each capture, refund and
// cancellation with its own id, amount and request, so an order record can list them and a
// refund can name the capture it refunds; a per-order token that customer actions on the hosted
// page must carry (checkout_url carries it); and lookups by the merchant's reference id.
// Orders created before this get a fresh random page token.
export default /* sql */ `
ALTER TABLE emulator_orders ADD COLUMN page_token TEXT NOT NULL DEFAULT '';
UPDATE emulator_orders SET page_token = lower(hex(randomblob(16))) WHERE page_token = '';
CREATE INDEX emulator_orders_reference ON emulator_orders (reference_id, created_at_ms);

CREATE TABLE emulator_transactions (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('capture', 'refund', 'cancel')),
  -- capture_id, refund_id or cancel_id as answered; a refund spread over several captures is
  -- one row per capture, all with the same refund id.
  transaction_id TEXT NOT NULL,
  capture_id TEXT,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  request TEXT,
  created_at_ms INTEGER NOT NULL
);
CREATE INDEX emulator_transactions_order ON emulator_transactions (order_id, id);
`;
