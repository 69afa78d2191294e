import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { defaultProfileFields } from '../../src/shared/profile';
import { openTempConsole } from './helpers/temp-console';

let core: ConsoleCore;
let dispose: () => Promise<void>;

beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
});
afterEach(async () => dispose());

const KEEP_BOTH = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;
const call = (command: string, input: unknown) => core.dispatcher(command, input, { transport: 'direct' });

describe('profiles', () => {
  it('first run creates Local, Sandbox and Live, with Local active and ready to use', () => {
    const { profiles, activeProfileId } = core.profiles.snapshot();
    expect(profiles.map((p) => [p.name, p.environment])).toEqual([
      ['Local', 'local'],
      ['Sandbox', 'sandbox'],
      ['Live', 'live'],
    ]);
    const local = profiles[0];
    expect(activeProfileId).toBe(local?.id);
    expect(local?.apiToken.isSet).toBe(true);
    expect(local?.notificationToken.isSet).toBe(true);
    expect(local?.notificationField).toBe('merchant_url.notification');
    expect(local?.signedTokenMinutes).toBe(15);
    expect(local?.operations.authorise).toEqual({ method: 'POST', path: '/orders/{order_id}/authorise' });
    expect(local?.operations.refund).toEqual({
      method: 'POST',
      path: '/payments/simplified-refund/{order_id}',
    });
  });

  it('creates a profile with tokens and shows them masked only', async () => {
    const result = await call('createProfile', {
      fields: { ...defaultProfileFields('sandbox', 'QA sandbox'), baseUrl: 'https://sbx.example.test' },
      apiToken: { action: 'set', value: 'sk_test_1234567890abcd' },
      notificationToken: { action: 'set', value: 'notify_secret_99998888' },
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        name: 'QA sandbox',
        apiToken: { isSet: true, masked: '••••abcd' },
        notificationToken: { masked: '••••8888' },
      },
    });
    expect(JSON.stringify(result)).not.toContain('sk_test_1234567890abcd');
  });

  it.each([
    ['an empty name', { name: '  ' }, 'fields.name', /Enter a profile name/],
    // Shown as "xlive" and "a b" in the UI: a sandbox profile read as live, two names as one.
    [
      'a bidi override in the name',
      { name: 'x\u202Eevil' },
      'fields.name',
      /A profile name cannot hold U\+202E \(a control, bidirectional or line-break character\)/,
    ],
    ['a line break in the name', { name: 'a\nb' }, 'fields.name', /cannot hold U\+000A/],
    ['a line separator in the name', { name: 'a\u2028b' }, 'fields.name', /cannot hold U\+2028/],
    [
      'a base URL that is not http/https',
      { baseUrl: 'ftp://files.example' },
      'fields.baseUrl',
      /http:\/\/ or https:\/\//,
    ],
    ['a base URL that is not a URL', { baseUrl: 'not a url' }, 'fields.baseUrl', /http:\/\/ or https:\/\//],
    ['a port out of range', { listenerPort: 70000 }, 'fields.listenerPort', /between 0 and 65535/],
    ['a negative port', { listenerPort: -1 }, 'fields.listenerPort', /between 0 and 65535/],
    [
      'a bad notification field',
      { notificationField: 'merchant url' },
      'fields.notificationField',
      /dotted path/,
    ],
    ['a zero token lifetime', { signedTokenMinutes: 0 }, 'fields.signedTokenMinutes', /at least 1 minute/],
    [
      'a relative operation path',
      {
        operations: {
          ...defaultProfileFields('local', 'x').operations,
          capture: { method: 'POST', path: 'capture' },
        },
      },
      'fields.operations.capture.path',
      /starts with \//,
    ],
  ])('rejects %s, naming the field', async (_label, patch, path, message) => {
    const result = await call('createProfile', {
      fields: { ...defaultProfileFields('sandbox', 'Bad'), ...patch },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.issues.map((i) => i.path)).toContain(path);
    expect(result.error.message).toMatch(message);
  });

  it('rejects a duplicate name, whatever its case', async () => {
    const result = await call('createProfile', { fields: defaultProfileFields('sandbox', 'sandbox') });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'fields.name' }] },
    });
    expect(result.ok === false && result.error.message).toMatch(/already exists/);
  });

  it('updates fields, sets, replaces and clears tokens', async () => {
    const sandbox = core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('no sandbox');
    await call('updateProfile', {
      id: sandbox.id,
      fields: { baseUrl: 'https://x.example' },
      apiToken: { action: 'set', value: 'first_token_aaaa' },
    });
    expect(core.profiles.secretsOf(sandbox.id).apiToken).toBe('first_token_aaaa');
    await call('updateProfile', {
      id: sandbox.id,
      fields: {},
      apiToken: { action: 'set', value: 'second_token_bbbb' },
    });
    expect(core.profiles.secretsOf(sandbox.id).apiToken).toBe('second_token_bbbb');
    expect(core.profiles.get(sandbox.id).fields.baseUrl).toBe('https://x.example');
    await call('updateProfile', { id: sandbox.id, fields: {}, apiToken: { action: 'clear' } });
    expect(core.profiles.secretsOf(sandbox.id).apiToken).toBeNull();
    expect(core.profiles.view(sandbox.id).apiToken).toEqual({ isSet: false, masked: null });
  });

  it('a form saves only what its person changed: a field changed elsewhere meanwhile is kept, or the save is refused', async () => {
    const local = core.profiles.active();
    const read = core.profiles.view(local.id);
    // Meanwhile, in a terminal: `profiles set Local --token-minutes 30`.
    core.profiles.update(local.id, { signedTokenMinutes: 30 }, KEEP_BOTH);
    // Another field, changed in the form: saved, and the terminal's change stays.
    expect(
      await call('updateProfile', {
        id: local.id,
        fields: { publicListenerUrl: 'https://t.example.test' },
        expected: { publicListenerUrl: read.publicListenerUrl },
      }),
    ).toMatchObject({
      ok: true,
      data: { signedTokenMinutes: 30, publicListenerUrl: 'https://t.example.test' },
    });
    // The same field, changed in the form from what it read: refused, naming it.
    expect(
      await call('updateProfile', {
        id: local.id,
        fields: { signedTokenMinutes: 45 },
        expected: { signedTokenMinutes: read.signedTokenMinutes },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringMatching(
          /^Profile "Local": signedTokenMinutes was changed elsewhere .*nothing was saved/,
        ),
        issues: [{ path: 'signedTokenMinutes' }],
      },
    });
    expect(core.profiles.view(local.id).signedTokenMinutes).toBe(30);
    // Overwrite: the same save without what it read.
    expect(await call('updateProfile', { id: local.id, fields: { signedTokenMinutes: 45 } })).toMatchObject({
      ok: true,
      data: { signedTokenMinutes: 45 },
    });
  });

  // Two tokens can mask the same (•••• for short ones, the same last four for long ones), so
  // what a form read of a token is its stamp: a new one whenever the token is set again.
  it('a token set or cleared in a form is refused where it was set elsewhere since the form read it', async () => {
    const sandbox = core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('no sandbox');
    core.profiles.update(
      sandbox.id,
      {},
      { ...KEEP_BOTH, apiToken: { action: 'set', value: 'token-one-abcd' } },
    );
    const read = core.profiles.view(sandbox.id);
    expect(read.apiToken.stamp).toEqual(expect.any(String));
    expect(read.notificationToken.stamp).toBeUndefined();
    // Meanwhile, in a terminal: `profiles set Sandbox --api-token …`, masked the same.
    core.profiles.update(
      sandbox.id,
      {},
      { ...KEEP_BOTH, apiToken: { action: 'set', value: 'token-two-abcd' } },
    );
    expect(core.profiles.view(sandbox.id).apiToken.masked).toBe(read.apiToken.masked);
    for (const apiToken of [{ action: 'set', value: 'mine-from-the-form' }, { action: 'clear' }] as const)
      expect(
        await call('updateProfile', {
          id: sandbox.id,
          fields: {},
          apiToken,
          expected: { apiToken: read.apiToken.stamp ?? null },
        }),
      ).toMatchObject({ ok: false, error: { code: 'conflict', issues: [{ path: 'apiToken' }] } });
    expect(core.profiles.secretsOf(sandbox.id).apiToken).toBe('token-two-abcd');
    // A token not set when read (null) and set elsewhere since: refused too.
    expect(
      await call('updateProfile', {
        id: sandbox.id,
        fields: {},
        notificationToken: { action: 'set', value: 'notification-secret' },
        expected: { notificationToken: null },
      }),
    ).toMatchObject({ ok: true });
    expect(
      await call('updateProfile', {
        id: sandbox.id,
        fields: {},
        notificationToken: { action: 'set', value: 'another-secret' },
        expected: { notificationToken: null },
      }),
    ).toMatchObject({ ok: false, error: { code: 'conflict', issues: [{ path: 'notificationToken' }] } });
    // Read again, the same save goes through; and Overwrite (no expected) always does.
    const again = core.profiles.view(sandbox.id);
    expect(
      await call('updateProfile', {
        id: sandbox.id,
        fields: {},
        apiToken: { action: 'set', value: 'mine-from-the-form' },
        expected: { apiToken: again.apiToken.stamp ?? null },
      }),
    ).toMatchObject({ ok: true });
    expect(core.profiles.secretsOf(sandbox.id).apiToken).toBe('mine-from-the-form');
  });

  it('duplicates a profile with its tokens under a free name', async () => {
    const local = core.profiles.findByName('Local');
    if (local === undefined) throw new Error('no local');
    const first = await call('duplicateProfile', { id: local.id });
    const second = await call('duplicateProfile', { id: local.id });
    expect(first).toMatchObject({ ok: true, data: { name: 'Local copy' } });
    expect(second).toMatchObject({ ok: true, data: { name: 'Local copy 2' } });
    if (!first.ok) return;
    const copyId = (first.data as { id: number }).id;
    expect(core.profiles.secretsOf(copyId)).toEqual(core.profiles.secretsOf(local.id));
  });

  it('removes profiles, moves the active one, and never removes the last', async () => {
    const [local, sandbox, live] = core.profiles.snapshot().profiles;
    if (local === undefined || sandbox === undefined || live === undefined) throw new Error('seed');
    await call('removeProfile', { id: local.id });
    expect(core.profiles.snapshot().activeProfileId).toBe(sandbox.id);
    await call('removeProfile', { id: sandbox.id });
    const last = await call('removeProfile', { id: live.id });
    expect(last).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await call('removeProfile', { id: 999 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('switches the active profile and announces it', async () => {
    const seen: unknown[] = [];
    core.bus.subscribe((event) => seen.push(event));
    const live = core.profiles.findByName('Live');
    if (live === undefined) throw new Error('no live');
    const result = await call('activateProfile', { id: live.id });
    expect(result).toMatchObject({ ok: true, data: { name: 'Live', isActive: true } });
    expect(seen).toEqual([
      { name: 'profiles.changed', payload: expect.objectContaining({ activeProfileId: live.id }) },
    ]);
    expect(core.profiles.active().id).toBe(live.id);
  });
});

describe('live guard', () => {
  it('refuses an outbound call on a live profile unless confirmed', async () => {
    const { assertLiveConfirmed } = await import('../../src/main/profiles/live-guard');
    const live = core.profiles.findByName('Live');
    const sandbox = core.profiles.findByName('Sandbox');
    if (live === undefined || sandbox === undefined) throw new Error('seed');
    const { profiles } = core.profiles.snapshot();
    const to = (profile: typeof live) => ({ url: `${profile.fields.baseUrl}/checkout`, profiles });
    expect(() => assertLiveConfirmed(live, undefined, 'Creating a checkout', to(live))).toThrow(
      /LIVE.*--yes-live/,
    );
    expect(() => assertLiveConfirmed(live, true, 'Creating a checkout', to(live))).not.toThrow();
    expect(() => assertLiveConfirmed(sandbox, undefined, 'Creating a checkout', to(sandbox))).not.toThrow();
  });

  it("refuses a call from another profile to a live profile's address, however it is spelled", async () => {
    const { assertLiveConfirmed } = await import('../../src/main/profiles/live-guard');
    const sandbox = core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('seed');
    const profiles = [
      {
        name: 'Live',
        environment: 'live',
        baseUrl: 'https://API.pay.example:443/v1',
        publicListenerUrl: null,
      },
    ] as const;
    const call = (url: string) => () =>
      assertLiveConfirmed(sandbox, undefined, 'Creating a checkout session', { url, profiles });
    expect(call('https://api.pay.example/checkout')).toThrow(
      'Creating a checkout session on "Sandbox" would reach the LIVE (production) profile "Live": it goes to https://api.pay.example/checkout, on the same server as that profile\'s base URL (https://api.pay.example). Confirm it in the UI, or pass --yes-live on the command line.',
    );
    // Compared by server, and said so: the call goes to /checkout, not under the live base's /live.
    const underPath = () =>
      assertLiveConfirmed(sandbox, undefined, 'Creating a checkout session', {
        url: 'http://127.0.0.1:18801/checkout',
        profiles: [{ ...profiles[0], baseUrl: 'http://127.0.0.1:18801/live' }],
      });
    expect(underPath).toThrow(
      "it goes to http://127.0.0.1:18801/checkout, on the same server as that profile's base URL (http://127.0.0.1:18801).",
    );
    expect(call('https://api.pay.example./orders/o-1/capture')).toThrow(/LIVE \(production\) profile "Live"/);
    expect(call('https://api-sandbox.pay.example/checkout')).not.toThrow();
    expect(() =>
      assertLiveConfirmed(sandbox, true, 'Creating a checkout session', {
        url: 'https://api.pay.example/checkout',
        profiles,
      }),
    ).not.toThrow();
  });
});
