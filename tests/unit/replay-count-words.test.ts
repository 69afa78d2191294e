import { describe, expect, it } from 'vitest';
import {
  replayCauseLines,
  replayCountParts,
  replayCountWords,
  replayDoneWords,
  replaySentWords,
} from '../../src/shared/replay-count-words';
import { startingProgress } from '../../src/shared/replay';
import { recordStatusWord, refusedBeforeSending } from '../../src/shared/record-status';

const progress = (failures: number, unanswered: number, notSent = 0) => ({
  ...startingProgress('run', 3),
  failures,
  unanswered,
  notSent,
});

/**
 * A run's counts in its records' words (record-status.ts): a send cancelled once sent whole read
 * `unanswered` on its record and "1 failed" in red in the Replay view and the CLI's summary.
 */
describe("a replay run's counts", () => {
  it('say unanswered for sends sent whole with no answer, failed for the rest', () => {
    expect(replayCountWords(progress(0, 1))).toBe('1 unanswered');
    expect(replayCountWords(progress(2, 1))).toBe('2 failed, 1 unanswered');
    expect(replayCountWords(progress(1, 0))).toBe('1 failed');
    expect(replayCountWords(progress(0, 0))).toBe('0 failed');
  });

  it('name each count by the status word of its records', () => {
    const unanswered = recordStatusWord({ status: null, error: 'x', unanswered: true });
    const failed = recordStatusWord({ status: null, error: 'x', unanswered: false });
    expect(replayCountParts(progress(2, 1))).toEqual([
      { count: 2, word: failed, kind: 'failed' },
      { count: 1, word: unanswered, kind: 'unanswered' },
    ]);
  });

  // A stored CONNECT replayed alone read "1 / 1 sent … 1 failed": nothing had left.
  it('say not sent for sends refused or cancelled before anything left, apart from failed', () => {
    expect(replayCountWords(progress(0, 0, 1))).toBe('1 not sent');
    expect(replayCountWords(progress(1, 0, 2))).toBe('1 failed, 2 not sent');
    expect(replayCountWords(progress(0, 1, 1))).toBe('1 unanswered, 1 not sent');
    expect(replayCountParts(progress(0, 0, 1))).toEqual([
      {
        count: 1,
        word: recordStatusWord({ status: null, error: null, notSent: 'unsent' }),
        kind: 'not_sent',
      },
    ]);
  });

  it('say how many of the total are done, never "sent"', () => {
    expect(replayDoneWords({ ...progress(0, 0, 1), done: 1, total: 1 })).toBe('1 of 1 done');
    expect(replayDoneWords({ ...progress(0, 0, 0), done: 1000, total: 2000 })).toBe('1,000 of 2,000 done');
  });

  // The Replay view's headline: a run whose one send was refused read "1 of 1 done" beside
  // "1 not sent", and before that "1 / 1 sent … 1 failed".
  it('say how many of the total went, in the Replay view', () => {
    expect(replaySentWords({ ...progress(0, 0, 1), sent: 0, total: 1 })).toBe('0 of 1 sent');
    expect(replaySentWords({ ...progress(0, 0, 0), sent: 1000, total: 2000 })).toBe('1,000 of 2,000 sent');
  });

  it('print each cause under its word, once: a refusal already saying "Not sent:" is not said twice', () => {
    const run = {
      ...progress(1, 0, 1),
      causes: ['The target answered 500.'],
      notSentCauses: ['Not sent: a CONNECT request asks for a tunnel.'],
    };
    expect(replayCauseLines(run)).toEqual([
      'failed: The target answered 500.',
      'not sent: a CONNECT request asks for a tunnel.',
    ]);
  });
});

/** Which replay records a run counts as not sent (replay-send.ts reads each record so). */
describe('a send of which nothing left', () => {
  const failure = (kind: string) => ({ failure: { kind, message: 'x', code: null } });
  it('is one refused by the console or cancelled before written whole, never a tried one', () => {
    expect(refusedBeforeSending(null, 'x', failure('not_sent'))).toBe(true);
    expect(refusedBeforeSending(null, 'x', failure('cancelled'))).toBe(true);
    expect(refusedBeforeSending(null, 'x', failure('cancelled_after_sending'))).toBe(false);
    expect(refusedBeforeSending(null, 'x', failure('refused'))).toBe(false);
    expect(refusedBeforeSending(null, 'x', failure('other'))).toBe(false);
    expect(refusedBeforeSending(200, null, undefined)).toBe(false);
  });
});
