import { describe, expect, it } from 'vitest';
import { replayRequestSchema, type ReplayProgress } from '../../src/shared/replay';
import { payload } from '../fixtures/hostile-webhooks';
import { until } from './helpers/emulator-harness';
import { lastReplay, listening, receive, silentMerchant } from './helpers/replay-targets';

/** Cancelling a run while its sends wait for a target that does not answer. */
describe('a cancelled run', () => {
  it('says cancelled, even when its last send was the one cut short; that record says so', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const target = await silentMerchant();
    const pushes: ReplayProgress[] = [];
    const unsubscribe = open.core.bus.subscribe((event) => {
      if (event.name === 'replay.progress') pushes.push(event.payload);
    });
    try {
      const { runId } = open.core.replay.start(
        replayRequestSchema.parse({ ids: [id], target: { kind: 'url', url: target.url }, timeoutMs: 60_000 }),
      );
      await until(() => target.received() === 1, 'the send to arrive');
      expect(open.core.replay.cancel(runId)).toBe(true);
      await until(() => pushes.some((push) => push.finished), 'the run to end');
    } finally {
      unsubscribe();
    }
    const cancelledAfterSending =
      'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.';
    // Sent whole, so its record reads unanswered, never failed: the run counts it as its record reads.
    expect(pushes.at(-1)).toMatchObject({
      finished: true,
      cancelled: true,
      done: 1,
      failures: 0,
      unanswered: 1,
      causes: [],
      unansweredCauses: [cancelledAfterSending],
    });
    expect(lastReplay(open).error).toBe(cancelledAfterSending);
  });
});
