import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandInput, CommandOutput } from '../../src/shared/contract';
import { commands } from '../../src/shared/contract';
import type { ConsoleCore } from '../../src/main/app';
import { describeExportResult } from '../../src/shared/history-file';
import { exportInParts } from '../../src/renderer/src/features/history/export-in-parts';
import { openTempConsole } from './helpers/temp-console';

/**
 * The History view's export is asked for in parts, as `export` to standard output is: it asked
 * for the whole file in one answer, so main built every record's JSON into one string (a few
 * hundred MB of history: "Invalid string length", or the process out of memory).
 */
let core: ConsoleCore;
let dispose: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const opened = await openTempConsole();
  core = opened.core;
  dispose = opened.dispose;
  // About 3 MB of JSON: more than one part.
  core.recorder.recordMany(
    Array.from({ length: 1_500 }, (_, index) => ({
      kind: 'webhook' as const,
      atMs: 1_000 + index,
      orderId: `order-${index}`,
      requestBody: Buffer.from(JSON.stringify({ order_id: `order-${index}`, pad: 'x'.repeat(2_000) })),
    })),
  );
  // Two rows damaged by hand (damaged-event-rows.test.ts), one in the first part, one in the last:
  // the window said only "Exported 1500 records", where `export` names each on standard error.
  const db = new Database(join(opened.dataDir, 'console.sqlite'));
  db.prepare(`update events set details = '{not json' where id = 2`).run();
  db.prepare(`update events set request_headers = '[["x",' where id = 1490`).run();
  db.close();
});

const DAMAGED = [
  "Record #2's stored details is damaged in the database (not what the console writes); the file keeps what was stored in its details.damagedColumns.",
  "Record #1490's stored request headers is damaged in the database (not what the console writes); the file keeps what was stored in its details.damagedColumns.",
];
afterAll(async () => {
  await dispose();
});

describe('History view export', () => {
  it.each(['json', 'ndjson', 'har'] as const)(
    '%s: asked in parts, never whole, and the same file',
    async (format) => {
      const asked: CommandInput<'exportHistory'>[] = [];
      const call = async (input: CommandInput<'exportHistory'>): Promise<CommandOutput<'exportHistory'>> => {
        asked.push(input);
        const result = await core.dispatcher('exportHistory', input, { transport: 'websocket' });
        if (!result.ok) throw new Error(result.error.message);
        return commands.exportHistory.output.parse(result.data);
      };
      const before = Date.now();
      const exported = await exportInParts(call, { format, filter: {}, includeTokens: false });
      expect(asked.length).toBeGreaterThan(2);
      expect(asked.every((input) => input.part !== undefined)).toBe(true);
      expect(exported.count).toBe(1_500);
      // The name's time is UTC and says so with its Z (at 03:03 in Riyadh it read 00-03-47, no zone).
      const nameTime = new RegExp(
        `^checkout-console-(\\d{4}-\\d\\d-\\d\\dT\\d\\d)-(\\d\\d)-(\\d\\dZ)\\.${format}$`,
      ).exec(exported.fileName);
      expect(nameTime, exported.fileName).not.toBeNull();
      const named = Date.parse(`${nameTime?.[1]}:${nameTime?.[2]}:${nameTime?.[3]}`);
      expect(named).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(named).toBeLessThanOrEqual(Date.now());
      const whole = core.history.exportText({ format, filter: {}, includeTokens: false }).text;
      // The export's time stamp is its own; everything else is the same bytes.
      const stamp = (text: string) => text.replace(/"exportedAt":"[^"]+"/, '"exportedAt":""');
      expect(stamp(await exported.blob.text())).toBe(stamp(whole));
      // Each damaged record, from whichever part named it, as the CLI prints them on standard error.
      expect(exported.damaged).toEqual(DAMAGED);
      expect(describeExportResult(exported)).toBe(
        `Exported 1,500 records (${exported.fileName}); 2 of them are damaged in the database, exported as stored.`,
      );
    },
  );
});

describe('the words of an export', () => {
  it('say how many records were damaged, or none', () => {
    expect(describeExportResult({ count: 1, fileName: 'a.har', damaged: [] })).toBe(
      'Exported 1 record (a.har).',
    );
    expect(describeExportResult({ count: 3, fileName: 'a.har', damaged: DAMAGED.slice(0, 1) })).toBe(
      'Exported 3 records (a.har); 1 of them is damaged in the database, exported as stored.',
    );
  });
});
