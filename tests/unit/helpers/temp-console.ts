import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConsole, type ConsoleCore, type ConsoleOptions } from '../../../src/main/app';

export function makeTempDir(prefix = 'cc-test-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A console on a fresh temporary data directory, with the OS keychain left alone. */
export async function openTempConsole(
  options: Partial<ConsoleOptions> = {},
): Promise<{ core: ConsoleCore; dataDir: string; dispose: () => Promise<void> }> {
  const temp = makeTempDir();
  const core = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off', ...options });
  return {
    core,
    dataDir: temp.dir,
    dispose: async () => {
      await core.close();
      temp.remove();
    },
  };
}
