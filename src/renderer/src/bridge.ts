import {
  commandNames,
  type BridgeResult,
  type CommandInput,
  type CommandName,
  type CommandOutput,
  type ConsoleClient,
  type PreloadApi,
  type PushEvent,
} from '@shared/contract';
import { BridgeError } from '@bridge/bridge-error';
import { callAnySize, callWithFileText } from '@bridge/large-calls';
import { createWebSocketTransport, type ConnectionState } from '@bridge/ws-client';
import { BRIDGE_PATH, SESSION_PATH } from '@shared/wire';

declare global {
  interface Window {
    /** Present only in the desktop app, exposed by the preload. */
    checkoutConsole?: PreloadApi;
  }
}

interface Transport {
  call(command: CommandName, input: unknown): Promise<BridgeResult<unknown>>;
  subscribe(listener: (event: PushEvent) => void): () => void;
  onConnectionState(listener: (state: ConnectionState) => void): () => void;
  /** A refused tab asks the console again (ws-client.ts `recheck`). */
  recheck(): Promise<void>;
}

function preloadTransport(api: PreloadApi): Transport {
  return {
    call: (command, input) => (api[command] as (input: unknown) => Promise<BridgeResult<unknown>>)(input),
    subscribe: (listener) => api.subscribe(listener),
    // IPC does not drop: the window and main live and die together.
    onConnectionState: () => () => undefined,
    recheck: () => Promise.resolve(),
  };
}

/**
 * The renderer's only door to main. It does not know (or care) which transport it got: the
 * preload's functions in the desktop, a WebSocket in browser mode. Both are typed from the
 * same contract; failures surface as BridgeError. Inputs of any size go through: a large one
 * travels as an upload in parts (bridge/large-calls.ts), never as one oversized message.
 */
type ConnectionControls = Pick<Transport, 'onConnectionState'> & { recheckConnection: Transport['recheck'] };

function createClient(transport: Transport): ConsoleClient & ConnectionControls {
  const client: Record<string, unknown> = {
    subscribe: transport.subscribe,
    onConnectionState: transport.onConnectionState,
    recheckConnection: transport.recheck,
  };
  for (const name of commandNames) {
    client[name] = async (input: unknown) => {
      const result = await callAnySize(transport.call, name, input);
      if (!result.ok) throw new BridgeError(result.error);
      return result.data;
    };
  }
  return client as ConsoleClient & ConnectionControls;
}

const transport =
  window.checkoutConsole !== undefined
    ? preloadTransport(window.checkoutConsole)
    : createWebSocketTransport({
        bridgeUrl: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${BRIDGE_PATH}`,
        sessionUrl: `${window.location.origin}${SESSION_PATH}`,
      });

export const bridge = createClient(transport);

/**
 * Runs `command` with a file's text as its string field `field` (a history import's `text`):
 * the file streams up in parts, so its size is bounded only by what the command accepts.
 */
export async function callWithFile<K extends CommandName>(
  command: K,
  field: keyof CommandInput<K> & string,
  file: Blob,
): Promise<CommandOutput<K>> {
  const result = await callWithFileText(transport.call, command, field, file);
  if (!result.ok) throw new BridgeError(result.error);
  return result.data as CommandOutput<K>;
}

export const frontDoorHint: 'desktop' | 'browser' =
  window.checkoutConsole !== undefined ? 'desktop' : 'browser';
