import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { createScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import type { ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import { runSummarySchema, storedRunSchema } from '../../src/shared/scenarios/stored-runs';
import { junitSchemaErrors } from './helpers/junit-schema';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// One damaged row of the stored runs (a hand edit, a bad copy) made `runs` and `runs --json`
// fail for every run ('"nope" is not valid JSON'), and `runs N` (pretty or junit) give nothing:
// docs/data-safety.md "No stored row breaks a reader".
const temp = makeTempDir('cc-damaged-runs-');
const dataDir = join(temp.dir, 'data');
afterAll(() => temp.remove());

const T0 = Date.parse('2026-11-28T10:00:00Z');

function scenario(name: string, steps: number): ScenarioResult {
  return {
    file: `scenarios/${name}.yaml`,
    name,
    status: 'passed',
    startedAt: new Date(T0).toISOString(),
    durationMs: 12,
    orderIds: ['order-1'],
    steps: Array.from({ length: steps }, (_, index) => ({
      index,
      kind: 'wait' as const,
      title: `wait ${index + 1}`,
      line: 4 + index,
      status: 'passed' as const,
      startedAt: new Date(T0).toISOString(),
      durationMs: 6,
      message: null,
      checks: [{ what: 'status', expected: 200, actual: 200, passed: true }],
      recordIds: [3],
    })),
  };
}

beforeAll(async () => {
  expect((await runCliCaptured(['--data-dir', dataDir, 'profiles', 'list'])).code).toBe(0);
  const db = openDatabase(join(dataDir, 'console.sqlite'));
  try {
    const runs = createScenarioRunsRepository(db);
    for (const n of [1, 2, 3]) {
      const id = runs.startRun({
        uid: `run-${n}`,
        startedMs: T0 + n,
        frontDoor: 'cli',
        profileId: 1,
        profileName: 'Local',
        paths: ['scenarios'],
        source: { kind: 'paths', cwd: temp.dir },
      });
      runs.addResult(id, 0, scenario('first', 2));
      runs.addResult(id, 1, scenario('second', 2));
      runs.finishRun(id, T0 + 1000 + n, 'passed');
    }
    // Run #1's paths; run #2's second scenario's time; run #3's first scenario's second step.
    db.prepare("UPDATE scenario_runs SET paths = 'nope' WHERE id = 1").run();
    db.prepare("UPDATE scenario_results SET duration_ms = 'slow' WHERE run_id = 2 AND position = 1").run();
    db.prepare(
      `UPDATE scenario_steps SET checks = 'not json', started_ms = 'abc'
       WHERE position = 1 AND result_id = (SELECT id FROM scenario_results WHERE run_id = 3 AND position = 0)`,
    ).run();
  } finally {
    db.close();
  }
});

describe('a damaged row of the stored runs', () => {
  it('is named by the repository, and the rest read as stored', () => {
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const runs = createScenarioRunsRepository(db);
      const list = runs.summaries({ beforeId: null, limit: 10 });
      expect(list.map((run) => run.id)).toEqual([3, 2, 1]);
      expect(list[2]?.damaged).toBe(
        "Run #1's stored paths is damaged in the database (not what the console writes)",
      );
      expect(list[0]?.damaged).toBeUndefined();
      expect(list[0]?.paths).toEqual(['scenarios']);

      const second = runs.get(2);
      expect(second?.scenarios[0]?.status).toBe('passed');
      expect(second?.scenarios[1]).toMatchObject({
        status: 'error',
        damaged:
          "Run #2's scenario 2 (second)'s stored duration is damaged in the database (not what the console writes)",
      });

      const third = runs.get(3);
      const [first] = third?.scenarios ?? [];
      expect(first?.status).toBe('error');
      expect(first?.steps[0]).toMatchObject({ status: 'passed', checks: [{ what: 'status' }] });
      expect(first?.steps[1]).toMatchObject({
        status: 'error',
        message:
          "Run #3's scenario 1 (first) step 2's stored start time and checks are damaged in the database (not what the console writes)",
        checks: [],
      });
      expect(third?.scenarios[1]?.status).toBe('passed');
      expect(third?.totals).toMatchObject({ passed: 1, errors: 1 });
    } finally {
      db.close();
    }
  });

  it('leaves `runs` and `runs --json` listing every run, naming the damaged one', async () => {
    const list = await runCliCaptured(['--data-dir', dataDir, 'runs']);
    expect(list.code, list.stderr).toBe(0);
    // Counted as `runs 3` shows it: the scenario whose step is damaged is an error.
    expect(list.stdout).toMatch(/^#3\s+\S+\s+passed\s+1 passed, 1 error\s/m);
    expect(list.stdout).toMatch(/^#2\s+\S+\s+passed\s+1 passed, 1 error\s/m);
    expect(list.stdout).toMatch(/^#1\s/m);
    expect(list.stderr).toBe(
      "warning: Run #1's stored paths is damaged in the database (not what the console writes)\n",
    );
    const json = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const runs = runSummarySchema.array().parse(JSON.parse(json.stdout));
    expect(runs.map((run) => [run.id, run.damaged ?? null])).toEqual([
      [3, null],
      [2, null],
      [1, "Run #1's stored paths is damaged in the database (not what the console writes)"],
    ]);
  });

  it('shows one run with its damaged step or scenario named, as text, JSON and JUnit', async () => {
    const shown = await runCliCaptured(['--data-dir', dataDir, 'runs', '3']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      "! 2. wait 2 (line 5)  6 ms  Run #3's scenario 1 (first) step 2's stored start time and checks are damaged",
    );
    expect(shown.stdout).toContain('✓ second');
    const other = await runCliCaptured(['--data-dir', dataDir, 'runs', '2']);
    expect(other.stdout).toContain(
      "Run #2's scenario 2 (second)'s stored duration is damaged in the database",
    );
    const json = await runCliCaptured(['--data-dir', dataDir, 'runs', '3', '--reporter', 'json']);
    expect(storedRunSchema.parse(JSON.parse(json.stdout)).scenarios[0]?.status).toBe('error');

    const junit = await runCliCaptured(['--data-dir', dataDir, 'runs', '3', '--reporter', 'junit']);
    expect(junit.code, junit.stderr).toBe(0);
    expect(junitSchemaErrors(junit.stdout, temp.dir)).toBeNull();
    expect(junit.stdout).toMatch(/<testsuites [^>]*tests="2" failures="0" errors="1"/);
    expect(junit.stdout).toContain(
      `<error message="step 2 (line 5) wait 2: Run #3's scenario 1 (first) step 2's stored start time and checks are damaged in the database (not what the console writes)" type="StepError">`,
    );
    const scenarioLevel = await runCliCaptured(['--data-dir', dataDir, 'runs', '2', '--reporter', 'junit']);
    expect(junitSchemaErrors(scenarioLevel.stdout, temp.dir)).toBeNull();
    expect(scenarioLevel.stdout).toContain(
      `<error message="Run #2's scenario 2 (second)'s stored duration is damaged in the database (not what the console writes)" type="DamagedRecord">`,
    );
    const listed = await runCliCaptured(['--data-dir', dataDir, 'runs', '1']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("Run #1's stored paths is damaged in the database");
  });
});
