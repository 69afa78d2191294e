// Every list (History, the Timeline, `history`, Orders, an export) read two things per row out of
// JSON: a judged token's findings (json_extract over details) and the first order of a body naming
// order_id twice (the body parsed again). Over 100,000 webhooks that cost a quarter more than the
// list without them. Both are columns now, written with the record (event-columns.ts,
// events-repository.ts), and the records before this migration get them as the lists read them:
// token_findings holds the messages of details.token.findings when it is a list (a summary reads
// it only for a judged token, as before), first_named_order_id the first order a judged body names
// when it is not the one the record is filed under. A replay carries the same judgement of the same
// body as a webhook, so it is read too (the lists read webhooks only, and never said a replay's).
// The order filter and Orders find a record under its first order by the index on the column,
// which replaces migration 031's index over the body's first order_id; the orders a replay names
// first are marked to be derived again, with it among their records (never as evidence).
export default /* sql */ `
ALTER TABLE events ADD COLUMN token_findings TEXT;
ALTER TABLE events ADD COLUMN first_named_order_id TEXT;

UPDATE events SET token_findings = (
    SELECT json_group_array(json_extract(finding.value, '$.message'))
      FROM json_each(events.details, '$.token.findings') AS finding
      WHERE json_type(finding.value, '$.message') = 'text')
  WHERE json_valid(details) AND json_type(details, '$.token.findings') = 'array';

UPDATE events SET first_named_order_id = CASE
    WHEN json_valid(CAST(request_body AS TEXT)) AND json_type(CAST(request_body AS TEXT), '$.order_id') = 'text'
    THEN nullif(json_extract(CAST(request_body AS TEXT), '$.order_id'), coalesce(order_id, '')) END
  WHERE kind IN ('webhook', 'replay') AND instr(details, 'order_id is given ') > 0;

DROP INDEX events_by_first_order_id;
CREATE INDEX events_by_first_named_order_id ON events (first_named_order_id)
  WHERE first_named_order_id IS NOT NULL;

INSERT INTO orders (order_id)
  SELECT first_named_order_id FROM events WHERE kind = 'replay' AND first_named_order_id IS NOT NULL
  ON CONFLICT (order_id) DO UPDATE SET stale = stale + 1;
`;
