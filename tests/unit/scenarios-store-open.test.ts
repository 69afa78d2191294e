import { describe, expect, it, vi } from 'vitest';
import type { StoredRun } from '../../src/shared/scenarios/stored-runs';

type StoredSource = { kind: 'folder'; folder: string } | { kind: 'paths'; cwd: string } | null;

// The Scenarios view's store, over a bridge whose answers this test releases one by one.
const pending: { folder: string; release: () => void }[] = [];
/** The runs main has stored, newest first (the parts of them the view's cards read). */
const storedRuns: {
  id: number;
  frontDoor?: string;
  paths?: string[];
  source: StoredSource;
  scenarios: { file: string; status: string; startedAt: string; durationMs: number; steps: [] }[];
}[] = [];
/** How the mocked open names a folder's one file: by default with the folder before it. */
const fileNamed = { fromFolder: false };
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    // Main's own answer over the runs stored here: which card each stored result is of.
    storedResultsOfFolder: async ({ folder, files }: { folder: string; files: string[] }) => {
      const { folderStoredResults } = await import('../../src/main/scenarios/folder-stored-results');
      const runs = storedRuns as unknown as StoredRun[];
      const stored = {
        runSummaries: () => runs,
        storedRun: (id: number) => runs.find((run) => run.id === id),
      };
      return { runs: folderStoredResults(stored, folder, files) };
    },
    openScenarioFolder: ({ folder }: { folder: string }) =>
      new Promise((resolve) => {
        pending.push({
          folder,
          release: () =>
            resolve({
              folder,
              scenarios: [
                {
                  file: fileNamed.fromFolder ? 'one.yaml' : `${folder}/one.yaml`,
                  name: folder,
                  description: null,
                  steps: [],
                },
              ],
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
      rows: {
        outline: { file: string };
        status: string;
        durationMs: number | null;
        storedRun: { runId: number; startedAt: string; startedBy: string | null } | null;
      }[];
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

describe('the Scenarios view opening a folder that has run before', () => {
  it("shows each card's newest stored result of that folder, with its run and time", async () => {
    const run = (id: number, folder: string, status: string, startedAt: string) => ({
      id,
      frontDoor: 'browser',
      // As main stores a folder's run: the folder is the path it named.
      paths: [folder],
      source: { kind: 'folder' as const, folder },
      scenarios: [{ file: `${folder}/one.yaml`, status, startedAt, durationMs: id * 100, steps: [] as [] }],
    });
    // Newest first: a run of another folder, a run that skipped it (cancelled), then its pass.
    storedRuns.push(
      run(9, '/tmp/other', 'failed', '2026-11-30T10:09:00Z'),
      run(8, '/tmp/ran', 'skipped', '2026-11-30T10:08:00Z'),
      run(7, '/tmp/ran', 'passed', '2026-11-30T10:07:00Z'),
      run(6, '/tmp/ran', 'failed', '2026-11-30T10:06:00Z'),
    );
    const opening = useScenariosStore.getState().open('/tmp/ran');
    pending.at(-1)?.release();
    await opening;
    const [row] = useScenariosStore.getState().rows;
    expect(row?.status).toBe('passed');
    expect(row?.durationMs).toBe(700);
    expect(row?.storedRun).toEqual({ runId: 7, startedAt: '2026-11-30T10:07:00Z', startedBy: null });
    storedRuns.length = 0;
  });

  it('shows a newer run of `checkout-console test` in that folder, and says so', async () => {
    const file = (status: string, startedAt: string) => ({
      file: 'one.yaml',
      status,
      startedAt,
      durationMs: 100,
      steps: [] as [],
    });
    // Newest first: `test one.yaml` run elsewhere (another file of that name), `test .` in the
    // folder, the view's own run before them.
    storedRuns.push(
      {
        id: 24,
        frontDoor: 'cli',
        paths: ['one.yaml'],
        source: { kind: 'paths', cwd: '/tmp/elsewhere' },
        scenarios: [file('passed', '2026-11-30T10:24:00Z')],
      },
      {
        id: 23,
        frontDoor: 'cli',
        paths: ['.'],
        source: { kind: 'paths', cwd: '/tmp/cli' },
        scenarios: [file('failed', '2026-11-30T10:23:00Z')],
      },
      {
        id: 18,
        frontDoor: 'browser',
        paths: ['/tmp/cli'],
        source: { kind: 'folder', folder: '/tmp/cli' },
        scenarios: [file('passed', '2026-11-30T10:18:00Z')],
      },
    );
    fileNamed.fromFolder = true;
    const opening = useScenariosStore.getState().open('/tmp/cli');
    pending.at(-1)?.release();
    await opening;
    const [row] = useScenariosStore.getState().rows;
    expect(row?.status).toBe('failed');
    expect(row?.storedRun).toEqual({
      runId: 23,
      startedAt: '2026-11-30T10:23:00Z',
      startedBy: 'checkout-console test',
    });
    storedRuns.length = 0;
    fileNamed.fromFolder = false;
  });
});
