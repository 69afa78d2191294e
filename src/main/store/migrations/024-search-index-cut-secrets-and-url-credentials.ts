// Two things the text index kept that every screen masks now (shared/secrets/redact-secrets.ts):
// - a request body the listener kept to its first 64 KiB (one over its limit) may end inside a
//   secret, and the index kept those first characters of it (maskCutEnd);
// - a URL written in a body (a checkout's notification URL) kept its user-info password and its
//   serviceToken value (redactUrlCredentialsInText).
// A prefix search could spell them out. search-index.ts now hides both; the records indexed
// before that may hold one are listed as stale here and indexed again (in batches, before the
// next text search and in the background). The test for a URL is wide (a slash, a colon and an
// at sign in that order, or serviceToken=): indexing a record again only costs time.
const BODIES = ['CAST(request_body AS TEXT)', 'CAST(response_body AS TEXT)'];
const mayHoldUrlCredential = BODIES.map(
  (column) => `${column} LIKE '%/%:%@%' OR ${column} LIKE '%servicetoken=%'`,
).join(' OR ');

export default /* sql */ `
INSERT OR IGNORE INTO search_index_stale (id)
  SELECT id FROM events WHERE id <= (SELECT indexed_through FROM search_index_state)
    AND (request_truncated = 1 OR ${mayHoldUrlCredential});
`;
