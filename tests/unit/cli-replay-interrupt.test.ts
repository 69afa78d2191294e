import { describe, expect, it } from 'vitest';
import { startCli } from './helpers/cli-process';
import { afterThisTest, silentMerchant, storeWebhook } from './helpers/replay-targets';
import { until } from './helpers/emulator-harness';
import { openTempConsole } from './helpers/temp-console';

// The target had the replay when it was cut short: sent, and it may have acted on it.
const CANCELLED_AFTER_SENDING =
  'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.';

/** Ctrl+C during `replay`: the run is cancelled as the view's Cancel does, and said so. */
describe('replay interrupted', () => {
  it('cancels the run: the waiting send is recorded as cancelled, the summary says so, exit 1', async () => {
    const opened = await openTempConsole({ startEmulator: false });
    afterThisTest(opened.dispose);
    const webhook = storeWebhook(opened.core);
    const target = await silentMerchant();
    const run = startCli(['--data-dir', opened.dataDir, 'replay', String(webhook), '--to', target.url]);
    afterThisTest(async () => void run.child.kill('SIGKILL'));
    await until(() => target.received() === 1, 'the send to arrive', 60_000);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(1);
    // Its record reads unanswered (history, the Timeline): the summary says the same word.
    expect(run.output()).toMatch(/Cancelled: 1 of 1 done \(1 unanswered\)/);
    expect(run.output()).toContain(`unanswered: ${CANCELLED_AFTER_SENDING}`);
    expect(run.output()).not.toContain('failed');
    const [record] = opened.core.eventsQuery.page({ kinds: ['replay'] }, { limit: 1 }).items;
    expect(record?.error).toBe(CANCELLED_AFTER_SENDING);
  });
});
