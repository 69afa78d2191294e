import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { CommandName, CommandOutput } from '../../src/shared/contract';
import type { NewEvent } from '../../src/main/store/events-repository';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import {
  DEPTHS,
  HOSTILE_ORDER_ID,
  hostileStructures,
  nestedArrays,
  nestedObjects,
} from '../fixtures/hostile-structures';
import { openEmulator, validPayload } from './helpers/emulator-harness';
import { startFakeService } from './helpers/fake-service';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * Issue 15.1: one stored body nested 20,000 levels deep made listing orders and every
 * lifecycle fail ("Maximum call stack size exceeded"), for all orders, for good. Here every
 * hostile structure is stored, through the listener and as an older version stored it
 * (imported, already attached to an order), and then every reader reads everything.
 */
const NORMAL_ORDER = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';
const IMPORTED_ORDER = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const structures = hostileStructures();

let open: ListeningConsole;
const cleanups: (() => Promise<void> | void)[] = [];

async function call<K extends CommandName>(core: ConsoleCore, command: K, input: unknown) {
  const result = await core.dispatcher(command, input, { transport: 'direct' });
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.data as CommandOutput<K>;
}

/**
 * What an older version stored: a deep body already attached to an order, judged `event`. Written
 * straight to the store as that version wrote it: an import judges a webhook's body again now
 * (import-verdicts.ts), so it could no longer bring such a record in.
 */
function olderRecords(): NewEvent[] {
  return [10, 20_000].map((depth, index) => ({
    uid: `older-${index}`,
    kind: 'webhook',
    atMs: Date.UTC(2026, 0, 1, 10, index),
    method: 'POST',
    url: 'http://127.0.0.1:4455/notify',
    path: '/notify',
    // A token came (its verdict says valid): an export imports back only with what its bytes show.
    requestHeaders: [['Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl']],
    requestBody: new TextEncoder().encode(
      `{"order_id":"${IMPORTED_ORDER}","event_type":"order_captured","data":${nestedArrays(depth)}}`,
    ),
    status: 200,
    orderId: IMPORTED_ORDER,
    eventType: 'order_captured',
    bodyVerdict: 'event',
    tokenVerdict: 'valid',
    imported: true,
  }));
}

