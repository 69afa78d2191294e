import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { createScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import type { ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import { runSummarySchema } from '../../src/shared/scenarios/stored-runs';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// One BLOB in a text column of a stored run (front_door, profile_name, a step's message) broke
// every reader of runs: `runs`, `runs N` and `history --run N` failed with "runs[0].frontDoor:
// must be text, not an object", and an empty front_door printed "started … by  on profile
// Local". Every column is read by its type, and a damaged one is named as the others are
// (docs/data-safety.md "No stored row breaks a reader").
const temp = makeTempDir('cc-damaged-run-text-');
const dataDir = join(temp.dir, 'data');
afterAll(() => temp.remove());

const T0 = Date.parse('2026-11-28T10:00:00Z');

function scenario(name: string): ScenarioResult {
  return {
    file: `scenarios/${name}.yaml`,
    name,
    status: 'passed',
    startedAt: new Date(T0).toISOString(),
    durationMs: 12,
    orderIds: [],
    steps: [0, 1].map((index) => ({
      index,
      kind: 'wait' as const,
      title: `wait ${index + 1}`,
      line: 4 + index,
      status: 'passed' as const,
      startedAt: new Date(T0).toISOString(),
      durationMs: 6,
      message: 'waited 5 ms',
      checks: [],
      recordIds: [],
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
      runs.addResult(id, 0, scenario('first'));
      runs.finishRun(id, T0 + 1000 + n, 'passed');
    }
    db.prepare("UPDATE scenario_runs SET front_door = x'ff' WHERE id = 1").run();
    db.prepare("UPDATE scenario_runs SET profile_name = x'ff', front_door = '' WHERE id = 2").run();
    db.prepare(
      `UPDATE scenario_steps SET message = x'fffe'
       WHERE position = 1 AND result_id = (SELECT id FROM scenario_results WHERE run_id = 3)`,
    ).run();
  } finally {
    db.close();
  }
});

const FRONT_DOOR_DAMAGED =
  "Run #1's stored front door is damaged in the database (not what the console writes)";
const BOTH_DAMAGED =
  "Run #2's stored front door and profile name are damaged in the database (not what the console writes)";
const MESSAGE_DAMAGED =
  "Run #3's scenario 1 (first) step 2's stored message is damaged in the database (not what the console writes)";

describe('a BLOB or an empty value in a text column of a stored run', () => {
  it('is named by the repository, and every run is listed', () => {
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const runs = createScenarioRunsRepository(db);
      const list = runs.summaries({ beforeId: null, limit: 10 });
      expect(list.map((run) => [run.id, run.damaged ?? null])).toEqual([
        [3, null],
        [2, BOTH_DAMAGED],
        [1, FRONT_DOOR_DAMAGED],
      ]);
      expect(list[2]?.profileName).toBe('Local');
      const third = runs.get(3);
      expect(third?.scenarios[0]?.status).toBe('error');
      expect(third?.scenarios[0]?.steps[0]?.message).toBe('waited 5 ms');
      expect(third?.scenarios[0]?.steps[1]).toMatchObject({ status: 'error', message: MESSAGE_DAMAGED });
      // The list counts it as `runs 3` shows it.
      expect(list[0]?.totals).toMatchObject({ passed: 0, errors: 1 });
    } finally {
      db.close();
    }
  });

  it('leaves `runs` and `runs --json` listing every run, naming the damaged ones', async () => {
    const list = await runCliCaptured(['--data-dir', dataDir, 'runs']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^#3\s+\S+\s+passed\s+1 error\s/m);
    expect(list.stdout).toMatch(/^#2\s.*\(damaged\)\s+\(damaged\)\s+scenarios$/m);
    expect(list.stdout).toMatch(/^#1\s.*Local\s+\(damaged\)\s+scenarios$/m);
    expect(list.stderr).toBe(`warning: ${BOTH_DAMAGED}\nwarning: ${FRONT_DOOR_DAMAGED}\n`);
    const json = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(runSummarySchema.array().parse(JSON.parse(json.stdout))).toHaveLength(3);
  });

  it('shows `runs N` with the damage named, never an empty value as stored', async () => {
    const first = await runCliCaptured(['--data-dir', dataDir, 'runs', '1']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('by (damaged) on profile Local');
    expect(first.stdout).toContain(FRONT_DOOR_DAMAGED);
    const second = await runCliCaptured(['--data-dir', dataDir, 'runs', '2']);
    expect(second.stdout).toContain('by (damaged) on profile (damaged)');
    expect(second.stdout).not.toContain('by  on');
    const third = await runCliCaptured(['--data-dir', dataDir, 'runs', '3']);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toContain(MESSAGE_DAMAGED);
  });

  it('leaves `history --run N` reading the run', async () => {
    for (const run of ['1', '2', '3']) {
      const history = await runCliCaptured(['--data-dir', dataDir, 'history', '--run', run]);
      expect(history.code, `${run}: ${history.stderr}`).toBe(0);
    }
  });
});
