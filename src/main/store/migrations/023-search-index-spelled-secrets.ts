// The text index replaced a secret in a body only where the body wrote it plain: percent-encoded
// in a form-encoded body (`%73k_…`, `hdr%2Fvalue`) or JSON-escaped in a JSON body (`\u0073k_…`,
// `hdr\/value`, as PHP's json_encode writes a slash), it kept it, so a prefix search could
// spell it out, though every screen masks it now (shared/secrets/redact-secrets.ts,
// replaceSecretsInText). search-index.ts now indexes each record as the screens redact it; the
// records indexed before that may hold such a spelling are listed as stale here and indexed
// again (in batches, before the next text search and in the background).
const MAY_SPELL = ['%', '\\u', '\\/'];
const COLUMNS = [
  'CAST(request_body AS TEXT)',
  'CAST(response_body AS TEXT)',
  'error',
  'order_id',
  'order_reference_id',
  'event_type',
];
const anySpelling = COLUMNS.flatMap((column) =>
  MAY_SPELL.map((mark) => `instr(${column}, '${mark}') > 0`),
).join(' OR ');

export default /* sql */ `
INSERT OR IGNORE INTO search_index_stale (id)
  SELECT id FROM events WHERE id <= (SELECT indexed_through FROM search_index_state) AND (${anySpelling});
`;
