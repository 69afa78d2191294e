// The text index is fed after the row is durable, not in the same statement (issue 20): the
// FTS row of both bodies cost the listener about a quarter of each request (a CPU profile under
// load), and a group commit of a few rows wrote the index's new segment each time. Now
// `search_index_state.indexed_through` is the id up to which every record is in events_fts;
// search-index.ts indexes the rows above it in batches (in the background, and at once before
// any text search, so a search never misses a stored record). Updates and deletes of rows
// already indexed keep the index in step as before; a delete that lowers the newest id lowers
// the mark with it, so an id used again is indexed again.
export default /* sql */ `
CREATE TABLE search_index_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_through INTEGER NOT NULL
);
INSERT INTO search_index_state (id, indexed_through) SELECT 1, coalesce(max(id), 0) FROM events;

DROP TRIGGER events_fts_insert;

DROP TRIGGER events_fts_update;
CREATE TRIGGER events_fts_update AFTER UPDATE OF status, response_body, order_id, order_reference_id,
  event_type, token_verdict, body_verdict, error ON events
  WHEN old.id <= (SELECT indexed_through FROM search_index_state) BEGIN
  DELETE FROM events_fts WHERE rowid = old.id;
  INSERT INTO events_fts (rowid, meta, location, body) VALUES (
    new.id,
    concat_ws(' ', new.uid, new.kind, new.method, new.status, new.order_id, new.order_reference_id,
      new.event_type, new.token_verdict, new.body_verdict, new.profile_name, new.error),
    concat_ws(' ', new.url, new.path, new.query),
    concat_ws(' ', CAST(new.request_body AS TEXT), CAST(new.response_body AS TEXT))
  );
END;

DROP TRIGGER events_fts_delete;
CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
  DELETE FROM events_fts
    WHERE rowid = old.id AND old.id <= (SELECT indexed_through FROM search_index_state);
  UPDATE search_index_state SET indexed_through = (SELECT coalesce(max(id), 0) FROM events)
    WHERE indexed_through > (SELECT coalesce(max(id), 0) FROM events);
END;
`;
