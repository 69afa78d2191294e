import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { NO_FAULTS } from '../../src/shared/emulator';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A serve's Emulator → Settings had "Delay before the first attempt" at 25000 ms. `test` on the
// same data directory started its emulator with it: the start line said only "(emulator started
// for this run)", and the suite failed with "no order_approved … within 10 s / actual: no webhook
// for this order", as if the merchant's listener had missed it, while the emulator held it on
// purpose. A run's own emulator injects no saved faults (docs/scenarios.md: it passes on a fresh
// clone, whatever another console set), its start line says which it leaves out, and a step that
// times out while the emulator holds (or dropped) the notification by a fault says so.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DELAYED = { ...NO_FAULTS, delayMs: 25000 };

describe('emulator faults saved by another console', () => {
  it('are not injected by a test run, whose start line names them', async () => {
    const temp = makeTempDir();
    cleanups.push(() => temp.remove());
    const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
    setup.emulator.updateSettings({ faults: DELAYED });
    await setup.close();

    const run = await runCliCaptured([
      '--data-dir',
      temp.dir,
      'test',
      'scenarios/happy-path-general-sa.yaml',
      '--reporter',
      'json',
    ]);
    expect(run.stderr).toMatch(
      /^Profile Local \(local\): service http:\/\/127\.0\.0\.1:\d+ \(emulator started for this run, injecting no faults: those saved in the emulator's settings, delay 25000 ms, are not used by a run\), listener /m,
    );
    expect(run.code, run.stderr).toBe(0);
  });

  it("a console's own run, with the faults its emulator injects: a step that timed out says the emulator holds it", async () => {
    const app: ListeningConsole = await openListeningConsole();
    cleanups.push(() => app.dispose());
    const { core } = app;
    const started = await core.emulator.start(0);
    const local = localProfileOf(core.profiles);
    if (started.url === null || local === null) throw new Error('no emulator');
    core.profiles.update(
      local.id,
      { baseUrl: started.url },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    core.emulator.updateSettings({ faults: DELAYED });
    const dir = makeTempDir();
    cleanups.push(() => dir.remove());
    writeFileSync(
      join(dir.dir, 'delayed.yaml'),
      'name: delayed\nsteps:\n  - step: checkout\n    sample: { country: SA }\n  - step: customer\n    action: pay\n  - step: expect-webhook\n    event: order_approved\n    within: 1s\n',
    );
    const { scenarios, problems } = loadScenarios(['delayed.yaml'], dir.dir);
    expect(problems).toEqual([]);
    const report = await core.scenarios.run({ scenarios, paths: ['delayed.yaml'], confirmLive: false });
    const step = report.scenarios[0]?.steps[2];
    expect(step?.status).toBe('failed');
    expect(step?.checks[0]?.actual).toMatch(
      /^no webhook for this order; the emulator holds order_approved on purpose \(its faults: delay 25000 ms\): its first attempt is due at \d{4}-\d\d-\d\dT[\d:.]+Z$/,
    );
    expect(step?.message).toMatch(
      /^no order_approved for order \S+ within 1 s: the emulator holds order_approved on purpose \(its faults: delay 25000 ms\): its first attempt is due at /,
    );
  });
});
