import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFields } from '../../src/shared/profile';
import { json, startFakeService } from './helpers/fake-service';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';
import { scenarioRunEnded } from './helpers/scenario-run-ended';

// A run keeps the profile it started on (run-scenario.ts), but every step that called the service
// read the profile again from the store: a base URL, token or kind edited while the run was under
// way (in the Profiles view, another window, `profiles set` in a terminal) took the rest of the
// run to the new address, with the new token; a live run's yes, given for the address it named,
// went with it. A step that would use the profile now stops with an error saying what changed,
// and nothing is sent.
const temp = makeTempDir('cc-profile-edited-');
let app: ListeningConsole;
type Fake = Awaited<ReturnType<typeof startFakeService>>;
let first: Fake;
let second: Fake;

const answer: Parameters<typeof startFakeService>[0] = (_request, res) =>
  json(res, 200, {
    order_id: 'o-1',
    checkout_id: 'c-1',
    status: 'new',
    checkout_url: 'http://127.0.0.1:9/pay',
  });

beforeAll(async () => {
  app = await openListeningConsole();
  first = await startFakeService(answer);
  second = await startFakeService(answer);
  writeFileSync(
    join(temp.dir, 'a.yaml'),
    [
      'name: two checkouts',
      'steps:',
      '  - step: checkout',
      '    sample: { country: SA }',
      '    notificationUrl: false',
      '  - step: wait',
      '    for: 1500ms',
      '  - step: checkout',
      '    sample: { country: SA }',
      '    notificationUrl: false',
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await app.dispose();
  await first.close();
  await second.close();
  temp.remove();
});

const KEEP = { action: 'keep' } as const;

/** Runs the folder on the profile, making `edit` once the first checkout reached the first service. */
async function runEditedMidway(
  profileName: string,
  confirmLive: boolean,
  edit: Partial<ProfileFields> | 'token',
) {
  const profile = app.core.profiles.findByName(profileName);
  if (profile === undefined) throw new Error(`no ${profileName}`);
  app.core.profiles.update(
    profile.id,
    { baseUrl: first.url, listenerPort: 0 },
    { apiToken: { action: 'set', value: 'token-first' }, notificationToken: KEEP },
  );
  first.received.length = 0;
  second.received.length = 0;
  const ended = scenarioRunEnded(app.core.bus);
  const started = await app.core.dispatcher(
    'startScenarioRun',
    { folder: temp.dir, confirmLive, profileId: profile.id },
    { transport: 'direct' },
  );
  if (!started.ok) throw new Error(started.error.message);
  while (first.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  if (edit === 'token')
    app.core.profiles.update(
      profile.id,
      {},
      { apiToken: { action: 'set', value: 'token-second' }, notificationToken: KEEP },
    );
  else app.core.profiles.update(profile.id, edit, { apiToken: KEEP, notificationToken: KEEP });
  const end = await ended;
  if (end.name !== 'scenarios.progress' || end.payload.type !== 'run-finished')
    throw new Error(`the run did not finish: ${JSON.stringify(end)}`);
  return end.payload.report.scenarios[0]?.steps[2];
}

describe('a profile edited while a scenario run is under way', () => {
  it("a live run's base URL: nothing goes to the new address, and the step says the profile changed", async () => {
    const live = app.core.profiles.findByName('Live');
    const step = await runEditedMidway('Live', true, { baseUrl: second.url });
    // Put back, so the other cases' addresses are not a live profile's.
    app.core.profiles.update(
      live?.id ?? 0,
      { baseUrl: live?.fields.baseUrl ?? '' },
      { apiToken: KEEP, notificationToken: KEEP },
    );
    expect(second.received).toEqual([]);
    expect(step).toMatchObject({
      status: 'error',
      message: `the profile "Live" changed during this run: its base URL is now ${second.url} (it was ${first.url} when the run started); nothing was sent. Run again to use the profile as it is now.`,
    });
  }, 20_000);

  it("a sandbox run's base URL", async () => {
    const step = await runEditedMidway('Sandbox', false, { baseUrl: second.url });
    expect(second.received).toEqual([]);
    expect(step?.status).toBe('error');
    expect(step?.message).toContain('the profile "Sandbox" changed during this run: its base URL is now');
  }, 20_000);

  it('its API token: the old address is not sent the new token', async () => {
    const step = await runEditedMidway('Sandbox', false, 'token');
    expect(first.received).toHaveLength(1);
    expect(step).toMatchObject({
      status: 'error',
      message:
        'the profile "Sandbox" changed during this run: its API token was set again; nothing was sent. Run again to use the profile as it is now.',
    });
  }, 20_000);

  it('its kind, sandbox to live, without a yes', async () => {
    const step = await runEditedMidway('Sandbox', false, { environment: 'live' });
    expect(first.received).toHaveLength(1);
    expect(step).toMatchObject({
      status: 'error',
      message:
        'the profile "Sandbox" changed during this run: it is now a live profile (it was sandbox when the run started); nothing was sent. Run again to use the profile as it is now.',
    });
    app.core.profiles.update(
      app.core.profiles.findByName('Sandbox')?.id ?? 0,
      { environment: 'sandbox' },
      { apiToken: KEEP, notificationToken: KEEP },
    );
  }, 20_000);
});
