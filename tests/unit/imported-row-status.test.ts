import { describe, expect, it } from 'vitest';
import { answerLine } from '../../src/renderer/src/features/timeline/detail/answer-line';
import { statusWords } from '../../src/renderer/src/features/timeline/record-status-words';
import { recordStatus, recordStatusWord } from '../../src/shared/record-status';
import { forwardLine } from '../../src/main/cli/commands/listen-forward-line';
import { timelineSummary } from './helpers/timeline-summary';

// An imported record still waiting for its answer when it was exported showed `…` in its
// Timeline row's status, as if the answer were still coming; its detail said the file has none.
describe("an imported record's status with no answer in the file", () => {
  const pending = { status: null, error: null };

  it('reads "no answer", dimmed, with the detail\'s sentence as its why', () => {
    const words = statusWords({ ...pending, imported: true });
    expect(words).toMatchObject({ text: 'no answer', answered: false, color: 'var(--mantine-color-dimmed)' });
    expect(words.why).toBe(answerLine({ status: null, imported: true }, false));
  });

  it('leaves a record of this console still waiting as `…`, with no why', () => {
    expect(statusWords({ ...pending, imported: false })).toMatchObject({ text: '…', why: null });
    expect(statusWords(pending)).toMatchObject({ text: '…', why: null });
  });

  it('reads an imported answer, failure or refusal as any other', () => {
    expect(statusWords({ status: 200, error: null, imported: true })).toMatchObject({
      text: '200',
      why: null,
    });
    expect(statusWords({ status: null, error: 'x', imported: true })).toMatchObject({ text: 'failed' });
    expect(
      statusWords({ status: null, error: 'x', imported: true, notSent: 'refused_by_console' }),
    ).toMatchObject({ text: 'not sent' });
  });
});

// "Imported and waiting" was checked in six places (each view's `imported && waiting`); it is
// one reading of recordStatus now, so a view that switches on the reading cannot miss it.
describe('recordStatus of an import with no answer in its file', () => {
  it('is its own reading, never a wait', () => {
    expect(recordStatus({ status: null, error: null, imported: true })).toEqual({
      kind: 'no_answer_imported',
    });
    expect(recordStatus({ status: null, error: null, imported: false })).toEqual({ kind: 'waiting' });
    expect(recordStatusWord({ status: null, error: null, imported: true }, 'waiting')).toBe('no answer');
  });

  it("reads a forward's line in `listen` as no answer in the file, not a wait", () => {
    const line = forwardLine(
      timelineSummary(9, new Date(0), {
        kind: 'forward',
        url: 'http://127.0.0.1:3000/',
        relatedId: 4,
        status: null,
        imported: true,
      }),
    );
    expect(line).toContain('no answer in the imported file');
    expect(line).not.toContain('no answer yet');
  });
});
