import type { BridgeResult, PushEvent } from '@shared/contract';
import { isPushEventName, pushEvents } from '@shared/contract';
import { serverMessageSchema, type WireCall } from '@shared/wire';

export type ConnectionState = 'connecting' | 'open' | 'closed';

/** A call not yet answered: waiting for the socket to open (`sent: false`) or for its answer. */
interface Pending {
  call: WireCall;
  sent: boolean;
  resolve: (result: BridgeResult<unknown>) => void;
}

const unavailable = (message: string): BridgeResult<unknown> => ({
  ok: false,
  error: { code: 'unavailable', message, issues: [] },
});
export const NOT_CONNECTED = 'The console is not connected; nothing was sent.';
export const CONNECTION_LOST = 'The connection to the console was lost.';

/**
 * Browser mode's transport: the contract over one WebSocket to /bridge, reconnecting with
 * backoff. A call is answered exactly once, and a call answered as failed is never sent:
 * - made while the page's first connection is being made, it waits for it; if that attempt
 *   fails it fails with it, and is dropped (it was never sent);
 * - made while the socket is down (lost, retrying), it fails at once: a later attempt that
 *   succeeds sends nothing made before it;
 * - in flight when the socket drops, it fails (main may or may not have acted on it).
 * `pending` is the only place a call lives until then: nothing else holds a call to send later.
 */
export function createWebSocketTransport(url: string) {
  let socket: WebSocket | null = null;
  let state: ConnectionState = 'connecting';
  let nextId = 1;
  let retryMs = 250;
  const pending = new Map<number, Pending>();
  const eventListeners = new Set<(event: PushEvent) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (next: ConnectionState) => {
    state = next;
    stateListeners.forEach((listener) => listener(next));
  };
  const send = (ws: WebSocket, entry: Pending) => {
    entry.sent = true;
    ws.send(JSON.stringify(entry.call));
  };

  const connect = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      retryMs = 250;
      setState('open');
      for (const entry of pending.values()) if (!entry.sent) send(ws, entry);
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = serverMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      const data = parsed.data;
      if (data.type === 'result') {
        const waiting = pending.get(data.id);
        pending.delete(data.id);
        waiting?.resolve(data.result);
        return;
      }
      const { name, payload } = data.event;
      if (!isPushEventName(name)) return;
      const checked = pushEvents[name].safeParse(payload);
      if (!checked.success) return;
      const event = { name, payload: checked.data } as PushEvent;
      eventListeners.forEach((listener) => listener(event));
    };
    ws.onclose = () => {
      socket = null;
      // Every call ends here, sent or not: none is left to go out on the next socket.
      const ended = [...pending.values()];
      pending.clear();
      setState('closed');
      for (const entry of ended) entry.resolve(unavailable(entry.sent ? CONNECTION_LOST : NOT_CONNECTED));
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  connect();

  return {
    call(command: string, input: unknown): Promise<BridgeResult<unknown>> {
      const open = socket !== null && socket.readyState === WebSocket.OPEN;
      // Retrying after a loss is 'closed', not 'connecting': only the first attempt holds calls.
      if (!open && state !== 'connecting') return Promise.resolve(unavailable(NOT_CONNECTED));
      const id = nextId++;
      return new Promise((resolve) => {
        const entry: Pending = { call: { type: 'call', id, command, input }, sent: false, resolve };
        pending.set(id, entry);
        if (open && socket !== null) send(socket, entry);
      });
    },
    subscribe(listener: (event: PushEvent) => void): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onConnectionState(listener: (state: ConnectionState) => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}
