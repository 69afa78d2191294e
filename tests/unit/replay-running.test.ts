import { describe, expect, it } from 'vitest';
import { replayRequestSchema } from '../../src/shared/replay';
import { payload } from '../fixtures/hostile-webhooks';
import { until } from './helpers/emulator-harness';
import { listening, merchant, receive } from './helpers/replay-targets';

/** A window opened (or reloaded) while a run goes on asks main for it: `replayRuns`. */
describe('the runs in progress', () => {
  it('holds a background run with its latest progress until it ends, cancelled or not', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const target = await merchant(200);
    expect(open.core.replay.running()).toEqual([]);
    const { runId } = open.core.replay.start(
      replayRequestSchema.parse({
        ids: [id],
        target: { kind: 'url', url: target.url },
        repeat: 40,
        delayMs: 50,
      }),
    );
    await until(() => (open.core.replay.running()[0]?.done ?? 0) >= 2, 'a few sends');
    // With what it was started with: a window taking it up shows the run's target and options.
    const startedWith = {
      ids: [id],
      target: { kind: 'url', url: target.url },
      tokenMode: 'original',
      preset: 'valid',
      order: 'original',
      delayMs: 50,
      concurrency: 1,
      repeat: 40,
    };
    expect(open.core.replay.running()).toEqual([
      expect.objectContaining({ runId, total: 40, finished: false, startedWith }),
    ]);
    const answered = await open.core.dispatcher('replayRuns', {}, { transport: 'direct' });
    expect(answered).toMatchObject({
      ok: true,
      data: { runs: [expect.objectContaining({ runId, startedWith })] },
    });
    open.core.replay.cancel(runId);
    await until(() => open.core.replay.running().length === 0, 'the run to end');
  });
});
