import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/events-repository';
import { applyUpdate } from '../../src/main/store/event-views';
import { statusWords } from '../../src/renderer/src/features/timeline/record-status-words';
import { groupRecords } from '../../src/renderer/src/features/timeline/timeline-rows';
import { matchSummary } from '../../src/renderer/src/features/timeline/summary-matches-filter';
import type { TimelineSummary } from '../../src/shared/events';
import { recordStatusWord } from '../../src/shared/record-status';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * "Cancel request" pressed once the request was written whole: the console said "No answer: it
 * was sent, and may have been carried out", but the record's status word stayed `failed` on the
 * Timeline, in History, `history`, `orders show` and the Orders view, one record with two
 * stories. Such a record is `unanswered` wherever its status is said, its failure kind
 * (`details.failure.kind`, cancelled_after_sending) the stored fact it is read from.
 */
const ORDER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const AFTER_SENDING = {
  kind: 'cancelled_after_sending',
  message:
    'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.',
  code: null,
};
const REFUSED = {
  kind: 'refused',
  message: 'Connection refused by 127.0.0.1: nothing is listening there.',
  code: 'ECONNREFUSED',
};
const capture = (atMs: number, failure: typeof AFTER_SENDING | typeof REFUSED): NewEvent => ({
  kind: 'request',
  method: 'POST',
  url: `http://127.0.0.1:9/api/v1/orders/${ORDER}/capture`,
  path: `/api/v1/orders/${ORDER}/capture`,
  orderId: ORDER,
  requestBody: Buffer.from('{"amount":{"amount":"10.00","currency":"SAR"}}'),
  atMs,
  error: failure.message,
  details: { operation: 'capture', failure },
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
    capture(Date.parse('2026-01-15T10:00:00Z'), AFTER_SENDING),
    capture(Date.parse('2026-01-15T10:01:00Z'), REFUSED),
    { ...capture(Date.parse('2026-01-15T10:02:00Z'), AFTER_SENDING), kind: 'replay', relatedId: null },
  ]);
  read = opened.core.eventsQuery.page({}, { limit: 10 }).items;
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

/** The record written `index`-th (0: cancelled after sending, 1: refused, 2: a replay cancelled so). */
function at(index: number): TimelineSummary {
  const summary = written[index];
  if (summary === undefined) throw new Error(`no record ${index} was written`);
  return summary;
}

const byId = (summaries: TimelineSummary[], index: number) =>
  summaries.find((summary) => summary.id === written[index]?.id);

describe('a request cancelled after it was sent', () => {
  it('is unanswered, not failed, as written, as read back and as a live update says it', () => {
    for (const summaries of [written, read]) {
      expect([0, 1, 2].map((index) => recordStatusWord(byId(summaries, index) ?? at(index)))).toEqual([
        'unanswered',
        'failed',
        'unanswered',
      ]);
    }
    // A pending record whose answer never came: the push that follows the cancel.
    const pending = { ...at(0), error: null, unanswered: false };
    expect(recordStatusWord(pending)).toBe('…');
    const updated = applyUpdate(pending, {
      error: AFTER_SENDING.message,
      details: { failure: AFTER_SENDING },
    });
    expect(recordStatusWord(updated)).toBe('unanswered');
  });

  it('is drawn as no network failure, and its row says it may have arrived', () => {
    const unanswered = statusWords(at(0));
    const failed = statusWords(at(1));
    expect(unanswered.text).toBe('unanswered');
    expect(unanswered.color).not.toBe(failed.color);
    expect(groupRecords([at(2)])[0]?.missing).toBe('sent whole with no answer, so it may have arrived');
  });

  it('is found by the status filter unanswered, in the window and in the database alike', async () => {
    expect(written.map((summary) => matchSummary(summary, { statuses: ['unanswered'] }))).toEqual([
      'match',
      'no-match',
      'match',
    ]);
    const run = await runCliCaptured(['--data-dir', dataDir, 'history', '--status', 'unanswered', '--json']);
    expect(run.stderr).toBe('');
    expect((JSON.parse(run.stdout) as { id: number }[]).map((record) => record.id).sort()).toEqual(
      [at(0).id, at(2).id].sort(),
    );
  });

  it('reads STATUS unanswered in history and orders show, and moves no order', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    expect(run.code).toBe(0);
    const row = (id: number | undefined) =>
      run.stdout.split('\n').find((line) => line.startsWith(`${id} `)) ?? '';
    expect(row(written[0]?.id)).toMatch(/\sunanswered\s/);
    expect(row(written[1]?.id)).toMatch(/\sfailed\s/);
    const show = await runCliCaptured(['--data-dir', dataDir, 'orders', 'show', ORDER]);
    const shown = (id: number | undefined) =>
      show.stdout.split('\n').find((line) => line.startsWith(`#${id} `)) ?? '';
    expect(shown(written[0]?.id)).toMatch(/\sunanswered\s/);
    expect(shown(written[1]?.id)).toMatch(/\sfailed\s/);
    const json = await runCliCaptured(['--data-dir', dataDir, 'orders', 'show', ORDER, '--json']);
    const order = JSON.parse(json.stdout) as {
      records: { id: number; effect: string; why: string; state_after: unknown }[];
    };
    const entry = order.records.find((record) => record.id === written[0]?.id);
    expect(entry).toMatchObject({ effect: 'unanswered', state_after: null });
    expect(entry?.why).toContain("the order's state is unknown for this call");
    expect(order.records.find((record) => record.id === written[1]?.id)).toMatchObject({ effect: 'failed' });
  });

  it('carries its status word in history --json and in every export file', async () => {
    // The table's word (recordStatusWord), not `status: null` beside an error that names none.
    const words = ['unanswered', 'failed', 'unanswered'];
    const json = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
    const listed = JSON.parse(json.stdout) as { id: number; status_word?: string }[];
    expect(written.map((summary) => listed.find((record) => record.id === summary.id)?.status_word)).toEqual(
      words,
    );
    // Exported oldest first, as written.
    const exported = async (format: string) =>
      (await runCliCaptured(['--data-dir', dataDir, 'export', '--format', format])).stdout;
    const file = JSON.parse(await exported('json')) as { events: { status_word?: string }[] };
    expect(file.events.map((event) => event.status_word)).toEqual(words);
    const lines = (await exported('ndjson')).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { status_word?: string }).status_word)).toEqual(words);
    const har = JSON.parse(await exported('har')) as {
      log: { entries: { _checkoutConsole: { status_word?: string } }[] };
    };
    expect(har.log.entries.map((entry) => entry._checkoutConsole.status_word)).toEqual(words);
  });

  it('is unanswered when stored before its word existed', async () => {
    // Read from the stored failure, not written with the record: a database from before reads alike.
    const db = new Database(join(dataDir, 'console.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT id, unanswered FROM events ORDER BY id').all();
    db.close();
    expect(rows).toEqual(
      written.map((summary, index) => ({ id: summary.id, unanswered: index === 1 ? 0 : 1 })),
    );
  });
});
