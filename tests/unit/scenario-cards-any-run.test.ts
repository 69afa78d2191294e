import { posix, win32 } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderCards, type PathWays } from '../../src/main/scenarios/folder-card-files';
import { folderStoredResults } from '../../src/main/scenarios/folder-stored-results';
import { lastStoredResults } from '../../src/renderer/src/features/scenarios/scenario-rows';
import type { ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import type { RunSource, StoredRun } from '../../src/shared/scenarios/stored-runs';

// The Scenarios view's cards read only runs the view started of that very folder: after
// `checkout-console test .` in it (run #23), or `test suite/a.yaml`, the cards still showed
// run #18, or NOT RUN, even after a reload, where the docs promise any run updates them.
const result = (file: string, status: ScenarioResult['status']): ScenarioResult => ({
  file,
  name: file,
  status,
  startedAt: `t${file}`,
  durationMs: 5,
  steps: [],
  orderIds: [],
});
const run = (id: number, source: RunSource, scenarios: ScenarioResult[], frontDoor = 'cli'): StoredRun => ({
  id,
  startedAt: '2026-11-30T10:00:00Z',
  finishedAt: null,
  frontDoor,
  profileName: 'Local',
  // What it was given: the view its folder, `test` the files it ran (named as it names them).
  paths: source.kind === 'folder' ? [source.folder] : scenarios.map(({ file }) => file),
  source,
  status: 'passed',
  totals: { scenarios: 0, passed: 0, failed: 0, errors: 0, skipped: 0 },
  scenarios,
});
/**
 * The cards' newest results as the view reads them: main matches `runs` (newest first) to the
 * cards `files` of `folder` (storedResultsOfFolder), the view takes each card's newest.
 */
const asWritten: PathWays = { path: posix, real: (full) => full };
function cardsOf(folder: string, files: string[], runs: StoredRun[], ways = asWritten) {
  const stored = { runSummaries: () => runs, storedRun: (id: number) => runs.find((one) => one.id === id) };
  return lastStoredResults(folderStoredResults(stored, folder, files, ways));
}
const shown = (last: ReturnType<typeof lastStoredResults>) =>
  Object.fromEntries([...last].map(([file, { result: got, run: from }]) => [file, [got.status, from]]));

describe("a folder's cards and the runs of `test`", () => {
  it('take the newest run of each file, a `test` run of the folder or of a file in it included', () => {
    const last = cardsOf(
      '/qa/suite',
      ['a.yaml', 'b.yaml', 'c.yaml', 'deep/d.yaml'],
      [
        run(23, { kind: 'paths', cwd: '/qa/suite' }, [result('a.yaml', 'failed')]),
        run(22, { kind: 'paths', cwd: '/qa' }, [result('suite/b.yaml', 'error')]),
        run(21, { kind: 'paths', cwd: '/qa/suite/deep' }, [result('../c.yaml', 'passed')]),
        run(20, { kind: 'paths', cwd: '/qa/suite' }, [result('deep/d.yaml', 'passed')]),
        run(18, { kind: 'folder', folder: '/qa/suite' }, [result('a.yaml', 'passed')], 'browser'),
      ],
    );
    const byTest = (runId: number, file: string) => ({
      runId,
      startedAt: `t${file}`,
      startedBy: 'checkout-console test',
    });
    expect(shown(last)).toEqual({
      'a.yaml': ['failed', byTest(23, 'a.yaml')],
      'b.yaml': ['error', byTest(22, 'suite/b.yaml')],
      'c.yaml': ['passed', byTest(21, '../c.yaml')],
      'deep/d.yaml': ['passed', byTest(20, 'deep/d.yaml')],
    });
  });

  it("says nothing of where the view's own runs came from", () => {
    const last = cardsOf(
      '/qa/suite',
      ['a.yaml'],
      [run(18, { kind: 'folder', folder: '/qa/suite' }, [result('a.yaml', 'passed')], 'browser')],
    );
    expect(last.get('a.yaml')?.run).toEqual({ runId: 18, startedAt: 'ta.yaml', startedBy: null });
  });

  it('never counts a file of the same name elsewhere, nor a folder whose name only begins alike', () => {
    const last = cardsOf(
      '/qa/suite',
      ['a.yaml'],
      [
        run(30, { kind: 'paths', cwd: '/qa/other' }, [result('a.yaml', 'failed')]),
        run(29, { kind: 'paths', cwd: '/qa' }, [result('suite2/a.yaml', 'failed')]),
        run(28, { kind: 'paths', cwd: '/qa/suite' }, [result('../a.yaml', 'failed')]),
        run(27, { kind: 'folder', folder: '/qa/other' }, [result('a.yaml', 'failed')], 'browser'),
        run(26, { kind: 'paths', cwd: '/elsewhere' }, [result('/qa/other/a.yaml', 'failed')]),
      ],
    );
    expect(shown(last)).toEqual({});
  });

  it('takes a view run of a folder above as its files there', () => {
    const last = cardsOf(
      '/qa/suite',
      ['a.yaml'],
      [run(31, { kind: 'folder', folder: '/qa' }, [result('suite/a.yaml', 'passed')], 'desktop')],
    );
    expect(last.get('a.yaml')?.run.runId).toBe(31);
  });

  it('matches Windows paths, either separator, the drive in any case', () => {
    // As main answers where the console runs on Windows.
    const windows: PathWays = { path: win32, real: (full) => full };
    const last = cardsOf(
      'C:\\qa\\suite',
      ['a.yaml', 'deep\\b.yaml', 'c.yaml'],
      [
        run(40, { kind: 'paths', cwd: 'c:\\qa' }, [result('suite\\a.yaml', 'failed')]),
        run(39, { kind: 'paths', cwd: 'C:\\qa\\suite' }, [result('deep/b.yaml', 'passed')]),
        run(38, { kind: 'paths', cwd: 'D:\\qa\\suite' }, [result('c.yaml', 'passed')]),
      ],
      windows,
    );
    expect([...last.keys()]).toEqual(['a.yaml', 'deep\\b.yaml']);
  });
});

// `test good/e.yaml` passed (#39), then `test goodlink/e.yaml` failed (#40), goodlink → good: the
// card of good/ still showed #39's pass. Main says where each name really leads (links resolved).
describe("a folder's cards and a run through a symbolic link", () => {
  const linked: PathWays = { path: posix, real: (full) => full.replace(/^\/t\/goodlink(?=\/|$)/, '/t/good') };
  const named = (id: number, file: string, status: ScenarioResult['status']) =>
    run(id, { kind: 'paths', cwd: '/t' }, [result(file, status)]);

  it('takes the newest run of the file, whichever name it ran under', () => {
    const runs = [named(40, 'goodlink/e.yaml', 'failed'), named(39, 'good/e.yaml', 'passed')];
    expect(cardsOf('/t/good', ['e.yaml'], runs, linked).get('e.yaml')?.run.runId).toBe(40);
    expect(cardsOf('/t/goodlink', ['e.yaml'], runs, linked).get('e.yaml')?.run.runId).toBe(40);
  });

  it('lets a run through the link be read for the folder it leads to', () => {
    const summary = { paths: ['goodlink/e.yaml'], source: { kind: 'paths' as const, cwd: '/t' } };
    expect(folderCards('/t/good', ['e.yaml'], asWritten).mayHaveRun(summary)).toBe(false);
    expect(folderCards('/t/good', ['e.yaml'], linked).mayHaveRun(summary)).toBe(true);
    const other = { ...summary, paths: ['other/e.yaml'] };
    expect(folderCards('/t/good', ['e.yaml'], linked).mayHaveRun(other)).toBe(false);
  });
});
