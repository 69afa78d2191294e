/**
 * The unit test files that run in a fresh module graph of their own; every other file shares
 * its worker's modules with the files run before it (vitest.config.ts). Each is here because it
 * replaces a module with vi.mock: the mock reaches only modules this file loads itself, and a
 * module an earlier file loaded in the same worker (a renderer store, the store's
 * bridge, everything that reads node:fs) would keep the real one, or that file's mock, and keep
 * it for the files after. unit-isolation.test.ts fails for a file that mocks a module and is not
 * listed here.
 */
export const ISOLATED_UNIT_FILES = [
  // node:fs, so that opening a file of its data directory for writing fails as on read-only media.
  'tests/unit/cli-read-only-data-dir.test.ts',
  // The renderer's @bridge (and, for the Scenarios stores, the profiles' store and the live
  // confirmation), under the store the file imports.
  'tests/unit/builder-draft-load-failure.test.ts',
  'tests/unit/builder-guided-order-reload.test.ts',
  'tests/unit/builder-not-kept-across-reloads.test.ts',
  'tests/unit/builder-not-kept-replaced.test.ts',
  'tests/unit/builder-working-copy-flush.test.ts',
  'tests/unit/builder-working-copy-offer-order.test.ts',
  'tests/unit/builder-working-copy-offer-typing.test.ts',
  'tests/unit/builder-working-copy-too-large.test.ts',
  'tests/unit/emulator-store-start.test.ts',
  'tests/unit/history-store-removed.test.ts',
  'tests/unit/replay-plan-memory.test.ts',
  'tests/unit/replay-selection-body.test.ts',
  'tests/unit/replay-store-body.test.ts',
  'tests/unit/replay-store-runs.test.ts',
  'tests/unit/run-exists-store-again.test.ts',
  'tests/unit/scenario-runs-store-elsewhere.test.ts',
  'tests/unit/scenarios-store-open.test.ts',
  'tests/unit/scenarios-store-run-all.test.ts',
  // The standard-io module under the CLI's waitForSignal, so that standard output can close.
  'tests/unit/wait-for-signal.test.ts',
] as const;
