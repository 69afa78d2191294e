import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { CommandName } from '../../src/shared/contract';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

/**
 * The Replay view's "Any URL" goes through planReplay and startReplay: a live profile's address
 * asks for confirmation however it is spelled. Compared as text, `localhost`, `[::ffff:…]` and a
 * trailing dot were sent with no confirmation to the live profile's listener.
 */
let open: ListeningConsole;
let port = '';
let webhookId = 0;

const call = (core: ConsoleCore, command: CommandName, input: unknown) =>
  core.dispatcher(command, input, { transport: 'direct' });

async function setLive(fields: Record<string, unknown>): Promise<void> {
  const live = open.core.profiles.findByName('Live');
  if (live === undefined) throw new Error('no Live profile');
  const result = await call(open.core, 'updateProfile', { id: live.id, fields });
  if (!result.ok) throw new Error(result.error.message);
}

beforeAll(async () => {
  open = await openListeningConsole();
  port = new URL(open.origin).port;
  const response = await fetch(`${open.origin}/hook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"order_id":"o-1","event_type":"order_approved"}',
  });
  webhookId = ((await response.json()) as { id: number }).id;
});
afterAll(async () => {
  await open.dispose();
});

const replayCount = () => open.core.eventsQuery.page({ kinds: ['replay'] }, { limit: 1000 }).items.length;

async function expectConfirmationAsked(url: string): Promise<void> {
  const request = { ids: [webhookId], target: { kind: 'url', url } };
  const plan = await call(open.core, 'planReplay', request);
  expect(plan).toMatchObject({ ok: true, data: { live: true } });
  const before = replayCount();
  const started = await call(open.core, 'startReplay', request);
  expect(started).toMatchObject({
    ok: false,
    error: {
      code: 'live_confirmation_required',
      message: expect.stringContaining('belongs to a live profile ("Live"'),
    },
  });
  expect(replayCount()).toBe(before);
}

describe("a replay to another spelling of a live profile's address asks for confirmation", () => {
  it.each([
    'http://127.0.0.1:PORT/hook',
    'http://localhost:PORT/hook',
    'http://[::ffff:127.0.0.1]:PORT/hook',
    'http://[::ffff:7f00:1]:PORT/hook',
    'http://localhost.:PORT/hook',
    'http://[::1]:PORT/other',
    'http://127.0.0.2:PORT/',
    // The unspecified address connects to this machine (Linux, macOS): it was sent unasked.
    'http://0.0.0.0:PORT/x',
  ])('its public listener URL http://127.0.0.1:PORT/hook, replayed to %s', async (spelled) => {
    await setLive({ publicListenerUrl: `http://127.0.0.1:${port}/hook` });
    await expectConfirmationAsked(spelled.replace('PORT', port));
  });

  it('its base URL http://localhost:PORT, replayed to http://localhost.:PORT/x', async () => {
    await setLive({ publicListenerUrl: null, baseUrl: `http://localhost:${port}` });
    await expectConfirmationAsked(`http://localhost.:${port}/x`);
    await expectConfirmationAsked(`http://127.0.0.1:${port}/x`);
  });

  it('another port is no live address; a confirmed replay is sent', async () => {
    await setLive({ publicListenerUrl: `http://127.0.0.1:${port}/hook`, baseUrl: 'https://api.example.com' });
    const other = await call(open.core, 'planReplay', {
      ids: [webhookId],
      target: { kind: 'url', url: `http://localhost:${Number(port) + 1}/hook` },
    });
    expect(other).toMatchObject({ ok: true, data: { live: false } });
    const before = replayCount();
    const confirmed = await call(open.core, 'startReplay', {
      ids: [webhookId],
      target: { kind: 'url', url: `http://localhost:${port}/hook` },
      confirmLive: true,
    });
    expect(confirmed).toMatchObject({ ok: true });
    await expect.poll(replayCount).toBeGreaterThan(before);
  });
});
