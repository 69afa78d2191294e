import { describe, expect, it } from 'vitest';
import { unreadableSettingsWarnings } from '../../src/main/unreadable-settings';
import { wayOutWords } from '../../src/main/timeline/record-secrets';
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
          /^The stored former secrets \(the "profiles.formerSecrets" setting\) cannot be read: entry 2 cannot be read \(not a string; not shown: it may hold a secret\), so it is kept as a damaged secret; entry 3 cannot be read \(not sealed; not shown: it may hold a secret\), so it is kept as a damaged secret\. Nothing can mask /,
        ),
      ]);
      noSecretIn(lines, sealed, OTHER, KEY, '987654321');
    });
  });

  it('read a stored null as no former secret, said, refusing nothing; a lone value is one damaged secret, never quoted', async () => {
    await withSealed((core) => {
      // A null holds no secret: it was kept as one damaged secret, and every export refused.
      core.settings.set('profiles.formerSecrets', null);
      expect(core.profiles.unopenedFormerSecrets()).toEqual([]);
      expect(core.profiles.secretsHere().unopened).toEqual([]);
      expect(unreadableSettingsWarnings(core.settings, ['former-secrets'])).toEqual([
        expect.stringContaining('cannot be read: the value null is not a list, so none is used.'),
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
          /^The stored registered webhook headers \(the "emulator.webhookHeaders" setting\) cannot be read: entry 2 \(its sealed\) cannot be read \(not a string; not shown: it may hold a secret\), so it is kept as a damaged secret\. A header whose value cannot be read refuses a delivery/,
        ),
      ]);
      expect(core.emulator.settingsView().webhookHeadersUnreadable).toEqual([
        expect.stringContaining('entry 2'),
      ]);
      noSecretIn(lines, sealed, KEY, '987654321');
    });
  });

  it('read a stored null as no header, said, refusing nothing', async () => {
    await withSealed((core) => {
      core.settings.set('emulator.webhookHeaders', null);
      expect(core.profiles.webhookHeaders.plain()).toEqual([]);
      expect(core.profiles.secretsHere().unopened).toEqual([]);
      expect(unreadableSettingsWarnings(core.settings, ['webhook-headers'])).toEqual([
        expect.stringContaining('cannot be read: the value null is not a list, so none is used.'),
      ]);
    });
  });
});

describe('a refusal for damaged secrets', () => {
  // A damaged header's way out ends in the former secrets' command: the hint said it twice.
  it('names each way out once', async () => {
    await withSealed((core, sealed) => {
      core.settings.set('emulator.webhookHeaders', [{ name: 'X-Other', sealed: 987654321 }]);
      core.settings.set('profiles.formerSecrets', [sealed, OTHER]);
      const { unopened } = core.profiles.secretsHere();
      expect(unopened).toHaveLength(2);
      const words = wayOutWords(unopened);
      expect(words.split('profiles forget-secret --former')).toHaveLength(2);
      expect(words).toContain("register that header's value again");
    });
  });
});
