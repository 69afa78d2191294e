// Another process's removals are pushed to History (history/other-processes-removals.ts), which
// judged them by the count and the newest id. Ids are not AUTOINCREMENT: SQLite gives the next
// record the highest id plus one, so when the newest records go (an import undone, a retention of
// an import's old-dated records) and as many arrive before the next look, both read as before.
// A count of the records ever removed, kept by a trigger in the deleting statement's own
// transaction, moves with every removal by every path and process, and with nothing else. It costs
// one single-row update per record removed (290,000 removed from a bare 300,000-row table: 384 ms,
// 560 ms with it; a real retention also updates the records' indexes and text index).
export default /* sql */ `
CREATE TABLE events_removed (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  removed INTEGER NOT NULL
);
INSERT INTO events_removed (id, removed) VALUES (1, 0);
CREATE TRIGGER events_removed_count AFTER DELETE ON events BEGIN
  UPDATE events_removed SET removed = removed + 1;
END;
`;
