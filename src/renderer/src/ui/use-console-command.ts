import { useMemo } from 'react';
import { consoleCommandNaming, type ConsoleCommand } from '@shared/console-command';
import { useAppStore } from './app-store';

/**
 * A command this view shows for a terminal, as main's own messages name it: with `--data-dir`
 * when the console does not serve the default data directory (pasted as shown, it would act on
 * the default one). Until the app's info is in, the default is named (the view is not ready).
 */
export function useConsoleCommand(): ConsoleCommand {
  const dataDir = useAppStore((state) => state.info?.dataDirInCommands ?? null);
  return useMemo(() => consoleCommandNaming(dataDir), [dataDir]);
}
