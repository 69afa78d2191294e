import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain HTTP request where we control every header, Host included (fetch forbids that). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** An endpoint on a free loopback port that answers every request 200 `{}` and keeps its path. */
export interface RecordingServer {
  port: number;
  /** The path and query of each request, in the order they arrived. */
  arrived: string[];
  close(): Promise<void>;
}

/** Starts one; a live profile's address in the live-guard tests, where nothing may arrive unasked. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const arrived: string[] = [];
  const server = createServer((incoming, response) => {
    arrived.push(incoming.url ?? '');
    incoming.resume();
    incoming.on('end', () => response.writeHead(200).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    arrived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
