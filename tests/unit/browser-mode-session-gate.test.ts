import { describe, expect, it } from 'vitest';
import { createSessionGate, MAX_UNUSED_LAUNCH_TOKENS } from '../../src/main/browser-mode/session-gate';

describe('the session gate with minted links', () => {
  it('spends each launch token once, the printed one and the minted ones alike', () => {
    const gate = createSessionGate(4400);
    const minted = gate.mintLaunchToken();
    expect(minted).not.toBe(gate.launchToken);
    expect(gate.exchange(minted)).toMatch(
      /^checkout_console_4400=[\w-]+; HttpOnly; SameSite=Strict; Path=\/$/,
    );
    expect(gate.exchange(minted)).toBeNull();
    expect(gate.exchange(gate.launchToken)).not.toBeNull();
    expect(gate.exchange(gate.launchToken)).toBeNull();
    expect(gate.exchange('')).toBeNull();
  });

  it(`keeps at most ${MAX_UNUSED_LAUNCH_TOKENS} unused links; minting more retires the oldest`, () => {
    const gate = createSessionGate(4400);
    const minted = Array.from({ length: MAX_UNUSED_LAUNCH_TOKENS }, () => gate.mintLaunchToken());
    // The printed link was the oldest unused one.
    expect(gate.exchange(gate.launchToken)).toBeNull();
    for (const token of minted) expect(gate.exchange(token)).not.toBeNull();
  });
});
