import type { WebSocket, WebSocketServer } from 'ws';
import { wireCallSchema, type ServerMessage } from '../../shared/wire';
import type { EventBus } from '../event-bus';
import type { ProfileService } from '../profiles/profile-service';
import { pushForScreen } from '../timeline/screen-summaries';
import type { Dispatcher } from './dispatch';

function sendText(socket: WebSocket, text: string): void {
  if (socket.readyState === socket.OPEN) socket.send(text);
}

const send = (socket: WebSocket, message: ServerMessage) => sendText(socket, JSON.stringify(message));

/**
 * Serves the contract over WebSocket: the browser-mode twin of ipc.ts. Authentication and
 * origin checks happen before the upgrade (browser-mode/server.ts); here every message is
 * parsed, dispatched, and answered, and pushed events are fanned out to every socket.
 */
export function serveBridgeOverWebSocket(
  wss: WebSocketServer,
  dispatch: Dispatcher,
  bus: EventBus,
  profiles: Pick<ProfileService, 'secretsHere'>,
): () => void {
  const unsubscribe = bus.subscribe((event) => {
    // Masked as a screen gets it (a timeline row's path), once for every socket, and only
    // when one is connected: a webhook nobody watches costs the listener nothing here.
    if (wss.clients.size === 0) return;
    const text = JSON.stringify({
      type: 'event',
      event: pushForScreen(event, profiles),
    } satisfies ServerMessage);
    for (const socket of wss.clients) sendText(socket, text);
  });

  // A frame ws refuses (over maxPayload, text that is not UTF-8, a broken frame) is reported
  // as an 'error' on that socket, which ws then closes with the matching code (1009, 1007,
  // 1002). Unheard, that 'error' would end the process: this socket's trouble is its own.
  wss.on('error', () => undefined);
  wss.on('connection', (socket) => {
    socket.on('error', () => undefined);
    socket.on('message', (data, isBinary) => {
      void handleMessage(socket, data, isBinary);
    });
  });

  async function handleMessage(socket: WebSocket, data: unknown, isBinary: boolean): Promise<void> {
    const text = !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : null;
    if (text === null) {
      socket.close(1003, 'Expected a JSON text message');
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      socket.close(1007, 'Malformed JSON');
      return;
    }
    const call = wireCallSchema.safeParse(raw);
    if (!call.success) {
      socket.close(1008, 'Not a bridge call');
      return;
    }
    const result = await dispatch(call.data.command, call.data.input, { transport: 'websocket' });
    send(socket, { type: 'result', id: call.data.id, result });
  }

  return unsubscribe;
}
