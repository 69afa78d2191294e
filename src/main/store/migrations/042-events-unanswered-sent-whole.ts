// A request written whole that then timed out, or whose connection closed before any answer, may
// have been carried out as one cancelled after sending may: network-failure.ts now says so in its
// failure kind (timeout_after_sending, reset_after_sending), and its status word is `unanswered`,
// not `failed` (record-status.ts unansweredOf, merchant-api.ts SENT_UNANSWERED_KINDS). Migration
// 040's column read only cancelled_after_sending; a generated column cannot be altered, so it is
// dropped with its index and defined again over the three kinds, still a virtual column over the
// stored details (nothing rewritten). A timeout or reset stored before the kinds told the two apart
// says nothing of whether the request had gone, and stays failed. As 039 and 040: a record with a
// status, no error or no such word in its details is never parsed, and damaged details give 0
// rather than failing the write that stores them.
export default /* sql */ `
DROP INDEX events_unanswered;
ALTER TABLE events DROP COLUMN unanswered;

ALTER TABLE events ADD COLUMN unanswered GENERATED ALWAYS AS (
  CASE WHEN status IS NULL AND error IS NOT NULL AND instr(details, '_after_sending"') > 0
    AND json_valid(details) THEN coalesce(json_extract(details, '$.failure.kind') IN
      ('cancelled_after_sending', 'timeout_after_sending', 'reset_after_sending'), 0)
  ELSE 0 END) VIRTUAL;

CREATE INDEX events_unanswered ON events (unanswered) WHERE unanswered = 1;
`;
