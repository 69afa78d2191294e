// 027 marks a `test` run's notifications as the run's own, but rows an older build queued carry
// no mark and were taken as shared: one a run still owed when it ended (its listener answering
// 500, a retry's backoff) was sent by the next emulator on the upgraded data directory to the
// run's listener, a free port dead with the run, "Connection refused" up to its attempt limit.
//
// The row itself says nothing of a run, so nothing is guessed from its URL alone. The stored run
// does: a run of `test` (front door `cli`) links its checkout step's request record, which says
// the order's notification URL was filled in by the console (details.notification.injected) and
// with what; in a run that is the run's own loopback listener. A pending row of that order to
// exactly that URL is given up, saying why, as the run would have given it up as it ended. A run
// an older build may still have under way (marked alive within the last minute,
// RUN_INTERRUPTED_AFTER_MS) sends its own. Runs of the Scenarios view use their console's
// listener, which outlives them; a payload's own notification URL is not the run's listener;
// rows whose run records retention removed are left, as nothing says whose they were.
// The words are written here, not imported: a migration's text must never change.
export default /* sql */ `
WITH owed (outbox_id, run_id) AS (
  SELECT outbox.id, max(run.id)
  FROM scenario_runs AS run
    JOIN scenario_results AS result ON result.run_id = run.id
    JOIN scenario_steps AS step ON step.result_id = result.id AND step.kind = 'checkout'
    JOIN json_each(step.record_ids) AS link
    JOIN events AS checkout ON checkout.id = link.value AND checkout.kind = 'request'
    JOIN emulator_outbox AS outbox ON outbox.order_id = checkout.order_id
  WHERE run.front_door = 'cli'
    AND NOT (run.status = 'running'
      AND coalesce(run.alive_ms, run.started_ms) > (julianday('now') - 2440587.5) * 86400000 - 60000)
    AND json_valid(checkout.details)
    AND json_extract(checkout.details, '$.notification.injected') = 1
    AND json_extract(checkout.details, '$.notification.url') = outbox.url
    AND outbox.url LIKE 'http://127.0.0.1:%'
    AND outbox.status = 'pending' AND outbox.run_owner IS NULL
  GROUP BY outbox.id
)
UPDATE emulator_outbox SET
    status = 'failed',
    next_attempt_at_ms = NULL,
    lease_owner = NULL,
    lease_until_ms = NULL,
    updated_at_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    last_error = 'Not sent: it was addressed to the listener of test run #'
      || (SELECT run_id FROM owed WHERE outbox_id = emulator_outbox.id) || ' (' || url
      || '), which stopped with the run. An older build queued it without marking it as the run''s own, '
      || 'so it was given up when a newer build opened the data directory, rather than sent to a port '
      || 'the run no longer listens on.'
  WHERE id IN (SELECT outbox_id FROM owed);
`;
