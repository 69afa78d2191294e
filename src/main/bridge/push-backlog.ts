import type { WebSocket } from 'ws';
import { formatBytesShort } from '../../shared/byte-size';
import { FELL_BEHIND_CLOSE_CODE, PUSH_BACKLOG_MAX_BYTES } from '../../shared/wire';

/**
 * Pushes one socket has handed to ws and ws has not yet written to the network, in bytes. Counted
 * from ws's write callbacks rather than read from `bufferedAmount`, which counts answers too: an
 * answer is bounded by what the page asked for (a record with a 10 MiB body), and a reading page
 * fetching one must not be closed because a webhook arrived while it was being written.
 */
const waitingBytes = new WeakMap<WebSocket, number>();

export const FELL_BEHIND_REASON = `This page stopped reading: over ${formatBytesShort(PUSH_BACKLOG_MAX_BYTES)} of updates waiting. Reconnect to catch up`;

/**
 * Sends a pushed event to one socket, unless the page has stopped reading it: once its waiting
 * pushes would pass PUSH_BACKLOG_MAX_BYTES, the socket is closed with FELL_BEHIND_CLOSE_CODE
 * instead. Never dropped silently: a timeline missing a row would say nothing of it, while a
 * closed page reconnects and loads what it shows afresh. What was already queued stays behind
 * the close frame, so a page that reads again gets it and then the close; one that never does
 * is cut off by ws's close timeout (30 s), which frees it.
 * A push always goes to a socket with nothing waiting, whatever its size.
 */
export function pushTo(socket: WebSocket, text: string): void {
  if (socket.readyState !== socket.OPEN) return;
  const bytes = Buffer.byteLength(text);
  const waiting = waitingBytes.get(socket) ?? 0;
  if (waiting > 0 && waiting + bytes > PUSH_BACKLOG_MAX_BYTES) {
    socket.close(FELL_BEHIND_CLOSE_CODE, FELL_BEHIND_REASON);
    return;
  }
  waitingBytes.set(socket, waiting + bytes);
  // Called once the frame is written, or failed with the socket: either way it waits no more.
  socket.send(text, () => waitingBytes.set(socket, (waitingBytes.get(socket) ?? bytes) - bytes));
}
