// The local emulator's own state: its orders (as the service would hold them) and the outbox of
// notifications still to deliver, so a restart resumes both.
export default /* sql */ `
CREATE TABLE emulator_orders (
  order_id TEXT PRIMARY KEY,
  checkout_id TEXT NOT NULL,
  state TEXT NOT NULL,
  payload TEXT NOT NULL,
  reference_id TEXT,
  order_number TEXT,
  locale TEXT NOT NULL,
  currency TEXT NOT NULL,
  total_amount TEXT NOT NULL,
  captured_amount TEXT NOT NULL DEFAULT '0',
  refunded_amount TEXT NOT NULL DEFAULT '0',
  notification_url TEXT,
  legacy_approved INTEGER NOT NULL DEFAULT 0,
  faults TEXT,
  created_at_ms INTEGER NOT NULL,
  expires_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL
);
CREATE INDEX emulator_orders_expiry ON emulator_orders (state, expires_at_ms);
CREATE INDEX emulator_orders_created ON emulator_orders (created_at_ms);

CREATE TABLE emulator_outbox (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  faults TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  next_attempt_at_ms INTEGER,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'dropped')),
  last_status INTEGER,
  last_error TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL
);
CREATE INDEX emulator_outbox_due ON emulator_outbox (status, next_attempt_at_ms);
CREATE INDEX emulator_outbox_order ON emulator_outbox (order_id);
`;
