// The text index replaced only the secrets main knows (migration 021), while every screen also
// masks secrets by meaning (shared/secrets/redact-secrets.ts): a JWT-shaped string anywhere, and
// the credentials a record's request carried (Authorization, serviceToken, cookies) wherever
// they are echoed. A JWT echoed in a response body, masked even on Reveal, could so be spelled
// out a prefix search at a time. search-index.ts now indexes each record as the screens redact
// it; the records indexed before are listed as stale here and indexed again (in batches, before
// the next text search and in the background): one pass over the history, on its first start.
export default /* sql */ `
INSERT OR IGNORE INTO search_index_stale (id)
  SELECT id FROM events WHERE id <= (SELECT indexed_through FROM search_index_state);
`;
