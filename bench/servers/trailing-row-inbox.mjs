// The trailing-row reference's inbox (trailing-row.mjs): the records answered and not yet moved
// into `events`, with no index but the id, and the high-water mark of what was moved.
export const INBOX_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS listener_inbox (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL,
  record TEXT NOT NULL,
  body BLOB NOT NULL,
  answer TEXT NOT NULL
);`;
