import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../src/shared/contract';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// What main reads out of a webhook's body (its order_reference_id and order_number) is shown
// apart from the body: in the Orders list and detail, `orders`, `orders show`, `history --json`.
// Each must hide what the body hides.

const NOTIFICATION_TOKEN = 'secret-notif-0123456789';
const API_TOKEN = 'sk_test_APITOKEN_abcdef123456';
const ORDER_ID = 'dddddddd-0001-4000-8000-000000000001';

let listening: ListeningConsole | null = null;
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

/** A console whose Local profile has both tokens set, its listener running. */
async function consoleWithTokens(): Promise<ListeningConsole> {
  const opened = await openListeningConsole();
  opened.core.profiles.update(
    opened.core.profiles.active().id,
    {},
    {
      apiToken: { action: 'set', value: API_TOKEN },
      notificationToken: { action: 'set', value: NOTIFICATION_TOKEN },
    },
  );
  return opened;
}

/** A webhook the listener takes as the service's (a valid token), with this payload. */
async function sendVerifiedWebhook(to: ListeningConsole, payload: Record<string, unknown>): Promise<void> {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));
  const response = await fetch(`${to.origin}/notify?serviceToken=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event_type: 'order_approved', data: [], ...payload }),
  });
  expect(response.status).toBe(200);
}

async function call<C extends CommandName>(
  core: ListeningConsole['core'],
  command: C,
  input: CommandInput<C>,
): Promise<CommandOutput<C>> {
  const result = await core.dispatcher(command, input, { transport: 'websocket' });
  if (!result.ok) throw new Error(`${command}: ${JSON.stringify(result.error)}`);
  return result.data as CommandOutput<C>;
}

const cliOn =
  (opened: ListeningConsole) =>
  (...argv: string[]) =>
    runCliCaptured(['--data-dir', opened.dataDir, ...argv]);

describe('a profile token echoed in order_reference_id or order_number', () => {
  it('is masked in the order detail, orders show (text and JSON) and history --json', async () => {
    listening = await consoleWithTokens();
    await sendVerifiedWebhook(listening, {
      order_id: ORDER_ID,
      order_reference_id: NOTIFICATION_TOKEN,
      order_number: API_TOKEN,
    });

    const detail = await call(listening.core, 'getOrderLifecycle', { orderId: ORDER_ID });
    expect(detail.lifecycle.facts.referenceId).toBe('••••6789');
    expect(detail.lifecycle.facts.orderNumber).toBe('••••3456');
    expect(JSON.stringify(detail)).not.toContain(NOTIFICATION_TOKEN);
    expect(JSON.stringify(detail)).not.toContain(API_TOKEN);

    const cli = cliOn(listening);
    const outputs = {
      show: await cli('orders', 'show', ORDER_ID),
      showJson: await cli('orders', 'show', ORDER_ID, '--json'),
      list: await cli('orders', '--json'),
      history: await cli('history', '--json'),
    };
    for (const [name, run] of Object.entries(outputs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      expect(run.stdout, name).not.toContain(NOTIFICATION_TOKEN);
      expect(run.stdout, name).not.toContain(API_TOKEN);
    }
    expect(outputs.show.stdout).toContain('  reference  ••••6789\n');
    const shown = JSON.parse(outputs.showJson.stdout) as { reference_id: string; order_number: string };
    expect(shown).toMatchObject({ reference_id: '••••6789', order_number: '••••3456' });
    const [record] = JSON.parse(outputs.history.stdout) as { order_reference_id: string }[];
    expect(record?.order_reference_id).toBe('REDACTED');
  });

  it('is found by no part of the token, in the Orders search and orders --search', async () => {
    listening = await consoleWithTokens();
    await sendVerifiedWebhook(listening, {
      order_id: ORDER_ID,
      order_reference_id: `ref-${NOTIFICATION_TOKEN}`,
    });
    const core = listening.core;
    const found = async (text: string) =>
      (await call(core, 'listOrders', { text })).items.map((item) => item.orderId);

    // The reference's own words and the order id still find it.
    expect(await found('ref-')).toEqual([ORDER_ID]);
    expect(await found('dddddddd-0001')).toEqual([ORDER_ID]);
    // Every prefix of the token long enough to tell, and its mask's last four: nothing.
    for (const text of ['secret-n', 'secret-notif-0', 'ref-secret-notif', NOTIFICATION_TOKEN, '6789'])
      expect(await found(text), text).toEqual([]);
    expect((await call(core, 'listOrders', { text: 'secret-notif' })).total).toBe(0);

    const cli = cliOn(listening);
    const searched = await cli('orders', '--search', 'secret-notif-01');
    expect(searched.code, searched.stderr).toBe(0);
    expect(searched.stdout).toBe('No orders.\n');
  });
});

describe('a JWT in order_reference_id', () => {
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';
  const SHOWN = 'ref-••••lcmU';

  it('is masked in every list and detail, REDACTED in history --json and every export', async () => {
    listening = await consoleWithTokens();
    await sendVerifiedWebhook(listening, {
      order_id: ORDER_ID,
      order_reference_id: `ref-${JWT}`,
      order_number: JWT,
    });
    const core = listening.core;

    // History's and the timeline's rows, the Orders list and one order, as a window gets them.
    const rows = await call(core, 'listEvents', { filter: {}, limit: 10 });
    expect(rows.items.map((item) => item.orderReferenceId)).toEqual([SHOWN]);
    const listed = await call(core, 'listOrders', {});
    expect(listed.items.map((item) => item.referenceId)).toEqual([SHOWN]);
    const detail = await call(core, 'getOrderLifecycle', { orderId: ORDER_ID });
    expect(detail.lifecycle.facts).toMatchObject({ referenceId: SHOWN, orderNumber: '••••lcmU' });
    for (const [name, shown] of Object.entries({ rows, listed, detail }))
      expect(JSON.stringify(shown), name).not.toContain(JWT);

    const cli = cliOn(listening);
    const outputs = {
      list: await cli('orders'),
      listJson: await cli('orders', '--json'),
      show: await cli('orders', 'show', ORDER_ID),
      showJson: await cli('orders', 'show', ORDER_ID, '--json'),
      history: await cli('history', '--json'),
      json: await cli('export', '--format', 'json'),
      ndjson: await cli('export', '--format', 'ndjson'),
      har: await cli('export', '--format', 'har'),
    };
    for (const [name, run] of Object.entries(outputs)) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      expect(run.stdout, name).not.toContain('eyJ');
    }
    expect(outputs.show.stdout).toContain(`  reference  ${SHOWN}\n`);
    const [record] = JSON.parse(outputs.history.stdout) as { order_reference_id: string }[];
    expect(record?.order_reference_id).toBe('ref-REDACTED');
    for (const name of ['json', 'ndjson', 'har'] as const)
      expect(outputs[name].stdout, name).toContain('"order_reference_id":"ref-REDACTED"');
  });

  it('finds the order by none of its text', async () => {
    listening = await consoleWithTokens();
    await sendVerifiedWebhook(listening, { order_id: ORDER_ID, order_reference_id: `ref-${JWT}` });
    const core = listening.core;
    const found = async (text: string) =>
      (await call(core, 'listOrders', { text })).items.map((item) => item.orderId);
    expect(await found('ref-')).toEqual([ORDER_ID]);
    for (const text of ['eyJhbG', 'ref-eyJ', JWT.slice(0, 30), 'lcmU'])
      expect(await found(text), text).toEqual([]);
  });
});
