import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/events-repository';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * An export says whose doing each record was, and an import keeps it as the record's original
 * provenance. Exports carried none: imported into another data directory, the service's own
 * webhook, a webhook carrying a token the console signed and the listener's record of a replay
 * all read `console: import`, and `orders show` said "Imported from a file (a webhook)" of each.
 * The record stays an import (never evidence, never moving an order), saying what it was.
 */
const ORDER = '4d1f6c2e-8a3b-4c5d-9e6f-7a8b9c0d1e2f';
const body = (event: string) => Buffer.from(JSON.stringify({ order_id: ORDER, event_type: event }));
const webhook = (atMs: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/',
  status: 200,
  orderId: ORDER,
  eventType: 'order_approved',
  tokenVerdict: 'valid',
  bodyVerdict: 'event',
  requestHeaders: [
    ['Content-Type', 'application/json'],
    ['Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
  ],
  requestBody: body('order_approved'),
  atMs,
  ...extra,
});

const FORMATS = ['json', 'ndjson', 'har'] as const;
const UIDS = {
  service: '01890000-0000-7000-8000-000000000001',
  crafted: '01890000-0000-7000-8000-000000000002',
  replay: '01890000-0000-7000-8000-000000000003',
  arrival: '01890000-0000-7000-8000-000000000004',
  forward: '01890000-0000-7000-8000-000000000005',
};

interface JsonRecord {
  id: number;
  uid: string;
  provenance: string;
  original_provenance: string | null;
}

