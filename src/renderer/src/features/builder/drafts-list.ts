import { useEffect } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { DraftSummary } from '@shared/drafts';
import { errorMessage } from '@bridge/bridge-error';
import { builderCalls } from './builder-calls-store';

interface DraftsListState {
  drafts: DraftSummary[];
  /**
   * Why the list could not be read, in the error's words; null once it was. A failure once read
   * as an empty list ("No drafts yet").
   */
  error: string | null;
  /** Reads the list; a later call's answer wins over an earlier one still on its way. */
  load: () => Promise<void>;
}

let asked = 0;

export const useDraftsListStore = create<DraftsListState>((set) => ({
  drafts: [],
  error: null,
  async load() {
    const call = ++asked;
    try {
      const { drafts } = await builderCalls.listDrafts();
      if (call === asked) set({ drafts, error: null });
    } catch (error) {
      if (call === asked) set({ drafts: [], error: `The drafts could not be read: ${errorMessage(error)}` });
    }
  },
}));

/** The saved drafts while `active`, kept current by `drafts.changed` pushes (from any window). */
export function useDraftsList(active: boolean): Pick<DraftsListState, 'drafts' | 'error'> {
  useEffect(() => {
    if (!active) return;
    void useDraftsListStore.getState().load();
    return builderCalls.onPush((event) => {
      if (event.name !== 'drafts.changed') return;
      // Main's whole list: it answers a failed read too.
      asked += 1;
      useDraftsListStore.setState({ drafts: event.payload.drafts, error: null });
    });
  }, [active]);
  return useDraftsListStore(useShallow((state) => ({ drafts: state.drafts, error: state.error })));
}
