import { describe, expect, it } from 'vitest';
import type { RunSummary, StoredRunStatus } from '../../src/shared/scenarios/stored-runs';
import {
  dismissNotice,
  isFolderTabRun,
  NO_RUN_NOTICES,
  noticesAfterRead,
} from '../../src/renderer/src/features/scenarios/run-notices';

const run = (id: number, status: StoredRunStatus): RunSummary => ({
  id,
  startedAt: '2026-11-30T10:00:00.000Z',
  finishedAt: status === 'running' || status === 'interrupted' ? null : '2026-11-30T10:00:12.000Z',
  frontDoor: 'cli',
  profileName: 'Local',
  paths: ['scenarios'],
  source: null,
  status,
  totals: { scenarios: 1, passed: 1, failed: 0, errors: 0, skipped: 0 },
});
const nobody = () => false;

describe("the Folder tab's notices of runs it did not start", () => {
  it('keeps the notice of a run seen under way once it has ended, however it ended', () => {
    const seen = noticesAfterRead(NO_RUN_NOTICES, [run(26, 'running')], nobody);
    expect(seen.ids).toEqual([26]);
    for (const status of ['passed', 'failed', 'cancelled', 'interrupted'] as const)
      expect(noticesAfterRead(seen, [run(26, status)], nobody).ids).toEqual([26]);
  });

  it('has none for a run that had ended before it was seen', () => {
    expect(noticesAfterRead(NO_RUN_NOTICES, [run(3, 'passed')], nobody).ids).toEqual([]);
  });

  it('drops an ended notice when dismissed, and does not bring it back', () => {
    const ended = noticesAfterRead(
      noticesAfterRead(NO_RUN_NOTICES, [run(5, 'running')], nobody),
      [run(5, 'passed')],
      nobody,
    );
    const dismissed = dismissNotice(ended, 5);
    expect(dismissed.ids).toEqual([]);
    expect(noticesAfterRead(dismissed, [run(5, 'passed')], nobody).ids).toEqual([]);
  });

  it('replaces ended notices with a run started after them, keeping those still under way', () => {
    let notices = noticesAfterRead(NO_RUN_NOTICES, [run(2, 'running'), run(1, 'running')], nobody);
    notices = noticesAfterRead(notices, [run(2, 'running'), run(1, 'passed')], nobody);
    expect(notices.ids).toEqual([1, 2]);
    notices = noticesAfterRead(notices, [run(3, 'running'), run(2, 'running'), run(1, 'passed')], nobody);
    expect(notices.ids).toEqual([2, 3]);
  });

  it("never has one for the tab's own run, even one taken for another's before it was known", () => {
    const own = { runId: 'mine', storedId: null };
    const here = [{ id: 7, runId: 'mine', planned: 1, finished: 0, running: [] }];
    // Read before this console listed it among its runs under way: not known as the tab's yet.
    let notices = noticesAfterRead(NO_RUN_NOTICES, [run(7, 'running')], (r) => isFolderTabRun(r, [], own));
    expect(notices.ids).toEqual([7]);
    notices = noticesAfterRead(notices, [run(7, 'running')], (r) => isFolderTabRun(r, here, own));
    expect(notices.ids).toEqual([]);
    // Ended, it is the one the tab's summary names.
    const ended = { runId: null, storedId: 7 };
    expect(noticesAfterRead(notices, [run(7, 'passed')], (r) => isFolderTabRun(r, [], ended)).ids).toEqual(
      [],
    );
  });
});
