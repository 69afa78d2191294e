import { create } from 'zustand';
import type { CommandInput, CommandOutput } from '@shared/contract';
import type { EventFilter } from '@shared/event-filter';
import { retentionSchema, type Retention } from '@shared/history-file';
import { bridge, callWithFile } from '@bridge';
import { exportInParts } from './export-in-parts';

interface HistoryState {
  /** How many stored records the filter matches. */
  count: (filter: EventFilter) => Promise<number>;
  /** One keyset page of what the filter matches, newest first. */
  page: (input: CommandInput<'listEvents'>) => Promise<CommandOutput<'listEvents'>>;
  /**
   * The export as a file, asked for in parts (export-in-parts.ts): never one answer, whatever its
   * size; with the sentence naming each damaged record it kept, as `export` prints them.
   */
  exportMatching: (
    input: Omit<CommandInput<'exportHistory'>, 'part' | 'out'>,
  ) => Promise<{ blob: Blob; count: number; fileName: string; damaged: string[] }>;
  /** Streamed up in parts: no single message carries the file, whatever its size. */
  importFile: (file: File) => Promise<CommandOutput<'importHistory'>>;
  /** The policy in use, and what of the stored one main could not read (the panel says it). */
  getRetention: () => Promise<{ policy: Retention; unreadable: string[] }>;
  /** With `expected` (the policy as read), refused when another was saved elsewhere since. */
  saveRetention: (policy: Retention, expected?: Retention) => Promise<void>;
  /** `detail` (the default): with what goes, which reads every record that goes (see the contract). */
  previewRetention: (policy: Retention, detail?: boolean) => Promise<CommandOutput<'previewRetention'>>;
  /**
   * Saves the policy, then removes what it no longer keeps, never more than `confirmedRemove`
   * (the count the person confirmed; more is refused, removing nothing); resolves to the number removed.
   */
  applyRetention: (policy: Retention, confirmedRemove: number) => Promise<number>;
  /** The policy last saved anywhere, as pushed (`history.retention`); null until one is. */
  savedRetention: Retention | null;
  /** Bumped at most once a second while records arrive: the History view counts again. */
  arrivals: number;
  /**
   * Bumped when records were removed (`history.removed`: a retention here, in a terminal or
   * another console): the view counts and lists again at once, as its count and rows said
   * what was gone.
   */
  removals: number;
}

/** How long arrivals gather before the History view's count is asked again. */
const ARRIVAL_RECOUNT_MS = 1_000;

/**
 * The History view's calls to main. What they answer stays with the panel that asked (each keeps
 * its own stale-answer guard), so this store holds actions, and the policy last pushed.
 */
export const useHistoryStore = create<HistoryState>(() => ({
  savedRetention: null,
  arrivals: 0,
  removals: 0,
  count: (filter) => bridge.countEvents({ filter }).then((result) => result.count),
  page: (input) => bridge.listEvents(input),
  exportMatching: (input) => exportInParts((part) => bridge.exportHistory(part), input),
  importFile: (file) => callWithFile('importHistory', 'text', file),
  async getRetention() {
    const answer = await bridge.getRetention({});
    // The policy alone (its object schemas leave `unreadable` out): it is compared and sent back.
    return { policy: retentionSchema.parse(answer), unreadable: answer.unreadable };
  },
  async saveRetention(policy, expected) {
    await bridge.setRetention({ ...policy, ...(expected === undefined ? {} : { expected }) });
  },
  previewRetention: (policy, detail = true) => bridge.previewRetention({ retention: policy, detail }),
  async applyRetention(policy, confirmedRemove) {
    await bridge.setRetention(policy);
    const { removed } = await bridge.applyRetention({ retention: policy, confirmedRemove });
    return removed;
  },
}));

let arrivalTimer: ReturnType<typeof setTimeout> | null = null;
bridge.subscribe((event) => {
  if (event.name === 'history.retention') useHistoryStore.setState({ savedRetention: event.payload });
  if (event.name === 'history.removed')
    useHistoryStore.setState((state) => ({ removals: state.removals + 1 }));
  if (event.name === 'timeline.appended' && arrivalTimer === null)
    arrivalTimer = setTimeout(() => {
      arrivalTimer = null;
      useHistoryStore.setState((state) => ({ arrivals: state.arrivals + 1 }));
    }, ARRIVAL_RECOUNT_MS);
});
