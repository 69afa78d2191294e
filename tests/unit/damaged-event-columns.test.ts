import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { EVENT_COLUMNS } from '../../src/main/store/event-columns';
import type { NewEvent } from '../../src/main/store/new-event';
import type { EventPageResult } from '../../src/shared/contract';
import { timelineDetailSchema, timelineSummarySchema } from '../../src/shared/events';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// Every column of the events table damaged each way a hand edit or a bad copy can (NULL, the
// wrong type, a BLOB, a word outside its list), one row per way: every reader lists the others
// and that row, and names what of it is damaged, never reading it as a value it does not hold
// (docs/data-safety.md, "No stored row breaks a reader"; the JSON columns: damaged-event-rows.test.ts).

type Storage = (typeof EVENT_COLUMNS)[keyof typeof EVENT_COLUMNS]['storage'];
const ENUMS = new Set(['kind', 'token_verdict', 'body_verdict', 'provenance']);

/** The damages of a column: SQL values it may be set to, and whether each is damage (NULL in a nullable column is not). */
function damagesOf(name: string, storage: Storage, nullable: boolean): { sql: string; damaged: boolean }[] {
  const damages = [
    { sql: 'NULL', damaged: !nullable },
    // A request body of other bytes than its whole body's stored size: that size is damaged.
    { sql: `x'ff00ee'`, damaged: storage !== 'blob' || name === 'request_body' },
  ];
  if (storage === 'integer' || storage === 'real' || storage === 'flag')
    damages.push({ sql: `'abc'`, damaged: true });
  if (storage === 'flag') damages.push({ sql: '2', damaged: true });
  if (storage === 'blob') damages.push({ sql: `'abc'`, damaged: true });
  if (ENUMS.has(name)) damages.push({ sql: `'bogus'`, damaged: true });
  return damages;
}

const CASES = (
  Object.entries(EVENT_COLUMNS) as [
    keyof typeof EVENT_COLUMNS,
    (typeof EVENT_COLUMNS)[keyof typeof EVENT_COLUMNS],
  ][]
).flatMap(([name, spec]) =>
  damagesOf(name, spec.storage, spec.nullable).map((damage) => ({ column: name, ...damage })),
);

const webhook = (order: string): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  url: 'http://127.0.0.1:4455/hooks?x=1',
  path: '/hooks',
  query: 'x=1',
  status: 200,
  durationMs: 3,
  orderId: order,
  eventType: 'order_authorized',
  requestHeaders: [['content-type', 'application/json']],
  requestBody: Buffer.from(JSON.stringify({ order_id: order })),
  responseHeaders: [['content-type', 'application/json']],
  responseBody: Buffer.from('{}'),
  bodyVerdict: 'event',
  tokenVerdict: 'valid',
  relatedId: 1,
  error: 'none',
  details: { body: { findings: [] }, token: { findings: [] } },
});

const temp = makeTempDir();
const dataDir = temp.dir;
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);
/** Each case that SQLite let be stored (a CHECK or NOT NULL refuses some), by the id of its row. */
const stored: ((typeof CASES)[number] & { id: number })[] = [];
let core: ConsoleCore;

beforeAll(async () => {
  const first = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off' });
  // Row 1 stays whole; row i + 2 is damaged by case i.
  first.recorder.recordMany(Array.from({ length: CASES.length + 1 }, (_, i) => webhook(`ord-${i + 1}`)));
  await first.close();
  const db = new Database(join(dataDir, 'console.sqlite'));
  CASES.forEach((damage, index) => {
    const id = index + 2;
    try {
      db.prepare(`update events set ${damage.column} = ${damage.sql} where id = ${id}`).run();
      stored.push({ id, ...damage });
    } catch {
      // Refused by the table's own constraints: no reader will ever see it.
    }
  });
  db.close();
  core = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off' });
}, 60_000);

afterAll(async () => {
  await core.close();
  temp.remove();
});

const named = (id: number) => `Record #${id}'s stored`;
const label = (damage: (typeof stored)[number]) => `#${damage.id} ${damage.column} = ${damage.sql}`;

