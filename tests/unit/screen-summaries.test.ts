import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { runListen } from '../../src/main/cli/commands/listen';
import type { CommandInput, CommandName, CommandOutput } from '../../src/shared/contract';
import type { TimelineSummary } from '../../src/shared/events';
import { openBrowserMode } from './helpers/browser-mode-harness';
import { captureCliContext } from './helpers/captured-cli-context';
import { rawRequest } from './helpers/http';
import { makeTempDir, openTempConsole } from './helpers/temp-console';
import { openConsoleWithWebhook } from './helpers/unopened-secrets';
import { percentEncodedWhole } from './helpers/profile-secrets';

// A profile secret echoed in a record's path (`/hook/<the API token>/x`) was masked in the
// record's detail and in `history`, but not in the timeline's rows: toSummary masks JWTs only,
// so `listEvents`, an order's records, the pushes to a window and `listen`'s lines showed it.

const API_TOKEN = 'sk_test_ROWECHO_0123456789';
/** Set by a second console on the same data directory, after the first one listed its rows. */
const LATER_TOKEN = 'sk_test_SETELSEWHERE_4242';

/** Each spelling a path may carry the token in. */
const spellings = (token: string) => [token, percentEncodedWhole(token), token.replace(/_/g, '%5F')];
const masked = (token: string) => `/hook/••••${token.slice(-4)}/x`;

function expectNone(shown: unknown, token: string, where: string) {
  const text = JSON.stringify(shown);
  for (const spelling of spellings(token)) expect(text, `${where}: ${spelling}`).not.toContain(spelling);
}

const setApiToken = (core: ConsoleCore, token: string) => {
  const local = core.profiles.findByName('Local');
  if (local === undefined) throw new Error('no Local profile');
  core.profiles.update(
    local.id,
    {},
    { apiToken: { action: 'set', value: token }, notificationToken: { action: 'keep' } },
  );
};

/** A webhook (and a request of the same order) whose path carries `segment`. */
function recordEchoes(core: ConsoleCore, segment: string, orderId: string): number[] {
  return core.recorder
    .recordMany([
      {
        kind: 'webhook',
        method: 'POST',
        url: `http://127.0.0.1:4455/hook/${segment}/x`,
        path: `/hook/${segment}/x`,
        status: 200,
        orderId,
      },
      {
        kind: 'request',
        method: 'GET',
        url: `http://127.0.0.1:4455/hook/${segment}/x`,
        path: `/hook/${segment}/x`,
        status: 200,
        orderId,
      },
    ])
    .map((summary) => summary.id);
}

async function call<C extends CommandName>(
  core: ConsoleCore,
  command: C,
  input: CommandInput<C>,
): Promise<CommandOutput<C>> {
  const result = await core.dispatcher(command, input, { transport: 'websocket' });
  if (!result.ok) throw new Error(`${command}: ${JSON.stringify(result.error)}`);
  return result.data as CommandOutput<C>;
}

