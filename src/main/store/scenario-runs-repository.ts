import { runTotals, type ScenarioResult } from '../../shared/scenarios/scenario-results';
import { ENDED_RUN_STATUSES } from '../../shared/scenarios/run-again';
import type { RunSource, RunSummary, StoredRun } from '../../shared/scenarios/stored-runs';
import type { SqliteDatabase } from './connection';
import {
  DAMAGED_SCENARIO_SQL,
  runSummaryOf,
  scenarioOf,
  type ResultRow,
  type RunRow,
  type StepRow,
} from './scenario-run-rows';

export interface NewRun {
  uid: string;
  startedMs: number;
  frontDoor: string;
  profileId: number | null;
  profileName: string;
  paths: readonly string[];
  source: RunSource;
}

/** A run's row with the counts of its stored scenarios by status. */
interface SummaryRow extends RunRow {
  scenarios: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
}

export type ScenarioRunsRepository = ReturnType<typeof createScenarioRunsRepository>;

/** The stored runs of scenarios: a run, its scenarios, their steps (see migration 007). */
export function createScenarioRunsRepository(db: SqliteDatabase) {
  const statements = {
    insertRun: db.prepare(
      `INSERT INTO scenario_runs (uid, started_ms, front_door, profile_id, profile_name, paths, source)
       VALUES (@uid, @startedMs, @frontDoor, @profileId, @profileName, @paths, @source)`,
    ),
    finishRun: db.prepare<{ id: number; finishedMs: number; status: string }>(
      'UPDATE scenario_runs SET finished_ms = @finishedMs, status = @status WHERE id = @id',
    ),
    insertResult: db.prepare(
      `INSERT INTO scenario_results (run_id, position, file, name, started_ms, duration_ms, status, order_ids)
       VALUES (@runId, @position, @file, @name, @startedMs, @durationMs, @status, @orderIds)`,
    ),
    insertStep: db.prepare(
      `INSERT INTO scenario_steps
         (result_id, position, kind, title, line, started_ms, duration_ms, status, message, checks, record_ids)
       VALUES (@resultId, @position, @kind, @title, @line, @startedMs, @durationMs, @status, @message, @checks, @recordIds)`,
    ),
    markAlive: db.prepare<{ id: number; aliveMs: number }>(
      "UPDATE scenario_runs SET alive_ms = @aliveMs WHERE id = @id AND status = 'running'",
    ),
    run: db.prepare<[number], RunRow>('SELECT * FROM scenario_runs WHERE id = ?'),
    runByUid: db.prepare<[string], RunRow>('SELECT * FROM scenario_runs WHERE uid = ?'),
    // Newest first by number: a run's number is given when it starts, so it is its start order
    // across the processes sharing the file, and the primary key pages without a sort.
    summaries: db.prepare<{ beforeId: number | null; limit: number }, SummaryRow>(
      `SELECT r.*,
         count(s.id) AS scenarios,
         coalesce(sum(s.status = 'passed' AND NOT (${DAMAGED_SCENARIO_SQL})), 0) AS passed,
         coalesce(sum(s.status = 'failed' AND NOT (${DAMAGED_SCENARIO_SQL})), 0) AS failed,
         coalesce(sum(s.status = 'error' OR (${DAMAGED_SCENARIO_SQL})), 0) AS errors,
         coalesce(sum(s.status = 'skipped' AND NOT (${DAMAGED_SCENARIO_SQL})), 0) AS skipped
       FROM scenario_runs r LEFT JOIN scenario_results s ON s.run_id = r.id
       WHERE @beforeId IS NULL OR r.id < @beforeId
       GROUP BY r.id
       ORDER BY r.id DESC
       LIMIT @limit`,
    ),
    // What moves when a run starts (the newest number), finishes a scenario, says it is alive or
    // ends (it leaves the runs under way): read after each commit of another process. The times
    // are quoted: a BLOB hand-written there failed the mark ("JSON cannot hold BLOB values"),
    // and with it this console's following of every other process's writes.
    changeMark: db.prepare<[], { mark: string }>(
      `SELECT json_array(
         (SELECT max(id) FROM scenario_runs),
         (SELECT json_group_array(json_array(r.id, quote(r.started_ms), quote(r.alive_ms),
            (SELECT count(*) FROM scenario_results s WHERE s.run_id = r.id)))
          FROM scenario_runs r WHERE r.status = 'running')
       ) AS mark`,
    ),
    // Newest first; the caller stops at the first that matches (see latestEnded).
    ended: db.prepare<[], RunRow>(
      `SELECT * FROM scenario_runs
       WHERE status IN (${ENDED_RUN_STATUSES.map((status) => `'${status}'`).join(', ')}) AND source IS NOT NULL
       ORDER BY id DESC`,
    ),
    results: db.prepare<[number], ResultRow>(
      'SELECT * FROM scenario_results WHERE run_id = ? ORDER BY position',
    ),
    steps: db.prepare<[number], StepRow>(
      'SELECT * FROM scenario_steps WHERE result_id = ? ORDER BY position',
    ),
  };

  const addResult = db.transaction((runId: number, position: number, result: ScenarioResult) => {
    const resultId = Number(
      statements.insertResult.run({
        runId,
        position,
        file: result.file,
        name: result.name,
        startedMs: Date.parse(result.startedAt),
        durationMs: result.durationMs,
        status: result.status,
        orderIds: JSON.stringify(result.orderIds),
      }).lastInsertRowid,
    );
    for (const step of result.steps)
      statements.insertStep.run({
        resultId,
        position: step.index,
        kind: step.kind,
        title: step.title,
        line: step.line,
        startedMs: Date.parse(step.startedAt),
        durationMs: step.durationMs,
        status: step.status,
        message: step.message,
        checks: JSON.stringify(step.checks),
        recordIds: JSON.stringify(step.recordIds),
      });
  });

  const summaryOf = runSummaryOf;

  const read = (row: RunRow, nowMs: number): StoredRun => {
    const scenarios = scenariosOf(row.id);
    return { ...summaryOf(row, runTotals(scenarios), nowMs), scenarios };
  };

  const scenariosOf = (runId: number): ScenarioResult[] =>
    statements.results.all(runId).map((result) => scenarioOf(runId, result, statements.steps.all(result.id)));

  return {
    startRun(run: NewRun): number {
      return Number(
        statements.insertRun.run({
          ...run,
          paths: JSON.stringify(run.paths),
          source: JSON.stringify(run.source),
        }).lastInsertRowid,
      );
    },
    /** A finished scenario with all its steps, in one transaction. */
    addResult(runId: number, position: number, result: ScenarioResult): void {
      addResult(runId, position, result);
    },
    finishRun(
      id: number,
      finishedMs: number,
      status: 'passed' | 'failed' | 'cancelled' | 'interrupted',
    ): void {
      statements.finishRun.run({ id, finishedMs, status });
    },
    /** Marks a run still under way (see RUN_ALIVE_EVERY_MS); an ended run is left as it is. */
    markAlive(id: number, aliveMs: number): void {
      statements.markAlive.run({ id, aliveMs });
    },
    get(id: number, nowMs = Date.now()): StoredRun | undefined {
      const row = statements.run.get(id);
      return row === undefined ? undefined : read(row, nowMs);
    },
    /** The number of the run stored with this uid (its `runId` in progress), without its scenarios. */
    idOfUid(uid: string): number | undefined {
      return statements.runByUid.get(uid)?.id;
    },
    getByUid(uid: string, nowMs = Date.now()): StoredRun | undefined {
      const row = statements.runByUid.get(uid);
      return row === undefined ? undefined : read(row, nowMs);
    },
    /**
     * The newest run that ended (passed, failed, cancelled) and that `matches` (its source and
     * paths), with its scenarios; undefined when none does.
     */
    latestEnded(matches: (run: RunSummary) => boolean, nowMs = Date.now()): StoredRun | undefined {
      const empty = { scenarios: 0, passed: 0, failed: 0, errors: 0, skipped: 0 };
      let found: RunRow | undefined;
      // Its scenarios are read after the loop: the connection runs no other statement while it iterates.
      for (const row of statements.ended.iterate())
        if (matches(summaryOf(row, empty, nowMs))) {
          found = row;
          break;
        }
      return found === undefined ? undefined : read(found, nowMs);
    },
    /** The numbers of the runs that ended and that `matches`, newest first (read each with `get`). */
    endedIds(matches: (run: RunSummary) => boolean, nowMs = Date.now()): number[] {
      const empty = { scenarios: 0, passed: 0, failed: 0, errors: 0, skipped: 0 };
      const ids: number[] = [];
      for (const row of statements.ended.iterate())
        if (matches(summaryOf(row, empty, nowMs))) ids.push(row.id);
      return ids;
    },
    /**
     * A mark that changes whenever a run starts, finishes a scenario, says it is alive or ends,
     * cheap to read (the runs under way only): another process's writes to the runs are told by it.
     */
    changeMark(): string {
      return statements.changeMark.get()?.mark ?? '';
    },
    /** Newest first, `limit` of them, before run number `beforeId` when given (the next page). */
    summaries(page: { beforeId: number | null; limit: number }, nowMs = Date.now()): RunSummary[] {
      return statements.summaries.all(page).map((row) =>
        summaryOf(
          row,
          {
            scenarios: row.scenarios,
            passed: row.passed,
            failed: row.failed,
            errors: row.errors,
            skipped: row.skipped,
          },
          nowMs,
        ),
      );
    },
  };
}
