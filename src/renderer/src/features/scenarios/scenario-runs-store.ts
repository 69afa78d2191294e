import { create } from 'zustand';
import type { RunUnderWayHere } from '@shared/scenarios/runs-under-way';
import type { RunSummary, StoredRun } from '@shared/scenarios/stored-runs';
import type { ConsoleCommand } from '@shared/console-command';
import { bridge } from '@bridge';
import { errorMessage } from '@bridge/bridge-error';
import { judgeOpenedFolder, runAgainFirstLook, type RunAgainCheck } from './run-again-check';
import {
  dismissNotice,
  isFolderTabRun,
  NO_RUN_NOTICES,
  noticesAfterRead,
  type FolderTabRun,
  type RunNotices,
} from './run-notices';
import { useScenariosStore } from './scenarios-store';

const PAGE = 50;

interface ScenarioRunsState {
  /** The stored runs loaded so far, newest first (every window's, and `test`'s). */
  runs: RunSummary[];
  more: boolean;
  loading: boolean;
  error: string | null;
  /**
   * The runs under way in this console process (any of its windows started them), with their
   * progress: only these can this window cancel.
   */
  here: RunUnderWayHere[];
  /** The Folder tab's notices of runs it did not start, under way or ended since (run-notices.ts). */
  notices: RunNotices;
  /** The run opened from the list (or a `#/scenarios?run=12` link), with its scenarios. */
  opened: StoredRun | null;
  openedError: string | null;
  /**
   * When the runs (or the opened run) were last read: a start is told against this or the
   * ticking clock, whichever is later, so a run read after the clock's last tick is never
   * "started in 3 seconds".
   */
  readAtMs: number;
  /** Reads the newest page again (keeping as many runs as were loaded). */
  reload: () => Promise<void>;
  /** Reads the runs under way here again (a step started: which scenario is running changed). */
  reloadHere: () => Promise<void>;
  loadMore: () => Promise<void>;
  open: (id: number) => Promise<void>;
  close: () => void;
  /** Closes the notice of a run that has ended. */
  dismiss: (id: number) => void;
}

/** The Folder tab's own run, as its store has it now. */
function folderTabRun(): FolderTabRun {
  const { runId, report } = useScenariosStore.getState();
  return { runId, storedId: report?.storedId ?? null };
}

export const useScenarioRunsStore = create<ScenarioRunsState>((set, get) => ({
  runs: [],
  more: false,
  loading: false,
  error: null,
  here: [],
  notices: NO_RUN_NOTICES,
  opened: null,
  openedError: null,
  readAtMs: 0,
  async reload() {
    set({ loading: true });
    try {
      const [page, here] = await Promise.all([
        bridge.listScenarioRuns({ limit: Math.max(PAGE, get().runs.length) }),
        bridge.runsUnderWayHere({}),
      ]);
      set({
        runs: page.runs,
        more: page.more,
        here: here.runs,
        notices: noticesAfterRead(get().notices, page.runs, (run) =>
          isFolderTabRun(run, here.runs, folderTabRun()),
        ),
        error: null,
        readAtMs: Date.now(),
      });
    } catch (error) {
      set({ error: errorMessage(error) });
    } finally {
      set({ loading: false });
    }
  },
  async reloadHere() {
    try {
      set({ here: (await bridge.runsUnderWayHere({})).runs });
    } catch {
      // The list's next reload says what went wrong.
    }
  },
  async loadMore() {
    const last = get().runs.at(-1);
    if (last === undefined) return;
    set({ loading: true });
    try {
      const page = await bridge.listScenarioRuns({ beforeId: last.id, limit: PAGE });
      set({ runs: [...get().runs, ...page.runs], more: page.more, error: null, readAtMs: Date.now() });
    } catch (error) {
      set({ error: errorMessage(error) });
    } finally {
      set({ loading: false });
    }
  },
  async open(id) {
    try {
      const run = await bridge.getScenarioRun({ id });
      set({ opened: run, openedError: null, readAtMs: Date.now() });
    } catch (error) {
      set({ opened: null, openedError: errorMessage(error) });
    }
  },
  close: () => set({ opened: null, openedError: null }),
  dismiss: (id) => set({ notices: dismissNotice(get().notices, id) }),
}));

/** Reads the list (and the opened run) again: a run started, ended, or may have. */
export function refreshScenarioRuns(): void {
  const { reload, opened, open } = useScenarioRunsStore.getState();
  void reload();
  if (opened !== null) void open(opened.id);
}

/** How often the stored runs are read again while a view shows them. */
const REFRESH_MS = 3_000;
/** How many views showing runs are on screen: a run's pushes read the runs again only for them. */
let shown = 0;
/**
 * Runs of another console or of `test` in a terminal are told by main once it sees their writes
 * (`scenarios.storedRuns`, within a second); a run whose console was killed writes nothing more.
 * So while any view shows runs they are also read again every few seconds, once for all of them
 * (the Folder tab's runs under way and Earlier runs are mounted together), and such a run turns
 * "interrupted" in place once it has been quiet long enough.
 */
let refreshing: number | null = null;
/** Marks a view showing runs on screen until the returned function is called (an effect's cleanup). */
export function showScenarioRuns(): () => void {
  shown += 1;
  // The first view reads them; another mounted beside it shares the same store.
  if (refreshing === null) {
    refreshScenarioRuns();
    refreshing = window.setInterval(refreshScenarioRuns, REFRESH_MS);
  }
  return () => {
    shown -= 1;
    if (shown === 0 && refreshing !== null) {
      window.clearInterval(refreshing);
      refreshing = null;
    }
  };
}

bridge.subscribe((event) => {
  if (shown === 0) return;
  // Another process's run started, finished a scenario, said it is alive or ended.
  if (event.name === 'scenarios.storedRuns') refreshScenarioRuns();
  // Any window's run (or this one's) started, finished a scenario or ended: the stored runs changed.
  if (event.name !== 'scenarios.progress') return;
  if (event.payload.type === 'step-started') void useScenarioRunsStore.getState().reloadHere();
  else if (event.payload.type !== 'step-finished') refreshScenarioRuns();
});

/** Cancels a run under way in this console process (see `here`); false when it had already ended. */
export async function cancelRunHere(runId: string): Promise<boolean> {
  const { cancelled } = await bridge.cancelScenarioRun({ runId });
  refreshScenarioRuns();
  return cancelled;
}

/** Whether a stored run's scenarios that did not pass can run again here: its folder is read again now. */
export async function checkRunAgain(run: StoredRun, consoleCommand: ConsoleCommand): Promise<RunAgainCheck> {
  const first = runAgainFirstLook(run, consoleCommand);
  if (first.kind !== 'checking') return first;
  try {
    return judgeOpenedFolder(first, await bridge.openScenarioFolder({ folder: first.folder }));
  } catch (error) {
    return {
      kind: 'unavailable',
      files: first.files,
      reason: `Its folder ${first.folder} could not be read: ${errorMessage(error)}`,
    };
  }
}
