import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerStatusSchema, type ListenerStatus } from '../../src/shared/listener';
import { forwardHoldWords } from '../../src/renderer/src/features/listener/listener-status-words';
import { payload } from '../fixtures/hostile-webhooks';
import { startRecordingServer, type RecordingServer } from './helpers/http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

// A forward-to held (saved before it became a live profile's address) was said only in the log
// and by `listen`: the Listener view showed "Forward to https://…" as if webhooks went on. The
// status main pushes to every view now says the hold: to where, why, and how many were kept.

let merchant: RecordingServer;
let merchantUrl = '';
let opened: ListeningConsole;
const pushed: ListenerStatus[] = [];

beforeAll(async () => {
  merchant = await startRecordingServer();
  merchantUrl = `http://127.0.0.1:${merchant.port}/hooks`;
  opened = await openListeningConsole();
  opened.core.bus.subscribe((event) => {
    if (event.name === 'listener.status') pushed.push(event.payload);
  });
});
afterAll(async () => {
  await opened.dispose();
  await merchant.close();
});

const keep = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;

async function statusThroughContract(): Promise<ListenerStatus> {
  const result = await opened.core.dispatcher('getListenerStatus', {}, { transport: 'direct' });
  if (!result.ok) throw new Error(result.error.message);
  return listenerStatusSchema.parse(result.data);
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the listener status says a held forward-to', () => {
  it('names the URL, why, the webhooks not forwarded, and clears once confirmed again', async () => {
    const { core } = opened;
    const saved = await core.dispatcher(
      'updateListenerSettings',
      { forwardTo: merchantUrl },
      { transport: 'direct' },
    );
    expect(saved.ok).toBe(true);
    expect((await statusThroughContract()).forwardHold).toBeNull();

    const live = core.profiles.findByName('Live');
    if (live === undefined) throw new Error('no Live profile');
    core.profiles.update(live.id, { publicListenerUrl: merchantUrl }, keep);
    const reason = `${merchantUrl} belongs to a live profile ("Live", its public listener URL ${merchantUrl}): forwarding webhooks to it reaches production.`;
    await until(() => pushed.at(-1)?.forwardHold != null);
    // Pushed as the profile changed, not only read on the next load.
    expect(pushed.at(-1)?.forwardHold).toEqual({ forwardTo: merchantUrl, reason, notForwarded: 0 });

    const response = await fetch(`${opened.origin}/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload('order_approved'),
    });
    expect(response.status).toBe(200);
    await until(() => pushed.at(-1)?.forwardHold?.notForwarded === 1);
    expect(pushed.at(-1)?.forwardHold?.notForwarded).toBe(1);
    expect((await statusThroughContract()).forwardHold).toEqual({
      forwardTo: merchantUrl,
      reason,
      notForwarded: 1,
    });
    expect(merchant.arrived).toEqual([]);

    const confirmed = await core.dispatcher(
      'updateListenerSettings',
      { forwardTo: merchantUrl, confirmLive: true },
      { transport: 'direct' },
    );
    expect(confirmed.ok).toBe(true);
    expect(pushed.at(-1)?.forwardHold).toBeNull();
    expect((await statusThroughContract()).forwardHold).toBeNull();
  });
});

describe('forwardHoldWords', () => {
  const hold = { forwardTo: 'https://shop.example/hooks', reason: 'why.', notForwarded: 0 };
  it('says plainly that nothing is forwarded, and how many were kept', () => {
    expect(forwardHoldWords(hold)).toEqual({
      title: 'Forwarding is held: webhooks are not forwarded to https://shop.example/hooks',
      kept: 'No webhook has arrived since the hold began here.',
    });
    expect(forwardHoldWords({ ...hold, notForwarded: 1 }).kept).toBe(
      '1 webhook received here was not forwarded (recorded on the Timeline as a forward not sent).',
    );
    expect(forwardHoldWords({ ...hold, notForwarded: 1200 }).kept).toBe(
      '1,200 webhooks received here were not forwarded (recorded on the Timeline as forwards not sent).',
    );
  });
});
