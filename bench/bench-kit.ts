import autocannon from 'autocannon';
import { cpus, totalmem } from 'node:os';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** autocannon against one URL for `seconds` with `connections`. */
export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  body?: string;
  /** Each request's `[<id>]` in the body replaced by an id of its own (autocannon's idReplacement). */
  uniqueIds?: boolean;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'POST',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    idReplacement: options.uniqueIds === true,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

export interface BenchResult {
  name: string;
  title: string;
  goal: string;
  /** The console's figures and the reference's, measured in the same run. */
  console: Record<string, number | string | boolean>;
  reference: Record<string, number | string | boolean> | null;
  ratio: number | null;
  pass: boolean | null;
  notes: string;
}
