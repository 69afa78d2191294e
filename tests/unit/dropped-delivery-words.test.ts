import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/events-repository';
import { groupRecords } from '../../src/renderer/src/features/timeline/timeline-rows';
import type { TimelineSummary } from '../../src/shared/events';
import { recordStatusWord } from '../../src/shared/record-status';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * A notification the emulator's Drop fault dropped read "failed" and "no answer, so no arrival"
 * on the Timeline and STATUS failed in `history`, though `orders show` said it was never sent.
 * The emulator records it as a delivery with no status, its error saying why, and its details
 * `dropped` (webhook-dispatcher.ts); with nowhere to go, `unsent`.
 */
const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const delivery = (atMs: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'delivery',
  method: 'POST',
  url: 'http://127.0.0.1:9/hooks',
  path: '/hooks',
  orderId: ORDER,
  eventType: 'order_approved',
  requestBody: Buffer.from('{}'),
  atMs,
  ...extra,
});

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let written: TimelineSummary[] = [];
let read: TimelineSummary[] = [];

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  written = opened.core.recorder.recordMany([
    delivery(Date.parse('2026-01-15T10:00:00Z'), {
      error: 'Dropped by fault injection: never sent.',
      details: { attempt: 0, dropped: true },
    }),
    delivery(Date.parse('2026-01-15T10:01:00Z'), {
      url: null,
      path: null,
      error: 'No notification URL for order_approved.',
      details: { attempt: 0, unsent: true },
    }),
    delivery(Date.parse('2026-01-15T10:02:00Z'), {
      error: 'Connection refused (ECONNREFUSED)',
      durationMs: 2,
      details: { attempt: 1 },
    }),
  ]);
  read = opened.core.eventsQuery.page({ kinds: ['delivery'] }, { limit: 10 }).items;
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

describe('a delivery the emulator never sent', () => {
  it('is not sent, not failed, as written and as read back', () => {
    for (const summaries of [written, [...read].reverse()]) {
      expect(summaries.map((summary) => summary.notSent)).toEqual(['dropped', 'unsent', null]);
      expect(summaries.map((summary) => recordStatusWord(summary))).toEqual([
        'not sent',
        'not sent',
        'failed',
      ]);
    }
  });

  it('says on its Timeline row that it was never sent, not that no answer came', () => {
    const missing = (summary: TimelineSummary | undefined) =>
      summary === undefined ? null : groupRecords([summary])[0]?.missing;
    expect(missing(read.find((summary) => summary.notSent === 'dropped'))).toBe(
      'never sent (dropped), so no arrival',
    );
    expect(missing(read.find((summary) => summary.notSent === 'unsent'))).toBe(
      'never sent (nowhere to send it), so no arrival',
    );
    expect(missing(read.find((summary) => summary.notSent === null))).toBe('no answer, so no arrival');
  });

  it('reads STATUS not sent in history, and keeps status null and its error in --json', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    expect(run.code).toBe(0);
    const row = (id: number | undefined) =>
      run.stdout.split('\n').find((line) => line.startsWith(`${id} `)) ?? '';
    expect(row(written[0]?.id)).toMatch(/\s\/hooks\s+not sent\s/);
    expect(row(written[1]?.id)).toMatch(/\s-\s+not sent\s/);
    expect(row(written[2]?.id)).toMatch(/\s\/hooks\s+failed\s/);
    // orders show's STATUS column says the same of the order's records.
    const show = await runCliCaptured(['--data-dir', dataDir, 'orders', 'show', ORDER]);
    const shown = (id: number | undefined) =>
      show.stdout.split('\n').find((line) => line.startsWith(`#${id} `)) ?? '';
    expect(shown(written[0]?.id)).toMatch(/\snot sent\s/);
    expect(shown(written[2]?.id)).toMatch(/\sfailed\s/);
    const json = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
    const records = JSON.parse(json.stdout) as { id: number; status: unknown; error: unknown }[];
    expect(records.find((record) => record.id === written[0]?.id)).toMatchObject({
      status: null,
      error: 'Dropped by fault injection: never sent.',
    });
  });
});
