import { z } from 'zod';
import { countOf } from '../count-words';
import { formatRunTime, runTotalsSchema, scenarioResultSchema, type RunTotals } from './scenario-results';

/**
 * Runs of scenarios as they are stored: every run, from the Scenarios view of any window or
 * from `checkout-console test`, read back later (the view's "Earlier runs", `runs`).
 *
 * `running`: under way in some console process, which says so every RUN_ALIVE_EVERY_MS.
 * `interrupted`: it stopped before its end: stored as running, but its process stopped saying so
 * (it was closed or killed), or the run could not go on; the scenarios it finished are kept.
 */
export const STORED_RUN_STATUSES = ['running', 'passed', 'failed', 'cancelled', 'interrupted'] as const;
export type StoredRunStatus = (typeof STORED_RUN_STATUSES)[number];

/** How often a process running scenarios marks its run as still under way. */
export const RUN_ALIVE_EVERY_MS = 10_000;
/**
 * A run not marked for this long is taken as interrupted: several marks missed in a row, which a
 * busy writer (a retention of a million records takes 15 s) does not explain.
 */
export const RUN_INTERRUPTED_AFTER_MS = 60_000;

/**
 * Where a run read its files from, which its scenarios' `file` names are relative to: a folder
 * the Scenarios view opened (absolute, as the console resolved it), or the working directory
 * `test` ran in with the paths it was given. Null for a run stored before this was kept.
 */
export const runSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('folder'), folder: z.string() }),
  z.object({ kind: z.literal('paths'), cwd: z.string() }),
]);
export type RunSource = z.infer<typeof runSourceSchema>;

/** Where a run can be started: `test`, `serve`'s Scenarios view, the desktop app's. */
export const FRONT_DOORS = ['cli', 'browser', 'desktop'] as const;

/**
 * A run's text (its front door, its profile's name) damaged in the database, read as '' (the
 * console never stores it empty; the run's `damaged` names the column), and how views say it.
 */
export const UNREADABLE_RUN_TEXT = '';
const DAMAGED_TEXT_WORDS = '(damaged)';

/** A run's profile name, or `(damaged)` where its stored one could not be read. */
export function runProfileWords(profileName: string): string {
  return profileName === UNREADABLE_RUN_TEXT ? DAMAGED_TEXT_WORDS : profileName;
}

