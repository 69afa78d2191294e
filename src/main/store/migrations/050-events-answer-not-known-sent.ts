// A webhook answered at once is stored with its answer before the answer is written (nothing
// acknowledged may be lost), and given its duration once the answer went out (handle-webhook.ts).
// A listener killed in between left a record claiming an answer its client may never have had;
// the interrupted sweep (interrupted-exchanges.ts) finds such records by that missing duration.
// The sweep looks every minute, so only these few records are in this index: a webhook loses
// its place here the moment its duration is written. Raw refusals (a CONNECT's 405) are stored
// with no duration and no after-answer update, so the sweep also reads the planned answer
// (`details.response`) that only handle-webhook.ts writes.
export default /* sql */ `
CREATE INDEX events_answer_not_known_sent ON events (at_ms)
  WHERE kind = 'webhook' AND status IS NOT NULL AND duration_ms IS NULL;
`;
