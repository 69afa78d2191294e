import { describe, expect, it } from 'vitest';
import { answerStatusWords } from '../../src/renderer/src/features/orders/answer-status-words';
import { statusWords } from '../../src/renderer/src/features/timeline/record-status-words';
import type { NetworkFailure } from '../../src/shared/merchant-api';
import { readableText } from '../../src/renderer/src/ui/readable-colors';

const failure = (kind: NetworkFailure['kind']): NetworkFailure => ({
  kind,
  message: `${kind} here`,
  code: null,
});

// The operation editor's answer badge and the Timeline's row read one record: the same word and
// the same hue. A request sent whole that got no answer read a red "no answer" in the editor
// beside an orange `unanswered` row.
describe("an operation answer's status badge", () => {
  it.each([
    ['cancelled_after_sending', 'unanswered', 'orange'],
    ['timeout_after_sending', 'unanswered', 'orange'],
    ['reset_after_sending', 'unanswered', 'orange'],
    ['refused', 'failed', 'red'],
    ['timeout', 'failed', 'red'],
  ] as const)('a %s failure reads %s in %s, as its Timeline row does', (kind, word, hue) => {
    const answer = answerStatusWords({ status: null, failure: failure(kind) });
    expect(answer).toEqual({ word, hue });
    const row = statusWords({
      status: null,
      error: `${kind} here`,
      unanswered: word === 'unanswered',
    });
    expect(row.text).toBe(answer.word);
    expect(row.color).toBe(readableText(answer.hue));
  });

  it('an answer reads its status in its class hue', () => {
    expect(answerStatusWords({ status: 200, failure: null })).toEqual({ word: '200', hue: 'green' });
    expect(answerStatusWords({ status: 401, failure: null }).word).toBe('401');
  });
});
