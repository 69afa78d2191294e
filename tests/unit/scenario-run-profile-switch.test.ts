import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';
import { scenarioRunEnded } from './helpers/scenario-run-ended';

// Switching the active profile while the Scenarios view ran a suite moved the listener to the
// new profile's port and token at once: the run went on on the profile it started with, and its
// notifications went to a listener that was no longer there (or judged them with another token).
// A run now keeps the listener on its own profile until it ends; then the listener follows.
const temp = makeTempDir('cc-profile-switch-');
let app: ListeningConsole;

beforeAll(async () => {
  app = await openListeningConsole();
});
afterAll(async () => {
  await app.dispose();
  temp.remove();
});

const call = async (command: string, input: unknown) => {
  const result = await app.core.dispatcher(command, input, { transport: 'direct' });
  if (!result.ok) throw new Error(result.error.message);
  return result.data as Record<string, unknown>;
};

describe('a scenario run while the active profile changes', () => {
  it('keeps the listener on the profile it started on until it ends, then follows the new one', async () => {
    const sandbox = app.core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('no Sandbox');
    app.core.profiles.update(
      sandbox.id,
      { listenerPort: 0 },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'set', value: 'sandbox-secret-xyz' } },
    );
    writeFileSync(
      join(temp.dir, 'a.yaml'),
      [
        'name: Local to the end',
        'steps:',
        '  - step: wait',
        '    for: 1s',
        '  - step: send-webhook',
        '    to: listener',
        '    token: valid',
        '    body: { order_id: "x-1", event: order_approved }',
        '    expect: { verdict: valid }',
        '',
      ].join('\n'),
    );
    const localUrl = app.core.listener.status().url;
    const ended = scenarioRunEnded(app.core.bus);
    const started = await call('startScenarioRun', { folder: temp.dir, confirmLive: false });
    expect(started).toEqual({ runId: expect.any(String) });
    app.core.profiles.activate(sandbox.id);

    const end = await ended;
    expect(end).toMatchObject({
      payload: { type: 'run-finished', report: { status: 'passed', profileName: 'Local' } },
    });
    // The run is over: the listener now follows the active profile.
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (app.core.listener.status().profileName === 'Sandbox') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const after = app.core.listener.status();
    expect(after).toMatchObject({ profileName: 'Sandbox', running: true });
    expect(after.url).not.toBe(localUrl);
  });
});
