import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const DAY_MS = 24 * 3600 * 1000;

/** A data directory with records 1, 5 and 50 days old. */
async function dataDirWithRecords(): Promise<string> {
  const opened = await openTempConsole();
  cleanups.push(() => opened.dispose().catch(() => undefined));
  opened.core.recorder.recordMany(
    [50, 5, 1].map((days) => ({
      kind: 'webhook' as const,
      method: 'POST',
      path: '/hooks',
      status: 200,
      atMs: Date.now() - days * DAY_MS,
    })),
  );
  await opened.core.close();
  return opened.dataDir;
}

describe('checkout-console retention', () => {
  it('shows the saved policy and what applying it would remove, removing nothing', async () => {
    const dataDir = await dataDirWithRecords();
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'retention', ...argv]);
    expect(await cli()).toMatchObject({
      code: 0,
      stdout:
        'Retention: keep everything.\nApplying it now would remove 0 records and keep 3; run with --apply to do it.\n',
    });
    const set = await cli('--keep-days', '10');
    expect(set.stdout).toBe(
      'Retention: keep the last 10 days.\nApplying it now would remove 1 record and keep 2; run with --apply to do it.\nWhat goes: 1 webhook.\n',
    );
    // Saved, as the History view saves it; still nothing removed.
    expect(JSON.parse((await cli('--json')).stdout)).toEqual({
      retention: { mode: 'days', days: 10 },
      remove: 1,
      keep: 2,
      future: 0,
      unreadableTime: 0,
      removing: { kinds: [{ kind: 'webhook', count: 1 }], imported: 0, ordersLeaving: 0, ordersLosing: 0 },
    });
    expect(await cli('--apply')).toMatchObject({
      code: 0,
      stdout: 'Retention: keep the last 10 days.\nRemoved 1 record.\n',
    });
    expect(JSON.parse((await cli('--keep-count', '1', '--apply', '--json')).stdout)).toEqual({
      retention: { mode: 'count', count: 1 },
      removed: 1,
    });
  });

  it('--keep-count keeps the newest by time: records imported later with old times go first', async () => {
    const opened = await openTempConsole();
    cleanups.push(() => opened.dispose().catch(() => undefined));
    const webhook = (atMs: number, path: string) => ({
      kind: 'webhook' as const,
      method: 'POST',
      path,
      status: 200,
      atMs,
    });
    // Today's webhooks first (low ids), then an import of September's records (higher ids).
    opened.core.recorder.recordMany(
      [1, 2, 3].map((minutes) => webhook(Date.now() - minutes * 60_000, '/today')),
    );
    opened.core.recorder.recordMany(
      [1, 2, 3, 4, 5].map((days) => webhook(Date.now() - (60 + days) * DAY_MS, '/old')),
    );
    await opened.core.close();
    const run = await runCliCaptured(['--data-dir', opened.dataDir, 'retention', '--keep-count', '5']);
    expect(run.stdout).toContain('Applying it now would remove 3 records and keep 5');
    await runCliCaptured(['--data-dir', opened.dataDir, 'retention', '--keep-count', '5', '--apply']);
    const left = await runCliCaptured(['--data-dir', opened.dataDir, 'history', '--json']);
    const paths = (JSON.parse(left.stdout) as { path: string }[]).map((record) => record.path).sort();
    expect(paths).toEqual(['/old', '/old', '/today', '/today', '/today']);
  });

  it('--keep-count ranks no record dated in the future as newest: kept besides the N, and named', async () => {
    // An import from a machine whose clock ran years ahead ranked as the newest records, so
    // "keep the newest 2" removed every webhook of this console's and kept the import.
    const opened = await openTempConsole();
    cleanups.push(() => opened.dispose().catch(() => undefined));
    const webhook = (atMs: number, path: string, imported = false) => ({
      kind: 'webhook' as const,
      method: 'POST',
      path,
      status: 200,
      atMs,
      imported,
    });
    opened.core.recorder.recordMany([3, 2, 1].map((days) => webhook(Date.now() - days * DAY_MS, '/here')));
    opened.core.recorder.recordMany(
      [1, 2].map((years) => webhook(Date.now() + years * 365 * DAY_MS, '/ahead', true)),
    );
    await opened.core.close();
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', opened.dataDir, 'retention', ...argv]);
    const preview = await cli('--keep-count', '2');
    expect(preview.stdout).toContain('Applying it now would remove 1 record and keep 4');
    expect(preview.stdout).toContain('2 records dated in the future');
    expect(JSON.parse((await cli('--json')).stdout)).toEqual({
      retention: { mode: 'count', count: 2 },
      remove: 1,
      keep: 4,
      future: 2,
      unreadableTime: 0,
      removing: { kinds: [{ kind: 'webhook', count: 1 }], imported: 0, ordersLeaving: 0, ordersLosing: 0 },
    });
    // The removal agrees with the preview.
    expect((await cli('--apply')).stdout).toContain('Removed 1 record.');
    const left = await runCliCaptured(['--data-dir', opened.dataDir, 'history', '--json']);
    const paths = (JSON.parse(left.stdout) as { path: string }[]).map((record) => record.path).sort();
    expect(paths).toEqual(['/ahead', '/ahead', '/here', '/here']);
  });

  // "Applying it now removes 373 and keeps 3,000 records." said nothing of what: the 373 were
  // records just imported (old times) and every record of 15 emulator orders, which left Orders.
  it('says what it would remove: each kind, how many were imported, and the orders that lose records', async () => {
    const opened = await openTempConsole();
    cleanups.push(() => opened.dispose().catch(() => undefined));
    const record = (
      kind: 'webhook' | 'request' | 'delivery',
      days: number,
      orderId: string | null,
      imported = false,
    ) => ({
      kind,
      method: 'POST',
      path: '/hooks',
      status: 200,
      atMs: Date.now() - days * DAY_MS,
      orderId,
      imported,
    });
    opened.core.recorder.recordMany([
      // Order A keeps a record of yesterday; every record of order B goes.
      record('webhook', 50, 'ord_A'),
      record('webhook', 1, 'ord_A'),
      record('webhook', 50, 'ord_B'),
      record('request', 40, 'ord_B'),
      record('delivery', 30, null),
      record('webhook', 20, null, true),
      record('request', 1, null),
    ]);
    await opened.core.close();
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', opened.dataDir, 'retention', ...argv]);
    expect((await cli('--keep-days', '10')).stdout).toBe(
      'Retention: keep the last 10 days.\nApplying it now would remove 5 records and keep 2; run with --apply to do it.\n' +
        'What goes: 3 webhooks, 1 request and 1 delivery (1 imported from a file). 1 order loses all its records and leaves Orders; 1 more loses some, which may change its state.\n',
    );
    expect(JSON.parse((await cli('--json')).stdout)).toMatchObject({
      removing: {
        kinds: [
          { kind: 'webhook', count: 3 },
          { kind: 'request', count: 1 },
          { kind: 'delivery', count: 1 },
        ],
        imported: 1,
        ordersLeaving: 1,
        ordersLosing: 1,
      },
    });
    // Nothing more is said when nothing would go.
    expect((await cli('--keep-days', '100')).stdout).toBe(
      'Retention: keep the last 100 days.\nApplying it now would remove 0 records and keep 7; run with --apply to do it.\n',
    );
  });

  it.each([
    [['--keep-days', '36501'], '--keep-days: must be at most 36500 days (not "36501")'],
    [['--keep-days', '0'], '--keep-days: must be at least 1 day (not "0")'],
    [['--keep-days', '2.5'], '--keep-days: must be a whole number of days (not "2.5")'],
    [['--keep-count', '1.5'], '--keep-count: must be a whole number of records (not "1.5")'],
    [['--keep-count', '0'], '--keep-count: must be at least 1 record (not "0")'],
    [['--keep-count', '100000001'], '--keep-count: must be at most 100000000 records (not "100000001")'],
    [['--keep-days', 'soon'], '--keep-days: must be a whole number of days (not "soon")'],
    [['--keep-days', '3', '--keep-all'], '--keep-all, --keep-days, --keep-count: give one of them.'],
  ])("%j gets the contract's message, named as the flag; exit 2, nothing saved", async (flags, message) => {
    const dataDir = await dataDirWithRecords();
    const run = await runCliCaptured(['--data-dir', dataDir, 'retention', ...flags, '--apply']);
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: `error: ${message}\n` });
    const after = await runCliCaptured(['--data-dir', dataDir, 'retention', '--json']);
    expect(JSON.parse(after.stdout)).toEqual({
      retention: { mode: 'all' },
      remove: 0,
      keep: 3,
      future: 0,
      unreadableTime: 0,
      removing: { kinds: [], imported: 0, ordersLeaving: 0, ordersLosing: 0 },
    });
  });

  it('calls a record whose stored time is damaged unreadable, never "dated in the future"', async () => {
    const dataDir = await dataDirWithRecords();
    // As a hand edit leaves it: text in at_ms, which SQLite sorts after every number.
    const db = new Database(join(dataDir, 'console.sqlite'));
    db.prepare(`update events set at_ms = 'yesterday' where id = 1`).run();
    db.close();
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'retention', ...argv]);
    const preview = await cli('--keep-days', '10');
    expect(preview.code).toBe(0);
    expect(preview.stdout).not.toContain('future');
    expect(preview.stdout).toContain(
      '1 record whose stored time is damaged (not a time) is kept besides: no policy can date it, so none removes it.',
    );
    expect(JSON.parse((await cli('--json')).stdout)).toMatchObject({
      remove: 0,
      keep: 3,
      future: 0,
      unreadableTime: 1,
    });
  });
});
