import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/events-repository';
import { groupRecords } from '../../src/renderer/src/features/timeline/timeline-rows';
import type { TimelineSummary } from '../../src/shared/events';
import { recordStatusWord } from '../../src/shared/record-status';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * A replayed CONNECT, refused by the console before anything left, was counted "1 not sent" by
 * its run, yet its record read `failed` on the Timeline, in its detail, in `history` and in
 * `--json`. A request of which nothing left (merchant-api.ts NOT_SENT_KINDS: refused by the
 * console, or cancelled before written whole) is not sent, with its why, as a dropped delivery is.
 */
const CONNECT_REFUSAL =
  'Not sent: a CONNECT request asks for a tunnel to another address, not for an answer, and the console sends only requests it can record an answer to.';
const CANCELLED = 'Cancelled before the request was sent whole, so the service cannot have acted on it.';

const failed = (kind: string, message: string) => ({
  status: null,
  error: message,
  details: { failure: { kind, message, code: null } },
});
const replayOf = (atMs: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'replay',
  method: 'POST',
  url: 'http://127.0.0.1:9/hooks',
  path: '/hooks',
  atMs,
  ...extra,
});

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let written: TimelineSummary[] = [];
let read: TimelineSummary[] = [];
/** A replay recorded waiting, then refused: the summary its update pushes. */
let updated: TimelineSummary | undefined;

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  const { recorder, eventsQuery } = opened.core;
  written = recorder.recordMany([
    replayOf(Date.parse('2026-01-15T10:00:00Z'), {
      method: 'CONNECT',
      url: 'http://evil:443/',
      path: 'evil:443',
      ...failed('not_sent', CONNECT_REFUSAL),
    }),
    { ...replayOf(Date.parse('2026-01-15T10:01:00Z'), failed('cancelled', CANCELLED)), kind: 'request' },
    {
      ...replayOf(
        Date.parse('2026-01-15T10:02:00Z'),
        failed('refused', 'Connection refused by 127.0.0.1:9.'),
      ),
      kind: 'forward',
    },
  ]);
  const waiting = recorder.record(replayOf(Date.parse('2026-01-15T10:03:00Z'), { method: 'CONNECT' }));
  updated = recorder.update(waiting.id, failed('not_sent', CONNECT_REFUSAL));
  read = eventsQuery.page({}, { limit: 10 }).items;
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

describe('a request of which nothing left', () => {
  it('is not sent, with its why, as written, as updated and as read back (SQL and TypeScript alike)', () => {
    const first = read.slice(1).reverse();
    for (const summaries of [written, first]) {
      expect(summaries.map((summary) => summary.notSent)).toEqual(['refused_by_console', 'cancelled', null]);
      expect(summaries.map((summary) => recordStatusWord(summary))).toEqual([
        'not sent',
        'not sent',
        'failed',
      ]);
    }
    expect(updated?.notSent).toBe('refused_by_console');
    expect(read[0]).toEqual(updated);
  });

  it('says on its Timeline row that it was never sent, not that no answer came', () => {
    const connect = read.find((summary) => summary.id === written[0]?.id);
    expect(connect === undefined ? null : groupRecords([connect])[0]?.missing).toBe(
      'never sent (refused by the console), so no arrival',
    );
  });

  it('is found by the status filter for no answer', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history', '--status', 'none', '--json']);
    expect(run.code).toBe(0);
    const ids = (JSON.parse(run.stdout) as { id: number }[]).map((record) => record.id).sort();
    expect(ids).toEqual([...read.map((summary) => summary.id)].sort());
  });

  it('reads STATUS not sent in history, and keeps status null and its error in --json', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
    expect(run.code).toBe(0);
    const row = (id: number | undefined) =>
      run.stdout.split('\n').find((line) => line.startsWith(`${id} `)) ?? '';
    expect(row(written[0]?.id)).toMatch(/\sevil:443\s+not sent\s/);
    expect(row(written[1]?.id)).toMatch(/\s\/hooks\s+not sent\s/);
    expect(row(written[2]?.id)).toMatch(/\s\/hooks\s+failed\s/);
    expect(row(updated?.id)).toMatch(/\snot sent\s/);
    const json = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
    const records = JSON.parse(json.stdout) as {
      id: number;
      status: unknown;
      status_word: unknown;
      error: unknown;
    }[];
    expect(records.find((record) => record.id === written[0]?.id)).toMatchObject({
      status: null,
      status_word: 'not sent',
      error: CONNECT_REFUSAL,
    });
    expect(records.find((record) => record.id === written[2]?.id)).toMatchObject({ status_word: 'failed' });
  });
});
