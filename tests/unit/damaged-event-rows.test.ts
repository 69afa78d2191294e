import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/new-event';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// One row of the events table damaged by hand (better-sqlite3, as a tester or a bad copy would):
// every reader still reads the others, reads that one too, and names what of it is damaged
// (docs/data-safety.md, "No stored row breaks a reader"; retention: cli-retention.test.ts).

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const webhook = (order: string, header: string): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  url: 'http://127.0.0.1:4455/hooks',
  path: '/hooks',
  status: 200,
  orderId: order,
  eventType: 'order_approved',
  requestHeaders: [[header, '1']],
  requestBody: Buffer.from(JSON.stringify({ order_id: order })),
  bodyVerdict: 'event',
  tokenVerdict: 'valid',
  details: { body: { findings: [] }, token: { findings: [] } },
});

/** A data directory with webhooks of ord-A (#1) and ord-B (#2), #1 damaged by `damage` (SQL). */
async function damagedDataDir(
  damage: string,
): Promise<{ dataDir: string; cli: (...argv: string[]) => ReturnType<typeof runCliCaptured> }> {
  const opened = await openTempConsole();
  cleanups.push(() => opened.dispose().catch(() => undefined));
  opened.core.recorder.recordMany([webhook('ord-A', 'x-a'), webhook('ord-B', 'x-b')]);
  await opened.core.close();
  const db = new Database(join(opened.dataDir, 'console.sqlite'));
  db.prepare(`update events set ${damage} where id = 1`).run();
  db.close();
  const dataDir = opened.dataDir;
  return { dataDir, cli: (...argv) => runCliCaptured(['--data-dir', dataDir, ...argv]) };
}

describe('a row whose details are not JSON', () => {
  it('is listed by orders, history and the timeline, and named', async () => {
    const { cli } = await damagedDataDir(`details = '{not json'`);
    const orders = await cli('orders');
    expect(orders.stderr).toBe('');
    expect(orders.code).toBe(0);
    expect(orders.stdout).toContain('ord-A');
    expect(orders.stdout).toContain('ord-B');
    const search = await cli('history', '--search', 'ord-A', '--json');
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout)).toMatchObject([{ id: 1, order_id: 'ord-A', damaged: ['details'] }]);
    const table = await cli('history');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('ord-B');
    expect(table.stderr).toContain("Record #1's stored details is damaged in the database");
    // The order's lifecycle names it: its findings are not "none".
    const order = await cli('orders', 'show', 'ord-A', '--json');
    expect(order.code).toBe(0);
    expect(JSON.stringify(JSON.parse(order.stdout))).toContain("Record #1's stored details is damaged");
    // One story: the listener's judgement of its body is in the damaged details, so the
    // notification moves nothing, and the report that says "not counted" does not say it moved.
    const report = await cli('orders', 'show', 'ord-A');
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('evidence that contradicts the order or cannot be read, not counted');
    expect(report.stdout).toContain("#1 damaged_record: Record #1's stored details is damaged");
    expect(report.stdout).not.toMatch(/by webhook #1|#1 .*moved/u);
  });

  it('curl still builds the command; export keeps the stored text, marked, and says so', async () => {
    const { cli } = await damagedDataDir(`details = '{not json'`);
    const curl = await cli('curl', '1');
    expect(curl.code).toBe(0);
    expect(curl.stdout).toContain("--header 'x-a: 1'");
    const exported = await cli('export', '--format', 'json');
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain("Record #1's stored details is damaged");
    const events = (JSON.parse(exported.stdout) as { events: { details: unknown }[] }).events;
    expect(events[0]?.details).toEqual({ damagedColumns: { details: '{not json' } });
  });
});

describe('a row whose time is not a number', () => {
  it('orders and history list it, export goes out naming it', async () => {
    const { cli } = await damagedDataDir(`at_ms = 'yesterday'`);
    const orders = await cli('orders');
    expect(orders.code).toBe(0);
    expect(orders.stdout).toContain('ord-A');
    const history = await cli('history', '--json');
    expect(history.code).toBe(0);
    expect(JSON.parse(history.stdout)).toContainEqual(
      expect.objectContaining({ id: 1, at: null, damaged: ['at'] }),
    );
    const exported = await cli('export', '--format', 'json');
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain("Record #1's stored time is damaged");
    const events = (JSON.parse(exported.stdout) as { events: { order_id: string; details: unknown }[] })
      .events;
    expect(events.map((event) => event.order_id).sort()).toEqual(['ord-A', 'ord-B']);
    expect(events.find((event) => event.order_id === 'ord-A')?.details).toMatchObject({
      damagedColumns: { at_ms: 'yesterday' },
    });
  });
});

describe('a row whose findings columns are not what the console writes', () => {
  it('is listed with its findings unreadable, never "no findings"', async () => {
    const { cli } = await damagedDataDir(`token_findings = 'garbage', body_findings = 'zz'`);
    const history = await cli('history', '--order', 'ord-A', '--json');
    expect(history.code).toBe(0);
    expect(JSON.parse(history.stdout)).toMatchObject([{ id: 1, damaged: ['bodyFindings', 'tokenFindings'] }]);
    const table = await cli('history', '--order', 'ord-A');
    expect(table.code).toBe(0);
    expect(table.stderr).toContain("Record #1's stored body findings and token findings are damaged");
  });
});

describe('a row whose request headers are not a header list', () => {
  it('curl refuses naming them; export keeps the stored text, marked, never []', async () => {
    const { cli } = await damagedDataDir(`request_headers = '[["x",'`);
    const curl = await cli('curl', '1');
    expect(curl.code).toBe(1);
    expect(curl.stdout).toBe('');
    expect(curl.stderr).toContain("Record #1's stored request headers is damaged");
    const exported = await cli('export', '--format', 'json');
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain("Record #1's stored request headers is damaged");
    const events = (JSON.parse(exported.stdout) as { events: Record<string, unknown>[] }).events;
    expect(events[0]?.['details']).toMatchObject({ damagedColumns: { request_headers: '[["x",' } });
  });
});
