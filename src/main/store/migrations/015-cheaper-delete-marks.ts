// A retention that removes most of a long history ran the two mark-lowering updates (migrations
// 012 and 014) for every removed record, each with its subqueries. A mark can only need lowering
// when the newest record goes (the marks never pass the newest id), so the updates now do their
// work only then. The text index's update stays in the trigger that first drops the record from
// the index: the two in one trigger keep their order (the index row goes before the mark moves).
export default /* sql */ `
DROP TRIGGER orders_marked_delete;
CREATE TRIGGER orders_marked_delete AFTER DELETE ON events
  WHEN old.id > (SELECT coalesce(max(id), 0) FROM events) BEGIN
  UPDATE orders_marked_state SET marked_through = (SELECT coalesce(max(id), 0) FROM events)
    WHERE marked_through > (SELECT coalesce(max(id), 0) FROM events);
END;

DROP TRIGGER events_fts_delete;
CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
  DELETE FROM events_fts
    WHERE rowid = old.id AND old.id <= (SELECT indexed_through FROM search_index_state);
  UPDATE search_index_state SET indexed_through = (SELECT coalesce(max(id), 0) FROM events)
    WHERE old.id > (SELECT coalesce(max(id), 0) FROM events)
      AND indexed_through > (SELECT coalesce(max(id), 0) FROM events);
END;
`;
