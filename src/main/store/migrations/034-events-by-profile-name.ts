// The profile filter goes by the name a record was stored under (docs/history.md: a renamed or
// removed profile's records keep theirs), compared as profile names are, ignoring case. Without
// an index on that name, `--profile` and the views' Profile filter read every row; the index on
// profile_id, which nothing filters by now but the rare record with an id and no name (which this
// index serves as well, by its NULL name), is dropped so every insert writes no more indexes than
// before (issue 20).
export default /* sql */ `
CREATE INDEX events_by_profile_name ON events (profile_name COLLATE NOCASE);
DROP INDEX events_profile;
`;
