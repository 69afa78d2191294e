import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/main/store/events-repository';
import { unreachedOutcome, type StepContext } from '../../src/main/scenarios/step-context';
import type { TimelineSummary } from '../../src/shared/events';
import type { NetworkFailure } from '../../src/shared/merchant-api';
import { recordStatusWord } from '../../src/shared/record-status';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * A request written whole that then timed out, or whose connection closed before an answer, may
 * have been carried out as one cancelled after sending may: it read `failed` and "Network
 * failure: timeout". Its record is `unanswered` wherever a status is read (the summary, the
 * database's column and its filter, history --json, an export), read from the failure kind its
 * details store; a timeout stored before the kinds told the two apart stays `failed`.
 */
const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const FAILURES: NetworkFailure[] = [
  {
    kind: 'timeout_after_sending',
    message:
      'The whole request was sent, and no answer came within 30 s (timeout): it may have been carried out, so look on the timeline for what followed.',
    code: null,
  },
  {
    kind: 'reset_after_sending',
    message:
      '127.0.0.1:9 closed the connection after the whole request was sent, before answering (ECONNRESET): it may have been carried out, so look on the timeline for what followed.',
    code: 'ECONNRESET',
  },
  // Stored before the kinds said whether the request had gone: not known to have gone.
  { kind: 'timeout', message: 'No answer within 30 s (timeout).', code: null },
  {
    kind: 'reset',
    message: '127.0.0.1:9 closed the connection before answering (ECONNRESET).',
    code: 'ECONNRESET',
  },
];
const WORDS = ['unanswered', 'unanswered', 'failed', 'failed'];

const capture = (index: number, failure: (typeof FAILURES)[number]): NewEvent => ({
  kind: 'request',
  method: 'POST',
  url: `http://127.0.0.1:9/api/v1/orders/${ORDER}/capture`,
  path: `/api/v1/orders/${ORDER}/capture`,
  orderId: ORDER,
  requestBody: Buffer.from('{"amount":{"amount":"10.00","currency":"SAR"}}'),
  atMs: Date.parse('2026-01-15T10:00:00Z') + index * 60_000,
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
  written = opened.core.recorder.recordMany(FAILURES.map((failure, index) => capture(index, failure)));
  read = opened.core.eventsQuery.page({}, { limit: 10 }).items;
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

const wordsOf = (summaries: TimelineSummary[]) =>
  written.map((summary) => recordStatusWord(summaries.find((one) => one.id === summary.id) ?? summary));

describe('a request sent whole that timed out or was cut off', () => {
  it('is unanswered as written and as read back, in the database column too', () => {
    expect(wordsOf(written)).toEqual(WORDS);
    expect(wordsOf(read)).toEqual(WORDS);
    const db = new Database(join(dataDir, 'console.sqlite'), { readonly: true });
    const rows = db.prepare('SELECT unanswered FROM events ORDER BY id').all();
    db.close();
    expect(rows).toEqual(WORDS.map((word) => ({ unanswered: word === 'unanswered' ? 1 : 0 })));
  });

  it('is found by --status unanswered and says so in history --json and an export', async () => {
    const found = await runCliCaptured([
      '--data-dir',
      dataDir,
      'history',
      '--status',
      'unanswered',
      '--json',
    ]);
    expect((JSON.parse(found.stdout) as { id: number }[]).map((record) => record.id).sort()).toEqual(
      written
        .slice(0, 2)
        .map((summary) => summary.id)
        .sort(),
    );
    const listed = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
    const records = JSON.parse(listed.stdout) as { id: number; status_word: string }[];
    expect(written.map((summary) => records.find((record) => record.id === summary.id)?.status_word)).toEqual(
      WORDS,
    );
    const exported = await runCliCaptured(['--data-dir', dataDir, 'export', '--format', 'json']);
    const file = JSON.parse(exported.stdout) as { events: { status_word: string }[] };
    expect(file.events.map((event) => event.status_word)).toEqual(WORDS);
  });

  it("is a scenario step's error in the same words, never 'could not be reached'", () => {
    const context = { profile: { fields: { environment: 'sandbox' } } } as unknown as StepContext;
    const [timedOut, reset, oldTimeout] = FAILURES;
    const timeout = unreachedOutcome(context, timedOut, [1]);
    expect(timeout.unreached).toBe(
      'No answer: it was sent, and may have been carried out. The whole request was sent, and no answer came within 30 s (timeout): it may have been carried out, so look on the timeline for what followed.',
    );
    expect(timeout.sentUnanswered).toBe(true);
    expect(unreachedOutcome(context, reset, [2]).unreached).toMatch(
      /^No answer: it was sent, and may have been carried out\. 127\.0\.0\.1:9 closed the connection after/,
    );
    expect(unreachedOutcome(context, oldTimeout, [3]).unreached).toBe(
      'the service could not be reached: No answer within 30 s (timeout).',
    );
  });
});
