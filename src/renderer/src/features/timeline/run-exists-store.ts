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

export const useRunExistsStore = create<RunExistsState>((set, get) => ({
  known: new Map(),
  async check(id) {
    let exists: boolean;
    try {
      await bridge.getScenarioRun({ id });
      exists = true;
    } catch (error) {
      if (!(error instanceof BridgeError && error.code === 'not_found')) return;
      exists = false;
    }
    set({ known: new Map(get().known).set(id, exists) });
  },
}));
