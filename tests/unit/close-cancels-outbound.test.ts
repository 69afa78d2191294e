import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayRequestSchema } from '../../src/shared/replay';
import { payload } from '../fixtures/hostile-webhooks';
import { until } from './helpers/emulator-harness';
import { openListeningConsole } from './helpers/listening-console';
import { afterThisTest, silentMerchant } from './helpers/replay-targets';

/** A console closing (Ctrl+C on listen, serve or the app) while forwards or replays wait for an answer. */
describe('a console closed while a forward is in flight', () => {
  it('cancels the forward and records it so, rather than leaving it waiting for an answer', async () => {
    const open = await openListeningConsole();
    afterThisTest(open.dispose);
    const merchant = await silentMerchant();
    open.core.listener.updateSettings({ forwardTo: merchant.url });
    await fetch(`${open.origin}/hooks`, { method: 'POST', body: payload('order_approved') });
    await until(() => merchant.received() === 1, 'the forward to arrive');
    await open.core.close();
    const db = new Database(join(open.dataDir, 'console.sqlite'), { readonly: true });
    try {
      const forward = db
        .prepare("select status, error from events where kind = 'forward' order by id desc limit 1")
        .get() as { status: number | null; error: string | null } | undefined;
      expect(forward).toEqual({
        status: null,
        error:
          'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.',
      });
    } finally {
      db.close();
    }
  });
});

describe('a console closed while a replay run waits for an answer', () => {
  it('cancels the run and records the waiting send so, before the store closes', async () => {
    const open = await openListeningConsole();
    afterThisTest(open.dispose);
    const merchant = await silentMerchant();
    const response = await fetch(`${open.origin}/hooks`, { method: 'POST', body: payload('order_approved') });
    const { id } = (await response.json()) as { id: number };
    open.core.replay.start(
      replayRequestSchema.parse({ ids: [id], target: { kind: 'url', url: merchant.url }, repeat: 3 }),
    );
    await until(() => merchant.received() === 1, 'the replay to arrive');
    await open.core.close();
    const db = new Database(join(open.dataDir, 'console.sqlite'), { readonly: true });
    try {
      const replays = db.prepare("select status, error from events where kind = 'replay'").all();
      expect(replays).toEqual([
        {
          status: null,
          error:
            'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.',
        },
      ]);
    } finally {
      db.close();
    }
  });
});
