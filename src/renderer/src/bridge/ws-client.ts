import type { BridgeResult, PushEvent } from '@shared/contract';
import { isPushEventName, pushEvents } from '@shared/contract';
import { BRIDGE_PATH, serverMessageSchema, type WireCall } from '@shared/wire';

export type ConnectionState = 'connecting' | 'open' | 'closed';

interface Pending {
  resolve: (result: BridgeResult<unknown>) => void;
}

/**
 * Browser mode's transport: the contract over one WebSocket to /bridge. Calls made while the
 * socket is (re)connecting wait for it; a dropped connection fails the calls in flight with a
 * clear error and reconnects with backoff.
 */
export function createWebSocketTransport(url = defaultBridgeUrl()) {
  let socket: WebSocket | null = null;
  let nextId = 1;
  let retryMs = 250;
  const pending = new Map<number, Pending>();
  const queue: WireCall[] = [];
  const eventListeners = new Set<(event: PushEvent) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (state: ConnectionState) => stateListeners.forEach((listener) => listener(state));

  const connect = () => {
    setState('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      retryMs = 250;
      setState('open');
      for (const call of queue.splice(0)) ws.send(JSON.stringify(call));
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
      setState('closed');
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.resolve({
          ok: false,
          error: { code: 'unavailable', message: 'The connection to the console was lost.', issues: [] },
        });
      }
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  connect();

  return {
    call(command: string, input: unknown): Promise<BridgeResult<unknown>> {
      const id = nextId++;
      const call: WireCall = { type: 'call', id, command, input };
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        if (socket !== null && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(call));
        else queue.push(call);
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

function defaultBridgeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${BRIDGE_PATH}`;
}
