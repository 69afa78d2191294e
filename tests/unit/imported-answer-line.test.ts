import { describe, expect, it } from 'vitest';
import { answerLine } from '../../src/renderer/src/features/timeline/detail/answer-line';

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
