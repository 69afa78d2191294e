import { afterEach, describe, expect, it } from 'vitest';
import { openEmulator, type EmulatorHarness } from './helpers/emulator-harness';

let emulator: EmulatorHarness | null = null;
afterEach(async () => {
  await emulator?.dispose();
});

const answers = async (url: string): Promise<boolean> => {
  try {
    await fetch(`${url}/merchants/orders/x`);
    return true;
  } catch {
    return false;
  }
};

// "Start on a free port" clicked twice (or Restart in two windows): both starts ran at once, the
// second server replaced the first in the service, and the first kept listening, never closed.
describe('starting the emulator twice at once', () => {
  it('leaves one server running, and after Stop none answers', async () => {
    emulator = await openEmulator();
    const service = emulator.core.emulator;
    const [first, second] = await Promise.all([service.start(0), service.start(0)]);
    expect(first.url).not.toBeNull();
    expect(second.url).not.toBeNull();
    const urls = [...new Set([emulator.url, first.url ?? '', second.url ?? ''])];
    await service.stop();
    for (const url of urls) expect({ url, answers: await answers(url) }).toEqual({ url, answers: false });
  });
});
