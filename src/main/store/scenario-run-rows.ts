import { z } from 'zod';
import { damagedPartsWords, UNREADABLE_AT } from '../../shared/damaged-record-words';
import {
  checkResultSchema,
  STEP_KINDS,
  type ScenarioResult,
  type StepResult,
} from '../../shared/scenarios/scenario-results';
import {
  FRONT_DOORS,
  runSourceSchema,
  runStatusNow,
  STORED_RUN_STATUSES,
  UNREADABLE_RUN_TEXT,
  type RunSource,
  type RunSummary,
} from '../../shared/scenarios/stored-runs';
import { RESULT_STATUSES, type RunTotals } from '../../shared/scenarios/scenario-results';
import {
  readStoredJson,
  readStoredNumber,
  readStoredText,
  readStoredTime,
  readStoredWord,
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
  uid: unknown;
  started_ms: unknown;
  finished_ms: unknown;
  front_door: unknown;
  profile_name: unknown;
  paths: unknown;
  status: unknown;
  alive_ms: unknown;
  source: unknown;
}

export interface ResultRow {
  id: number;
  position: number;
  file: unknown;
  name: unknown;
  started_ms: unknown;
  duration_ms: unknown;
  status: unknown;
  order_ids: unknown;
}

export interface StepRow {
  position: number;
  kind: unknown;
  title: unknown;
  line: unknown;
  started_ms: unknown;
  duration_ms: unknown;
  status: unknown;
  message: unknown;
  checks: unknown;
  record_ids: unknown;
}

const ids = z.array(z.number().int());
const strings = z.array(z.string());
const checks = z.array(checkResultSchema);

/** A profile name the console stored: text, never empty (it names a profile). */
function readProfileName(value: unknown): string | Unreadable {
  const text = readStoredText(value);
  return text === '' ? UNREADABLE : text;
}

/** A run's uid as startRun stores it: text, never empty. */
function readRunUid(value: unknown): string | Unreadable {
  const text = readStoredText(value);
  return text === '' ? UNREADABLE : text;
}

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

/** A run's source, or null where none is stored (a run stored before migration 020 kept it). */
function readSource(value: unknown): RunSource | null | Unreadable {
  return value === null ? null : readStoredJson(value, runSourceSchema);
}

/**
 * When a run last said it was under way (migration 018's `alive_ms`, null before its first mark):
 * a whole number that is a time, as markAlive writes Date.now(). Anything else ('soon', a BLOB,
 * 1e300) is UNREADABLE: read as a time, it kept a run whose process was long gone running for ever.
 */
function readAliveMark(value: unknown): number | null | Unreadable {
  if (value === null) return null;
  return typeof value === 'number' && Number.isInteger(value) && readStoredTime(value) !== UNREADABLE
    ? value
    : UNREADABLE;
}

/**
 * The last time the run is known to have been under way: its mark, else its start (a run stored
 * before the marks, or not marked yet); null where neither can be read. A mark damaged while its
 * process lives is written again within RUN_ALIVE_EVERY_MS.
 */
function lastAliveMs(aliveMark: number | null, startedMs: unknown): number | null {
  if (aliveMark !== null) return aliveMark;
  return typeof startedMs === 'number' && readStoredTime(startedMs) !== UNREADABLE ? startedMs : null;
}

export function runSummaryOf(row: RunRow, totals: RunTotals, nowMs: number): RunSummary {
  const column = columnReader();
  // Read by nothing the run shows (its process finds its number by it), but damaged all the same.
  column.read(readRunUid(row.uid), 'uid', '');
  const summary: RunSummary = {
    id: row.id,
    startedAt: column.read(readStoredTime(row.started_ms), 'start time', UNREADABLE_AT),
    finishedAt:
      row.finished_ms === null
        ? null
        : column.read(readStoredTime(row.finished_ms), 'end time', UNREADABLE_AT),
    frontDoor: column.read(readStoredWord(row.front_door, FRONT_DOORS), 'front door', UNREADABLE_RUN_TEXT),
    profileName: column.read(readProfileName(row.profile_name), 'profile name', UNREADABLE_RUN_TEXT),
    paths: column.read(readStoredJson(row.paths, strings), 'paths', []),
    // Damaged, it is no source: the run is never taken for a run of the same paths, nor run again.
    source: column.read(readSource(row.source), 'source', null),
    status: runStatusNow(
      // A run whose end is not known reads as one that stopped before it, never as passed.
      column.read(readStoredWord(row.status, STORED_RUN_STATUSES), 'status', 'interrupted'),
      lastAliveMs(column.read(readAliveMark(row.alive_ms), 'alive mark', null), row.started_ms),
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
  const step: StepResult = {
    index: row.position,
    // A kind no step has is said as damaged; the step's title still says what it was.
    kind: column.read(readStoredWord(row.kind, STEP_KINDS), 'kind', 'set'),
    title: column.read(readStoredText(row.title), 'title', ''),
    line: column.read(
      row.line === null || (typeof row.line === 'number' && Number.isInteger(row.line))
        ? row.line
        : UNREADABLE,
      'line',
      null,
    ),
    // Damaged, the step is an error whatever it stored (below).
    status: column.read(readStoredWord(row.status, RESULT_STATUSES), 'status', 'error'),
    startedAt: column.read(readStoredTime(row.started_ms), 'start time', UNREADABLE_AT),
    durationMs: column.read(readStoredNumber(row.duration_ms), 'duration', 0),
    message: column.read(row.message === null ? null : readStoredText(row.message), 'message', null),
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
  const column = columnReader();
  const name = column.read(readStoredText(row.name), 'name', '');
  const owner = `Run #${runId}'s scenario ${row.position + 1}${name === '' ? '' : ` (${name})`}`;
  const read: ScenarioResult = {
    file: column.read(readStoredText(row.file), 'file', ''),
    name,
    status: column.read(readStoredWord(row.status, RESULT_STATUSES), 'status', 'error'),
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
const TEXT_SQL = (column: string) => `typeof(${column}) != 'text'`;
const WORDS_SQL = (words: readonly string[]) => words.map((word) => `'${word}'`).join(', ');

/**
 * SQL true for a scenario (`s`, null where a run has none) that scenarioOf reads as damaged (a
 * column of its own or of one of its steps), so the list counts it as the error `runs N` shows.
 * JSON columns are judged as JSON only; the shape of what parses is the reader's.
 */
export const DAMAGED_SCENARIO_SQL = `s.id IS NOT NULL AND (${NUMBER_SQL('s.started_ms')} OR ${NUMBER_SQL('s.duration_ms')}
  OR NOT json_valid(s.order_ids) OR ${TEXT_SQL('s.file')} OR ${TEXT_SQL('s.name')}
  OR s.status NOT IN (${WORDS_SQL(RESULT_STATUSES)})
  OR EXISTS (SELECT 1 FROM scenario_steps t WHERE t.result_id = s.id AND (
    ${NUMBER_SQL('t.started_ms')} OR ${NUMBER_SQL('t.duration_ms')}
    OR NOT json_valid(t.checks) OR NOT json_valid(t.record_ids)
    OR ${TEXT_SQL('t.title')} OR (t.message IS NOT NULL AND ${TEXT_SQL('t.message')})
    OR t.status NOT IN (${WORDS_SQL(RESULT_STATUSES)})
    OR (t.line IS NOT NULL AND typeof(t.line) != 'integer')
    OR t.kind NOT IN (${WORDS_SQL(STEP_KINDS)}))))`;