describe('a row with any column of events damaged', () => {
  it('damages some columns each way', () => {
    expect(stored.filter((damage) => damage.damaged).length).toBeGreaterThan(40);
  });

  it('the Timeline lists every row, each summary and detail as the contract says, the damage named', async () => {
    const ids: number[] = [];
    let beforeId: number | undefined;
    for (;;) {
      const page = await core.dispatcher(
        'listEvents',
        { filter: {}, limit: 50, ...(beforeId === undefined ? {} : { beforeId }) },
        { transport: 'ipc' },
      );
      if (!page.ok) throw new Error(page.error.message);
      const { items, nextCursor } = page.data as EventPageResult;
      for (const item of items) timelineSummarySchema.parse(item);
      ids.push(...items.map((item) => item.id));
      if (nextCursor === null) break;
      beforeId = nextCursor;
    }
    expect(ids.length).toBe(CASES.length + 1);
    for (const damage of stored) {
      const detail = await core.dispatcher('getEvent', { id: damage.id }, { transport: 'ipc' });
      expect(detail.ok, `${label(damage)}: ${detail.ok ? '' : detail.error.message}`).toBe(true);
      if (!detail.ok) continue;
      const read = timelineDetailSchema.parse(detail.data);
      expect(read.damaged !== undefined && read.damaged.length > 0, label(damage)).toBe(damage.damaged);
    }
  });

  it('history (table, --json, --search) lists every row and names each damaged one', async () => {
    const json = await cli('history', '--json', '--limit', '1000');
    expect(json.stderr).not.toContain('error:');
    expect(json.code).toBe(0);
    const records = JSON.parse(json.stdout) as { id: number; damaged?: string[] }[];
    expect(records.length).toBe(CASES.length + 1);
    for (const damage of stored) {
      const record = records.find((each) => each.id === damage.id);
      expect((record?.damaged?.length ?? 0) > 0, label(damage)).toBe(damage.damaged);
    }
    const table = await cli('history', '--limit', '1000');
    expect(table.code, table.stderr).toBe(0);
    // The table reads each record's summary: it names what of that is damaged (the JSON, above, all).
    for (const damage of stored.filter((each) => each.damaged && EVENT_COLUMNS[each.column].summary))
      expect(table.stderr, label(damage)).toContain(named(damage.id));
    const search = await cli('history', '--search', 'order_authorized', '--json', '--limit', '1000');
    expect(search.code, search.stderr).toBe(0);
  });

  it('export in every format goes out whole, naming each damaged record', async () => {
    for (const format of ['json', 'ndjson', 'har']) {
      const run = await cli('export', '--format', format);
      expect(run.code, `${format}: ${run.stderr}`).toBe(0);
      for (const damage of stored.filter((each) => each.damaged))
        expect(run.stderr, `${format} ${label(damage)}`).toContain(named(damage.id));
      if (format === 'json') {
        // What the database held is kept, marked, never an empty value as if it were the real one.
        const events = (
          JSON.parse(run.stdout) as { events: { uid: string; details: Record<string, unknown> }[] }
        ).events;
        const status = stored.find((each) => each.column === 'status' && each.sql === `'abc'`);
        const kept = events.find(
          (event) =>
            event.details['damagedColumns'] !== undefined &&
            JSON.stringify(event.details).includes('"status":"abc"'),
        );
        expect(status === undefined || kept !== undefined).toBe(true);
      }
    }
  });

  it('orders lists and shows every order; an unreadable order id moves none', async () => {
    const list = await cli('orders', '--json');
    expect(list.code, list.stderr).toBe(0);
    const orderIds = (JSON.parse(list.stdout) as { order_id: unknown }[]).map((order) => order.order_id);
    expect(orderIds.every((id) => typeof id === 'string' && id.startsWith('ord-'))).toBe(true);
    const window = await core.dispatcher('listOrders', { limit: 500 }, { transport: 'ipc' });
    expect(window.ok, window.ok ? '' : window.error.message).toBe(true);
    // An order reads its records' summaries (and details): it names what of those is damaged.
    const read = (column: keyof typeof EVENT_COLUMNS) =>
      EVENT_COLUMNS[column].summary || column === 'details';
    for (const damage of stored.filter(
      (each) => each.damaged && each.column !== 'order_id' && read(each.column),
    )) {
      const show = await cli('orders', 'show', `ord-${damage.id}`, '--json');
      expect(show.code, `${label(damage)}: ${show.stderr}`).toBe(0);
      expect(show.stdout, label(damage)).toContain(named(damage.id));
    }
  });

  it('curl builds the command or refuses naming the record; retention counts every row', async () => {
    for (const damage of stored) {
      const run = await cli('curl', String(damage.id));
      // A refusal of its own (a raw request without a method) is not about damage.
      expect(run.stderr, label(damage)).not.toMatch(/is not a function|must be/);
      if (run.code !== 0 && damage.damaged) expect(run.stderr, label(damage)).toContain(named(damage.id));
    }
    const retention = await cli('retention', '--json');
    expect(retention.code, retention.stderr).toBe(0);
  });
});
