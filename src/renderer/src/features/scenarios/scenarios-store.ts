import { create } from 'zustand';
import type { CommandInput, CommandOutput } from '@shared/contract';
import type { ScenarioFileProblemView } from '@shared/contract/scenarios';
import type { RunProgress, RunReport } from '@shared/scenarios/scenario-results';
import { bridge } from '@bridge';
import { errorMessage, liveSendRefusal } from '@bridge/bridge-error';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import {
  callNeedsLiveYes,
  confirmLiveCall,
  confirmLiveScenarioSend,
  liveConfirmationOf,
} from '@ui/confirm-live';
import {
  everyFileOf,
  idle,
  refusedRun,
  rowsWithStoredResults,
  settledRows,
  type ScenarioRow,
} from './scenario-rows';
import { oneReadingAtATime, readStoredCardResults } from './stored-results-store';

interface ScenariosState {
  folder: string;
  /** The folder as it was written when last opened (the box's text, not main's absolute path). */
  openedAs: string | null;
  loadedFolder: string | null;
  rows: ScenarioRow[];
  problems: ScenarioFileProblemView[];
  /** The folder opened, where main looked for it, when it does not exist (no file problem). */
  missingFolder: string | null;
  loading: boolean;
  runId: string | null;
  /** Rows (by file) taking part in the current run, in run order. */
  runFiles: string[];
  /** The profile the current run is on: the active one when it started, kept to its end. */
  runProfile: Extract<RunProgress, { type: 'run-started' }>['profile'] | null;
  report: RunReport | null;
  error: string | null;
  setFolder: (folder: string) => void;
  open: (folder?: string) => Promise<void>;
  /**
   * Runs `files`, or without them every file of the opened folder (Run all), those with a
   * problem included: main then runs nothing and names them. `chosenFrom`: the files are those
   * that did not pass in that stored run (Run these again).
   */
  run: (files?: string[], chosenFrom?: number) => Promise<void>;
  /** Opens `folder` and runs `files` of it: a stored run's scenarios that did not pass, again. */
  runAgain: (folder: string, files: string[], chosenFrom: number) => Promise<void>;
  cancel: () => Promise<void>;
}

type OpenedFolder = CommandOutput<'openScenarioFolder'>;

/**
 * Where a folder that is not there was looked for, or null: the one problem main gives is the
 * path itself missing (the default `scenarios` folder on a first visit anywhere but a clone),
 * which is no broken file.
 */
function missingFolderOf(opened: OpenedFolder): string | null {
  const [only, ...others] = opened.problems;
  if (opened.scenarios.length > 0 || only === undefined || others.length > 0) return null;
  return only.missing === true ? only.file : null;
}

/** How many times a folder was opened: an answer to an earlier Open than the latest is dropped. */
let openCalls = 0;
/**
 * Whether this tab is starting a run: its `run-started` push may come before the answer with its
 * id. Only then is a run this tab has no id of yet its own; any other (another tab or window of
 * this console) is not this tab's, and the Folder tab shows it as a run under way elsewhere.
 */
let starting = false;

/**
 * Each card of the opened folder with its newest stored result, so a reload does not read "not
 * run" for a scenario that just ran. A card showing a stored result takes a newer one (a run this
 * tab did not start, or started before a reload, stored it since); a row a run of this tab has
 * taken over keeps its own.
 */
async function showStoredResults(call: number, folder: string): Promise<void> {
  const files = useScenariosStore.getState().rows.map((row) => row.outline.file);
  try {
    const last = await readStoredCardResults(folder, files, () => call !== openCalls);
    // Read again for a run's news while another folder was being opened: not this folder's cards.
    if (last === null || last.size === 0 || useScenariosStore.getState().loadedFolder !== folder) return;
    useScenariosStore.setState({ rows: rowsWithStoredResults(useScenariosStore.getState().rows, last) });
  } catch {
    // The cards stay as they are; Earlier runs, reading the same runs, says what went wrong.
  }
}

/** The folder the view starts on, relative to where the console was started (as `test`'s default). */
export const DEFAULT_SCENARIOS_FOLDER = 'scenarios';

