import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { HeaderList, TimelineSummary } from '../../shared/events';
import { TOO_LARGE_KEPT_BYTES } from '../../shared/listener';
import { closeAfterAnswer } from '../http/answer-in-progress';
import { rawJsonAnswer, type RawJsonAnswer } from '../http/server-limits';
import { headerPairs } from '../http/header-pairs';
import type { IngestWriter } from './ingest-writer';

export interface RawRefusalContext {
  writer: IngestWriter;
  profile: () => { id: number | null; name: string | null };
  /** `http://127.0.0.1:PORT`. */
  origin: () => string;
  onWebhook?: (summary: TimelineSummary) => void;
  logError: (message: string) => void;
}

/** What reached the port, as far as it is known, and how it is answered. */
export interface RawRefusal {
  /** null: nothing is written (it came behind a request still being answered). */
  status: number | null;
  /**
   * The row's error column: what arrived and what was done, given how its answer is said
   * ("answered 408", or "was to be answered 408" when it could not be written) and the size
   * stored (null when nothing of the request was kept).
   */
  error: (answered: string, size: number | null) => string;
  /** The sentence in the answer's body. */
  refusal: string;
  /** The parsed request, when Node got as far as its headers (CONNECT, say). */
  request?: IncomingMessage;
  /** The raw bytes Node's parser saw, when it gave up on them. */
  rawPacket?: Buffer;
  extraHeaders?: [string, string][];
  /**
   * The bytes of this request that had arrived when its row is written, where that is more than
   * the raw bytes kept (headers over the limit: the parser hands over one piece and the client
   * is still sending); the row is then stored cut, with this size.
   */
  arrived?: () => number;
  /** The request went on past the bytes kept (its headers' end was not among them): stored cut. */
  cut?: boolean;
  /** The response in progress on this connection: the connection closes once it is out. */
  behind?: ServerResponse;
}

function requestColumns(request: IncomingMessage | undefined, origin: string) {
  if (request === undefined) return { url: origin };
  const target = request.url ?? '';
  const at = target.indexOf('?');
  const path = target.startsWith('/') ? (at === -1 ? target : target.slice(0, at)) : null;
  return {
    method: request.method ?? null,
    url: target.startsWith('/') ? `${origin}${target}` : target,
    path,
    query: path !== null && at !== -1 ? target.slice(at + 1) : null,
    requestHeaders: headerPairs(request.rawHeaders) satisfies HeaderList,
  };
}

/** Said of a refusal whose client had gone before its answer could be written. */
const NEVER_WENT_OUT =
  ' That answer never went out: the client had closed the connection before it could be written.';

/**
 * A connection the listener answers without a request handler (Node could not parse it, it
 * came over the connection cap, it was too slow, it asked to CONNECT): stored as a webhook
 * row first, with the answer it is given, then answered with `{ received: false, id, error }`
 * and closed, so nothing that reaches the port goes unrecorded or unanswered. A client gone
 * before the answer could be written gets none, and its row is corrected to say so.
 */
export function recordRawRefusal(context: RawRefusalContext, socket: Socket, refusal: RawRefusal): void {
  const profile = context.profile();
  const kept = refusal.rawPacket?.subarray(0, TOO_LARGE_KEPT_BYTES) ?? null;
  const { status, behind } = refusal;
  let size: number | null = null;
  // Built with the row, once its id is known: the bytes written are the ones stored.
  let answer: RawJsonAnswer | null = null;
  context.writer
    .insert((id) => {
      if (status !== null && behind === undefined) {
        answer = rawJsonAnswer(status, { received: false, id, error: refusal.refusal }, refusal.extraHeaders);
      }
      size =
        refusal.rawPacket === undefined
          ? null
          : Math.max(refusal.rawPacket.byteLength, refusal.arrived?.() ?? 0);
      return {
        kind: 'webhook',
        profileId: profile.id,
        profileName: profile.name,
        ...requestColumns(refusal.request, context.origin()),
        remoteAddress: socket.remoteAddress ?? null,
        requestBody: kept,
        requestSize: size,
        requestTruncated: kept !== null && (refusal.cut === true || kept.byteLength < (size ?? 0)),
        status,
        responseHeaders: answer?.headers ?? null,
        responseBody: answer === null ? null : Buffer.from(answer.body),
        error: refusal.error(`answered ${status ?? ''}`.trim(), size),
      };
    })
    .then(
      (summary) => {
        context.onWebhook?.(summary);
        // Narrowed by hand: TypeScript cannot see that the builder ran during the insert.
        const sent = answer as RawJsonAnswer | null;
        if (sent === null) {
          if (behind === undefined) socket.destroy();
          else closeAfterAnswer(socket, behind);
          return;
        }
        if (!socket.writable) {
          socket.destroy();
          context.writer.update(
            summary.id,
            {
              status: null,
              responseHeaders: null,
              responseBody: null,
              error: `${refusal.error(`was to be answered ${status ?? ''}`.trim(), size)}${NEVER_WENT_OUT}`,
            },
            summary,
          );
          return;
        }
        socket.end(sent.bytes);
      },
      (storeError: unknown) => {
        context.logError(`A refused request could not be stored: ${String(storeError)}`);
        socket.destroy();
      },
    );
}
