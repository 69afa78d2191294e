import { describe, expect, it } from 'vitest';
import { emulatorSignsElsewhereWords } from '../../src/renderer/src/features/listener/listener-status-words';

// Slow active (no notification token), an order sent with --profile Local and paid in the
// emulator: the Listener view said every token is judged no_secret for Slow, with no word that
// the console's own emulator signs its notifications with Local's token, so every one of them
// arrived unverified.
describe("the Listener view's word on whose token the console's emulator signs with", () => {
  it("said when the emulator signs with another profile's token than the listener judges with", () => {
    expect(emulatorSignsElsewhereWords({ profileName: 'Slow' }, { profileName: 'Local' })).toBe(
      "This console's emulator signs its notifications with profile Local's notification token; this listener judges them against profile Slow's, so they arrive unverified unless the two tokens are the same. Make Local the active profile to verify them.",
    );
  });

  it('nothing to say when they are one profile, or either names none', () => {
    expect(emulatorSignsElsewhereWords({ profileName: 'Local' }, { profileName: 'Local' })).toBeNull();
    expect(emulatorSignsElsewhereWords({ profileName: 'Slow' }, { profileName: null })).toBeNull();
    expect(emulatorSignsElsewhereWords({ profileName: null }, { profileName: 'Local' })).toBeNull();
    expect(emulatorSignsElsewhereWords({ profileName: 'Slow' }, null)).toBeNull();
  });
});