beforeAll(async () => {
  open = await openListeningConsole();
  cleanups.push(() => open.dispose());
  const now = Math.floor(Date.now() / 1000);
  const token = await signWith(open.secret, { iat: now, exp: now + 900 });
  const post = (body: string) =>
    fetch(`${open.origin}/notify?serviceToken=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
  for (const body of [payload('order_approved'), payload('order_captured')])
    expect((await post(body)).status).toBe(200);
  for (const structure of structures) expect((await post(structure.body)).status, structure.name).toBe(200);
  open.core.recorder.recordMany(olderRecords());
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('stored input that no reader may choke on', () => {
  it('stores every hostile body as sent, flagging the ones too deep to read', () => {
    const rows = open.core.eventsQuery.page({ kinds: ['webhook'] }, { limit: 100 }).items;
    for (const structure of structures) {
      const row = rows.find((candidate) => {
        const stored = open.core.events.getRow(candidate.id)?.request_body;
        return stored?.toString('utf8') === structure.body;
      });
      expect(row, structure.name).toBeDefined();
      expect(row?.bodyVerdict, structure.name).toBe(structure.verdict);
      if (structure.beyondBounds) {
        const detail = open.core.events.getDetail(row?.id ?? 0);
        expect(JSON.stringify(detail?.details), structure.name).toMatch(/levels deep/);
        // The order id is still read (first level only), so the record joins its order.
        if (structure.eventType !== null) expect(row?.orderId, structure.name).toBe(HOSTILE_ORDER_ID);
      } else {
        expect(row?.eventType, structure.name).toBe(structure.eventType);
      }
    }
  });

  it('the Orders list and every lifecycle read; the order beside them is unaffected', async () => {
    const page = await call(open.core, 'listOrders', { limit: 500 });
    const ids = page.items.map((item) => item.orderId);
    expect(ids).toEqual(expect.arrayContaining([NORMAL_ORDER, HOSTILE_ORDER_ID, IMPORTED_ORDER]));
    for (const orderId of ids) await call(open.core, 'getOrderLifecycle', { orderId });
    const normal = await call(open.core, 'getOrderLifecycle', { orderId: NORMAL_ORDER });
    expect(normal.lifecycle.state).toBe('fully_captured');
    // Records too deep to read are listed, say so, and move nothing.
    for (const orderId of [HOSTILE_ORDER_ID, IMPORTED_ORDER]) {
      const { lifecycle } = await call(open.core, 'getOrderLifecycle', { orderId });
      const unreadable = lifecycle.entries.filter((entry) => /could not be read/.test(entry.evidence));
      expect(unreadable.length, orderId).toBeGreaterThan(0);
      for (const entry of unreadable) expect(entry.effect).toBe('unknown');
    }
  });

  it('the timeline, history (table and JSON) and curl read every record', async () => {
    const listed = await call(open.core, 'listEvents', { filter: {}, limit: 500 });
    expect(listed.items.length).toBe(open.core.events.count());
    for (const item of listed.items) await call(open.core, 'getEvent', { id: item.id });
    const dataDir = ['--data-dir', open.dataDir];
    const table = await runCliCaptured([...dataDir, 'history', '--limit', '500']);
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    const json = await runCliCaptured([...dataDir, 'history', '--json', '--limit', '500']);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as unknown[]).length).toBe(listed.items.length);
    for (const item of listed.items) {
      const curl = await runCliCaptured([...dataDir, 'curl', String(item.id)]);
      expect(curl.code, `curl ${item.id}: ${curl.stderr}`).toBe(0);
    }
  }, 60_000);

  it.each(['json', 'ndjson', 'har'] as const)(
    '%s export imports back, and the imported orders read',
    async (format) => {
      const exported = await call(open.core, 'exportHistory', { format, filter: {}, includeTokens: false });
      const fresh = await openTempConsole();
      cleanups.push(() => fresh.dispose());
      const imported = await call(fresh.core, 'importHistory', { text: exported.text });
      expect(imported.imported).toBe(open.core.events.count());
      const page = await call(fresh.core, 'listOrders', { limit: 500 });
      for (const item of page.items) await call(fresh.core, 'getOrderLifecycle', { orderId: item.orderId });
      expect(page.items.map((item) => item.orderId)).toContain(HOSTILE_ORDER_ID);
    },
    60_000,
  );

  it.each(DEPTHS)('validate and the emulator read a checkout nested %i levels deep', async (depth) => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const emulator = await openEmulator();
    cleanups.push(() => emulator.dispose());
    for (const nested of [nestedArrays(depth), nestedObjects(depth)]) {
      const text = JSON.stringify(validPayload(null)).replace(
        /\}$/,
        `,"additional_data":{"delivery_method":"home","deep":${nested}}}`,
      );
      const file = join(temp.dir, 'deep.json');
      writeFileSync(file, text);
      const validated = await runCliCaptured(['validate', file, '--json']);
      expect(validated.stderr).toBe('');
      const verdict = JSON.parse(validated.stdout) as { valid: boolean; findings: { message: string }[] };
      expect(verdict.valid).toBe(depth <= 64);
      if (depth > 64)
        expect(verdict.findings.map((finding) => finding.message).join(' ')).toMatch(/levels deep/);

      const answer = await emulator.call('POST', '/checkout', text);
      expect(answer.status, JSON.stringify(answer.json).slice(0, 300)).toBe(depth <= 64 ? 200 : 400);
      if (depth > 64) expect(JSON.stringify(answer.json)).toMatch(/levels deep/);
    }
  });

  it('a service answering 20,000 levels deep: send prints the answer, its record reads', async () => {
    const service = await startFakeService((_request, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(`{"message":"deep","errors":[],"data":${nestedArrays(20_000)}}`);
    });
    cleanups.push(() => service.close());
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const dataDir = ['--data-dir', temp.dir];
    await runCliCaptured([
      ...dataDir,
      'profiles',
      'set',
      'Sandbox',
      '--base-url',
      service.url,
      '--api-token',
      'sk_deep_abcd',
    ]);
    const file = join(temp.dir, 'checkout.json');
    writeFileSync(file, JSON.stringify(validPayload(null)));
    const sent = await runCliCaptured([...dataDir, 'send', file, '--profile', 'Sandbox']);
    expect(sent.stderr).not.toMatch(/call stack/);
    expect(sent.code).toBe(1);
    expect(sent.stdout).toContain('"message":"deep"');
    const history = await runCliCaptured([...dataDir, 'history', '--json']);
    expect(history.code).toBe(0);
    const [record] = JSON.parse(history.stdout) as { id: number }[];
    expect((await runCliCaptured([...dataDir, 'curl', String(record?.id)])).code).toBe(0);
  });
});
