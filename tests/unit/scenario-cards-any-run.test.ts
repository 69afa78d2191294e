import { describe, expect, it } from 'vitest';
import { mayHaveRunFilesOf } from '../../src/renderer/src/features/scenarios/folder-result-files';
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
  paths: source.kind === 'folder' ? [source.folder] : ['.'],
  source,
  status: 'passed',
  totals: { scenarios: 0, passed: 0, failed: 0, errors: 0, skipped: 0 },
  scenarios,
});
const shown = (last: ReturnType<typeof lastStoredResults>) =>
  Object.fromEntries([...last].map(([file, { result: got, run: from }]) => [file, [got.status, from]]));

describe("a folder's cards and the runs of `test`", () => {
  it('take the newest run of each file, a `test` run of the folder or of a file in it included', () => {
    const last = lastStoredResults('/qa/suite', [
      run(23, { kind: 'paths', cwd: '/qa/suite' }, [result('a.yaml', 'failed')]),
      run(22, { kind: 'paths', cwd: '/qa' }, [result('suite/b.yaml', 'error')]),
      run(21, { kind: 'paths', cwd: '/qa/suite/deep' }, [result('../c.yaml', 'passed')]),
      run(20, { kind: 'paths', cwd: '/qa/suite' }, [result('deep/d.yaml', 'passed')]),
      run(18, { kind: 'folder', folder: '/qa/suite' }, [result('a.yaml', 'passed')], 'browser'),
    ]);
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
    const last = lastStoredResults('/qa/suite', [
      run(18, { kind: 'folder', folder: '/qa/suite' }, [result('a.yaml', 'passed')], 'browser'),
    ]);
    expect(last.get('a.yaml')?.run).toEqual({ runId: 18, startedAt: 'ta.yaml', startedBy: null });
  });

  it('never counts a file of the same name elsewhere, nor a folder whose name only begins alike', () => {
    const last = lastStoredResults('/qa/suite', [
      run(30, { kind: 'paths', cwd: '/qa/other' }, [result('a.yaml', 'failed')]),
      run(29, { kind: 'paths', cwd: '/qa' }, [result('suite2/a.yaml', 'failed')]),
      run(28, { kind: 'paths', cwd: '/qa/suite' }, [result('../a.yaml', 'failed')]),
      run(27, { kind: 'folder', folder: '/qa/other' }, [result('a.yaml', 'failed')], 'browser'),
      run(26, { kind: 'paths', cwd: '/elsewhere' }, [result('/qa/other/a.yaml', 'failed')]),
    ]);
    expect(shown(last)).toEqual({});
  });

  it('takes a view run of a folder above as its files there', () => {
    const last = lastStoredResults('/qa/suite', [
      run(31, { kind: 'folder', folder: '/qa' }, [result('suite/a.yaml', 'passed')], 'desktop'),
    ]);
    expect(last.get('a.yaml')?.run.runId).toBe(31);
  });

  it('matches Windows paths, either separator, the drive in any case', () => {
    const last = lastStoredResults('C:\\qa\\suite', [
      run(40, { kind: 'paths', cwd: 'c:\\qa' }, [result('suite\\a.yaml', 'failed')]),
      run(39, { kind: 'paths', cwd: 'C:\\qa\\suite' }, [result('deep/b.yaml', 'passed')]),
      run(38, { kind: 'paths', cwd: 'D:\\qa\\suite' }, [result('c.yaml', 'passed')]),
    ]);
    expect([...last.keys()]).toEqual(['a.yaml', 'deep\\b.yaml']);
  });
});

// `test good/e.yaml` passed (#39), then `test goodlink/e.yaml` failed (#40), goodlink → good: the
// card of good/ still showed #39's pass. Main says where each name really leads (links resolved).
describe("a folder's cards and a run through a symbolic link", () => {
  const real = { 'good/e.yaml': '/t/good/e.yaml', 'goodlink/e.yaml': '/t/good/e.yaml' };
  const keyed = (id: number, file: keyof typeof real, status: ScenarioResult['status']) => ({
    ...run(id, { kind: 'paths', cwd: '/t' }, [result(file, status)]),
    realFiles: { [file]: real[file] },
  });
  const cards = new Map([['/t/good/e.yaml', 'e.yaml']]);

  it('takes the newest run of the file, whichever name it ran under', () => {
    const runs = [keyed(40, 'goodlink/e.yaml', 'failed'), keyed(39, 'good/e.yaml', 'passed')];
    expect(lastStoredResults('/t/good', runs, cards).get('e.yaml')?.run.runId).toBe(40);
    expect(lastStoredResults('/t/goodlink', runs, cards).get('e.yaml')?.run.runId).toBe(40);
  });

  it('lets a run through the link be read for the folder it leads to', () => {
    const summary = { paths: ['goodlink/e.yaml'], source: { kind: 'paths' as const, cwd: '/t' } };
    expect(mayHaveRunFilesOf('/t/good', summary)).toBe(false);
    expect(mayHaveRunFilesOf('/t/good', summary, { realPaths: ['/t/good/e.yaml'], cards })).toBe(true);
    expect(mayHaveRunFilesOf('/t/good', summary, { realPaths: ['/t/other/e.yaml'], cards })).toBe(false);
  });
});
