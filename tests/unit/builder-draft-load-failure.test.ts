import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BuilderState, Draft, DraftSummary } from '../../src/shared/drafts';
import { BridgeError } from '../../src/renderer/src/bridge/bridge-error';

// The builder read a failure to load as nothing there: the drafts browser listed no drafts ("No
// drafts yet") when the list could not be read, and a working copy whose draft could not be read
// for any reason (not only a deleted one) opened as "Unsaved document", its draft forgotten by
// the next save. A failure is now said in the error's words; "deleted" is kept for not_found.

let listDrafts: () => Promise<{ drafts: DraftSummary[] }>;
let getDraft: (input: { id: number }) => Promise<Draft>;
let workingCopy: BuilderState | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    listDrafts: () => listDrafts(),
    getDraft: (input: { id: number }) => getDraft(input),
    getBuilderState: () => Promise.resolve(workingCopy),
    getWaitingWorkingCopy: () => Promise.resolve(null),
    saveBuilderState: () => Promise.resolve({ saved: true }),
  },
}));
// working-copy.ts listens for the page closing as it loads.
vi.stubGlobal('window', { addEventListener: () => undefined, location: { hash: '' } });
afterAll(() => vi.unstubAllGlobals());

/**
 * The modules' own types come through the renderer's bridge, which needs the DOM's; this Node
 * test names the parts it uses, and imports them by paths the type checker does not follow.
 */
interface DraftsListModule {
  useDraftsListStore: {
    getState(): { drafts: DraftSummary[]; error: string | null; load(): Promise<void> };
  };
}
interface BuilderStoreState {
  saved: { id: number; name: string } | null;
  draftUnread: { id: number; error: string } | null;
}
interface WorkingCopyModule {
  loadWorkingCopy(): Promise<void>;
  builderStateOf(state: never): BuilderState;
}
interface BuilderStoreModule {
  useBuilderStore: {
    getState(): BuilderStoreState;
    setState(state: Partial<BuilderStoreState> & { loaded?: boolean }): void;
  };
}
interface DocumentTitleModule {
  documentTitle(state: BuilderStoreState): { text: string; failed: boolean };
}
const builder = '../../src/renderer/src/features/builder';
const { useDraftsListStore } = (await import(
  /* @vite-ignore */ `${builder}/drafts-list`
)) as DraftsListModule;
const { loadWorkingCopy, builderStateOf } = (await import(
  /* @vite-ignore */ `${builder}/working-copy`
)) as WorkingCopyModule;
const { useBuilderStore } = (await import(
  /* @vite-ignore */ `${builder}/builder-store`
)) as BuilderStoreModule;
const { documentTitle } = (await import(
  /* @vite-ignore */ `${builder}/document-title`
)) as DocumentTitleModule;

const summary: DraftSummary = {
  id: 7,
  name: 'Riyadh basket',
  form: 'general',
  singleCheckout: true,
  size: 2,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const refused = (code: 'not_found' | 'unavailable', message: string) =>
  Promise.reject(new BridgeError({ code, message, issues: [] }));

afterEach(() => {
  workingCopy = null;
  useBuilderStore.setState({ loaded: false, saved: null, draftUnread: null });
});

describe('the drafts browser when the list cannot be read', () => {
  it('says why in the error’s words, not an empty list', async () => {
    listDrafts = () => refused('unavailable', 'The console is shutting down.');
    await useDraftsListStore.getState().load();
    expect(useDraftsListStore.getState()).toMatchObject({
      drafts: [],
      error: 'The drafts could not be read: The console is shutting down.',
    });
  });

  it('lists them once they can be read again', async () => {
    listDrafts = () => Promise.resolve({ drafts: [summary] });
    await useDraftsListStore.getState().load();
    expect(useDraftsListStore.getState()).toMatchObject({ drafts: [summary], error: null });
  });
});

describe('a working copy whose draft cannot be read', () => {
  const copyOfDraft = (): BuilderState => ({
    form: 'general',
    singleCheckout: true,
    text: '{}',
    draftId: 7,
    dirty: true,
    freshReferenceOnSend: false,
    lastSend: null,
    unansweredSend: null,
    followedOrder: null,
    guidedOrder: null,
    replaceable: false,
    notKept: null,
  });

  it('a deleted draft (not_found) leaves an unsaved document, as before', async () => {
    workingCopy = copyOfDraft();
    getDraft = () => refused('not_found', 'Draft 7 does not exist (it may have been removed).');
    await loadWorkingCopy();
    const state = useBuilderStore.getState();
    expect(state.saved).toBeNull();
    expect(state.draftUnread).toBeNull();
    expect(documentTitle(state)).toEqual({ text: 'Unsaved document', failed: false });
  });

  it('any other failure is said where the document’s name goes, and the draft is kept', async () => {
    workingCopy = copyOfDraft();
    getDraft = () => refused('unavailable', 'The database is locked.');
    await loadWorkingCopy();
    const state = useBuilderStore.getState();
    expect(state.saved).toBeNull();
    expect(state.draftUnread).toEqual({ id: 7, error: 'The database is locked.' });
    expect(documentTitle(state)).toEqual({
      text: 'Draft 7 could not be read: The database is locked.',
      failed: true,
    });
    // The next save of the working copy still names its draft: a reload can read it again.
    expect(builderStateOf(useBuilderStore.getState() as never).draftId).toBe(7);
  });
});
