export default /* sql */ `
CREATE TABLE profiles (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  environment TEXT NOT NULL CHECK (environment IN ('local', 'sandbox', 'live')),
  base_url TEXT NOT NULL,
  listener_port INTEGER NOT NULL,
  public_listener_url TEXT,
  notification_field TEXT NOT NULL,
  operations TEXT NOT NULL,
  signed_token_minutes INTEGER NOT NULL,
  -- Secrets are stored only as "$<scheme>:<payload>" ciphertext, never in plain text.
  api_token_sealed TEXT,
  notification_token_sealed TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