/** The Scenarios view's state: the opened folder, and the live progress of a run (`scenarios.progress`). */
export const useScenariosStore = create<ScenariosState>((set, get) => ({
  folder: DEFAULT_SCENARIOS_FOLDER,
  openedAs: null,
  loadedFolder: null,
  rows: [],
  problems: [],
  missingFolder: null,
  loading: false,
  runId: null,
  runFiles: [],
  runProfile: null,
  report: null,
  error: null,
  setFolder: (folder) => set({ folder }),
  async open(folder = get().folder) {
    // Only the latest Open is shown: the view's own first open of `scenarios`, answered after
    // the user's Open of another folder, replaced its scenarios under the folder they typed.
    const call = ++openCalls;
    set({ loading: true, error: null, folder });
    try {
      const opened = await bridge.openScenarioFolder({ folder });
      if (call !== openCalls) return;
      const missingFolder = missingFolderOf(opened);
      set({
        openedAs: folder,
        loadedFolder: opened.folder,
        rows: opened.scenarios.map(idle),
        problems: missingFolder === null ? opened.problems : [],
        missingFolder,
        report: null,
      });
      await showStoredResults(call, opened.folder);
    } catch (error) {
      if (call !== openCalls) return;
      set({ error: errorMessage(error), rows: [], problems: [], missingFolder: null, loadedFolder: null });
    } finally {
      if (call === openCalls) set({ loading: false });
    }
  },
  async run(files, chosenFrom) {
    if (get().loadedFolder === null) return;
    // A run goes to the active profile: on a live one, or on a live profile's address, it is
    // asked as the builder's Send is (main refuses it unconfirmed, and the view said only that).
    const profile = selectActiveProfile(useProfilesStore.getState());
    if (profile !== null && !(await confirmLiveCall(profile, 'Running scenarios'))) return;
    const { loadedFolder, rows, problems } = get();
    if (loadedFolder === null) return;
    const chosen = files ?? everyFileOf(rows, problems);
    set({
      error: null,
      report: null,
      runFiles: chosen,
      rows: rows.map((row) =>
        chosen.includes(row.outline.file) ? { ...idle(row.outline), status: 'queued' } : row,
      ),
    });
    starting = true;
    const profileConfirmed = profile !== null && callNeedsLiveYes(profile);
    // On the profile asked about, with what the dialog named: switched or edited since (a
    // terminal's `profiles use LiveB`), main refuses rather than running where nobody was asked.
    const start = (confirmLive: boolean) =>
      bridge.startScenarioRun({
        folder: loadedFolder,
        files: chosen,
        ...(chosenFrom === undefined ? {} : { chosenFrom }),
        ...(profile === null ? {} : { profileId: profile.id }),
        confirmLive,
        ...(profileConfirmed ? { liveConfirmation: liveConfirmationOf(profile) } : {}),
      });
    try {
      let started: Awaited<ReturnType<typeof start>>;
      try {
        started = await start(profileConfirmed);
      } catch (error) {
        // A send-webhook step written to a live profile's address, on a profile that is not
        // live: main refuses the run unasked and says where; asked here with its words.
        const refused = profileConfirmed ? null : liveSendRefusal(error);
        if (refused === null) throw error;
        if (!(await confirmLiveScenarioSend(refused))) {
          set({ runFiles: [], rows: rows.map((row) => idle(row.outline)) });
          return;
        }
        started = await start(true);
      }
      if ('problems' in started) {
        set({
          ...refusedRun(started.problems, get().problems),
          runFiles: [],
          rows: rows.map((row) => idle(row.outline)),
        });
        return;
      }
      set({ runId: started.runId });
    } catch (error) {
      set({ error: errorMessage(error), runFiles: [], rows: rows.map((row) => idle(row.outline)) });
    } finally {
      starting = false;
    }
  },
  async runAgain(folder, files, chosenFrom) {
    await get().open(folder);
    // Not opened (an error, said in the Folder tab), or another Open came after this one.
    if (get().loadedFolder !== folder) return;
    await get().run(files, chosenFrom);
  },
  async cancel() {
    const { runId } = get();
    if (runId !== null) await bridge.cancelScenarioRun({ runId });
  },
}));

