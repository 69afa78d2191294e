import { join } from 'node:path';
import { errorWords } from '../shared/error-words';
import type { ConsoleOptions } from './console-options';
import {
  DATABASE_FILE_NAME,
  ensureDataDir,
  LOGS_DIR_NAME,
  requireExistingDataDir,
  tightenDataDir,
} from './data-dir';
import { consoleCommandOn } from './console-command';
import { createLogger, type Logger } from './log';
import { liveAddressRecords, runByOf } from './running-addresses/address-record';
import { openStore, type Store } from './store/open-store';
import { damagedProfilesWarnings, unreadableSettingsWarnings } from './unreadable-settings';

/**
 * The data directory made or required, its database opened and its log begun, in the order that
 * leaves another program's files untouched; what a start finds wrong (loose permissions, stored
 * settings that cannot be read) is said in the log.
 */
export function openConsoleStore(
  dataDir: string,
  options: Pick<
    ConsoleOptions,
    | 'existingDataDir'
    | 'frontDoor'
    | 'appRoot'
    | 'readOnlyFallback'
    | 'logToStderr'
    | 'lockWaitMs'
    | 'syncBusyTimeoutMs'
  >,
): { store: Store; log: Logger } {
  if (options.existingDataDir === true) requireExistingDataDir(dataDir, consoleCommandOn(dataDir));
  else ensureDataDir(dataDir, { sharedWithElectron: options.frontDoor === 'desktop' });
  // The database first: another program's is refused before the folder gets a mode or a logs
  // folder of the console's (data-safety.md: "refused, untouched").
  const store = openStore(join(dataDir, DATABASE_FILE_NAME), {
    ...(options.appRoot === undefined ? {} : { appRoot: options.appRoot }),
    onBackgroundError: (error) => log.error(`Could not index records for search: ${errorWords(error)}`),
    ...(options.readOnlyFallback === true ? { readOnlyFallback: true } : {}),
    ...(options.lockWaitMs === undefined ? {} : { lockWaitMs: options.lockWaitMs }),
    ...(options.syncBusyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.syncBusyTimeoutMs }),
    // A write that gives up on the lock says which consoles run here (their running-*.json).
    runningConsoles: () =>
      liveAddressRecords(dataDir)
        .filter((record) => record.pid !== process.pid)
        .map(runByOf),
  });
  // A data directory that cannot be written (read through a copy) is left exactly as it is.
  const loosePermissions = store.readOnly !== null ? [] : tightenDataDir(dataDir);
  const log = createLogger(join(dataDir, LOGS_DIR_NAME), {
    stderr: options.logToStderr === true,
    files: store.readOnly === null,
  });
  for (const warning of loosePermissions) log.warn(warning);
  // A stored setting that cannot be read is said in the log at every start (serve, listen and
  // retention say theirs in the terminal too), as long as it is stored; the preferences only where
  // the UI's front doors use them.
  for (const line of unreadableSettingsWarnings(store.settings, [
    ...(options.frontDoor === 'cli' ? [] : (['preferences'] as const)),
    'listener',
    'retention',
    'emulator',
    'former-secrets',
    'webhook-headers',
  ]))
    log.warn(line);
  for (const line of damagedProfilesWarnings(store.profiles.list())) log.warn(line);
  return { store, log };
}
