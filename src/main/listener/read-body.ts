import type { IncomingMessage } from 'node:http';
import { MIB, TOO_LARGE_KEPT_BYTES } from '../../shared/listener';

/**
 * An oversized body is read on and dropped for up to this many bytes past the limit, so the
 * client, still sending, reads the 413 instead of a connection reset; past it the connection
 * is closed.
 */
export const LISTENER_DRAIN_BEYOND_LIMIT_BYTES = 16 * MIB;

/** `broken`: Node's parser gave up mid-body (bad chunk encoding, say). */
export type BodyOutcome = 'complete' | 'too_large' | 'aborted' | 'timed_out' | 'broken';

export interface CapturedBody {
  /** What was kept: the whole body, or its first 64 KiB when it was too large. */
  bytes: Buffer;
  /** Bytes received (for an oversized body still being sent, at least this many). */
  size: number;
  outcome: BodyOutcome;
  /** The client may still be sending: answer with `Connection: close`. */
  stillSending: boolean;
  /** Why a `timed_out` or `broken` read stopped, as a sentence without its full stop. */
  stopped: string | null;
}

/** The read stopped from outside: the parser failed, or the connection guard gave up on it. */
export interface BodyInterruption {
  outcome: 'broken' | 'timed_out';
  reason: string;
}

export interface ReadBodyOptions {
  limitBytes: number;
  /** No byte for this long ends the read as `timed_out`. */
  idleTimeoutMs: number;
  /** The whole body not in after this long ends the read as `timed_out`. */
  totalTimeoutMs?: number;
  /** An oversized body is drained (so the client can read the 413) up to this many bytes. */
  drainCapBytes?: number;
  /** Resolves when the read must stop for a reason outside it. */
  interrupted?: Promise<BodyInterruption>;
}

/**
 * Reads a request body as raw bytes, never more than the limit in memory, and always
 * resolves: complete, too large, aborted by the client, stalled past the idle timeout, slower
 * than the total timeout, or interrupted.
 */
export function readBody(req: IncomingMessage, options: ReadBodyOptions): Promise<CapturedBody> {
  const keepCap = Math.max(options.limitBytes, TOO_LARGE_KEPT_BYTES);
  const drainCap = options.drainCapBytes ?? options.limitBytes + LISTENER_DRAIN_BEYOND_LIMIT_BYTES;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const seconds = (ms: number) => `${ms / 1000} s`;

    const finish = (outcome: BodyOutcome, stillSending = false, stopped: string | null = null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      req.off('data', onData);
      const whole = Buffer.concat(chunks);
      const tooLarge = size > options.limitBytes;
      resolve({
        bytes: tooLarge ? whole.subarray(0, TOO_LARGE_KEPT_BYTES) : whole,
        size,
        outcome: tooLarge && (outcome === 'complete' || outcome === 'too_large') ? 'too_large' : outcome,
        stillSending,
        stopped,
      });
      // Whatever is still coming is read and dropped, so the socket is not left clogged.
      if (stillSending || outcome === 'timed_out') req.resume();
    };
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          finish(
            'timed_out',
            true,
            `No body bytes arrived for ${seconds(options.idleTimeoutMs)} after ${size} bytes`,
          ),
        options.idleTimeoutMs,
      );
    };
    const total = options.totalTimeoutMs;
    const deadline =
      total === undefined
        ? undefined
        : setTimeout(
            () =>
              finish(
                'timed_out',
                true,
                `The body was not complete ${seconds(total)} after the headers (${size} bytes arrived)`,
              ),
            total,
          );
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (kept < keepCap) {
        const piece = chunk.byteLength <= keepCap - kept ? chunk : chunk.subarray(0, keepCap - kept);
        chunks.push(piece);
        kept += piece.byteLength;
      }
      if (size > drainCap) finish('too_large', true);
      else armTimer();
    };

    void options.interrupted?.then(({ outcome, reason }) => finish(outcome, outcome === 'timed_out', reason));
    req.on('data', onData);
    req.once('end', () => finish('complete'));
    req.once('error', () => finish('aborted'));
    req.once('close', () => {
      if (!req.complete) finish('aborted');
    });
    armTimer();
  });
}
