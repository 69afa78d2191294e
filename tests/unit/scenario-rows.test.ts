import { describe, expect, it } from 'vitest';
import {
  idle,
  refusedRun,
  settledRows,
  type ScenarioRow,
} from '../../src/renderer/src/features/scenarios/scenario-rows';
import type { ScenarioOutline } from '../../src/shared/scenarios/scenario-results';

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
