// Tokens the console signed (the JWT inspector, `jwt sign`, re-signed replays, scenario sends),
// by their SHA-256 only: a webhook that reaches a listener with one of them is the console's
// doing (provenance `crafted`), however it got there (curl, a merchant's test), and never
// moves an order. The token itself is not kept: a fingerprint cannot be used to sign anything.
export default /* sql */ `
CREATE TABLE crafted_tokens (
  fingerprint TEXT PRIMARY KEY,
  signed_at_ms INTEGER NOT NULL,
  signed_with TEXT NOT NULL
) WITHOUT ROWID;
`;
