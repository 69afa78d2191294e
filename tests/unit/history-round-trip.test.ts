import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHistoryService } from '../../src/main/history/history-service';
import { IMPORT_MAX_BODY_BYTES } from '../../src/shared/history-file';
import { listenerSettingsSchema, MIB } from '../../src/shared/listener';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * Issue 15.6 and 15.9: a one-record NDJSON export was refused by import; a record with a
 * 120 MB body was accepted (1.25 GB resident). Every export imports back, whatever its size
 * and format; a record larger than the console can store is refused, naming it.
 */
const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

function record(index: number): string {
  return JSON.stringify({
    uid: `round-trip-${index}`,
    kind: 'webhook',
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    method: 'POST',
    url: 'http://127.0.0.1:4455/notify',
    path: '/notify',
    request_body: `{"n":${index}}`,
    status: 200,
  });
}

async function seeded(count: number): Promise<string> {
  const data = makeTempDir('cc-rt-');
  const seeds = makeTempDir('cc-rt-seed-');
  temps.push(data, seeds);
  if (count > 0) {
    const seed = join(seeds.dir, 'seed.ndjson');
    writeFileSync(seed, Array.from({ length: count }, (_, index) => record(index)).join('\n'));
    expect((await runCliCaptured(['--data-dir', data.dir, 'import', seed])).code).toBe(0);
  } else {
    // A data directory of no records, made as a console makes it (export reads one, never makes it).
    expect((await runCliCaptured(['--data-dir', data.dir, 'profiles', 'list'])).code).toBe(0);
  }
  return data.dir;
}

/** `export --format <format> --out <file>` of a data directory; returns the file. */
async function exportTo(dataDir: string, format: 'json' | 'ndjson' | 'har'): Promise<string> {
  const out = makeTempDir('cc-rt-out-');
  temps.push(out);
  const file = join(out.dir, `export.${format}`);
  const exported = await runCliCaptured(['--data-dir', dataDir, 'export', '--format', format, '--out', file]);
  expect(exported.code, exported.stderr).toBe(0);
  return file;
}

describe('everything exported imports back', () => {
  for (const format of ['json', 'ndjson', 'har'] as const)
    it.each([0, 1, 7])(
      `${format}, %i records: exported, imported into a fresh data dir, the same`,
      async (count) => {
        const source = await seeded(count);
        const file = await exportTo(source, format);
        const target = makeTempDir('cc-rt-target-');
        temps.push(target);
        const imported = await runCliCaptured(['--data-dir', target.dir, 'import', file]);
        expect(imported.stderr).toBe('');
        expect(imported.code).toBe(0);
        // A file that holds no record says so, rather than "Imported 0 records".
        expect(imported.stdout).toBe(
          count === 0
            ? `Nothing imported: ${file} holds no records.\n`
            : `Imported ${count} ${count === 1 ? 'record' : 'records'} from ${file} (${format}).\n`,
        );
        const listed = await runCliCaptured(['--data-dir', target.dir, 'history', '--json']);
        const uids = (JSON.parse(listed.stdout) as { uid: string }[]).map((row) => row.uid).sort();
        expect(uids).toEqual(Array.from({ length: count }, (_, index) => `round-trip-${index}`).sort());
      },
    );
});

describe('a record larger than the console can store is refused, naming it', () => {
  it('the limit is the largest body the listener can be set to take', () => {
    expect(IMPORT_MAX_BODY_BYTES).toBe(100 * MIB);
    const largest = listenerSettingsSchema.shape.bodyLimitBytes;
    expect(largest.safeParse(IMPORT_MAX_BODY_BYTES).success).toBe(true);
    expect(largest.safeParse(IMPORT_MAX_BODY_BYTES + 1).success).toBe(false);
  });

  it.each(['ndjson', 'json'] as const)(
    '%s: a body over the limit stops the whole import, before parsing',
    async (format) => {
      const open = await openTempConsole();
      const { core } = open;
      const history = createHistoryService({ ...core, limits: { maxBodyBytes: 1000 } });
      try {
        const big = JSON.parse(record(2)) as Record<string, unknown>;
        big['request_body'] = 'x'.repeat(5000);
        const lines = [record(1), JSON.stringify(big), record(3)];
        const text =
          format === 'ndjson'
            ? lines.join('\n')
            : `{"format":"checkout-console-history","version":1,"exportedAt":"2026-01-01T00:00:00Z","events":[\n${lines.join(',\n')}\n]}`;
        await expect(history.importText(text)).rejects.toThrow(
          format === 'ndjson' ? /^Line 2: .*at most 1,000 bytes/ : /^Line 3: .*at most 1,000 bytes/,
        );
        expect(core.events.count()).toBe(0);
        // A base64 body counts by its bytes, and one just within the limit is taken.
        big['request_body'] = null;
        big['request_body_base64'] = Buffer.alloc(1000).toString('base64');
        const within = await history.importText(JSON.stringify(big));
        expect(within.imported).toBe(1);
      } finally {
        await open.dispose();
      }
    },
  );
});

describe('a truncated body keeps the size it arrived with', () => {
  // The listener keeps the first 64 KiB of a body over its limit and the size that arrived:
  // exported and imported, that size became the 64 KiB kept (body_size 65536 for a 5 MB body).
  it.each(['json', 'ndjson', 'har'] as const)('%s: body_size survives export and import', async (format) => {
    const source = await openTempConsole();
    const kept = Buffer.alloc(65_536, 0x61);
    try {
      source.core.recorder.record({
        kind: 'webhook',
        method: 'POST',
        path: '/big',
        status: 413,
        bodyVerdict: 'too_large',
        requestBody: kept,
        requestSize: 5_000_000,
        requestTruncated: true,
      });
    } finally {
      await source.core.close();
    }
    const target = makeTempDir('cc-rt-size-target-');
    temps.push(target, { remove: () => void source.dispose().catch(() => undefined) });
    const file = await exportTo(source.dataDir, format);
    const imported = await runCliCaptured(['--data-dir', target.dir, 'import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    const listed = await runCliCaptured(['--data-dir', target.dir, 'history', '--json']);
    const [record] = JSON.parse(listed.stdout) as { body_size: number; body_truncated: boolean }[];
    expect(record).toMatchObject({ body_size: 5_000_000, body_truncated: true });
  });

  it('refuses a request_size smaller than the body the record gives', async () => {
    const open = await openTempConsole();
    try {
      const history = createHistoryService(open.core);
      const line = JSON.parse(record(1)) as Record<string, unknown>;
      line['request_size'] = 3;
      await expect(history.importText(JSON.stringify(line))).rejects.toThrow(
        /request_size is 3 bytes, smaller than the 7 bytes of request_body/,
      );
    } finally {
      await open.dispose();
    }
  });
});
