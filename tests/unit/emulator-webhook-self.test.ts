import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, type EmulatorHarness } from './helpers/emulator-harness';

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

// Registered at the emulator itself, every notification went to the service's own routes and
// failed as "The target answered 401." after all its attempts, with nothing saying why.
describe('a registered webhook URL that is the emulator itself', () => {
  it.each([
    (url: string) => `${url}/hook`,
    (url: string) => `${url.replace('127.0.0.1', 'localhost')}/checkout`,
    (url: string) => `${url.replace('127.0.0.1', '[::1]')}/`,
  ])('is refused when saved, naming the field and why (%#)', (spell) => {
    const target = spell(emulator.url);
    expect(() => emulator.core.emulator.updateSettings({ webhookUrl: target })).toThrow(
      /webhookUrl: .*this emulator itself/,
    );
    expect(emulator.core.emulator.settings().webhookUrl).toBeNull();
  });

  it('another port on this machine (a merchant endpoint, the listener) is kept', () => {
    const port = new URL(emulator.url).port === '4455' ? 4456 : 4455;
    const saved = emulator.core.emulator.updateSettings({ webhookUrl: `http://127.0.0.1:${port}/webhook` });
    expect(saved.webhookUrl).toBe(`http://127.0.0.1:${port}/webhook`);
  });
});
