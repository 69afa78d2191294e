import { afterEach, describe, expect, it } from 'vitest';
import type { CliContext } from '../../src/main/cli/cli-context';
import { runEmulator } from '../../src/main/cli/commands/emulator';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

/** `emulator` in the foreground until `stop()`, its standard output captured. */
function startEmulator(dataDir: string, flags: Record<string, string>) {
  let stdout = '';
  const context: CliContext = {
    io: { stdout: (text) => (stdout += text), stderr: () => undefined, readStdin: async () => '' },
    rendererDir: '/nonexistent',
    dataDirFlag: () => dataDir,
  };
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const running = runEmulator(context, { port: '0', ...flags }, stopped);
  return {
    out: () => stdout,
    async url(): Promise<string> {
      for (let attempt = 0; attempt < 300 && !/listening on/.test(stdout); attempt++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return /listening on (\S+)/.exec(stdout)?.[1] ?? '';
    },
    async stop() {
      stop();
      await running;
    },
  };
}

/** A data directory whose Local profile holds the API token `local-api-token-0123`. */
async function dataDirWithLocalToken(): Promise<string> {
  const temp = makeTempDir();
  temps.push(temp);
  const argv = ['--data-dir', temp.dir, 'profiles', 'set', 'Local', '--api-token', 'local-api-token-0123'];
  const set = await runCliCaptured(argv);
  expect(set.code, set.stderr).toBe(0);
  return temp.dir;
}

const ordersOf = (url: string, token: string) =>
  fetch(`${url}/orders/unknown`, { headers: { authorization: `Bearer ${token}` } });

describe('checkout-console emulator', () => {
  it("accepts the Local profile's API token, read from the one console it runs on, and masks it", async () => {
    const dataDir = await dataDirWithLocalToken();
    const emulator = startEmulator(dataDir, {});
    try {
      const url = await emulator.url();
      expect((await ordersOf(url, 'local-api-token-0123')).status).toBe(404);
      expect((await ordersOf(url, 'another-token')).status).toBe(401);
      expect(emulator.out()).not.toContain('local-api-token-0123');
      expect(emulator.out()).not.toContain('generated');
    } finally {
      await emulator.stop();
    }
  });

  it("a flag wins over the Local profile's token", async () => {
    const emulator = startEmulator(await dataDirWithLocalToken(), { apiToken: 'flag-api-token-0123' });
    try {
      const url = await emulator.url();
      expect((await ordersOf(url, 'flag-api-token-0123')).status).toBe(404);
      expect((await ordersOf(url, 'local-api-token-0123')).status).toBe(401);
      expect(emulator.out()).toMatch(/api token ••••0123; notification token ••••/);
    } finally {
      await emulator.stop();
    }
  });
});
