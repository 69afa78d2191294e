import { describe, expect, it } from 'vitest';
import { unreadableSettingsWarnings } from '../../src/main/unreadable-settings';
import type { WebhookHeaderEdit } from '../../src/shared/registered-webhook-headers';
import { openTempConsole } from './helpers/temp-console';

// The former secrets and the registered webhook's header values were read all or nothing: one
// damaged entry made the whole list empty, in silence. Every former token was then unmasked in
// records and exports, and a delivery went out without the merchant's headers. Each entry that
// can be read is now kept; one that cannot is kept as a damaged secret (no console opens it, so
// what would print a record whole refuses, and a delivery refuses rather than go without it), and
// said in the log and on the terminal, never with its stored value.

const KEY = 'mk_live_7f3a9c2e41b8d6f0aa55';
const OTHER = 'mk_live_replaced_9911cc44';
const set = (name: string, value: string): WebhookHeaderEdit => ({ name, value: { action: 'set', value } });

async function withSealed(
  use: (core: Awaited<ReturnType<typeof openTempConsole>>['core'], sealed: string) => void,
) {
  const { core, dispose } = await openTempConsole();
  try {
    core.emulator.updateSettings({ webhookHeaders: [set('X-Api-Key', KEY)] });
    const stored = JSON.parse(core.settings.storedText('emulator.webhookHeaders') ?? '[]') as {
      sealed: string;
    }[];
    const sealed = stored[0]?.sealed ?? '';
    expect(sealed).toMatch(/^\$/);
    use(core, sealed);
  } finally {
    await dispose();
  }
}

const noSecretIn = (lines: readonly string[], ...secrets: string[]) => {
  for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
};

describe('stored former secrets that cannot be read', () => {
  it('keep the entries that open, and a damaged entry is unopened, named without its value', async () => {
    await withSealed((core, sealed) => {
      core.settings.set('profiles.formerSecrets', [sealed, 987654321, OTHER]);
      expect(core.profiles.formerSecrets()).toContain(KEY);
      const unopened = core.profiles.unopenedFormerSecrets();
      expect(unopened.map((secret) => secret.kind)).toEqual(['damaged', 'damaged']);
      const lines = unreadableSettingsWarnings(core.settings, ['former-secrets']);
      expect(lines).toEqual([
        expect.stringMatching(
          /^The stored former secrets \(the "profiles.formerSecrets" setting\) cannot be read: entry 2 cannot be read \(not a string; not shown: it may hold a secret\), so it is kept as a damaged secret\. Nothing can mask /,
        ),
      ]);
      noSecretIn(lines, sealed, OTHER, KEY, '987654321');
    });
  });

  it('say a stored null or a lone value, keeping one damaged secret in their place, never quoting it', async () => {
    await withSealed((core) => {
      core.settings.set('profiles.formerSecrets', null);
      expect(core.profiles.unopenedFormerSecrets().map((secret) => secret.kind)).toEqual(['damaged']);
      expect(unreadableSettingsWarnings(core.settings, ['former-secrets'])).toEqual([
        expect.stringContaining('cannot be read: the value is not a list (not shown: it may hold a secret)'),
      ]);
      core.settings.set('profiles.formerSecrets', OTHER);
      const lines = unreadableSettingsWarnings(core.settings, ['former-secrets']);
      expect(lines).toHaveLength(1);
      noSecretIn(lines, OTHER);
      core.settings.remove('profiles.formerSecrets');
      expect(unreadableSettingsWarnings(core.settings, ['former-secrets'])).toEqual([]);
      expect(core.profiles.unopenedFormerSecrets()).toEqual([]);
    });
  });
});

describe("the registered webhook's stored header values that cannot be read", () => {
  it('keep the headers that open; a damaged one is shown set, refuses a delivery by name, and is said without its value', async () => {
    await withSealed((core, sealed) => {
      core.settings.set('emulator.webhookHeaders', [
        { name: 'X-Api-Key', sealed },
        { name: 'X-Other', sealed: 987654321 },
      ]);
      const headers = core.profiles.webhookHeaders;
      expect(headers.values()).toEqual([KEY]);
      expect(headers.masked().map((header) => [header.name, header.value.isSet])).toEqual([
        ['X-Api-Key', true],
        ['X-Other', true],
      ]);
      expect(() => headers.plain()).toThrow(/X-Other is stored damaged/);
      const lines = unreadableSettingsWarnings(core.settings, ['webhook-headers']);
      expect(lines).toEqual([
        expect.stringMatching(
          /^The stored registered webhook headers \(the "emulator.webhookHeaders" setting\) cannot be read: entry 2 \(its sealed\) cannot be read \(not a string; not shown: it may hold a secret\), so it is kept as a damaged secret\. A delivery/,
        ),
      ]);
      expect(core.emulator.settingsView().webhookHeadersUnreadable).toEqual([
        expect.stringContaining('entry 2'),
      ]);
      noSecretIn(lines, sealed, KEY, '987654321');
    });
  });

  it('say a stored null, and refuse a delivery rather than send none', async () => {
    await withSealed((core) => {
      core.settings.set('emulator.webhookHeaders', null);
      expect(() => core.profiles.webhookHeaders.plain()).toThrow(/stored damaged/);
      expect(unreadableSettingsWarnings(core.settings, ['webhook-headers'])).toEqual([
        expect.stringContaining('cannot be read: the value is not a list (not shown: it may hold a secret)'),
      ]);
    });
  });
});
