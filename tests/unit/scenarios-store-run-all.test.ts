import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Scenarios view's store over a bridge holding one folder: a scenario that loads, and a file
// that does not. Main refuses a run whose chosen files include one that does not load.
const expiredProblem = {
  file: 'expired.yaml',
  line: 2,
  column: 8,
  field: 'steps',
  message: 'must be a list, not 5',
};
const started: { files?: string[] }[] = [];
vi.mock('@bridge', () => ({
  frontDoorHint: 'browser',
  bridge: {
    subscribe: () => () => undefined,
    openScenarioFolder: ({ folder }: { folder: string }) =>
      Promise.resolve({
        folder,
        scenarios: [{ file: 'declined.yaml', name: 'Declined', description: null, steps: [] }],
        problems: [expiredProblem],
      }),
    startScenarioRun: (input: { files?: string[] }) => {
      started.push(input);
      return Promise.resolve(
        input.files?.includes('expired.yaml') === true ? { problems: [expiredProblem] } : { runId: 'run-1' },
      );
    },
  },
}));

// Run asks before a live run through the profiles' store and the confirm dialog, whose modules
// read the page's address when loaded; this Node test has no live profile.
vi.mock('@features/profiles', () => ({
  selectActiveProfile: () => null,
  useProfilesStore: { getState: () => ({}) },
}));
vi.mock('@ui/confirm-live', () => ({
  callNeedsLiveYes: () => false,
  confirmLiveCall: () => Promise.resolve(true),
}));

/** The part of the store this test uses (its own types come through the renderer's bridge). */
interface ScenariosStoreModule {
  useScenariosStore: {
    getInitialState(): object;
    setState(state: object, replace: true): void;
    getState(): {
      open(folder?: string): Promise<void>;
      run(files?: string[]): Promise<void>;
      runId: string | null;
      error: string | null;
      rows: { status: string }[];
    };
  };
}
const storePath = '../../src/renderer/src/features/scenarios/scenarios-store';
const { useScenariosStore } = (await import(/* @vite-ignore */ storePath)) as ScenariosStoreModule;

describe('Run all in the Scenarios view', () => {
  // Each test starts from the store as the page opens it: a run another test started (run-1)
  // would still be the store's when a refused one leaves it be.
  beforeEach(() => useScenariosStore.setState(useScenariosStore.getInitialState(), true));

  it('chooses every file of the folder, one that did not load included, so nothing runs without it', async () => {
    await useScenariosStore.getState().open('/tmp/suite');
    await useScenariosStore.getState().run();
    expect(started.at(-1)?.files).toEqual(['declined.yaml', 'expired.yaml']);
    const state = useScenariosStore.getState();
    expect(state.runId).toBeNull();
    expect(state.error).toBe(
      'expired.yaml:2:8: steps: must be a list, not 5\n1 problem in 1 scenario file; nothing was run.',
    );
    expect(state.rows.map((row) => row.status)).toEqual(['idle']);
  });

  it('runs a scenario chosen alone, the broken file not being chosen', async () => {
    await useScenariosStore.getState().open('/tmp/suite');
    await useScenariosStore.getState().run(['declined.yaml']);
    expect(started.at(-1)?.files).toEqual(['declined.yaml']);
    expect(useScenariosStore.getState().runId).toBe('run-1');
  });
});
