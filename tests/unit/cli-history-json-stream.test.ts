import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/cli/program';
import { EVENT_PAGE_MAX } from '../../src/shared/event-filter';
import { seededEvent, writeEvents } from '../e2e/fixtures/seed-events';
import { captureCliContext } from './helpers/captured-cli-context';
import { openTempConsole } from './helpers/temp-console';

// `history --limit 100000 --json` held every record, then the whole JSON text, before writing a
// byte: 605–914 MB at its peak. It now writes each page of records as it is read.

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
const RECORDS = EVENT_PAGE_MAX * 2 + 10;

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const start = Date.parse('2026-01-01T00:00:00Z');
  await opened.core.close();
  writeEvents(
    dataDir,
    Array.from({ length: RECORDS }, (_, n) => seededEvent(n, start + n * 1000)),
  );
});
afterAll(() => dispose());

async function historyJson(...argv: string[]): Promise<{ writes: string[]; code: number; stderr: string }> {
  const run = captureCliContext();
  const code = await runCli(['--data-dir', dataDir, 'history', '--json', ...argv], run.context);
  return { writes: [...run.outWrites()], code, stderr: run.err() };
}

describe('history --json', () => {
  it('writes the records a page at a time, the same JSON as one array', async () => {
    const { writes, code, stderr } = await historyJson('--limit', String(RECORDS));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(writes.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...writes.map((text) => text.length))).toBeLessThan(writes.join('').length / 2);
    const records = JSON.parse(writes.join('')) as { id: number }[];
    expect(records).toHaveLength(RECORDS);
    expect(writes.join('')).toBe(`${JSON.stringify(records, null, 2)}\n`);
  });

  it('writes an empty array, and one record, as before', async () => {
    const none = await historyJson('--order', 'nothing-has-this-order');
    expect(none.writes.join('')).toBe('[]\n');
    const one = await historyJson('--limit', '1');
    const records = JSON.parse(one.writes.join('')) as unknown[];
    expect(records).toHaveLength(1);
    expect(one.writes.join('')).toBe(`${JSON.stringify(records, null, 2)}\n`);
  });
});
