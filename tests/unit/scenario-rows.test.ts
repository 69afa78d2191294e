import { describe, expect, it } from 'vitest';
import {
  idle,
  lastStoredResults,
  refusedRun,
  rowsWithStoredResults,
  settledRows,
  type ScenarioRow,
} from '../../src/renderer/src/features/scenarios/scenario-rows';
import type { ScenarioOutline, ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import type { FolderStoredRun } from '../../src/shared/scenarios/stored-runs';

// The Scenarios view's rows around a run: a row left queued kept the view "running" for good.
const outline = (file: string): ScenarioOutline => ({
  file,
  name: file,
  description: null,
  steps: [{ kind: 'set', title: 'set a', line: 3 }],
});
const row = (file: string, status: ScenarioRow['status']): ScenarioRow => ({
  ...idle(outline(file)),
  status,
});

describe('rows once a run is over', () => {
  it('puts a row the run never reported on back to idle, and keeps the results of the others', () => {
    const rows = [row('a.yaml', 'passed'), row('b.yaml', 'queued'), row('c.yaml', 'running')];
    expect(settledRows(rows).map((settled) => settled.status)).toEqual(['passed', 'idle', 'idle']);
  });
});

describe('a run refused because a chosen file no longer loads', () => {
  const broken = { file: 'b.yaml', line: 3, column: 11, field: 'steps[0].step', message: 'is wrong' };
  it("says so in the command line's words", () => {
    expect(refusedRun([broken], []).error).toBe(
      'b.yaml:3:11: steps[0].step: is wrong\n1 problem in 1 scenario file; nothing was run.',
    );
  });
  it('adds the problem to the file problems once', () => {
    const other = { ...broken, file: 'c.yaml' };
    expect(refusedRun([broken], [other, broken]).problems).toEqual([other, broken]);
    expect(refusedRun([broken], [other]).problems).toEqual([other, broken]);
  });
});

describe("a folder's cards after a reload", () => {
  const result = (file: string, status: ScenarioResult['status'], startedAt: string): ScenarioResult => ({
    file,
    name: file,
    status,
    startedAt,
    durationMs: 5,
    steps: [],
    orderIds: [],
  });
  // As main answers for the opened folder /s: a result of its file names its card, any other none.
  const run = (id: number, folder: string, scenarios: ScenarioResult[]): FolderStoredRun => ({
    id,
    startedAt: '2026-11-30T10:00:00Z',
    finishedAt: null,
    frontDoor: 'browser',
    profileName: 'Local',
    paths: [folder],
    source: { kind: 'folder', folder },
    status: 'passed',
    totals: { scenarios: 0, passed: 0, failed: 0, errors: 0, skipped: 0 },
    scenarios: scenarios.map((scenario) => ({
      ...scenario,
      cardFile: folder === '/s' ? scenario.file : null,
    })),
  });
  it("takes each file's newest result of that folder, passing over a skip and other folders", () => {
    const last = lastStoredResults([
      run(4, '/elsewhere', [result('a.yaml', 'failed', 't4')]),
      run(3, '/s', [result('a.yaml', 'skipped', 't3'), result('b.yaml', 'error', 't3b')]),
      run(2, '/s', [result('a.yaml', 'passed', 't2'), result('b.yaml', 'passed', 't2b')]),
    ]);
    expect(last.get('a.yaml')?.result.status).toBe('passed');
    expect(last.get('a.yaml')?.run).toEqual({ runId: 2, startedAt: 't2', startedBy: null });
    expect(last.get('b.yaml')?.run).toEqual({ runId: 3, startedAt: 't3b', startedBy: null });
    expect(last.has('c.yaml')).toBe(false);
  });
  it('gives a newer stored result to a card showing none or an older one, not to one this tab ran', () => {
    const stored = lastStoredResults([
      run(2, '/s', [
        result('a.yaml', 'passed', 't2'),
        result('b.yaml', 'failed', 't2b'),
        result('c.yaml', 'passed', 't2c'),
      ]),
    ]);
    const older = { ...row('b.yaml', 'passed'), storedRun: { runId: 1, startedAt: 't1', startedBy: null } };
    const same = { ...row('d.yaml', 'passed'), storedRun: { runId: 2, startedAt: 't2d', startedBy: null } };
    const rows = [row('a.yaml', 'idle'), older, row('c.yaml', 'running'), same];
    const shown = rowsWithStoredResults(rows, stored);
    expect(shown.map((shownRow) => shownRow.status)).toEqual(['passed', 'failed', 'running', 'passed']);
    expect(shown[1]?.storedRun).toEqual({ runId: 2, startedAt: 't2b', startedBy: null });
    expect(shown[3]).toBe(same);
  });
});
