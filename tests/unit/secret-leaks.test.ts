import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultProfileFields } from '../../src/shared/profile';
import { replayRequestSchema } from '../../src/shared/replay';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { until } from './helpers/emulator-harness';
import { openListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const API_TOKEN = 'sk_live_LEAKCHECK_a1b2c3d4e5f6';
const NOTIFICATION_TOKEN = 'whsec_LEAKCHECK_z9y8x7w6v5u4';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The plain token, and the encodings a careless write would produce. */
function leakPatterns(token: string): Buffer[] {
  return [
    Buffer.from(token),
    Buffer.from(Buffer.from(token).toString('base64')),
    Buffer.from(token, 'utf16le'),
  ];
}

describe('secrets never leave main', () => {
  it('appear in no bridge message, no pushed event, no file under the data dir, no log line, no CLI output', async () => {
    const { core, dataDir, dispose } = await openTempConsole();
    const messages: string[] = [];
    core.bus.subscribe((event) => messages.push(JSON.stringify(event)));
    const call = async (command: string, input: unknown) => {
      const result = await core.dispatcher(command, input, { transport: 'direct' });
      messages.push(JSON.stringify(result));
      return result;
    };
    const created = await call('createProfile', {
      fields: defaultProfileFields('live', 'Prod'),
      apiToken: { action: 'set', value: API_TOKEN },
      notificationToken: { action: 'set', value: NOTIFICATION_TOKEN },
    });
    expect(created.ok).toBe(true);
    const id = created.ok ? (created.data as { id: number }).id : 0;
    await call('listProfiles', {});
    await call('activateProfile', { id });
    await call('duplicateProfile', { id });
    await call('updateProfile', { id, fields: { baseUrl: 'https://prod.example.test' } });
    await call('getAppInfo', {});
    // The main process itself can read them back: the vault works.
    expect(core.profiles.secretsOf(id)).toEqual({
      apiToken: API_TOKEN,
      notificationToken: NOTIFICATION_TOKEN,
    });
    await core.close();

    const cli = await runCliCaptured(['--data-dir', dataDir, 'profiles', 'list', '--json']);
    messages.push(cli.stdout, cli.stderr);

    const haystacks = [
      ...messages.map((m) => Buffer.from(m)),
      ...filesUnder(dataDir).map((f) => readFileSync(f)),
    ];
    expect(filesUnder(dataDir).some((f) => f.endsWith('console.log'))).toBe(true);
    for (const token of [API_TOKEN, NOTIFICATION_TOKEN]) {
      for (const pattern of leakPatterns(token)) {
        for (const haystack of haystacks) expect(haystack.includes(pattern)).toBe(false);
      }
    }
    await dispose().catch(() => undefined);
  });
});

/**
 * Tokens that ride in records (notification JWTs, an API token a service echoes) never reach a
 * front door unmasked unless asked: every spelling, a webhook's detail, a request with an API
 * token, a replay and a forward, through the very dispatcher IPC and the WebSocket use.
 */
describe('tokens in records reach no front door unless asked (Reveal, Copy)', () => {
  it('in no bridge answer and no pushed event, for every spelling', async () => {
    const open = await openListeningConsole();
    const { core } = open;
    const echo = createServer((req, res) => {
      // A careless service and a careless merchant: both echo what authorised the request.
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': req.headers.authorization ?? '' });
      res.end(JSON.stringify({ status: 'authorised', you_sent: req.headers.authorization, url: req.url }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    try {
      const local = core.profiles.active();
      core.profiles.update(
        local.id,
        { baseUrl: echoUrl },
        { apiToken: { action: 'set', value: API_TOKEN }, notificationToken: { action: 'keep' } },
      );
      core.listener.updateSettings({ forwardTo: `${echoUrl}/merchant` });
      const messages: string[] = [];
      core.bus.subscribe((event) => messages.push(JSON.stringify(event)));
      const call = async (command: string, input: unknown) => {
        const result = await core.dispatcher(command, input, { transport: 'websocket' });
        messages.push(JSON.stringify(result));
        return result;
      };

      const now = Math.floor(Date.now() / 1000);
      const tokens: string[] = [];
      const spellings: [string, (token: string) => [string, Record<string, string>]][] = [
        ['Bearer', (t) => [`?serviceToken=${t}`, { Authorization: `Bearer ${t}` }]],
        ['bearer, any case', (t) => ['', { authorization: `bearer ${t}` }]],
        ['no scheme', (t) => ['', { AUTHORIZATION: t }]],
        ['servicetoken, any case', (t) => [`?a=1&servicetoken=${t}`, {}]],
        ['percent-encoded name', (t) => [`?service%54oken=${t}`, {}]],
      ];
      const ids: number[] = [];
      for (const [index, [, spell]] of spellings.entries()) {
        const token = await signWith(open.secret, { iat: now, exp: now + 900, n: index });
        tokens.push(token);
        const [query, headers] = spell(token);
        const response = await fetch(`${open.origin}/hooks${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: payload('order_approved', { echo: token }),
        });
        ids.push(((await response.json()) as { id: number }).id);
      }
      await until(() => core.eventsQuery.count({ kinds: ['forward'] }) === spellings.length, 'the forwards');
      await core.replay.run(replayRequestSchema.parse({ ids: [ids[0]] }));
      const order = '0f8fad5b-d9cb-469f-a165-70867728950e';
      const sent = await call('sendOperation', {
        operation: 'authorise',
        orderId: order,
        method: 'POST',
        url: `${echoUrl}/orders/${order}/authorise`,
        body: null,
      });
      expect(sent.ok).toBe(true);

      const all = core.eventsQuery.page({}, { limit: 1000 });
      expect(all.items.map((item) => item.kind).sort()).toEqual(
        expect.arrayContaining(['forward', 'replay', 'request', 'webhook']),
      );
      await call('listEvents', { filter: {}, limit: 1000 });
      for (const item of all.items) {
        await call('getEvent', { id: item.id });
        await call('copyAsCurl', { id: item.id, withToken: false });
        if (item.kind !== 'request') await call('getEventTokens', { id: item.id });
      }
      await call('listOrders', {});
      await call('getOrderLifecycle', { orderId: order });
      await call('exportHistory', { format: 'har', filter: {}, includeTokens: false });
      await call('exportHistory', { format: 'json', filter: {}, includeTokens: false });

      const leaks = messages.flatMap((message, index) =>
        [API_TOKEN, ...tokens].flatMap((token) =>
          leakPatterns(token)
            .filter((pattern) => Buffer.from(message).includes(pattern))
            .map(() => `message ${index}: ${message.slice(0, 120)}`),
        ),
      );
      expect(leaks).toEqual([]);
      expect(messages.join('\n')).toContain('••••');

      // Asked for, a notification token comes back: the scan can see one when it is there.
      const revealed = await core.dispatcher('revealEvent', { id: ids[0] }, { transport: 'websocket' });
      expect(JSON.stringify(revealed)).toContain(tokens[0]);
      const copied = await core.dispatcher('copyEventToken', { id: ids[2] }, { transport: 'websocket' });
      expect(copied).toEqual({ ok: true, data: { token: tokens[2], copied: false } });
      // An API token never: a browser tab is told to use the CLI.
      const request = all.items.find((item) => item.kind === 'request');
      const refused = await core.dispatcher(
        'copyEventToken',
        { id: request?.id },
        { transport: 'websocket' },
      );
      expect(refused).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    } finally {
      await new Promise((resolve) => echo.close(resolve));
      await open.dispose();
    }
  });
});
