import { create } from 'zustand';
import { bridge } from '@bridge';
import { BridgeError } from '@bridge/bridge-error';

/**
 * Which scenario runs a `run=` link named are stored, as getScenarioRun (what `runs 5` reads)
 * answered: a link to a run that is not there said "written by scenario run #5" over an empty
 * list, where `history --run 5` refuses it. Any failure but not_found leaves a run unknown
 * rather than calling it missing.
 */
interface RunExistsState {
  known: ReadonlyMap<number, boolean>;
  check: (id: number) => Promise<void>;
}

/** The latest ask for each run: an answer to an older one, arriving late, does not replace it. */
const latestAsk = new Map<number, number>();
let asks = 0;

export const useRunExistsStore = create<RunExistsState>((set, get) => ({
  known: new Map(),
  async check(id) {
    const ask = ++asks;
    latestAsk.set(id, ask);
    let exists: boolean;
    try {
      await bridge.getScenarioRun({ id });
      exists = true;
    } catch (error) {
      if (!(error instanceof BridgeError && error.code === 'not_found')) return;
      exists = false;
    }
    if (latestAsk.get(id) !== ask) return;
    set({ known: new Map(get().known).set(id, exists) });
  },
}));

/**
 * The runs a view on screen names, with how many views name each. A verdict is not for the
 * window's life: a link to run #7 opened while run 6 was the newest said "No run #7" after run 7
 * had started, here or in another process on the data directory. So what a view names is asked
 * again whenever the stored runs may have changed (below) and when the window is focused again.
 */
const watched = new Map<number, number>();

function askAgain(): void {
  const { check } = useRunExistsStore.getState();
  for (const id of watched.keys()) void check(id);
}

/** Asks whether run `id` is stored now, and again as runs start and end, until the returned function is called. */
export function watchRun(id: number): () => void {
  if (watched.size === 0) window.addEventListener('focus', askAgain);
  watched.set(id, (watched.get(id) ?? 0) + 1);
  void useRunExistsStore.getState().check(id);
  return () => {
    const left = (watched.get(id) ?? 1) - 1;
    if (left > 0) watched.set(id, left);
    else watched.delete(id);
    if (watched.size === 0) window.removeEventListener('focus', askAgain);
  };
}

/** What this console process's own runs tell: a run is stored before its start is told. */
const RUN_STARTS_AND_ENDS = new Set(['run-started', 'run-finished', 'run-failed']);

bridge.subscribe((event) => {
  if (watched.size === 0) return;
  // Another process's run started, finished a scenario, said it is alive or ended.
  if (event.name === 'scenarios.storedRuns') askAgain();
  else if (event.name === 'scenarios.progress' && RUN_STARTS_AND_ENDS.has(event.payload.type)) askAgain();
});
