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
