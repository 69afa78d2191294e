// Two indexes on events that no query uses (tests/unit/events-indexes.test.ts asks SQLite for
// the plan of every statement the store prepares, for every filter the views and CLI send):
// - events_by_kind (kind, at_ms, id): pages are keyed and ordered by id, which events_kind
//   (kind, and the rowid every index carries) already serves, and SQLite chose it every time.
// - events_by_provenance: no query filters on provenance; records carry it for the views.
// Every webhook the listener stores wrote events_by_kind (issue 20: each index is part of the
// insert's cost on the hot path).
export default /* sql */ `
DROP INDEX events_by_kind;
DROP INDEX events_by_provenance;
`;
