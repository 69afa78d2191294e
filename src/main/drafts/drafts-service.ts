import { z } from 'zod';
import { draftChangedElsewhereWords, draftConflictIssues } from '../../shared/draft-conflict';
import {
  builderStateSchema,
  saveOrderSchema,
  waitingWorkingCopySchema,
  type BuilderState,
  type Draft,
  type DraftSummary,
  type SaveOrder,
  type WaitingWorkingCopy,
} from '../../shared/drafts';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import type { DraftsRepository, DraftWrite } from '../store/drafts-repository';
import type { SettingsRepository } from '../store/settings-repository';

/** The working copy saved before each tab kept its own (read when no tab has saved one since). */
export const BUILDER_STATE_KEY = 'builder.state';
/** The tabs whose working copies are kept, the most recently saved first. */
const BUILDER_TABS_KEY = 'builder.tabs';
const tabStateKey = (tab: string) => `builder.state.tab.${tab}`;
/** A tab's working copy kept apart while the builder asks about it (waitingWorkingCopySchema). */
const tabWaitingKey = (tab: string) => `builder.waiting.tab.${tab}`;
/** Which save of which page the tab's working copy is (saveBuilderState's `order`). */
const tabOrderKey = (tab: string) => `builder.order.tab.${tab}`;
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
  /**
   * Saves `tab`'s working copy; another tab's is left as it is (each reload finds its own).
   * With `waiting`, the tab's waiting copy is kept (or removed: null) in the same transaction:
   * a copy kept apart by a write of its own could arrive after the save it was kept apart from,
   * or never (a large one goes as an upload in parts, and a reload drops it), and the working
   * copy saved alone had replaced it. With `order`, a save the same page made before the one
   * stored is dropped, waiting copy and all: a large save, sent in parts, can arrive after a
   * later small one, and had put an older document back over both.
   */
  saveBuilderState(
    state: BuilderState,
    tab?: string,
    options?: { waiting?: WaitingWorkingCopy | null | undefined; order?: SaveOrder | undefined },
  ): void;
  /**
   * The copy `tab` keeps apart while the builder asks whether to open it; for a tab with no
   * working copy of its own, that of the tab whose copy builderState gives it.
   */
  waitingWorkingCopy(tab?: string): WaitingWorkingCopy | null;
  /** Lets `tab`'s waiting copy go (opened, or discarded); its working copy is left as it is. */
  discardWaitingWorkingCopy(tab?: string): void;
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
  /** Runs `fn`'s writes in one committed transaction (the store writer's writeNow). */
  transaction: <T>(fn: () => T) => T;
}): DraftsService {
  const { drafts, settings, bus, transaction } = deps;

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
  const waitingOf = (tab: string) =>
    settings.read(tabWaitingKey(tab), waitingWorkingCopySchema.nullable(), null).value;
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
      for (const tab of tabs()) {
        const waiting = waitingOf(tab);
        if (waiting?.state.draftId === id)
          settings.set(tabWaitingKey(tab), {
            ...waiting,
            state: { ...waiting.state, draftId: null, dirty: true },
          });
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
    saveBuilderState(state, tab = NO_TAB, { waiting, order } = {}) {
      transaction(() => {
        if (order !== undefined) {
          const stored = settings.read(tabOrderKey(tab), saveOrderSchema.nullable(), null).value;
          // Another page's (the tab reloaded) is not compared: its saves ended with it.
          if (stored !== null && stored.page === order.page && order.n < stored.n) return;
          settings.set(tabOrderKey(tab), order);
        }
        if (waiting === null) settings.remove(tabWaitingKey(tab));
        else if (waiting !== undefined) settings.set(tabWaitingKey(tab), waiting);
        settings.set(tabStateKey(tab), state);
        const before = tabs();
        // The tab that saved last saves again as its person types: the list is already right.
        if (before[0] === tab) return;
        const kept = [tab, ...before.filter((other) => other !== tab)];
        for (const gone of kept.slice(TABS_KEPT)) {
          settings.remove(tabStateKey(gone));
          settings.remove(tabWaitingKey(gone));
          settings.remove(tabOrderKey(gone));
        }
        settings.set(BUILDER_TABS_KEY, kept.slice(0, TABS_KEPT));
      });
    },
    waitingWorkingCopy(tab = NO_TAB) {
      const kept = tabs();
      // The tab whose working copy builderState gives this one: its waiting copy goes with it.
      const owner = kept.includes(tab) ? tab : kept[0];
      return owner === undefined ? null : waitingOf(owner);
    },
    discardWaitingWorkingCopy(tab = NO_TAB) {
      settings.remove(tabWaitingKey(tab));
    },
  };
}