/** One stored run, without its scenarios: a line of the list. */
export const runSummarySchema = z.object({
  /** The run's number (scenario_runs.id): "run #12". */
  id: z.number().int(),
  startedAt: z.string(),
  /** Null while it runs, and for one interrupted. */
  finishedAt: z.string().nullable(),
  /** Where it was started: `cli` (`test`), `browser` (`serve`'s view) or `desktop`; '' if damaged. */
  frontDoor: z.string(),
  /** '' where the stored name is damaged (UNREADABLE_RUN_TEXT). */
  profileName: z.string(),
  /** The folder or paths it ran. */
  paths: z.array(z.string()),
  source: runSourceSchema.nullable(),
  status: z.enum(STORED_RUN_STATUSES),
  /** Of the scenarios finished and stored so far (all of them once it has ended). */
  totals: runTotalsSchema,
  /** Which of the run's own stored columns could not be read, in the damaged-record words. */
  damaged: z.string().optional(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const storedRunSchema = runSummarySchema.extend({
  scenarios: z.array(scenarioResultSchema),
});
export type StoredRun = z.infer<typeof storedRunSchema>;

/**
 * A stored run as an opened folder's cards read it: each result with the card file it is of, as
 * the folder names its files, or null when it is of none of them (another folder's file of the
 * same name, one outside the folder). Main matches them (folder-card-files.ts).
 */
export const folderStoredRunSchema = storedRunSchema.extend({
  scenarios: z.array(scenarioResultSchema.extend({ cardFile: z.string().nullable() })),
});
export type FolderStoredRun = z.infer<typeof folderStoredRunSchema>;

/**
 * The run's status as it stands: one stored as running whose process went quiet was interrupted.
 * `lastAliveMs` null: nothing dates it (its mark and start damaged in the database); read as
 * interrupted, never as running for ever, as its process, if alive, marks it again within
 * RUN_ALIVE_EVERY_MS.
 */
export function runStatusNow(
  stored: StoredRunStatus,
  lastAliveMs: number | null,
  nowMs: number,
): StoredRunStatus {
  if (stored !== 'running') return stored;
  return lastAliveMs === null || nowMs - lastAliveMs > RUN_INTERRUPTED_AFTER_MS ? 'interrupted' : stored;
}

/** `3 passed, 1 failed`: a run's counts that are not zero, as its line in a list says them. */
export function runCountWords(totals: RunTotals): string {
  const parts = [
    totals.passed > 0 ? `${totals.passed} passed` : '',
    totals.failed > 0 ? `${totals.failed} failed` : '',
    totals.errors > 0 ? countOf(totals.errors, 'error') : '',
    totals.skipped > 0 ? `${totals.skipped} skipped` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'none finished' : parts.join(', ');
}

/**
 * `10 passed, 0 failed, 1 error in 1.5 s`: a run's counts and time (an error is a scenario that
 * could not run, not a failure); `runOutcomeWords` adds how it ended.
 */
function runResultWords(totals: RunTotals, durationMs: number | null): string {
  const parts = [`${totals.passed} passed`, `${totals.failed} failed`];
  if (totals.errors > 0) parts.push(countOf(totals.errors, 'error'));
  if (totals.skipped > 0) parts.push(`${totals.skipped} skipped`);
  return `${parts.join(', ')}${durationMs === null ? '' : ` in ${formatRunTime(durationMs)}`}`;
}

/** How a run ended, after its counts; nothing for one that passed or failed. */
const RUN_ENDING_WORDS: Record<StoredRunStatus, string> = {
  passed: '',
  failed: '',
  cancelled: ' (cancelled)',
  running: ' so far (still running)',
  interrupted: ' (interrupted before its end)',
};

/**
 * `0 passed, 0 failed, 2 skipped in 2.0 s (cancelled)`: a run's counts, its time and how it
 * ended, as `test` and `runs` end their report and the Scenarios view heads a run it started.
 * A run stored as running or interrupted may have no time yet.
 */
export function runOutcomeWords(run: {
  totals: RunTotals;
  durationMs: number | null;
  status: StoredRunStatus;
}): string {
  return `${runResultWords(run.totals, run.durationMs)}${RUN_ENDING_WORDS[run.status]}`;
}

/** A run's time from start to end, or null while it has none. */
export function runDurationMs(run: Pick<RunSummary, 'startedAt' | 'finishedAt'>): number | null {
  if (run.finishedAt === null) return null;
  const ms = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
  // A time damaged in the database (read as '') gives no duration, never NaN.
  return Number.isNaN(ms) ? null : ms;
}

/** A run's time in words (`1.2 s`), or `dash` while it has none (under way, or interrupted). */
export function runTimeWords(run: Pick<RunSummary, 'startedAt' | 'finishedAt'>, dash: string): string {
  const ms = runDurationMs(run);
  return ms === null ? dash : formatRunTime(ms);
}

/** Words for where a run was started. */
export function frontDoorWords(frontDoor: string): string {
  if (frontDoor === UNREADABLE_RUN_TEXT) return DAMAGED_TEXT_WORDS;
  if (frontDoor === 'cli') return 'checkout-console test';
  if (frontDoor === 'browser') return 'Scenarios view (browser)';
  if (frontDoor === 'desktop') return 'Scenarios view (desktop)';
  return frontDoor;
}

/**
 * The one-line reason beside an interrupted run: what it is, so "interrupted" is not read as
 * "cancelled" or "failed".
 */
export const INTERRUPTED_WORDS =
  'interrupted: it stopped before its end (the console running it was closed or killed, or could not store it); the scenarios it finished are kept';

/** The one-line reason beside a run still under way: its report is of what it has finished. */
export const STILL_RUNNING_WORDS = 'still running: the scenarios finished so far';

/** The one-line reason beside a cancelled run, so its skipped scenarios are not read as a pass. */
export const CANCELLED_WORDS =
  'cancelled: it was stopped before its end (Cancel run, Ctrl-C or SIGTERM); the scenarios it did not start are skipped, one it had begun is an error where the cancel cut it off';

/**
 * Why a run's scenarios are not its whole result, or null for a run that ended (passed or
 * failed). A report that counts only scenarios reads a cut-short run as what it finished: a run
 * killed after one pass was a green JUnit report, one cancelled all skipped.
 */
export function unfinishedRunWords(status: StoredRunStatus): string | null {
  if (status === 'interrupted') return INTERRUPTED_WORDS;
  if (status === 'cancelled') return CANCELLED_WORDS;
  if (status === 'running') return STILL_RUNNING_WORDS;
  return null;
}