const until = async (check: () => boolean) => {
  for (let attempt = 0; attempt < 500 && !check(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("a profile secret echoed in a record's path, in the timeline's rows", () => {
  it('listEvents items and getOrderLifecycle records show it masked, in every spelling', async () => {
    const { core, dispose } = await openTempConsole();
    cleanups.push(dispose);
    setApiToken(core, API_TOKEN);
    spellings(API_TOKEN).forEach((spelling, index) => recordEchoes(core, spelling, `ord-rows-${index}`));

    const page = await call(core, 'listEvents', { filter: {}, limit: 50 });
    expect(page.items).toHaveLength(6);
    expectNone(page.items, API_TOKEN, 'listEvents');
    for (const item of page.items) {
      expect(item.path).toBe(masked(API_TOKEN));
      expect(item.url).toBe(`http://127.0.0.1:4455${masked(API_TOKEN)}`);
    }
    for (const index of [0, 1, 2]) {
      const order = await call(core, 'getOrderLifecycle', { orderId: `ord-rows-${index}` });
      expect(order.records.map((record) => record.path)).toEqual([masked(API_TOKEN), masked(API_TOKEN)]);
      // The lifecycle names a request it does not know by its path: masked as the rows are.
      expectNone(order, API_TOKEN, `getOrderLifecycle ord-rows-${index}`);
    }
  });

  it('a list answers while a secret cannot be opened here, masking what can be', async () => {
    const unopened = await openConsoleWithWebhook();
    cleanups.push(unopened.dispose);
    setApiToken(unopened.core, API_TOKEN);
    recordEchoes(unopened.core, API_TOKEN, 'ord-unopened');
    unopened.sealElsewhere('Sandbox');
    const page = await call(unopened.core, 'listEvents', { filter: {}, limit: 50 });
    expectNone(page.items, API_TOKEN, 'listEvents');
  });

  it('pushes to a connected tab mask it, and a token set by another console is masked in the next list and push', async () => {
    const harness = await openBrowserMode();
    cleanups.push(harness.dispose);
    setApiToken(harness.core, API_TOKEN);
    const cookie = await harness.login();
    const opened = await harness.openSocket({ Cookie: cookie, Origin: harness.server.origin });
    if (!('socket' in opened)) throw new Error(`no socket: ${opened.status}`);
    const socket: WebSocket = opened.socket;
    cleanups.push(() => socket.close());
    const pushed: { name: string; payload: TimelineSummary }[] = [];
    const answers = new Map<number, unknown>();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as
        | { type: 'event'; event: { name: string; payload: TimelineSummary } }
        | { type: 'result'; id: number; result: unknown };
      if (message.type === 'event' && message.event.name.startsWith('timeline.')) pushed.push(message.event);
      if (message.type === 'result') answers.set(message.id, message.result);
    });
    let callId = 0;
    const overSocket = async (command: CommandName, input: unknown) => {
      callId += 1;
      const id = callId;
      socket.send(JSON.stringify({ type: 'call', id, command, input }));
      await until(() => answers.has(id));
      return answers.get(id) as { ok: true; data: { items: TimelineSummary[] } };
    };

    const first = recordEchoes(harness.core, percentEncodedWhole(API_TOKEN), 'ord-push-1');
    harness.core.recorder.update(first[0] ?? 0, { status: 500 });
    await until(() => pushed.length >= 3);
    expect(pushed.map((event) => event.name)).toEqual([
      'timeline.appended',
      'timeline.appended',
      'timeline.updated',
    ]);
    expectNone(pushed, API_TOKEN, 'pushes');
    expect(pushed.map((event) => event.payload.path)).toEqual(Array(3).fill(masked(API_TOKEN)));

    // Listed once here (the secrets read and opened), then a token set in another console.
    expect((await overSocket('listEvents', { filter: {}, limit: 50 })).data.items).toHaveLength(2);
    const other = await createConsole({ dataDir: harness.dataDir, frontDoor: 'browser', keychain: 'off' });
    cleanups.push(() => other.close());
    setApiToken(other, LATER_TOKEN);
    pushed.length = 0;
    const later = recordEchoes(harness.core, LATER_TOKEN, 'ord-push-2');
    harness.core.recorder.update(later[1] ?? 0, { status: 502 });
    await until(() => pushed.length >= 3);
    expectNone(pushed, LATER_TOKEN, 'pushes after the token was set elsewhere');
    expect(pushed.map((event) => event.payload.path)).toEqual(Array(3).fill(masked(LATER_TOKEN)));
    const listed = await overSocket('listEvents', { filter: {}, limit: 50 });
    expect(listed.ok).toBe(true);
    expectNone(listed.data.items, LATER_TOKEN, 'listEvents after the token was set elsewhere');
    // The token it replaced is a former token now: still masked.
    expectNone(listed.data.items, API_TOKEN, 'listEvents (the former token)');
    const order = await call(harness.core, 'getOrderLifecycle', { orderId: 'ord-push-2' });
    expectNone(order, LATER_TOKEN, 'getOrderLifecycle after the token was set elsewhere');
  });

  it("listen's line for a webhook shows it masked", async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' });
    setApiToken(setup, API_TOKEN);
    await setup.close();

    const run = captureCliContext({ dataDir: temp.dir });
    let stop: () => void = () => undefined;
    const finished = runListen(
      run.context,
      { port: '0', notificationToken: 'listen-secret' },
      new Promise<void>((resolve) => {
        stop = resolve;
      }),
    );
    cleanups.push(async () => {
      stop();
      await finished;
    });
    await until(() => /^Listening on http:\/\/127\.0\.0\.1:\d+\n/.test(run.out()));
    const origin = /^Listening on (\S+)\n/.exec(run.out())?.[1] ?? '';
    for (const spelling of spellings(API_TOKEN)) {
      const answer = await rawRequest(`${origin}/hook/${spelling}/x`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(200);
    }
    const hookLines = () =>
      run
        .out()
        .split('\n')
        .filter((line) => line.includes('/hook/'));
    await until(() => hookLines().length === 3);
    expectNone(run.out(), API_TOKEN, 'listen');
    const paths = hookLines().map((line) => line.split('  ')[2]);
    expect(paths).toEqual(Array(3).fill(masked(API_TOKEN)));
  });
});
