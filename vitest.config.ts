import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Tests never touch the developer's real OS keychain.
    env: { CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
  },
});
