import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { NetworkFailure } from '../../shared/merchant-api';
import type { HeaderList } from '../../shared/events';
import { classifyNetworkFailure, ExchangeCancelledError, ExchangeTimeoutError } from './network-failure';

/** Answers larger than this are cut (and marked) rather than held in memory whole. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export interface HttpRequestSpec {
  method: string;
  url: string;
  headers: HeaderList;
  body: Buffer | null;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface HttpOutcome {
  status: number | null;
  headers: HeaderList | null;
  body: Buffer | null;
  truncated: boolean;
  durationMs: number;
  failure: NetworkFailure | null;
}

function pairs(raw: readonly string[]): HeaderList {
  const list: HeaderList = [];
  for (let i = 0; i + 1 < raw.length; i += 2) list.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return list;
}

/**
 * One HTTP exchange with node:http(s), so headers come back raw and in order. Never throws:
 * a failure is part of the outcome. The timeout covers the whole exchange, connect to last byte.
 */
export function performHttpExchange(spec: HttpRequestSpec): Promise<HttpOutcome> {
  const started = performance.now();
  const url = new URL(spec.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<HttpOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      resolve({ ...outcome, durationMs: performance.now() - started });
    };
    const fail = (error: unknown) =>
      finish({
        status: null,
        headers: null,
        body: null,
        truncated: false,
        failure: classifyNetworkFailure(error, url.host),
      });

    // An object, not a raw array: with a raw array Node adds no Host header of its own.
    const req = send(url, { method: spec.method, headers: Object.fromEntries(spec.headers) });
    const timer = setTimeout(() => req.destroy(new ExchangeTimeoutError(spec.timeoutMs)), spec.timeoutMs);
    const onAbort = () => req.destroy(new ExchangeCancelledError());
    if (spec.signal?.aborted === true) onAbort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });

    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (chunk: Buffer) => {
        if (size + chunk.byteLength > MAX_RESPONSE_BYTES) {
          truncated = true;
          chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size = MAX_RESPONSE_BYTES;
          res.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.byteLength;
      });
      const done = () =>
        finish({
          status: res.statusCode ?? null,
          headers: pairs(res.rawHeaders),
          body: Buffer.concat(chunks),
          truncated,
          failure: null,
        });
      res.on('end', done);
      res.on('close', () => (truncated ? done() : undefined));
      res.on('error', (error) => (truncated ? done() : fail(error)));
    });
    req.end(spec.body ?? undefined);
  });
}
