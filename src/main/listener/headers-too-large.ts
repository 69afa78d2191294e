import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { formatBytes, formatBytesShort } from '../../shared/byte-size';
import { TOO_LARGE_KEPT_BYTES } from '../../shared/listener';
import { HEADERS_TOO_LARGE_SENTENCE } from '../http/server-limits';
import type { RawRefusal } from './raw-refusal';

/**
 * A request whose headers went over Node's limit (HPE_HEADER_OVERFLOW), as the listener stores
 * and answers it: well formed, only too large, so it is said so (431 Request Header Fields Too
 * Large), never "not a valid HTTP request". Node hands over only the piece it was reading when
 * it gave up (64 KiB of a 1,000,000-byte header) while the client is still sending, so the row
 * is stored cut, with at least the bytes that had arrived by then, as a 413's body is.
 * `before`: the connection's bytes read before this request began.
 */
export function headersTooLargeRefusal(
  rawPacket: Buffer,
  socket: Socket,
  before: number,
  status: number | null,
  afterAnswer: string,
): RawRefusal {
  // The piece is the request's start only when nothing of it was read before that piece.
  const fromStart = socket.bytesRead - before === rawPacket.byteLength;
  return {
    status,
    rawPacket,
    arrived: () => socket.bytesRead - before,
    // Node stops at the limit, not at the headers' end: without that end among the bytes kept,
    // the client was still sending and the request is bigger than what is stored.
    cut: !rawPacket.subarray(0, TOO_LARGE_KEPT_BYTES).includes('\r\n\r\n'),
    error: (answered, size) => {
      const kept = formatBytes(Math.min(rawPacket.byteLength, TOO_LARGE_KEPT_BYTES));
      const keptWords = fromStart
        ? `kept the first ${kept}`
        : `kept ${kept}, the last piece Node's parser read (it had read the request's start before)`;
      return `The request headers, at least ${formatBytes(size ?? rawPacket.byteLength)}, are over the ${formatBytesShort(maxHeaderSize)} limit; ${status === null ? afterAnswer : answered} and ${keptWords}.`;
    },
    refusal: HEADERS_TOO_LARGE_SENTENCE,
  };
}
