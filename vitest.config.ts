import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { rendererAliases } from './scripts/renderer-aliases';
import { ISOLATED_UNIT_FILES } from './tests/unit/setup/isolated-files';

// Unit tests import renderer modules, which import each other through the aliases.
const resolve = { alias: rendererAliases(import.meta.dirname) };

/** What every unit test file runs with, in either project below. */
const unitTests = {
  // The words every entry point installs for zod's own checks (src/shared/zod-words.ts).
  setupFiles: ['tests/unit/setup/console-zod-words.ts'],
  environment: 'node',
  pool: 'forks',
  // Vitest's default is one worker fewer than the cores: one on CI's two. Most files wait on
  // child processes and sockets, so more run side by side than there are cores: the whole unit
  // run took 257.7 s with two workers and 230.8 s with three on a two-core machine (480 files).
  maxWorkers: 3,
  testTimeout: 20_000,
  hookTimeout: 20_000,
  // Tests never touch the developer's real OS keychain.
  env: { CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
} satisfies ViteUserConfig['test'];

export default defineConfig({
  resolve,
  test: {
    ...unitTests,
    // Once for the whole run: the CLI bundled from source, for the tests that start it as a process.
    globalSetup: ['tests/unit/setup/bundle-source-cli.ts'],
    // Two projects, each naming its files and options in full (`extends: true` would load this
    // file again for each, and a project's include is added to the root's, not put in its place).
    projects: [
      {
        // Files that mock a module get a fresh module graph each (tests/unit/setup/isolated-files.ts).
        resolve,
        test: { ...unitTests, name: 'isolated', include: [...ISOLATED_UNIT_FILES], isolate: true },
      },
      {
        // The rest share each worker's modules: a fresh fork and module graph per file spent more
        // than half of the suite's time importing the same modules again. A file here leaves the
        // process as it found it: it restores what it changes of process.env, the working
        // directory, the umask, timers, process listeners, stdout's and stderr's write and the
        // globals (docs/contributing.md).
        resolve,
        test: {
          ...unitTests,
          name: 'shared',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT_FILES],
          isolate: false,
          // Fails a file that leaves the process changed.
          setupFiles: [...unitTests.setupFiles, 'tests/unit/setup/leaves-process-as-found.ts'],
        },
      },
    ],
  },
});
