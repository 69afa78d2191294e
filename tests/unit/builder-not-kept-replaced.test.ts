import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BuilderState } from '../../src/shared/drafts';

// "This is an older copy of your document" stayed, with the same words, after Start with an empty
// document, after a new document was typed over it and after sends: only its × removed it. It
// describes the document on screen, so it goes once that document is replaced; Open it puts the
// older copy it describes on screen, so it stays then. Main here holds one working copy.

let working: BuilderState | null = null;
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    onConnectionState: () => () => undefined,
    getBuilderState: () => Promise.resolve(working),
    saveBuilderState: () => Promise.resolve({ saved: true }),
    getWaitingWorkingCopy: () => Promise.resolve(null),
    discardWaitingWorkingCopy: () => Promise.resolve({ saved: true }),
  },
}));
vi.stubGlobal('window', { addEventListener: () => undefined, location: { hash: '' } });
vi.stubGlobal('document', { documentElement: { style: {} }, visibilityState: 'visible' });
afterAll(() => vi.unstubAllGlobals());

interface BuilderStoreModule {
  useBuilderStore: {
    setState(state: { loaded?: boolean; text?: string }): void;
    getState(): { text: string };
  };
}
interface WorkingCopyModule {
  loadWorkingCopy(): Promise<void>;
  useNotKeptCopy: { getState(): { notKept: unknown } };
}
interface OfferModule {
  openOfferedWorkingCopy(): void;
  declineOfferedWorkingCopy(): void;
  useWorkingCopyOffer: { setState(state: { offered: null; placeholder: false }): void };
}
const builder = '../../src/renderer/src/features/builder';
const copies = {
  ...((await import(/* @vite-ignore */ `${builder}/working-copy`)) as WorkingCopyModule),
  ...((await import(/* @vite-ignore */ `${builder}/working-copy-offer`)) as OfferModule),
};
const { useBuilderStore } = (await import(
  /* @vite-ignore */ `${builder}/builder-store`
)) as BuilderStoreModule;

const older = `{"description":"OLDER-${'L'.repeat(1_100_000)}"}`;
const small = '{"description":"SMALL-OLDER"}';
const marked = (text: string): BuilderState => ({
  form: 'general',
  singleCheckout: true,
  text,
  draftId: null,
  dirty: true,
  freshReferenceOnSend: false,
  lastSend: null,
  unansweredSend: null,
  followedOrder: null,
  guidedOrder: null,
  replaceable: false,
  notKept: { at: '2026-12-01T09:00:00.000Z', bytes: 5_247_768, characters: 5_247_768 },
});
async function reload(text: string): Promise<void> {
  working = marked(text);
  copies.useWorkingCopyOffer.setState({ offered: null, placeholder: false });
  useBuilderStore.setState({ loaded: false, text: '{}' });
  await copies.loadWorkingCopy();
}
const notice = () => copies.useNotKeptCopy.getState().notKept;

describe('the older-copy notice goes with the document it describes', () => {
  it('stays over the placeholder and after Open it, which shows the older copy', async () => {
    await reload(older);
    expect(notice()).not.toBeNull();
    copies.openOfferedWorkingCopy();
    expect(useBuilderStore.getState().text === older).toBe(true);
    expect(notice()).not.toBeNull();
  });

  it('goes when a new document replaces the older copy', () => {
    useBuilderStore.setState({ text: '{"order_reference_id":"BRAND-NEW-DOC"}' });
    expect(notice()).toBeNull();
  });

  it('goes with Start with an empty document: the older copy is not on screen', async () => {
    await reload(older);
    expect(notice()).not.toBeNull();
    copies.declineOfferedWorkingCopy();
    expect(notice()).toBeNull();
  });

  it('goes when a document is written over the placeholder', async () => {
    await reload(older);
    useBuilderStore.setState({ text: '{"description":"TYPED"}' });
    expect(notice()).toBeNull();
  });

  it('an older copy opened by itself (under the large size) keeps it until it is replaced', async () => {
    await reload(small);
    expect(useBuilderStore.getState().text).toBe(small);
    expect(notice()).not.toBeNull();
    useBuilderStore.setState({ text: '{"description":"PASTED"}' });
    expect(notice()).toBeNull();
  });
});
