import { commandNames } from '../../shared/contract';
import { ipcChannelFor } from '../../shared/ipc-channels';
import type { Dispatcher } from './dispatch';

/** The parts of Electron's IpcMainInvokeEvent the bridge looks at (kept structural: no electron import here). */
export interface IpcInvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, input: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/**
 * Serves the contract over Electron IPC. Every command goes through the same wrapper: the
 * sender must be our own main frame (HTTP Toolkit's ipcHandler / VS Code's ValidatedIpcMain),
 * then the shared dispatcher parses input, runs, and returns `{ ok, data } | { ok: false, error }`.
 */
export function registerIpcBridge(
  ipcMain: IpcMainLike,
  dispatch: Dispatcher,
  isTrustedSender: (event: IpcInvokeEventLike) => boolean,
): () => void {
  for (const command of commandNames) {
    ipcMain.handle(ipcChannelFor(command), async (event, input) => {
      if (!isTrustedSender(event)) {
        return {
          ok: false,
          error: {
            code: 'failed',
            message: 'Refused: the request did not come from the console window.',
            issues: [],
          },
        };
      }
      return dispatch(command, input, { transport: 'ipc' });
    });
  }
  return () => {
    for (const command of commandNames) ipcMain.removeHandler(ipcChannelFor(command));
  };
}
