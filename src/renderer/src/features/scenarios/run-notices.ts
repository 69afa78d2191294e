import type { RunUnderWayHere } from '@shared/scenarios/runs-under-way';
import type { RunSummary } from '@shared/scenarios/stored-runs';

/**
 * Which runs the Folder tab has a notice for: those it saw under way that it did not start
 * (another tab or window, another console on the data directory, `test` in a terminal). A notice
 * ends in place: once its run has ended it stays, saying how, until it is dismissed or another
 * run starts. Dropped when its run ended, a run ended elsewhere went unseen: only Earlier runs
 * said so, and a killed run, which turns "interrupted" only a minute after it went quiet, never
 * read so where it had been watched.
 */
export interface RunNotices {
  /** The runs with a notice, by number, oldest first. */
  ids: number[];
  /** The newest run seen under way: a run newer than it replaces the notices of runs that ended. */
  newestSeen: number;
}

export const NO_RUN_NOTICES: RunNotices = { ids: [], newestSeen: 0 };

/**
 * The notices once the stored runs have been read again. `isOwn`: the Folder tab's own run
 * (its progress and end are the tab's own, shown as its summary), never a notice.
 */
export function noticesAfterRead(
  notices: RunNotices,
  runs: readonly RunSummary[],
  isOwn: (run: RunSummary) => boolean,
): RunNotices {
  const underWay = runs.filter((run) => run.status === 'running');
  const newestSeen = Math.max(notices.newestSeen, ...underWay.map((run) => run.id));
  const anotherStarted = newestSeen > notices.newestSeen;
  const kept = notices.ids.filter((id) => {
    const run = runs.find((listed) => listed.id === id);
    return run !== undefined && !isOwn(run) && (run.status === 'running' || !anotherStarted);
  });
  const added = underWay.filter((run) => !isOwn(run) && !kept.includes(run.id)).map((run) => run.id);
  return { ids: [...kept, ...added].sort((a, b) => a - b), newestSeen };
}

/** The notices without one the user closed (a run that has ended). */
export function dismissNotice(notices: RunNotices, id: number): RunNotices {
  return { ...notices, ids: notices.ids.filter((noticed) => noticed !== id) };
}

/** The Folder tab's own run: the one it has under way (main's id for it), and the one its summary names. */
export interface FolderTabRun {
  runId: string | null;
  storedId: number | null;
}

/**
 * Whether a stored run is the Folder tab's own: the one its summary names, or the one it has
 * under way, known by main's id for it, which only this console's runs under way (`here`) carry.
 */
export function isFolderTabRun(
  run: RunSummary,
  here: readonly RunUnderWayHere[],
  own: FolderTabRun,
): boolean {
  if (own.storedId === run.id) return true;
  return own.runId !== null && here.some((mine) => mine.id === run.id && mine.runId === own.runId);
}
