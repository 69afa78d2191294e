// A notification with nowhere to go (no URL in the checkout request, no webhook registered for
// its event) is an outbox row too, status `unsent` with no URL, so the Emulator view lists it
// beside the ones delivered; it was on the timeline only. SQLite cannot change a CHECK or a
// NOT NULL in place, so the table is rebuilt with every row and column as it was.
export default /* sql */ `
CREATE TABLE emulator_outbox_next (
  id INTEGER PRIMARY KEY,
  order_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  url TEXT,
  body TEXT NOT NULL,
  faults TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  next_attempt_at_ms INTEGER,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'dropped', 'unsent')),
  last_status INTEGER,
  last_error TEXT,
  created_at_ms INTEGER NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until_ms INTEGER
);
INSERT INTO emulator_outbox_next (id, order_id, event_type, url, body, faults, attempts, max_attempts,
  next_attempt_at_ms, status, last_status, last_error, created_at_ms, updated_at_ms, lease_owner,
  lease_until_ms)
SELECT id, order_id, event_type, url, body, faults, attempts, max_attempts, next_attempt_at_ms, status,
  last_status, last_error, created_at_ms, updated_at_ms, lease_owner, lease_until_ms
FROM emulator_outbox;
DROP TABLE emulator_outbox;
ALTER TABLE emulator_outbox_next RENAME TO emulator_outbox;
CREATE INDEX emulator_outbox_due ON emulator_outbox (status, next_attempt_at_ms);
CREATE INDEX emulator_outbox_order ON emulator_outbox (order_id);
`;
