// Search over everything stored, and filter indexes that serve "newest first" pages.
//
// events_fts is a contentless FTS5 index (the text lives once, in events): `meta` holds the
// ids and words of a record, `location` its URL, path and query, `body` both bodies read as
// UTF-8. Triggers keep it in step with every insert, update and delete (contentless_delete
// lets retention remove rows). Pages are ordered by id, newest first: an index on one column
// stores (column, rowid), so each serves `WHERE column = ? ORDER BY id DESC` directly.
export default /* sql */ `
CREATE VIRTUAL TABLE events_fts USING fts5(
  meta, location, body,
  content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER events_fts_insert AFTER INSERT ON events BEGIN
  INSERT INTO events_fts (rowid, meta, location, body) VALUES (
    new.id,
    concat_ws(' ', new.uid, new.kind, new.method, new.status, new.order_id, new.order_reference_id,
      new.event_type, new.token_verdict, new.body_verdict, new.profile_name, new.error),
    concat_ws(' ', new.url, new.path, new.query),
    concat_ws(' ', CAST(new.request_body AS TEXT), CAST(new.response_body AS TEXT))
  );
END;

CREATE TRIGGER events_fts_update AFTER UPDATE OF status, response_body, order_id, order_reference_id,
  event_type, token_verdict, body_verdict, error ON events BEGIN
  DELETE FROM events_fts WHERE rowid = old.id;
  INSERT INTO events_fts (rowid, meta, location, body) VALUES (
    new.id,
    concat_ws(' ', new.uid, new.kind, new.method, new.status, new.order_id, new.order_reference_id,
      new.event_type, new.token_verdict, new.body_verdict, new.profile_name, new.error),
    concat_ws(' ', new.url, new.path, new.query),
    concat_ws(' ', CAST(new.request_body AS TEXT), CAST(new.response_body AS TEXT))
  );
END;

CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
  DELETE FROM events_fts WHERE rowid = old.id;
END;

INSERT INTO events_fts (rowid, meta, location, body)
SELECT id,
  concat_ws(' ', uid, kind, method, status, order_id, order_reference_id, event_type, token_verdict,
    body_verdict, profile_name, error),
  concat_ws(' ', url, path, query),
  concat_ws(' ', CAST(request_body AS TEXT), CAST(response_body AS TEXT))
FROM events;

CREATE INDEX events_kind ON events (kind);
CREATE INDEX events_event_type ON events (event_type) WHERE event_type IS NOT NULL;
CREATE INDEX events_token_verdict ON events (token_verdict) WHERE token_verdict IS NOT NULL;
CREATE INDEX events_body_verdict ON events (body_verdict) WHERE body_verdict IS NOT NULL;
CREATE INDEX events_status ON events (status);
-- A status class (4xx) as an equality, so it too walks in id order instead of sorting a range.
CREATE INDEX events_status_class ON events (status / 100);
CREATE INDEX events_profile ON events (profile_id);
`;