/** The row of the run's n-th scenario. */
function updateRow(index: number, change: (row: ScenarioRow) => ScenarioRow): void {
  const { runFiles, rows } = useScenariosStore.getState();
  const file = runFiles[index];
  if (file === undefined) return;
  useScenariosStore.setState({ rows: rows.map((row) => (row.outline.file === file ? change(row) : row)) });
}

/** Whether `progress` is of the run this tab started (or is starting). */
function isOwnProgress(progress: RunProgress): boolean {
  const { runId } = useScenariosStore.getState();
  return runId === null ? starting && progress.type === 'run-started' : progress.runId === runId;
}

export function applyProgress(progress: RunProgress): void {
  // Progress of a run this tab did not start (another tab or window) is not mixed in: its rows
  // are of another folder, and its end is not this tab's result.
  if (!isOwnProgress(progress)) return;
  switch (progress.type) {
    case 'run-started':
      // The run's own order of scenarios is what later progress counts in.
      useScenariosStore.setState({
        runId: progress.runId,
        runFiles: progress.scenarios.map((outline) => outline.file),
        runProfile: progress.profile,
      });
      return;
    case 'step-started':
      updateRow(progress.scenario, (row) => ({ ...row, status: 'running', runningStep: progress.step }));
      return;
    case 'step-finished':
      updateRow(progress.scenario, (row) => {
        const steps = [...row.steps];
        steps[progress.result.index] = progress.result;
        return { ...row, steps, runningStep: null };
      });
      return;
    case 'scenario-finished':
      updateRow(progress.scenario, (row) => ({
        ...row,
        status: progress.result.status,
        steps: progress.result.steps,
        runningStep: null,
        durationMs: progress.result.durationMs,
      }));
      return;
    case 'run-finished': {
      const { rows } = useScenariosStore.getState();
      useScenariosStore.setState({
        report: progress.report,
        runId: null,
        runProfile: null,
        rows: settledRows(rows),
      });
      return;
    }
    case 'run-failed': {
      const { rows } = useScenariosStore.getState();
      useScenariosStore.setState({
        error: progress.error,
        runId: null,
        runProfile: null,
        rows: settledRows(rows),
      });
    }
  }
}

/**
 * Reads the cards' stored results again: a run this tab did not start stored a result. That is
 * also the run a tab reloaded mid-run re-attached to (its progress is no longer this tab's),
 * whose cards otherwise kept what the reload read until the folder was opened again.
 */
const rereadStoredResults = oneReadingAtATime(() => {
  const { loadedFolder } = useScenariosStore.getState();
  return loadedFolder === null ? undefined : showStoredResults(openCalls, loadedFolder);
});

const STORES_A_RESULT: ReadonlySet<RunProgress['type']> = new Set([
  'scenario-finished',
  'run-finished',
  'run-failed',
]);

bridge.subscribe((event) => {
  // Another process's run (another console on the data directory, `test`) stored something.
  if (event.name === 'scenarios.storedRuns') rereadStoredResults();
  if (event.name !== 'scenarios.progress') return;
  const progress = event.payload;
  if (!isOwnProgress(progress) && STORES_A_RESULT.has(progress.type)) rereadStoredResults();
  applyProgress(progress);
});

/*
 * One-off calls of the Scenarios feature's buttons. Their answers stay with the dialog that
 * asked (each has its own busy, error and result), so they are not kept here.
 */

/** The conformance battery against the merchant's endpoint; each case becomes a record. */
export function checkEndpoint(url: string, confirmLive: boolean): Promise<CommandOutput<'checkEndpoint'>> {
  return bridge.checkEndpoint({ url, confirmLive });
}

/** An order's lifecycle as a scenario file to read and edit before saving. */
export function scenarioFromOrder(orderId: string): Promise<CommandOutput<'scenarioFromOrder'>> {
  return bridge.scenarioFromOrder({ orderId });
}

export function saveScenarioFile(
  input: CommandInput<'saveScenarioFile'>,
): Promise<CommandOutput<'saveScenarioFile'>> {
  return bridge.saveScenarioFile(input);
}
