// The text index held both bodies as they arrived, so a body echoing a secret the console knows
// (a profile token, a former one, a registered webhook header value: masked on every screen,
// REDACTED in exports) could be spelled out a prefix search at a time. Now search-index.ts
// indexes each record with those secrets replaced by REDACTED, and keeps the index clean of a
// secret that becomes known later (set here or by another console on the data directory):
//
// - `search_index_secrets` holds, per known secret, a salted SHA-256 fingerprint (never the
//   secret) and `clean_through`: every indexed record up to that id is known not to hold it. A
//   new secret starts at 0, and the records between its mark and `indexed_through` are scanned
//   for it (instr, in batches) and indexed again where they hold it. An existing data directory
//   starts with no fingerprints, so its first start makes the old index rows safe that way.
// - An update of an indexed record (its answer arrived) no longer writes the index in the
//   trigger, which knows no secrets: it lists the record in `search_index_stale`, indexed again
//   (redacted) before the next text search and in the background.
export default /* sql */ `
ALTER TABLE search_index_state ADD COLUMN fingerprint_salt BLOB;
UPDATE search_index_state SET fingerprint_salt = randomblob(16);

CREATE TABLE search_index_secrets (
  fingerprint TEXT PRIMARY KEY,
  clean_through INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE search_index_stale (id INTEGER PRIMARY KEY);

DROP TRIGGER events_fts_update;
CREATE TRIGGER events_fts_update AFTER UPDATE OF status, response_body, order_id, order_reference_id,
  event_type, token_verdict, body_verdict, error ON events
  WHEN old.id <= (SELECT indexed_through FROM search_index_state) BEGIN
  INSERT OR IGNORE INTO search_index_stale (id) VALUES (new.id);
END;

DROP TRIGGER events_fts_delete;
CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
  DELETE FROM events_fts
    WHERE rowid = old.id AND old.id <= (SELECT indexed_through FROM search_index_state);
  DELETE FROM search_index_stale WHERE id = old.id;
  UPDATE search_index_state SET indexed_through = (SELECT coalesce(max(id), 0) FROM events)
    WHERE old.id > (SELECT coalesce(max(id), 0) FROM events)
      AND indexed_through > (SELECT coalesce(max(id), 0) FROM events);
END;
`;
