import { describe, expect, it, vi } from 'vitest';

// The Scenarios view's store, over a bridge whose answers this test releases one by one.
const pending: { folder: string; release: () => void }[] = [];
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    openScenarioFolder: ({ folder }: { folder: string }) =>
      new Promise((resolve) => {
        pending.push({
          folder,
          release: () =>
            resolve({
              folder,
              scenarios: [{ file: `${folder}/one.yaml`, name: folder, description: null, steps: [] }],
              problems: [],
            }),
        });
      }),
  },
}));

// Run asks before a live run through the profiles' store and the confirm dialog, whose modules
// read the page's address when loaded; this Node test opens folders and runs nothing.
vi.mock('@features/profiles', () => ({
  selectActiveProfile: () => null,
  useProfilesStore: { getState: () => ({}) },
}));
vi.mock('@ui/confirm-live', () => ({
  callNeedsLiveYes: () => false,
  confirmLiveCall: () => Promise.resolve(true),
}));

/**
 * The store's own types come through the renderer's bridge, which needs the DOM's; this Node
 * test names the part it uses, and imports the module by a path the type checker does not follow.
 */
interface ScenariosStoreModule {
  useScenariosStore: {
    getState(): {
      open(folder?: string): Promise<void>;
      folder: string;
      loadedFolder: string | null;
      loading: boolean;
      rows: { outline: { file: string } }[];
    };
  };
}
const storePath = '../../src/renderer/src/features/scenarios/scenarios-store';
const { useScenariosStore } = (await import(/* @vite-ignore */ storePath)) as ScenariosStoreModule;

describe('the Scenarios view opening folders', () => {
  it('shows the folder opened last, whichever answer comes last', async () => {
    const store = useScenariosStore.getState();
    // The view's own first open of `scenarios`, then the user's Open of another folder.
    const first = store.open('scenarios');
    const second = store.open('/tmp/suite');
    const [opening, typed] = pending;
    typed?.release();
    await second;
    opening?.release();
    await first;
    const state = useScenariosStore.getState();
    expect(state.loadedFolder).toBe('/tmp/suite');
    expect(state.rows.map((row) => row.outline.file)).toEqual(['/tmp/suite/one.yaml']);
    expect(state.folder).toBe('/tmp/suite');
    expect(state.loading).toBe(false);
  });
});
