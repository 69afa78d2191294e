// A new record marks its order stale after it is durable, not in the same statement (issue 20):
// the trigger's upsert into `orders` cost the listener about a tenth of each request on a
// history of 1,000,000 records (and made every insert carry a statement journal). Now
// `orders_marked_state.marked_through` is the id up to which every record's order is marked;
// the orders service marks the records above it, in batches, before the Orders list is read or
// pushed, so a list never misses a stored record. Updates and deletes keep marking as before; a
// delete that lowers the newest id lowers the mark with it, so an id used again is marked again.
export default /* sql */ `
CREATE TABLE orders_marked_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  marked_through INTEGER NOT NULL
);
INSERT INTO orders_marked_state (id, marked_through) SELECT 1, coalesce(max(id), 0) FROM events;

DROP TRIGGER orders_stale_insert;

CREATE TRIGGER orders_marked_delete AFTER DELETE ON events BEGIN
  UPDATE orders_marked_state SET marked_through = (SELECT coalesce(max(id), 0) FROM events)
    WHERE marked_through > (SELECT coalesce(max(id), 0) FROM events);
END;
`;
