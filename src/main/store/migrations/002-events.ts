// Every exchange the console sees is one row: inbound webhooks, outbound requests, the
// emulator's delivery attempts, forwards and replays. The timeline and history are queries
// over this table. Raw bytes are kept as BLOBs so nothing is lost to decoding.
export default /* sql */ `
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('webhook', 'request', 'replay', 'forward', 'delivery')),
  at_ms INTEGER NOT NULL,
  profile_id INTEGER,
  profile_name TEXT,
  method TEXT,
  url TEXT,
  path TEXT,
  query TEXT,
  remote_address TEXT,
  request_headers TEXT NOT NULL DEFAULT '[]',
  request_body BLOB,
  request_size INTEGER,
  request_truncated INTEGER NOT NULL DEFAULT 0,
  status INTEGER,
  response_headers TEXT,
  response_body BLOB,
  duration_ms REAL,
  order_id TEXT,
  order_reference_id TEXT,
  event_type TEXT,
  token_verdict TEXT,
  body_verdict TEXT,
  error TEXT,
  related_id INTEGER,
  imported INTEGER NOT NULL DEFAULT 0,
  details TEXT NOT NULL DEFAULT '{}'
);

CREATE INDEX events_by_time ON events (at_ms DESC, id DESC);
CREATE INDEX events_by_kind ON events (kind, at_ms DESC, id DESC);
CREATE INDEX events_by_order ON events (order_id, at_ms, id) WHERE order_id IS NOT NULL;
CREATE INDEX events_by_related ON events (related_id) WHERE related_id IS NOT NULL;
`;
