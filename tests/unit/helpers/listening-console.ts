import { afterEach } from 'vitest';
import { createConsole, type ConsoleCore } from '../../../src/main/app';
import type { ConsoleOptions } from '../../../src/main/console-options';
import { makeTempDir } from './temp-console';

export interface ListeningConsole {
  core: ConsoleCore;
  dataDir: string;
  /** `http://127.0.0.1:PORT` of the running listener. */
  origin: string;
  /** The Local profile's notification token (the listener verifies with it). */
  secret: string;
  dispose: () => Promise<void>;
}

/**
 * A console with its listener running on a free port: the Local profile is first set to
 * port 0 with the listener off, then the console is opened as the desktop app would be, with
 * `overrides` (a shorter lock wait, for a test of what happens past it).
 */
export async function openListeningConsole(
  overrides: Pick<ConsoleOptions, 'lockWaitMs'> = {},
): Promise<ListeningConsole> {
  const temp = makeTempDir();
  const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  const local = setup.profiles.active();
  setup.profiles.update(
    local.id,
    { listenerPort: 0 },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
  await setup.close();
  const core = await createConsole({
    ...overrides,
    dataDir: temp.dir,
    frontDoor: 'browser',
    keychain: 'off',
    background: true,
    // Tests run in parallel: the emulator would fight over the Local profile's port.
    startEmulator: false,
  });
  const status = core.listener.status();
  if (status.url === null)
    throw new Error(`The listener did not start: ${status.error ?? 'no reason given'}`);
  const secret = core.profiles.secretsOf(local.id).notificationToken;
  if (secret === null) throw new Error('The Local profile has no notification token.');
  return {
    core,
    dataDir: temp.dir,
    origin: status.url,
    secret,
    dispose: async () => {
      await core.close();
      temp.remove();
    },
  };
}

/**
 * Two consoles on one data directory, as a test of several processes needs them: a listening
 * one, and another opened on its data directory. Both are closed after each test.
 */
export function consolesOnOneDataDir() {
  let listening: ListeningConsole | null = null;
  let other: ConsoleCore | null = null;
  afterEach(async () => {
    await other?.close();
    other = null;
    await listening?.dispose();
    listening = null;
  });
  return {
    async listening(): Promise<ListeningConsole> {
      listening = await openListeningConsole();
      return listening;
    },
    async other(dataDir: string): Promise<ConsoleCore> {
      other = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off' });
      return other;
    },
  };
}