const roots: string[] = [];
let dispose: () => Promise<void> = async () => undefined;
let source = '';
const files: Record<string, string> = {};

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-provenance-'));
  roots.push(dir);
  return dir;
};
const cli = (dataDir: string, ...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

async function importInto(file: string): Promise<string> {
  const dataDir = tempDir();
  const run = await cli(dataDir, 'import', file);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return dataDir;
}

async function historyJson(dataDir: string): Promise<Map<string, JsonRecord>> {
  const run = await cli(dataDir, 'history', '--json');
  expect(run.code).toBe(0);
  const records = JSON.parse(run.stdout) as JsonRecord[];
  return new Map(records.map((record) => [record.uid, record]));
}

beforeAll(async () => {
  const opened = await openTempConsole();
  source = opened.dataDir;
  dispose = opened.dispose;
  const [service] = opened.core.recorder.recordMany([
    webhook(Date.parse('2026-01-15T10:00:00Z'), { uid: UIDS.service }),
  ]);
  opened.core.recorder.recordMany([
    webhook(Date.parse('2026-01-15T10:01:00Z'), {
      uid: UIDS.crafted,
      provenance: 'crafted',
      eventType: 'order_authorised',
      requestBody: body('order_authorised'),
      details: { craftedToken: { reason: 'A token this console signed' } },
    }),
    webhook(Date.parse('2026-01-15T10:02:00Z'), {
      uid: UIDS.replay,
      kind: 'replay',
      provenance: 'replay',
      relatedId: service?.id ?? null,
    }),
    webhook(Date.parse('2026-01-15T10:02:01Z'), { uid: UIDS.arrival, provenance: 'replay' }),
    webhook(Date.parse('2026-01-15T10:03:00Z'), {
      uid: UIDS.forward,
      provenance: 'forward',
      eventType: 'order_captured',
      requestBody: body('order_captured'),
    }),
  ]);
  await opened.core.close();
  const out = tempDir();
  for (const format of FORMATS) {
    files[format] = join(out, `export.${format}`);
    const run = await cli(source, 'export', '--format', format, '--out', files[format]);
    expect(run.code).toBe(0);
  }
});
afterAll(async () => {
  await dispose().catch(() => undefined);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('an export says whose doing each record was', () => {
  it('writes each record’s provenance (JSON and NDJSON at the top, HAR under _checkoutConsole)', () => {
    const json = JSON.parse(readFileSync(files['json'] ?? '', 'utf8')) as {
      events: { uid: string; provenance?: string }[];
    };
    const byUid = new Map(json.events.map((event) => [event.uid, event.provenance]));
    expect(byUid.get(UIDS.service)).toBe('service');
    expect(byUid.get(UIDS.crafted)).toBe('crafted');
    expect(byUid.get(UIDS.replay)).toBe('replay');
    expect(byUid.get(UIDS.arrival)).toBe('replay');
    expect(byUid.get(UIDS.forward)).toBe('forward');
    const ndjson = readFileSync(files['ndjson'] ?? '', 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { uid: string; provenance?: string });
    expect(ndjson.find((event) => event.uid === UIDS.crafted)?.provenance).toBe('crafted');
    const har = JSON.parse(readFileSync(files['har'] ?? '', 'utf8')) as {
      log: { entries: { _checkoutConsole: { uid: string; provenance?: string } }[] };
    };
    const entry = har.log.entries.find((candidate) => candidate._checkoutConsole.uid === UIDS.arrival);
    expect(entry?._checkoutConsole.provenance).toBe('replay');
  });
});

describe.each(FORMATS)('imported from a %s export', (format) => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await importInto(files[format] ?? '');
  });

  it('keeps each record an import, with what it was where it came from', async () => {
    const records = await historyJson(dataDir);
    for (const record of records.values()) expect(record.provenance).toBe('import');
    expect(records.get(UIDS.service)?.original_provenance).toBe('service');
    expect(records.get(UIDS.crafted)?.original_provenance).toBe('crafted');
    expect(records.get(UIDS.replay)?.original_provenance).toBe('replay');
    expect(records.get(UIDS.arrival)?.original_provenance).toBe('replay');
    expect(records.get(UIDS.forward)?.original_provenance).toBe('forward');
  });

  it('says it in `history`: an import, and what it originally was; the service’s claim as today', async () => {
    const records = await historyJson(dataDir);
    const run = await cli(dataDir, 'history');
    const lines = run.stdout.trimEnd().split('\n');
    const row = (uid: string) => lines.find((line) => line.startsWith(`${records.get(uid)?.id} `)) ?? '';
    expect(row(UIDS.service)).toMatch(/\swebhook\s+console: import\s+POST\s/);
    expect(row(UIDS.crafted)).toMatch(/\swebhook\s+console: import · originally crafted\s+POST\s/);
    expect(row(UIDS.replay)).toMatch(/\sreplay\s+console: import · originally a replay\s+POST\s/);
    expect(row(UIDS.arrival)).toMatch(/\swebhook\s+console: import · originally a replay\s+POST\s/);
    expect(row(UIDS.forward)).toMatch(/\swebhook\s+console: import · originally a forward\s+POST\s/);
  });

  it('says it in `orders show`, and nothing moves the order', async () => {
    const records = await historyJson(dataDir);
    const json = await cli(dataDir, 'orders', 'show', ORDER, '--json');
    expect(json.code).toBe(0);
    const order = JSON.parse(json.stdout) as {
      state: string | null;
      records: { id: number; provenance: string; evidence: boolean; why: string }[];
    };
    expect(order.state).toBeNull();
    for (const record of order.records) {
      expect(record.provenance).toBe('import');
      expect(record.evidence).toBe(false);
    }
    const why = (uid: string) => order.records.find((record) => record.id === records.get(uid)?.id)?.why;
    expect(why(UIDS.service)).toBe("Imported from a file (a webhook); not evidence of this console's own");
    expect(why(UIDS.crafted)).toBe(
      "Imported from a file (a webhook, originally crafted); not evidence of this console's own",
    );
    expect(why(UIDS.arrival)).toBe(
      "Imported from a file (a webhook, originally a replay); not evidence of this console's own",
    );
    const table = await cli(dataDir, 'orders', 'show', ORDER);
    const line = (uid: string) =>
      table.stdout.split('\n').find((text) => text.startsWith(`#${records.get(uid)?.id} `)) ?? '';
    expect(line(UIDS.crafted)).toContain('console: import · originally crafted');
    expect(line(UIDS.forward)).toContain('console: import · originally a forward');
  });

  it('exports the original provenance again, and imports back the same', async () => {
    const again = join(tempDir(), `again.${format}`);
    expect((await cli(dataDir, 'export', '--format', format, '--out', again)).code).toBe(0);
    const records = await historyJson(await importInto(again));
    expect(records.get(UIDS.crafted)?.original_provenance).toBe('crafted');
    expect(records.get(UIDS.arrival)?.original_provenance).toBe('replay');
    expect(records.get(UIDS.service)?.original_provenance).toBe('service');
  });
});

describe('a file that says no provenance (an older build’s)', () => {
  it('imports as before: an import, with no original provenance', async () => {
    const json = JSON.parse(readFileSync(files['json'] ?? '', 'utf8')) as {
      events: Record<string, unknown>[];
    };
    for (const event of json.events) delete event['provenance'];
    const older = join(tempDir(), 'older.json');
    writeFileSync(older, JSON.stringify(json));
    const dataDir = await importInto(older);
    const records = await historyJson(dataDir);
    for (const record of records.values()) {
      expect(record.provenance).toBe('import');
      expect(record.original_provenance).toBeNull();
    }
    const run = await cli(dataDir, 'history');
    expect(run.stdout).not.toContain('originally');
  });
});
