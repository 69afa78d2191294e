import { describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { afterThisTest, listening, merchant, receive, replay } from './helpers/replay-targets';

/** A run's pauses between sends. */
describe('a run with a delay between sends', () => {
  it('does not pile listeners on its cancel signal (no MaxListenersExceededWarning)', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const target = await merchant(200);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    afterThisTest(async () => void process.off('warning', onWarning));
    await replay(open, { ids: [id], target: { kind: 'url', url: target.url }, repeat: 15, delayMs: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});

describe('a run with many sends at once', () => {
  it('64 at once is no listener leak either (each send in flight listens for the cancel)', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const target = await merchant(200);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    afterThisTest(async () => void process.off('warning', onWarning));
    const result = await replay(open, {
      ids: [id],
      target: { kind: 'url', url: target.url },
      repeat: 128,
      concurrency: 64,
      delayMs: 1,
    });
    expect(result.done).toBe(128);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});
