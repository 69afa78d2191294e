import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TimelineDetail } from '../../src/shared/events';
import { runListen } from '../../src/main/cli/commands/listen';
import { payload } from '../fixtures/hostile-webhooks';
import { captureCliContext } from './helpers/captured-cli-context';
import { startRecordingServer, type RecordingServer } from './helpers/http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

// A forward-to saved before it was a live profile's address (the profile's public listener URL
// set to it later) forwarded every webhook there without a question. Now it is held: each
// webhook's forward is recorded not sent, saying why, until the forward-to is confirmed again.

let merchant: RecordingServer;
let merchantUrl = '';
let arrived: string[] = [];
let opened: ListeningConsole;

beforeAll(async () => {
  merchant = await startRecordingServer();
  merchantUrl = `http://127.0.0.1:${merchant.port}/hooks`;
  arrived = merchant.arrived;
  opened = await openListeningConsole();
});
afterAll(async () => {
  await opened.dispose();
  await merchant.close();
});

const keep = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;

async function postWebhook(): Promise<void> {
  const response = await fetch(`${opened.origin}/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: payload('order_approved'),
  });
  expect(response.status).toBe(200);
}

/** The newest forward record, once there is one after `after`. */
async function forwardAfter(after: number): Promise<TimelineDetail> {
  const { events } = opened.core;
  for (let i = 0; i < 300; i++) {
    for (let id = events.lastId(); id > after; id--) {
      const detail = events.getDetail(id);
      if (detail?.kind === 'forward' && detail.status !== null) return detail;
      if (detail?.kind === 'forward' && detail.error !== null) return detail;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no forward record');
}

describe("a saved forward-to that has become a live profile's address", () => {
  it('is held, recorded as not sent with why, until it is saved again confirmed', async () => {
    const { core } = opened;
    // Saved while no live profile has this address: nothing asked, rightly.
    const saved = await core.dispatcher(
      'updateListenerSettings',
      { forwardTo: merchantUrl },
      { transport: 'direct' },
    );
    expect(saved.ok).toBe(true);
    // Then the Live profile's public listener URL is set to it (a tunnel to production).
    const live = core.profiles.findByName('Live');
    if (live === undefined) throw new Error('no Live profile');
    core.profiles.update(live.id, { publicListenerUrl: merchantUrl }, keep);

    const before = core.events.lastId();
    await postWebhook();
    const held = await forwardAfter(before);
    expect(arrived).toEqual([]);
    expect(held.error).toBe(
      `Not forwarded to ${merchantUrl}/notify: ${merchantUrl} belongs to a live profile ("Live", its public listener URL ${merchantUrl}): forwarding webhooks to it reaches production. Confirm forwarding to production in the Listener view, or run listen --yes-live.`,
    );
    expect(held.details).toMatchObject({ failure: { kind: 'live', code: null } });

    // Saved again with the yes: forwarded from now on.
    const confirmed = await core.dispatcher(
      'updateListenerSettings',
      { forwardTo: merchantUrl, confirmLive: true },
      { transport: 'direct' },
    );
    expect(confirmed.ok).toBe(true);
    const after = core.events.lastId();
    await postWebhook();
    const sent = await forwardAfter(after);
    expect(sent.status).toBe(200);
    expect(arrived).toEqual(['/hooks/notify']);
  });
});

/** What `listen` says on standard error as it starts, with these flags (its log's warnings too). */
async function listenStartWords(flags: Record<string, unknown>): Promise<string> {
  const run = captureCliContext({ dataDir: opened.dataDir });
  // The log writes its warnings to the process's standard error (logToStderr), not through io:
  // they join what the command says there, in the order both were written.
  const logged = vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
    run.context.io.stderr(String(text));
    return true;
  });
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const finished = runListen(run.context, { port: '0', ...flags }, stopped);
  for (let i = 0; i < 500 && !run.out().includes('Listening on'); i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  stop();
  await finished;
  logged.mockRestore();
  expect(run.out()).toContain('Listening on');
  return run.err();
}

describe('listen with a saved forward-to that is a live address, never confirmed', () => {
  it('warns at start that forwarding is held, naming the URL and the profile; --yes-live sends on', async () => {
    // Saved as an earlier version (or another door) saved it: without the yes.
    const spelled = merchantUrl.replace('127.0.0.1', 'localhost');
    opened.core.listener.updateSettings({ forwardTo: spelled });
    const held = await listenStartWords({});
    expect(held).toContain(
      `warning: Forwarding is held: ${spelled} belongs to a live profile ("Live", its public listener URL ${merchantUrl}): forwarding webhooks to it reaches production.`,
    );
    expect(held).toContain(
      `Not forwarding (held, see the warning above) to ${spelled} (the saved listener settings).`,
    );
    const confirmed = await listenStartWords({ yesLive: true });
    expect(confirmed).toContain(`Forwarding to ${spelled} (the saved listener settings).`);
    expect(confirmed).not.toContain('Forwarding is held');
  });
});
