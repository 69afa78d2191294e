import type { IncomingMessage } from 'node:http';
import { TOO_LARGE_KEPT_BYTES } from '../../shared/listener';

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
}

export interface ReadBodyOptions {
  limitBytes: number;
  /** No byte for this long ends the read as `timed_out`. */
  idleTimeoutMs: number;
  /** An oversized body is drained (so the client can read the 413) up to this many bytes. */
  drainCapBytes?: number;
  /** Resolves when the HTTP parser fails on this request's connection. */
  broken?: Promise<unknown>;
}

/**
 * Reads a request body as raw bytes, never more than the limit in memory, and always
 * resolves: complete, too large, aborted by the client, or stalled past the idle timeout.
 */
export function readBody(req: IncomingMessage, options: ReadBodyOptions): Promise<CapturedBody> {
  const keepCap = Math.max(options.limitBytes, TOO_LARGE_KEPT_BYTES);
  const drainCap = options.drainCapBytes ?? options.limitBytes + 16 * 1024 * 1024;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    let done = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (outcome: BodyOutcome, stillSending = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off('data', onData);
      const whole = Buffer.concat(chunks);
      const tooLarge = size > options.limitBytes;
      resolve({
        bytes: tooLarge ? whole.subarray(0, TOO_LARGE_KEPT_BYTES) : whole,
        size,
        outcome: tooLarge && (outcome === 'complete' || outcome === 'too_large') ? 'too_large' : outcome,
        stillSending,
      });
      // Whatever is still coming is read and dropped, so the socket is not left clogged.
      if (stillSending || outcome === 'timed_out') req.resume();
    };
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish('timed_out', true), options.idleTimeoutMs);
    };
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

    void options.broken?.then(() => finish('broken'));
    req.on('data', onData);
    req.once('end', () => finish('complete'));
    req.once('error', () => finish('aborted'));
    req.once('close', () => {
      if (!req.complete) finish('aborted');
    });
    armTimer();
  });
}
