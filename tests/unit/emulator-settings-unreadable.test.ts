import { describe, expect, it } from 'vitest';
import { DEFAULT_EMULATOR_SETTINGS } from '../../src/shared/emulator';
import { unreadableSettingsWarnings } from '../../src/main/unreadable-settings';
import { openTempConsole } from './helpers/temp-console';

// The emulator's stored settings were read all or nothing: one damaged field (attempts 0) put
// every stored setting back to its default in silence, a custom issuer and the registered webhook
// among them. They are read as the listener's are: each field that parses kept, each that does
// not named, in the log, on the terminal and in the Emulator view's answer.

describe('stored emulator settings that cannot be read', () => {
  it('keep the fields that parse, name the damaged one, and leave the stored text as it was', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      const stored = { attempts: 0, issuer: 'my-issuer', webhookUrl: 'http://127.0.0.1:9/hook' };
      core.settings.set('emulator.settings', stored);
      expect(core.emulator.settings()).toEqual({
        ...DEFAULT_EMULATOR_SETTINGS,
        issuer: 'my-issuer',
        webhookUrl: 'http://127.0.0.1:9/hook',
      });
      const unreadable = [expect.stringMatching(/^attempts 0 cannot be read \(.*\), so 3 is used$/)];
      expect(core.emulator.settingsView().unreadable).toEqual(unreadable);
      expect(unreadableSettingsWarnings(core.settings, ['emulator'])).toEqual([
        expect.stringMatching(
          /^The stored emulator settings \(the "emulator.settings" setting\) cannot be read: attempts 0 cannot be read \(.*\), so 3 is used\. Only what is named uses its default, the rest is used as stored, until the emulator settings are saved/,
        ),
      ]);
      // It said 'Defaults are used in their place' while the form kept the stored issuer.
      expect(unreadableSettingsWarnings(core.settings, ['emulator'])[0]).not.toMatch(/Defaults are used/);
      expect(core.settings.storedText('emulator.settings')).toBe(JSON.stringify(stored));
    } finally {
      await dispose();
    }
  });

  it('say a stored null, and nothing when none are stored', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      expect(unreadableSettingsWarnings(core.settings, ['emulator'])).toEqual([]);
      expect(core.emulator.settingsView().unreadable).toEqual([]);
      core.settings.set('emulator.settings', null);
      expect(core.emulator.settings()).toEqual(DEFAULT_EMULATOR_SETTINGS);
      expect(core.emulator.settingsView().unreadable).toEqual(['the value null is not an object']);
      expect(unreadableSettingsWarnings(core.settings, ['emulator'])).toEqual([
        expect.stringContaining(
          '(the "emulator.settings" setting) cannot be read: the value null is not an object.',
        ),
      ]);
    } finally {
      await dispose();
    }
  });
});
