import { defineConfig } from 'vitest/config';
import { rendererAliases } from './scripts/renderer-aliases';

export default defineConfig({
  // Unit tests import renderer modules, which import each other through the aliases.
  resolve: { alias: rendererAliases(import.meta.dirname) },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // The words every entry point installs for zod's own checks (src/shared/zod-words.ts).
    setupFiles: ['tests/unit/setup/console-zod-words.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most files wait on
    // child processes and sockets, so two run side by side in about half the time.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Tests never touch the developer's real OS keychain.
    env: { CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
  },
});
