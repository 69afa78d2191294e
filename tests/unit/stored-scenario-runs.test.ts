import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { runSuite } from '../../src/main/scenarios/run-suite';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import { runAgainPlan } from '../../src/shared/scenarios/run-again';
import type { RunProgress, ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import { RUN_ALIVE_EVERY_MS, RUN_INTERRUPTED_AFTER_MS } from '../../src/shared/scenarios/stored-runs';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-stored-runs-');
afterAll(() => temp.remove());
afterEach(() => vi.useRealTimers());

function repository() {
  const db = new Database(':memory:');
  migrate(db, migrations);
  return { db, runs: createScenarioRunsRepository(db) };
}

const T0 = Date.parse('2026-11-28T10:00:00Z');

function startRun(runs: ReturnType<typeof repository>['runs'], n: number, startedMs = T0 + n * 1000) {
  return runs.startRun({
    uid: `run-${n}`,
    startedMs,
    frontDoor: n % 2 === 0 ? 'cli' : 'browser',
    profileId: 1,
    profileName: 'Local',
    paths: ['scenarios'],
    source: { kind: 'paths', cwd: '/work' },
  });
}

function result(name: string, status: ScenarioResult['status']): ScenarioResult {
  return {
    file: `scenarios/${name}.yaml`,
    name,
    status,
    startedAt: new Date(T0).toISOString(),
    durationMs: 12,
    orderIds: [],
    steps: [
      {
        index: 0,
        kind: 'wait',
        title: 'wait 1s',
        line: 4,
        status,
        startedAt: new Date(T0).toISOString(),
        durationMs: 12,
        message: null,
        checks: [],
        recordIds: [3],
      },
    ],
  };
}

describe('stored scenario runs, read back', () => {
  it('lists runs newest first with their counts, a page at a time', () => {
    const { runs } = repository();
    const first = startRun(runs, 1);
    runs.addResult(first, 0, result('a', 'passed'));
    runs.addResult(first, 1, result('b', 'failed'));
    runs.addResult(first, 2, result('c', 'error'));
    runs.addResult(first, 3, result('d', 'skipped'));
    runs.finishRun(first, T0 + 5000, 'failed');
    const second = startRun(runs, 2);
    runs.finishRun(second, T0 + 6000, 'passed');
    const third = startRun(runs, 3);

    const page = runs.summaries({ beforeId: null, limit: 2 }, T0 + 7000);
    expect(page.map((run) => run.id)).toEqual([third, second]);
    expect(page[0]).toMatchObject({ status: 'running', finishedAt: null, frontDoor: 'browser' });
    expect(page[1]?.totals).toEqual({ scenarios: 0, passed: 0, failed: 0, errors: 0, skipped: 0 });
    const next = runs.summaries({ beforeId: second, limit: 2 }, T0 + 7000);
    expect(next.map((run) => run.id)).toEqual([first]);
    expect(next[0]).toMatchObject({
      status: 'failed',
      profileName: 'Local',
      paths: ['scenarios'],
      startedAt: new Date(T0 + 1000).toISOString(),
      finishedAt: new Date(T0 + 5000).toISOString(),
      totals: { scenarios: 4, passed: 1, failed: 1, errors: 1, skipped: 1 },
    });
    // The whole run says the same as its line.
    const whole = runs.get(first, T0 + 7000);
    expect(whole?.totals).toEqual(next[0]?.totals);
    expect(whole?.scenarios.map((scenario) => scenario.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(whole?.scenarios[1]?.steps[0]?.recordIds).toEqual([3]);
  });

  it('reads a run whose process stopped marking it as interrupted, not running for ever', () => {
    const { runs } = repository();
    const id = startRun(runs, 1, T0);
    expect(runs.get(id, T0 + RUN_INTERRUPTED_AFTER_MS)?.status).toBe('running');
    expect(runs.get(id, T0 + RUN_INTERRUPTED_AFTER_MS + 1)?.status).toBe('interrupted');
    // A mark made since keeps it running.
    runs.markAlive(id, T0 + RUN_INTERRUPTED_AFTER_MS);
    expect(runs.get(id, T0 + RUN_INTERRUPTED_AFTER_MS + 1)?.status).toBe('running');
    expect(runs.summaries({ beforeId: null, limit: 1 }, T0 + 3 * RUN_INTERRUPTED_AFTER_MS)[0]?.status).toBe(
      'interrupted',
    );
    // An ended run is what it ended as, however old; a late mark does not reopen it.
    runs.finishRun(id, T0 + 1000, 'passed');
    runs.markAlive(id, T0 + 10 * RUN_INTERRUPTED_AFTER_MS);
    expect(runs.get(id, T0 + 10 * RUN_INTERRUPTED_AFTER_MS)).toMatchObject({ status: 'passed' });
  });
});

describe('the run to run again', () => {
  it('is the newest that ended and matches; one running, interrupted or without a source is passed over', () => {
    const { db, runs } = repository();
    const ended = startRun(runs, 1);
    runs.addResult(ended, 0, result('a', 'passed'));
    runs.addResult(ended, 1, result('b', 'failed'));
    runs.addResult(ended, 2, result('c', 'skipped'));
    runs.finishRun(ended, T0 + 5000, 'failed');
    startRun(runs, 2); // still running
    const older = startRun(runs, 3);
    runs.finishRun(older, T0 + 6000, 'passed');
    // Stored before runs kept their source, and one whose stored source no reader can use.
    db.prepare('UPDATE scenario_runs SET source = NULL WHERE id = ?').run(older);
    const hostile = startRun(runs, 4);
    runs.finishRun(hostile, T0 + 7000, 'passed');
    db.prepare(`UPDATE scenario_runs SET source = '{"kind":"folder"' WHERE id = ?`).run(hostile);

    expect(runs.get(hostile)?.source).toBeNull();
    expect(runs.get(older)?.source).toBeNull();
    const found = runs.latestEnded((run) => run.source?.kind === 'paths');
    expect(found?.id).toBe(ended);
    expect(runs.latestEnded((run) => run.paths.includes('elsewhere'))).toBeUndefined();
    // Failed and skipped (it never ran) did not pass; each file once, in run order.
    expect(found === undefined ? null : runAgainPlan(found)).toEqual({
      kind: 'files',
      source: { kind: 'paths', cwd: '/work' },
      files: ['scenarios/b.yaml', 'scenarios/c.yaml'],
    });
    const without = runs.get(older);
    expect(without === undefined ? null : runAgainPlan(without)).toMatchObject({ kind: 'refused' });
  });

  it('is refused while running or once interrupted, and has nothing in a run that passed', () => {
    const { runs } = repository();
    const id = startRun(runs, 1, T0);
    runs.addResult(id, 0, result('a', 'failed'));
    const plan = (nowMs: number) => {
      const run = runs.get(id, nowMs);
      return run === undefined ? null : runAgainPlan(run);
    };
    expect(plan(T0)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('still running') });
    expect(plan(T0 + 2 * RUN_INTERRUPTED_AFTER_MS)).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('interrupted'),
    });
    const passed = startRun(runs, 2);
    runs.addResult(passed, 0, result('a', 'passed'));
    runs.finishRun(passed, T0 + 3000, 'passed');
    const run = runs.get(passed);
    expect(run === undefined ? null : runAgainPlan(run)).toEqual({
      kind: 'nothing',
      reason: `Every scenario of run #${passed} passed: nothing to run again.`,
    });
  });
});

