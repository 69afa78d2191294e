import { resolve } from 'node:path';
import { consoleCommandNaming, type ConsoleCommand } from '../shared/console-command';
import { osUserDataDir } from './data-dir';

export type { ConsoleCommand } from '../shared/console-command';

/**
 * The data directory a printed command names: absolute (the command must work from any
 * directory), or null when it is the default, which a command without `--data-dir` reaches
 * from any shell. An environment's CHECKOUT_CONSOLE_DATA_DIR is named too: another shell may
 * not have it.
 */
export function dataDirToName(dataDir: string, defaultDataDir: string = osUserDataDir()): string | null {
  const absolute = resolve(dataDir);
  return absolute === resolve(defaultDataDir) ? null : absolute;
}

/** Every command printed for a person on behalf of the console on `dataDir` (see ConsoleCommand). */
export const consoleCommandOn = (dataDir: string, defaultDataDir?: string): ConsoleCommand =>
  consoleCommandNaming(dataDirToName(dataDir, defaultDataDir));
