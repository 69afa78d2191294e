import { describe, expect, it } from 'vitest';
import {
  answerLine,
  importedWithoutAnswer,
  noResponseLine,
} from '../../src/renderer/src/features/timeline/detail/answer-line';
import { IMPORTED_NO_ANSWER_WORDS } from '../../src/shared/record-status';

// An imported request still waiting when its console exported it read "Waiting for the answer…"
// here, as if this console were waiting: it says where the missing answer stands instead.
describe("a record's answer line", () => {
  it("says an imported record's missing answer is the file's, not a wait of this console's", () => {
    expect(answerLine({ status: null, imported: true }, false)).toBe(
      'No answer in the imported file: the console that recorded it had none yet when it exported.',
    );
    expect(answerLine({ status: null, imported: false }, false)).toBe('Waiting for the answer…');
  });

  it('reads an answer the same whether imported or not', () => {
    expect(answerLine({ status: 200, imported: true }, true)).toBe('Answered successfully.');
    expect(answerLine({ status: 409, imported: false }, false)).toBe('Answered 409.');
  });
});

// The Response tab of an imported webhook whose file held no answer said "No answer yet.", as if
// this console were still waiting for one; its header said `no answer`.
describe("the Response tab's line when no answer is stored", () => {
  const none = { status: null, error: null, notSent: null } as const;

  it("says an imported record's missing answer is the file's", () => {
    expect(noResponseLine({ ...none, imported: true })).toBe(IMPORTED_NO_ANSWER_WORDS);
    expect(importedWithoutAnswer({ ...none, imported: true })).toBe(true);
  });

  it("keeps this console's own wait, failure and refusal in their words", () => {
    expect(noResponseLine({ ...none, imported: false })).toBe('No answer yet.');
    expect(importedWithoutAnswer({ ...none, imported: false })).toBe(false);
    expect(noResponseLine({ ...none, error: 'connect ECONNREFUSED', imported: true })).toBe(
      'No answer: connect ECONNREFUSED',
    );
    expect(importedWithoutAnswer({ ...none, error: 'connect ECONNREFUSED', imported: true })).toBe(false);
    expect(noResponseLine({ ...none, notSent: 'dropped', imported: true })).toBe(
      'Not sent: never sent (dropped)',
    );
    expect(importedWithoutAnswer({ ...none, notSent: 'dropped', imported: true })).toBe(false);
  });
});
