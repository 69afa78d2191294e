import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { NO_FAULTS } from '../../src/shared/emulator';
import { openListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';

// The run's emulator stopped mid-run (after a capture was answered): the next expect-webhook
// step failed as a plain check, "no order_captured … within 10 s", as if the service had not
// notified, with no word of the stop; only the later scenarios said the emulator could not be
// reached. The step is an error caused by the stop, and says so.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an expect-webhook step whose emulator is stopped mid-run', () => {
  it('is an error that says the emulator was stopped, not a notification the service never sent', async () => {
    const app = await openListeningConsole();
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
    // Held a while, so the notification is still the emulator's when it stops.
    core.emulator.updateSettings({ faults: { ...NO_FAULTS, delayMs: 20_000 } });
    const dir = makeTempDir();
    cleanups.push(() => dir.remove());
    writeFileSync(
      join(dir.dir, 'stopped.yaml'),
      'name: stopped\nsteps:\n  - step: checkout\n    sample: { country: SA }\n  - step: customer\n    action: pay\n  - step: expect-webhook\n    event: order_approved\n    within: 3s\n',
    );
    const { scenarios, problems } = loadScenarios(['stopped.yaml'], dir.dir);
    expect(problems).toEqual([]);
    const running = core.scenarios.run({ scenarios, paths: ['stopped.yaml'], confirmLive: false });
    // Stopped once the customer has paid: the run is then on (or about to start) its wait.
    const deadline = Date.now() + 10_000;
    while (core.emulator.orders(1)[0]?.state !== 'approved' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await core.emulator.stop();
    const report = await running;
    const step = report.scenarios[0]?.steps[2];
    expect(step?.status).toBe('error');
    expect(step?.message).toMatch(
      /^the emulator was stopped during this run \(it ran when the scenario started\): it sends no order_approved for order \S+ while stopped; nothing was judged$/,
    );
  });
});
