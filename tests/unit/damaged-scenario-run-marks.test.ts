import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { createScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import { runAgainPlan } from '../../src/shared/scenarios/run-again';
import { runSummarySchema } from '../../src/shared/scenarios/stored-runs';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A stored run's alive mark, uid and source were read as the console writes them, never by type.
// A hand-edited alive_ms ('soon', a BLOB, 1e300) made a run whose process was long gone read as
// running for ever (now - 'soon' is NaN, never past the minute), and a BLOB there failed the
// mark every console reads each second to follow other processes' runs ("JSON cannot hold BLOB
// values"). A damaged source read as none, unnamed: `--rerun N` said the run was "stored before
// runs kept where their files were read from". docs/data-safety.md "No stored row breaks a reader".
const temp = makeTempDir('cc-damaged-run-marks-');
const dataDir = join(temp.dir, 'data');
afterAll(() => temp.remove());

const T0 = Date.parse('2026-11-28T10:00:00Z');
const LATER = T0 + 3_600_000;

const damagedWords = (id: number, parts: string) =>
  `Run #${id}'s stored ${parts} damaged in the database (not what the console writes)`;

beforeAll(async () => {
  expect((await runCliCaptured(['--data-dir', dataDir, 'profiles', 'list'])).code).toBe(0);
  const db = openDatabase(join(dataDir, 'console.sqlite'));
  try {
    const runs = createScenarioRunsRepository(db);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const id = runs.startRun({
        uid: `run-${n}`,
        startedMs: T0 + n,
        frontDoor: 'cli',
        profileId: 1,
        profileName: 'Local',
        paths: ['scenarios'],
        source: { kind: 'paths', cwd: temp.dir },
      });
      runs.markAlive(id, T0 + 10_000);
      // Runs 1 to 4 were left running by a process long gone; 5 to 7 ended.
      if (n >= 5) runs.finishRun(id, T0 + 1000 + n, 'failed');
    }
    db.prepare("UPDATE scenario_runs SET alive_ms = 'soon' WHERE id = 1").run();
    db.prepare("UPDATE scenario_runs SET alive_ms = x'ff', started_ms = x'ff' WHERE id = 2").run();
    db.prepare('UPDATE scenario_runs SET alive_ms = 1e300 WHERE id = 3').run();
    // No mark, and a start time that dates nothing.
    db.prepare("UPDATE scenario_runs SET alive_ms = NULL, started_ms = 'then' WHERE id = 4").run();
    db.prepare("UPDATE scenario_runs SET source = 'elsewhere' WHERE id = 5").run();
    db.prepare("UPDATE scenario_runs SET source = x'7b7d' WHERE id = 6").run();
    db.prepare("UPDATE scenario_runs SET uid = x'01', source = 42 WHERE id = 7").run();
  } finally {
    db.close();
  }
});

describe('a damaged alive mark, uid or source of a stored run', () => {
  it('never reads a run whose process is gone as running, and names the column', () => {
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const runs = createScenarioRunsRepository(db);
      const list = runs.summaries({ beforeId: null, limit: 10 }, LATER);
      const byId = new Map(list.map((run) => [run.id, run]));
      expect(list.map((run) => [run.id, run.status])).toEqual([
        [7, 'failed'],
        [6, 'failed'],
        [5, 'failed'],
        [4, 'interrupted'],
        [3, 'interrupted'],
        [2, 'interrupted'],
        [1, 'interrupted'],
      ]);
      expect(byId.get(1)?.damaged).toBe(damagedWords(1, 'alive mark is'));
      expect(byId.get(2)?.damaged).toBe(damagedWords(2, 'start time and alive mark are'));
      expect(byId.get(3)?.damaged).toBe(damagedWords(3, 'alive mark is'));
      expect(byId.get(4)?.damaged).toBe(damagedWords(4, 'start time is'));
      expect(byId.get(5)?.damaged).toBe(damagedWords(5, 'source is'));
      expect(byId.get(6)?.damaged).toBe(damagedWords(6, 'source is'));
      expect(byId.get(7)?.damaged).toBe(damagedWords(7, 'uid and source are'));
      expect(runs.get(1, LATER)?.status).toBe('interrupted');
    } finally {
      db.close();
    }
  });

  it('still reads a damaged mark of a run marked alive since as running', () => {
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const runs = createScenarioRunsRepository(db);
      // Its start is an hour old; its process marks it again within RUN_ALIVE_EVERY_MS.
      expect(runs.get(1, T0 + 30_000)?.status).toBe('running');
      runs.markAlive(1, LATER);
      const marked = runs.get(1, LATER);
      expect(marked?.status).toBe('running');
      expect(marked?.damaged).toBeUndefined();
      db.prepare("UPDATE scenario_runs SET alive_ms = 'soon' WHERE id = 1").run();
    } finally {
      db.close();
    }
  });

  it('keeps the mark other processes follow readable', () => {
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const runs = createScenarioRunsRepository(db);
      const before = runs.changeMark();
      db.prepare("UPDATE scenario_runs SET alive_ms = x'fe' WHERE id = 2").run();
      expect(runs.changeMark()).not.toBe(before);
      db.prepare("UPDATE scenario_runs SET alive_ms = x'ff' WHERE id = 2").run();
    } finally {
      db.close();
    }
  });

  it('says a damaged source is why a run cannot run again, not that it is an older run', () => {
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const run = createScenarioRunsRepository(db).get(5, LATER);
      expect(run?.source).toBeNull();
      expect(run === undefined ? null : runAgainPlan(run)).toEqual({
        kind: 'refused',
        reason: `${damagedWords(5, 'source is')}: where its files were read from is not known; run scenarios again whole.`,
      });
    } finally {
      db.close();
    }
  });

  it('leaves `runs` listing every run, naming each damaged one', async () => {
    const list = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    expect(list.code, list.stderr).toBe(0);
    const runs = runSummarySchema.array().parse(JSON.parse(list.stdout));
    expect(runs.map((run) => run.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(runs.filter((run) => run.status === 'running')).toEqual([]);
    const warnings = list.stderr.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings, list.stderr).toHaveLength(7);
  });
});