function scenarioFolder(name: string, steps: string): string {
  const folder = join(temp.dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'one.yaml'), `name: ${name}\nsteps:\n${steps}`);
  return folder;
}

function runOptions(runs: ReturnType<typeof repository>['runs']) {
  return {
    // The suite masks profile secrets in what it stores: none here.
    services: { profiles: { secretsHere: () => ({ secrets: [], unopened: [] }) } } as never,
    runs,
    queued: <T>(write: () => T) => Promise.resolve().then(write),
    profile: { id: 1, fields: { name: 'Local' } } as never,
    frontDoor: 'cli',
    paths: ['x'],
    source: { kind: 'paths' as const, cwd: '/work' },
    confirmLive: false,
    parallel: 1,
    bail: false,
    env: {},
    signal: new AbortController().signal,
    prompt: () => undefined,
    onProgress: () => undefined,
  };
}

describe('a run under way', () => {
  it('is marked alive while it runs, so a long run never reads as interrupted', async () => {
    vi.useFakeTimers({ now: T0 });
    const { runs } = repository();
    const suite = loadScenarios([scenarioFolder('long', '  - step: wait\n    for: 3m\n')], temp.dir);
    expect(suite.problems).toEqual([]);
    const running = runSuite(suite.scenarios, runOptions(runs));
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    const [under] = runs.summaries({ beforeId: null, limit: 1 }, Date.now());
    expect(under?.status).toBe('running');
    await vi.advanceTimersByTimeAsync(60_000 + RUN_ALIVE_EVERY_MS);
    const report = await running;
    expect(runs.get(report.storedId, Date.now())?.status).toBe('passed');
  });

  it('that cannot store a scenario ends as interrupted at once, and says why to its caller', async () => {
    const { runs } = repository();
    const suite = loadScenarios([scenarioFolder('broken', '  - step: wait\n    for: 1ms\n')], temp.dir);
    const failing = {
      ...runs,
      addResult: () => {
        throw new Error('disk I/O error');
      },
    };
    await expect(runSuite(suite.scenarios, runOptions(failing))).rejects.toThrow('disk I/O error');
    const [stored] = runs.summaries({ beforeId: null, limit: 1 });
    expect(stored?.status).toBe('interrupted');
    expect(stored?.finishedAt).not.toBeNull();
  });
  // On a full disk `test` died with SQLite's bare "database or disk is full", printed no line of
  // the scenario it could not store, and the stored run said otherwise ("1 error so far").
  it("that fills the disk says so in the writer's words, shows what it ran and names what was not saved", async () => {
    const { runs } = repository();
    const folder = scenarioFolder('full-disk', '  - step: wait\n    for: 1ms\n');
    writeFileSync(join(folder, 'two.yaml'), 'name: second\nsteps:\n  - step: wait\n    for: 1ms\n');
    writeFileSync(join(folder, 'three.yaml'), 'name: third\nsteps:\n  - step: wait\n    for: 1ms\n');
    const suite = loadScenarios([folder], temp.dir);
    expect(suite.scenarios).toHaveLength(3);
    let stored = 0;
    const full = {
      ...runs,
      addResult: (...args: Parameters<typeof runs.addResult>) => {
        if (stored++ === 1) throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
        runs.addResult(...args);
      },
    };
    const shown: string[] = [];
    const options = {
      ...runOptions(full),
      onProgress: (progress: RunProgress) => {
        if (progress.type === 'scenario-finished') shown.push(progress.result.name);
      },
    };
    const error = await runSuite(suite.scenarios, options).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(String(error)).toContain(
      "the data directory's disk is full (SQLite: database or disk is full); the write it was making was not saved",
    );
    expect(String(error)).toContain(
      'the result of third (full-disk/three.yaml) was not saved, and 1 scenario was not run; run #1 keeps the 1 saved before it',
    );
    // The terminal shows the scenario it could not store; the stored run has what was saved.
    expect(shown).toEqual(['full-disk', 'third']);
    const [run] = runs.summaries({ beforeId: null, limit: 1 });
    expect(run).toMatchObject({ status: 'interrupted', totals: { scenarios: 1, passed: 1 } });
  });

  it('that cannot begin (its console closing as it starts) is not stored, and marks nothing alive after', async () => {
    vi.useFakeTimers({ now: T0 });
    const { runs } = repository();
    const suite = loadScenarios([scenarioFolder('closing', '  - step: wait\n    for: 1ms\n')], temp.dir);
    const marks: number[] = [];
    const closed = new TypeError('The database connection is not open');
    const options = {
      ...runOptions({ ...runs, markAlive: (_id: number, atMs: number) => void marks.push(atMs) }),
      // The profiles' secrets, which the run masks in what it stores, live in the closed store.
      services: {
        profiles: {
          secretsHere: () => {
            throw closed;
          },
        },
      } as never,
    };
    await expect(runSuite(suite.scenarios, options)).rejects.toBe(closed);
    // The mark every 10 s was left running for good, and wrote to the closed store: an uncaught
    // "The database connection is not open" every 10 s for as long as the process lived.
    await vi.advanceTimersByTimeAsync(3 * RUN_ALIVE_EVERY_MS);
    expect(marks).toEqual([]);
    expect(runs.summaries({ beforeId: null, limit: 1 })).toEqual([]);
  });
});
