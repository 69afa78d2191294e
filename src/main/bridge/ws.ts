import type { WebSocket, WebSocketServer } from 'ws';
import { formatBytesShort } from '../../shared/byte-size';
import { WEBSOCKET_MAX_MESSAGE_BYTES } from '../../shared/contract/transfer';
import { wireCallSchema, type ServerMessage, type WireCall } from '../../shared/wire';
import { zodIssuesToBridgeIssues } from '../parse-input';
import type { EventBus } from '../event-bus';
import type { ProfileService } from '../profiles/profile-service';
import { pushForScreen } from '../timeline/screen-summaries';
import type { Dispatcher } from './dispatch';
import { pushTo } from './push-backlog';

function sendText(socket: WebSocket, text: string): void {
  if (socket.readyState === socket.OPEN) socket.send(text);
}

const send = (socket: WebSocket, message: ServerMessage) => sendText(socket, JSON.stringify(message));

/**
 * Serves the contract over WebSocket: the browser-mode twin of ipc.ts. Authentication and
 * origin checks happen before the upgrade (browser-mode/server.ts); here every message is
 * parsed, dispatched, and answered, and pushed events are fanned out to every socket (one whose
 * page stopped reading is closed, push-backlog.ts). A message
 * that is no bridge call closes its socket with a reason naming the cause, after the calls
 * already accepted on it are answered.
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
    for (const socket of wss.clients) pushTo(socket, text);
  });

  // A frame ws refuses (over maxPayload, text that is not UTF-8, a broken frame) is reported
  // as an 'error' on that socket, which ws then closes with the matching code (1009, 1007,
  // 1002). Unheard, that 'error' would end the process: this socket's trouble is its own.
  wss.on('error', () => undefined);
  wss.on('connection', (socket) => {
    socket.on('error', () => undefined);
    giveLibraryClosesAReason(socket);
    // Calls accepted on this socket and not yet answered. A message that is no bridge call
    // closes the socket, but only once these are answered: the tab sent them in good faith, and
    // closing at once dropped their answers (a getAppInfo, then `{bad`: id 5 never answered).
    const inFlight = new Set<Promise<void>>();
    let closing = false;
    socket.on('message', (data, isBinary) => {
      if (closing) return;
      const read = readCall(data, isBinary);
      if ('refused' in read) {
        closing = true;
        void Promise.allSettled(inFlight).then(() => socket.close(read.refused, closeReason(read.reason)));
        return;
      }
      const answered = answer(socket, read.call).finally(() => inFlight.delete(answered));
      inFlight.add(answered);
    });
  });

  async function answer(socket: WebSocket, call: WireCall): Promise<void> {
    const result = await dispatch(call.command, call.input, { transport: 'websocket' });
    send(socket, { type: 'result', id: call.id, result });
  }

  return unsubscribe;
}

/** A message read as a bridge call, or the close code and reason that refuse it (naming the cause). */
function readCall(
  data: unknown,
  isBinary: boolean,
): { call: WireCall } | { refused: number; reason: string } {
  const text = !isBinary && Buffer.isBuffer(data) ? data.toString('utf8') : null;
  if (text === null) return { refused: 1003, reason: 'Expected a JSON text message' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    // 1008, not 1007: RFC 6455 keeps 1007 for data inconsistent with the message's type (a text
    // message that is not UTF-8, which ws refuses before this); broken JSON is UTF-8 text that is
    // not a bridge call, as docs/limits.md says.
    return { refused: 1008, reason: `Malformed JSON: ${error instanceof Error ? error.message : ''}` };
  }
  const call = wireCallSchema.safeParse(raw);
  if (call.success) return { call: call.data };
  const issues = zodIssuesToBridgeIssues(call.error).map((issue) =>
    issue.path === 'input' && missingInput(raw)
      ? `input: ${commandNamed(raw)} needs an input object`
      : `${issue.path}: ${issue.message}`,
  );
  return { refused: 1008, reason: `Not a bridge call: ${issues.join('; ')}` };
}

/**
 * A call written by hand without `input` got zod's 'input: missing; expected nonoptional' (how
 * zod words a missing z.unknown() field). Said in the bridge's words, as unknown-fields.ts says a
 * field it does not know: the field, then what the command named needs.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const missingInput = (raw: unknown): boolean => isRecord(raw) && !Object.hasOwn(raw, 'input');

function commandNamed(raw: unknown): string {
  const command = isRecord(raw) ? raw['command'] : undefined;
  return typeof command === 'string' && command !== '' ? command : 'a call';
}

/**
 * What ws closes a socket for by itself, by the code it closes with (it uses each for one
 * cause), in the words the socket's close then carries.
 */
const LIBRARY_CLOSE_REASONS: Readonly<Record<number, string>> = {
  1002: 'Broken WebSocket frame',
  1007: 'Text message is not valid UTF-8',
  1009: `Message too big: one message may be at most ${formatBytesShort(WEBSOCKET_MAX_MESSAGE_BYTES)}`,
};

/**
 * ws closes a socket whose frame it refuses with the code alone (its close(code) comes before
 * the 'error' that says why, and takes no reason), so the page and the tester saw an empty
 * reason where docs/limits.md promises the cause. Its closes go through the socket's own
 * close(), so that is where a close without a reason gets the one its code stands for.
 */
function giveLibraryClosesAReason(socket: WebSocket): void {
  const close = socket.close.bind(socket);
  socket.close = (code?: number, reason?: string | Buffer) =>
    close(code, reason ?? (code === undefined ? undefined : LIBRARY_CLOSE_REASONS[code]));
}

/** A close frame's reason holds at most 123 bytes of UTF-8: longer, ws throws instead of closing. */
const CLOSE_REASON_MAX_BYTES = 123;

function closeReason(reason: string): string {
  if (Buffer.byteLength(reason) <= CLOSE_REASON_MAX_BYTES) return reason;
  let kept = '';
  for (const char of reason) {
    if (Buffer.byteLength(`${kept}${char}…`) > CLOSE_REASON_MAX_BYTES) break;
    kept += char;
  }
  return `${kept}…`;
}
