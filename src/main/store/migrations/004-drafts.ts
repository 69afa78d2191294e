// Named drafts of the builder. The payload is kept as the text typed (not parsed JSON), so a
// deliberately malformed payload is saved and restored byte for byte.
export default /* sql */ `
CREATE TABLE drafts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  form TEXT NOT NULL CHECK (form IN ('general', 'education')),
  single_checkout INTEGER NOT NULL DEFAULT 1,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;
