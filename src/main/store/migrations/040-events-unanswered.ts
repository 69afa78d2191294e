// A request cancelled once it was written whole ("Cancel request" after the send) has no answer,
// but the service may have carried it out: its status word is `unanswered`, not `failed`
// (record-status.ts). That is read from the failure its details already store
// (`$.failure.kind` = cancelled_after_sending), so this is a virtual column, not a re-labelling:
// a record stored before this migration reads the same as one stored after it, and nothing is
// rewritten. The status filter `unanswered` reads its index; a record with a status, no error or
// no such word in its details is never parsed, and damaged details give 0 rather than failing the
// write that stores them. recordStatus (record-status.ts unansweredOf) reads the same fields.
export default /* sql */ `
ALTER TABLE events ADD COLUMN unanswered GENERATED ALWAYS AS (
  CASE WHEN status IS NULL AND error IS NOT NULL AND instr(details, '"cancelled_after_sending"') > 0
    AND json_valid(details) THEN coalesce(json_extract(details, '$.failure.kind') = 'cancelled_after_sending', 0)
  ELSE 0 END) VIRTUAL;

CREATE INDEX events_unanswered ON events (unanswered) WHERE unanswered = 1;
`;
