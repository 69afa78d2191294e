import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The CLI's entry in the source tree. */
export const SOURCE_CLI_ENTRY = join(ROOT, 'src', 'main', 'cli', 'index.ts');

/**
 * That source bundled by the unit run's global setup (setup/bundle-source-cli.ts), for a test
 * that starts the CLI in a process of its own: `node SOURCE_CLI <args>` runs this tree's source
 * as `node --import tsx src/main/cli/index.ts <args>` did, at a fifth of the start's CPU. It
 * sits one folder down in .tmp, so `../renderer` (no renderer build) is as absent as from
 * src/main/cli, and packages resolve from the project's node_modules.
 */
export const SOURCE_CLI = join(ROOT, '.tmp', 'unit-cli', 'cli', 'index.mjs');

/** One racer of first-start-race.test.ts (helpers/first-start-racer.ts), bundled the same way. */
export const FIRST_START_RACER_ENTRY = join(ROOT, 'tests', 'unit', 'helpers', 'first-start-racer.ts');
export const FIRST_START_RACER = join(ROOT, '.tmp', 'unit-cli', 'cli', 'first-start-racer.mjs');

/** What the global setup bundles: each source entry and where its bundle goes. */
export const BUNDLED_ENTRIES: readonly { entry: string; bundle: string }[] = [
  { entry: SOURCE_CLI_ENTRY, bundle: SOURCE_CLI },
  { entry: FIRST_START_RACER_ENTRY, bundle: FIRST_START_RACER },
];
