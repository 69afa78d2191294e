import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import type { NewEvent } from '../../src/main/store/new-event';
import { timelineDetailSchema } from '../../src/shared/events';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A stored request_size its body contradicts (below 0; a whole body's size other than its bytes)
// was read as a size: history said "body_size": -5, HAR "bodySize": -5, and the export was then
// refused whole by import ("request_size: must be at least 0"), so the backup could not be restored.

const body = Buffer.from('{"order_id":"ord-1","status":"approved"}');
const webhook = (order: string): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  url: 'http://127.0.0.1:4455/hooks',
  path: '/hooks',
  orderId: order,
  requestHeaders: [['content-type', 'application/json']],
  requestBody: body,
  status: 200,
});

const temp = makeTempDir();
const dataDir = join(temp.dir, 'damaged');
const cli = (dir: string, ...argv: string[]) => runCliCaptured(['--data-dir', dir, ...argv]);
/** Row 1 whole; 2: size -5; 3: a whole body's size larger than it; 4: smaller than its body (cut). */
const DAMAGED = [2, 3, 4];

beforeAll(async () => {
  const first = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off' });
  first.recorder.recordMany([1, 2, 3, 4].map((n) => webhook(`ord-${n}`)));
  await first.close();
  const db = new Database(join(dataDir, 'console.sqlite'));
  db.prepare('update events set request_size = -5 where id = 2').run();
  db.prepare('update events set request_size = 1000, request_truncated = 0 where id = 3').run();
  db.prepare('update events set request_size = 3, request_truncated = 1 where id = 4').run();
  db.close();
}, 60_000);

afterAll(() => temp.remove());

type Exported = { request_size: number | null; details: { damagedColumns?: Record<string, unknown> } };
const named = (id: number) => `Record #${id}'s stored request size is damaged in the database`;

describe('a stored request size its body contradicts', () => {
  it('history names it and gives no size it does not hold', async () => {
    const run = await cli(dataDir, 'history', '--json');
    expect(run.code, run.stderr).toBe(0);
    const records = JSON.parse(run.stdout) as { id: number; body_size: number | null; damaged?: string[] }[];
    const byId = (id: number) => records.find((record) => record.id === id);
    expect(byId(1)?.damaged ?? []).toEqual([]);
    expect(byId(1)?.body_size).toBe(body.byteLength);
    for (const id of DAMAGED) {
      expect(byId(id)?.damaged, `#${id}`).toContain('requestSize');
      expect(byId(id)?.body_size, `#${id}`).toBe(body.byteLength);
    }
  });

  it('the Timeline detail names it', async () => {
    const core = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off' });
    try {
      for (const id of DAMAGED) {
        const detail = await core.dispatcher('getEvent', { id }, { transport: 'ipc' });
        if (!detail.ok) throw new Error(detail.error.message);
        expect(timelineDetailSchema.parse(detail.data).damaged, `#${id}`).toContain('requestSize');
      }
    } finally {
      await core.close();
    }
  });

  it.each(['ndjson', 'json', 'har'])(
    'the %s export names it, keeps the stored value, gives the body its own size and imports back',
    async (format) => {
      const run = await cli(dataDir, 'export', '--format', format);
      expect(run.code, run.stderr).toBe(0);
      for (const id of DAMAGED) expect(run.stderr, `#${id}`).toContain(named(id));
      // The stored value is kept under details.damagedColumns; the size given is the body's own.
      type Given = { size: number | null; damaged: unknown };
      const given: Given[] =
        format === 'har'
          ? (
              JSON.parse(run.stdout) as {
                log: {
                  entries: {
                    request: { bodySize: number };
                    _checkoutConsole: { details: { damagedColumns?: Record<string, unknown> } };
                  }[];
                };
              }
            ).log.entries.map((entry) => ({
              size: entry.request.bodySize,
              damaged: entry._checkoutConsole.details.damagedColumns?.['request_size'],
            }))
          : (format === 'json'
              ? (JSON.parse(run.stdout) as { events: Exported[] }).events
              : run.stdout
                  .trim()
                  .split('\n')
                  .map((line) => JSON.parse(line) as Exported)
            ).map((event) => ({
              size: event.request_size,
              damaged: event.details.damagedColumns?.['request_size'],
            }));
      expect(given).toEqual([
        { size: body.byteLength, damaged: undefined },
        { size: body.byteLength, damaged: -5 },
        { size: body.byteLength, damaged: 1000 },
        { size: body.byteLength, damaged: 3 },
      ]);
      const file = join(temp.dir, `export.${format}`);
      writeFileSync(file, run.stdout);
      const imported = await cli(join(temp.dir, `reimport-${format}`), 'import', file);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain('Imported 4 records');
    },
  );
});
