import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/e2e/fixtures/chromium-launch';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: process.env['CI'] ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  // How long an assertion waits for the page to get there: not a speed goal (those are in
  // `npm run bench`). 10 s ran out twice under CI's load on a two-core machine where the same
  // tests pass alone in a fraction of it (a view listing 200 orders and 200 notifications; a
  // confirmation dialog after an order was created); a test that is wrong still fails, later.
  expect: { timeout: 20_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    // Recording a trace costs 20–30 % of a test's CPU (measured on two tests: 13.3 vs 17.4 s and
    // 12.3 vs 15.1 s), and CI keeps only what the run prints: there a failure is told by its
    // error, the page's snapshot and the screenshot. Locally a failed test keeps its trace.
    trace: process.env['CI'] ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'web',
      testDir: 'tests/e2e/web',
      // Each test has its own console (fixtures/console-test.ts), so tests of one file can run
      // on either worker: the long files no longer leave one worker idle at the end of the run.
      // (The desktop project stays file by file: its app holds a single-instance lock.)
      fullyParallel: true,
      use: {
        browserName: 'chromium',
        // A failure's screenshots are taken by the page fixture (fixtures/console-test.ts): this
        // option takes one of every tab of every test, passed ones too, and throws those away.
        screenshot: 'off',
        launchOptions: {
          executablePath: chromiumPath,
          args: chromiumArgs(),
        },
      },
    },
    {
      name: 'desktop',
      testDir: 'tests/e2e/desktop',
    },
  ],
});
