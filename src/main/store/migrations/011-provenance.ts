// Provenance (DESIGN.md): every record says whose doing it was, as a column so it can be
// queried and indexed, filled by each producer when it writes. Records stored before this
// migration get theirs from what they are: forwards, replays (crafted when their body or
// token was changed), imports, and the listener's record of a replay, found through the
// replay's `listenerRecordId`, which is linked back to its replay by `related_id`.
//
// `body_findings` is the number of findings of the one judgement of a notification body
// (details.body.findings), so every list can say "event · 3 findings" without reading details.
//
// The orders' derivation now counts only the service's own, verified evidence: every order is
// marked stale so it is derived again under the new rules, and gains a count of its findings.
export default /* sql */ `
ALTER TABLE events ADD COLUMN provenance TEXT NOT NULL DEFAULT 'service'
  CHECK (provenance IN ('service', 'replay', 'crafted', 'forward', 'import'));
ALTER TABLE events ADD COLUMN body_findings INTEGER;

UPDATE events SET provenance = 'forward' WHERE kind = 'forward';
UPDATE events SET provenance = CASE
    WHEN coalesce(json_extract(details, '$.bodyEdited'), 0) = 1
      OR coalesce(json_extract(details, '$.tokenMode'), 'original') <> 'original' THEN 'crafted'
    ELSE 'replay' END
  WHERE kind = 'replay' AND json_valid(details);
UPDATE events SET
    provenance = (SELECT replay.provenance FROM events AS replay
      WHERE replay.kind = 'replay' AND json_valid(replay.details)
        AND json_extract(replay.details, '$.listenerRecordId') = events.id
      ORDER BY replay.id LIMIT 1),
    related_id = (SELECT replay.id FROM events AS replay
      WHERE replay.kind = 'replay' AND json_valid(replay.details)
        AND json_extract(replay.details, '$.listenerRecordId') = events.id
      ORDER BY replay.id LIMIT 1)
  WHERE kind = 'webhook' AND related_id IS NULL AND id IN (
    SELECT json_extract(details, '$.listenerRecordId') FROM events
      WHERE kind = 'replay' AND json_valid(details));
UPDATE events SET provenance = 'import' WHERE imported = 1;
UPDATE events SET body_findings = json_array_length(details, '$.body.findings')
  WHERE json_valid(details) AND json_type(details, '$.body.findings') = 'array';

CREATE INDEX events_by_provenance ON events (provenance, at_ms DESC) WHERE provenance <> 'service';

ALTER TABLE orders ADD COLUMN findings INTEGER NOT NULL DEFAULT 0;
UPDATE orders SET stale = stale + 1;
`;
