import { z } from 'zod';
import { draftChangedElsewhereWords, draftConflictIssues } from '../../shared/draft-conflict';
import { builderStateSchema, type BuilderState, type Draft, type DraftSummary } from '../../shared/drafts';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import type { DraftsRepository, DraftWrite } from '../store/drafts-repository';
import type { SettingsRepository } from '../store/settings-repository';

/** The working copy saved before each tab kept its own (read when no tab has saved one since). */
export const BUILDER_STATE_KEY = 'builder.state';
/** The tabs whose working copies are kept, the most recently saved first. */
const BUILDER_TABS_KEY = 'builder.tabs';
const tabStateKey = (tab: string) => `builder.state.tab.${tab}`;
/** Tabs kept: a working copy may be megabytes, and a tab not saved in a while is long closed. */
const TABS_KEPT = 8;
/** The tab of a caller that names none (an older page). */
const NO_TAB = 'default';
const tabsSchema = z.array(z.string()).max(100);

export interface DraftsService {
  list(): DraftSummary[];
  get(id: number): Draft;
  /**
   * Creates a draft, or overwrites the one with `id`; with `expectedUpdatedAt`, only if it was
   * not saved elsewhere since (a conflict otherwise).
   */
  save(write: DraftWrite & { id?: number | undefined; expectedUpdatedAt?: string | undefined }): Draft;
  rename(id: number, name: string): Draft;
  /** A copy named "<name> (copy)", "<name> (copy 2)"… unless a name is given. */
  duplicate(id: number, name?: string): Draft;
  remove(id: number): void;
  /**
   * The builder's working copy: `tab`'s own, else the one saved last by any tab (a new tab, a
   * restart); null before the builder was first used.
   */
  builderState(tab?: string): BuilderState | null;
  /** Saves `tab`'s working copy; another tab's is left as it is (each reload finds its own). */
  saveBuilderState(state: BuilderState, tab?: string): void;
}

/**
 * Drafts and the builder's working copy. Names are unique without regard to case, and a clash
 * is reported on the `name` field. Every change is announced (`drafts.changed`) so other
 * windows, tabs and the command palette stay current.
 */
export function createDraftsService(deps: {
  drafts: DraftsRepository;
  settings: SettingsRepository;
  bus: EventBus;
}): DraftsService {
  const { drafts, settings, bus } = deps;

  const existing = (id: number): Draft => {
    const draft = drafts.get(id);
    if (draft === undefined) throw ConsoleError.notFound(`Draft ${id}`);
    return draft;
  };
  const assertNameFree = (name: string, exceptId?: number) => {
    const taken = drafts.idByName(name);
    if (taken !== undefined && taken !== exceptId)
      throw ConsoleError.invalid('name', `A draft named "${name}" already exists; choose another name`);
  };
  const announce = () => bus.publish('drafts.changed', { drafts: drafts.list() });
  const tabs = () => settings.read(BUILDER_TABS_KEY, tabsSchema, []).value;
  const workingCopyOf = (key: string) => settings.read(key, builderStateSchema.nullable(), null).value;
  /** Every stored working copy's key: each kept tab's, and the one from before tabs. */
  const workingCopyKeys = () => [BUILDER_STATE_KEY, ...tabs().map(tabStateKey)];

  return {
    list: () => drafts.list(),
    get: existing,
    save({ id, expectedUpdatedAt, ...write }) {
      if (id !== undefined) existing(id);
      assertNameFree(write.name, id);
      const savedId = id ?? drafts.insert(write);
      if (id !== undefined && !drafts.update(id, write, expectedUpdatedAt ?? null)) {
        const stored = existing(id);
        // Two tabs (or consoles) on one draft: the later save would silently drop the earlier one.
        throw new ConsoleError(
          'conflict',
          draftChangedElsewhereWords(stored.name, stored.updatedAt),
          draftConflictIssues(stored),
        );
      }
      announce();
      return existing(savedId);
    },
    rename(id, name) {
      existing(id);
      assertNameFree(name, id);
      drafts.rename(id, name);
      announce();
      return existing(id);
    },
    duplicate(id, name) {
      const original = existing(id);
      let copyName = name;
      if (copyName === undefined) {
        copyName = `${original.name} (copy)`;
        for (let n = 2; drafts.idByName(copyName) !== undefined; n += 1)
          copyName = `${original.name} (copy ${n})`;
      }
      assertNameFree(copyName);
      const copyId = drafts.insert({
        name: copyName,
        form: original.form,
        singleCheckout: original.singleCheckout,
        text: original.text,
      });
      announce();
      return existing(copyId);
    },
    remove(id) {
      existing(id);
      drafts.remove(id);
      // Working copies stay, but no longer belong to a draft that is gone.
      for (const key of workingCopyKeys()) {
        const state = workingCopyOf(key);
        if (state?.draftId === id) settings.set(key, { ...state, draftId: null, dirty: true });
      }
      announce();
    },
    builderState(tab = NO_TAB) {
      const kept = tabs();
      const own = kept.includes(tab) ? workingCopyOf(tabStateKey(tab)) : null;
      if (own !== null) return own;
      const latest = kept[0];
      return (
        (latest === undefined ? null : workingCopyOf(tabStateKey(latest))) ?? workingCopyOf(BUILDER_STATE_KEY)
      );
    },
    saveBuilderState(state, tab = NO_TAB) {
      settings.set(tabStateKey(tab), state);
      const before = tabs();
      // The tab that saved last saves again as its person types: the list is already right.
      if (before[0] === tab) return;
      const kept = [tab, ...before.filter((other) => other !== tab)];
      for (const gone of kept.slice(TABS_KEPT)) settings.remove(tabStateKey(gone));
      settings.set(BUILDER_TABS_KEY, kept.slice(0, TABS_KEPT));
    },
  };
}
