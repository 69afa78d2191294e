// A request body the listener kept to its first 64 KiB (one over its limit) may end inside a
// secret; the text index kept those first characters of it, so a prefix search could spell
// them out, though every screen masks them now (shared/secrets/redact-secrets.ts, maskCutEnd).
// search-index.ts now hides that end; the records indexed before that were cut are listed as
// stale here and indexed again (in batches, before the next text search and in the background).
export default /* sql */ `
INSERT OR IGNORE INTO search_index_stale (id)
  SELECT id FROM events WHERE id <= (SELECT indexed_through FROM search_index_state) AND request_truncated = 1;
`;
