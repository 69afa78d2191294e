// One summary row per order id seen on any record, for the Orders list (newest activity
// first, filtered by state, profile and text). The summary is derived in TypeScript
// (src/shared/orders), so SQL only keeps count of what changed: triggers bump `stale` whenever
// a record of the order is added, changed or removed, by any process (the listen and send CLIs
// write the same file), and the console re-derives stale orders before it answers a list.
// `stale` is a counter, not a flag: a summary is written back only if it did not move meanwhile.
export default /* sql */ `
CREATE TABLE orders (
  order_id TEXT PRIMARY KEY,
  stale INTEGER NOT NULL DEFAULT 1,
  state TEXT,
  reference_id TEXT,
  amount TEXT,
  currency TEXT,
  profile_id INTEGER,
  profile_name TEXT,
  created_ms INTEGER NOT NULL DEFAULT 0,
  last_ms INTEGER NOT NULL DEFAULT 0,
  record_count INTEGER NOT NULL DEFAULT 0,
  out_of_order INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX orders_by_activity ON orders (last_ms DESC, order_id DESC);
CREATE INDEX orders_stale ON orders (order_id) WHERE stale > 0;

CREATE TRIGGER orders_stale_insert AFTER INSERT ON events WHEN new.order_id IS NOT NULL BEGIN
  INSERT INTO orders (order_id) VALUES (new.order_id)
    ON CONFLICT (order_id) DO UPDATE SET stale = stale + 1;
END;

CREATE TRIGGER orders_stale_update AFTER UPDATE OF status, response_body, request_body, order_id,
  order_reference_id, event_type, token_verdict, body_verdict, error, details ON events
  WHEN new.order_id IS NOT NULL OR old.order_id IS NOT NULL BEGIN
  INSERT INTO orders (order_id) SELECT new.order_id WHERE new.order_id IS NOT NULL
    ON CONFLICT (order_id) DO UPDATE SET stale = stale + 1;
  UPDATE orders SET stale = stale + 1
    WHERE old.order_id IS NOT NULL AND old.order_id IS NOT new.order_id AND order_id = old.order_id;
END;

CREATE TRIGGER orders_stale_delete AFTER DELETE ON events WHEN old.order_id IS NOT NULL BEGIN
  UPDATE orders SET stale = stale + 1 WHERE order_id = old.order_id;
END;

INSERT INTO orders (order_id) SELECT DISTINCT order_id FROM events WHERE order_id IS NOT NULL;
`;
