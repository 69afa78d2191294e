import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { profilesSnapshotSchema } from '../../src/shared/contract/profiles';
import type { LiveConfirmation } from '../../src/shared/live-confirmation';
import { json, startFakeService } from './helpers/fake-service';
import { openTempConsole } from './helpers/temp-console';

// A window's live dialog named Live at one address; a `profiles set Live --base-url …` (or a
// token set again) from a terminal while it was open, and the yes sent to the new address with
// the new token. And a scenario run confirmed for Live ran on whichever profile was active at the
// yes. What the dialog named now travels with the call, and main holds the call to it.
let core: ConsoleCore;
let dataDir: string;
let dispose: () => Promise<void>;
let confirmedService: Awaited<ReturnType<typeof startFakeService>>;
let otherService: Awaited<ReturnType<typeof startFakeService>>;
let liveId: number;

const answer = (_request: unknown, res: Parameters<Parameters<typeof startFakeService>[0]>[1]) =>
  json(res, 200, { order_id: 'o-1', checkout_id: 'c-1', status: 'new', checkout_url: 'https://x.example/' });

const keep = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;

beforeEach(async () => {
  ({ core, dataDir, dispose } = await openTempConsole());
  confirmedService = await startFakeService(answer);
  otherService = await startFakeService(answer);
  const live = core.profiles.findByName('Live');
  if (live === undefined) throw new Error('seed');
  liveId = live.id;
  core.profiles.update(
    liveId,
    { baseUrl: confirmedService.url },
    {
      apiToken: { action: 'set', value: 'live-confirmed-token-0001' },
      notificationToken: { action: 'keep' },
    },
  );
});
afterEach(async () => {
  await confirmedService.close();
  await otherService.close();
  await dispose();
});

/** What the window's dialog names for Live as it reads now (the view it is drawn from). */
async function confirmationAsShown(): Promise<LiveConfirmation> {
  const listed = await core.dispatcher('listProfiles', {}, { transport: 'direct' });
  if (!listed.ok) throw new Error(listed.error.message);
  const live = profilesSnapshotSchema.parse(listed.data).profiles.find((profile) => profile.id === liveId);
  if (live === undefined) throw new Error('Live is listed');
  return { profileId: live.id, baseUrl: live.baseUrl, apiTokenStamp: live.apiToken.stamp ?? null };
}

const sendCheckout = (liveConfirmation: LiveConfirmation) =>
  core.dispatcher(
    'sendCheckout',
    {
      profileId: liveId,
      body: { kind: 'json', payload: { order_reference_id: 'ref-confirmed' } },
      injectNotificationUrl: false,
      confirmLive: true,
      liveConfirmation,
    },
    { transport: 'direct' },
  );

describe('a live checkout sends only to what its confirmation named', () => {
  it('refuses, naming both addresses, when the base URL changed after the yes', async () => {
    const confirmed = await confirmationAsShown();
    core.profiles.update(liveId, { baseUrl: otherService.url }, keep);
    const sent = await sendCheckout(confirmed);
    expect(sent).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: `Live's address changed to ${otherService.url} after you confirmed ${confirmedService.url}; nothing was sent. Look at the profile again, and confirm what it is now.`,
      },
    });
    expect(otherService.received).toHaveLength(0);
    expect(confirmedService.received).toHaveLength(0);
  });

  it('refuses when the API token was set again after the yes: it may be another account', async () => {
    const confirmed = await confirmationAsShown();
    core.profiles.update(
      liveId,
      {},
      {
        apiToken: { action: 'set', value: 'another-account-token-0002' },
        notificationToken: { action: 'keep' },
      },
    );
    const sent = await sendCheckout(confirmed);
    expect(sent).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringContaining("Live's API token was set again after you confirmed"),
      },
    });
    expect(confirmedService.received).toHaveLength(0);
  });

  it('sends when nothing changed', async () => {
    const sent = await sendCheckout(await confirmationAsShown());
    expect(sent.ok).toBe(true);
    expect(confirmedService.received).toHaveLength(1);
    expect(confirmedService.received[0]?.headers.authorization).toBe('Bearer live-confirmed-token-0001');
  });
});

describe('a scenario run confirmed for Live', () => {
  const folder = () => {
    const scenarios = join(dataDir, 'confirmed-scenarios');
    mkdirSync(scenarios, { recursive: true });
    writeFileSync(join(scenarios, 'a.yaml'), 'name: Only vars\nsteps:\n  - step: set\n    vars: { a: 1 }\n');
    return scenarios;
  };

  it('is judged on Live, not the profile active at the yes, and refused when Live moved', async () => {
    const confirmed = await confirmationAsShown();
    // Switched away meanwhile (a terminal's `profiles use Sandbox`), and Live edited: the run is
    // still Live's to judge, and Live no longer is what was confirmed.
    const sandbox = core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('seed');
    const used = await core.dispatcher('activateProfile', { id: sandbox.id }, { transport: 'direct' });
    expect(used.ok).toBe(true);
    core.profiles.update(liveId, { baseUrl: otherService.url }, keep);
    const started = await core.dispatcher(
      'startScenarioRun',
      { folder: folder(), profileId: liveId, confirmLive: true, liveConfirmation: confirmed },
      { transport: 'direct' },
    );
    expect(started).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringContaining(`Live's address changed to ${otherService.url}`),
      },
    });
  });
});
