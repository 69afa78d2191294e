import { z } from 'zod';
import { damagedPartsWords, UNREADABLE_AT } from '../../shared/damaged-record-words';
import {
  checkResultSchema,
  resultStatusSchema,
  STEP_KINDS,
  type ScenarioResult,
  type StepResult,
} from '../../shared/scenarios/scenario-results';
import {
  runSourceSchema,
  runStatusNow,
  STORED_RUN_STATUSES,
  type RunSource,
  type RunSummary,
} from '../../shared/scenarios/stored-runs';
import type { RunTotals } from '../../shared/scenarios/scenario-results';
import {
  readStoredJson,
  readStoredNumber,
  readStoredTime,
  UNREADABLE,
  type Unreadable,
} from './stored-columns';

/**
 * The stored runs' rows as their readers get them (`runs`, the Scenarios view's Earlier runs,
 * run again). A column changed by something other than the console (a hand edit, a bad copy)
 * is read through stored-columns.ts: never its empty value passed off as stored, never a
 * failure of the whole list. The run, scenario or step is named with the damaged columns in the
 * damaged-record words, and it reads as an error, so no report is green over what it cannot read
 * (docs/data-safety.md "No stored row breaks a reader").
 */

export interface RunRow {
  id: number;
  uid: string;
  started_ms: unknown;
  finished_ms: unknown;
  front_door: string;
  profile_name: string;
  paths: unknown;
  status: string;
  alive_ms: number | null;
  source: string | null;
}

export interface ResultRow {
  id: number;
  position: number;
  file: string;
  name: string;
  started_ms: unknown;
  duration_ms: unknown;
  status: string;
  order_ids: unknown;
}

export interface StepRow {
  position: number;
  kind: string;
  title: string;
  line: unknown;
  started_ms: unknown;
  duration_ms: unknown;
  status: string;
  message: string | null;
  checks: unknown;
  record_ids: unknown;
}

const ids = z.array(z.number().int());
const strings = z.array(z.string());
const checks = z.array(checkResultSchema);
const stepKind = z.enum(STEP_KINDS);

/** Reads a row's columns, keeping the words of those that could not be read. */
function columnReader() {
  const damaged: string[] = [];
  return {
    damaged,
    read<T>(value: T | Unreadable, words: string, instead: T): T {
      if (value !== UNREADABLE) return value;
      damaged.push(words);
      return instead;
    },
  };
}

/** A run's source, or null: none stored (an older run), or one no reader can use. */
function sourceOf(text: string | null): RunSource | null {
  if (text === null) return null;
  const source = readStoredJson(text, runSourceSchema);
  return source === UNREADABLE ? null : source;
}

export function runSummaryOf(row: RunRow, totals: RunTotals, nowMs: number): RunSummary {
  const column = columnReader();
  const summary: RunSummary = {
    id: row.id,
    startedAt: column.read(readStoredTime(row.started_ms), 'start time', UNREADABLE_AT),
    finishedAt:
      row.finished_ms === null
        ? null
        : column.read(readStoredTime(row.finished_ms), 'end time', UNREADABLE_AT),
    frontDoor: row.front_door,
    profileName: row.profile_name,
    paths: column.read(readStoredJson(row.paths, strings), 'paths', []),
    source: sourceOf(row.source),
    status: runStatusNow(
      z.enum(STORED_RUN_STATUSES).parse(row.status),
      // A damaged start time dates nothing: a run marked alive never is read as interrupted by it.
      row.alive_ms ?? (typeof row.started_ms === 'number' ? row.started_ms : nowMs),
      nowMs,
    ),
    totals,
  };
  return column.damaged.length === 0
    ? summary
    : { ...summary, damaged: damagedPartsWords(`Run #${row.id}`, column.damaged) };
}

function stepOf(row: StepRow, owner: string): { step: StepResult; damaged: boolean } {
  const column = columnReader();
  const kind = stepKind.safeParse(row.kind);
  const step: StepResult = {
    index: row.position,
    // A kind no step has is said as damaged; the step's title still says what it was.
    kind: column.read(kind.success ? kind.data : UNREADABLE, 'kind', 'set'),
    title: row.title,
    line: column.read(
      row.line === null || (typeof row.line === 'number' && Number.isInteger(row.line))
        ? row.line
        : UNREADABLE,
      'line',
      null,
    ),
    status: resultStatusSchema.parse(row.status),
    startedAt: column.read(readStoredTime(row.started_ms), 'start time', UNREADABLE_AT),
    durationMs: column.read(readStoredNumber(row.duration_ms), 'duration', 0),
    message: row.message,
    checks: column.read(readStoredJson(row.checks, checks), 'checks', []),
    recordIds: column.read(readStoredJson(row.record_ids, ids), 'record ids', []),
  };
  if (column.damaged.length === 0) return { step, damaged: false };
  // What it checked or saw is not known: an error, whatever its stored status, never a pass.
  return {
    step: {
      ...step,
      status: 'error',
      message: damagedPartsWords(`${owner} step ${row.position + 1}`, column.damaged),
    },
    damaged: true,
  };
}

/** A stored scenario with its steps (its position counts from 0, as stored). */
export function scenarioOf(runId: number, row: ResultRow, steps: readonly StepRow[]): ScenarioResult {
  const owner = `Run #${runId}'s scenario ${row.position + 1} (${row.name})`;
  const column = columnReader();
  const read: ScenarioResult = {
    file: row.file,
    name: row.name,
    status: resultStatusSchema.parse(row.status),
    startedAt: column.read(readStoredTime(row.started_ms), 'start time', UNREADABLE_AT),
    durationMs: column.read(readStoredNumber(row.duration_ms), 'duration', 0),
    orderIds: column.read(readStoredJson(row.order_ids, strings), 'order ids', []),
    steps: [],
  };
  const stepsRead = steps.map((step) => stepOf(step, owner));
  read.steps = stepsRead.map(({ step }) => step);
  const stepDamaged = stepsRead.some(({ damaged }) => damaged);
  if (column.damaged.length > 0)
    return { ...read, status: 'error', damaged: damagedPartsWords(owner, column.damaged) };
  return stepDamaged ? { ...read, status: 'error' } : read;
}

const NUMBER_SQL = (column: string) => `typeof(${column}) NOT IN ('integer', 'real')`;

/**
 * SQL true for a scenario (`s`, null where a run has none) that scenarioOf reads as damaged (a
 * column of its own or of one of its steps), so the list counts it as the error `runs N` shows.
 * JSON columns are judged as JSON only; the shape of what parses is the reader's.
 */
export const DAMAGED_SCENARIO_SQL = `s.id IS NOT NULL AND (${NUMBER_SQL('s.started_ms')} OR ${NUMBER_SQL('s.duration_ms')}
  OR NOT json_valid(s.order_ids)
  OR EXISTS (SELECT 1 FROM scenario_steps t WHERE t.result_id = s.id AND (
    ${NUMBER_SQL('t.started_ms')} OR ${NUMBER_SQL('t.duration_ms')}
    OR NOT json_valid(t.checks) OR NOT json_valid(t.record_ids)
    OR (t.line IS NOT NULL AND typeof(t.line) != 'integer')
    OR t.kind NOT IN (${STEP_KINDS.map((kind) => `'${kind}'`).join(', ')}))))`;
