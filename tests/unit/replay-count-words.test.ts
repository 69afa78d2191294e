import { describe, expect, it } from 'vitest';
import { replayCountParts, replayCountWords, startingProgress } from '../../src/shared/replay';
import { recordStatusWord } from '../../src/shared/record-status';

const progress = (failures: number, unanswered: number) => ({
  ...startingProgress('run', 3),
  failures,
  unanswered,
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
});
