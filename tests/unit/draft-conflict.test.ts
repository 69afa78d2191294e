import { describe, expect, it } from 'vitest';
import { draftConflictIssues, draftConflictWords } from '../../src/shared/draft-conflict';
import { instantFormat } from '../../src/renderer/src/ui/instant-format';

// The builder's "Draft changed elsewhere" dialog wrote every UTC instant in main's sentence in the
// window's zone, one inside the draft's name too: "baseline 2026-11-30T09:00:00Z" read as
// "baseline Nov 30, 2026, 12:00:00.000 GMT+3". Main now gives the stored name and time as data,
// and only that time is written the window's way.
describe("a draft's conflict, in the window's words", () => {
  const stored = { name: 'baseline 2026-11-30T09:00:00Z', updatedAt: '2026-11-30T21:00:01.426Z' };

  it('keeps the name as typed and writes only the stored time in the window’s zone', () => {
    expect(draftConflictWords(draftConflictIssues(stored), instantFormat('Asia/Riyadh').zoned)).toBe(
      'Draft "baseline 2026-11-30T09:00:00Z" was changed elsewhere (another tab, window or console) at Dec 01, 2026, 00:00:01.426 GMT+3, after it was opened here, so nothing was saved. Save yours as a new draft to keep both, or overwrite it.',
    );
  });

  it('says nothing for a conflict that is not a draft’s', () => {
    expect(draftConflictWords([{ path: 'theme', message: 'changed elsewhere' }], (iso) => iso)).toBeNull();
  });
});
