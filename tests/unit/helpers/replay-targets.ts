import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import type { ConsoleCore } from '../../../src/main/app';
import { replayRequestSchema } from '../../../src/shared/replay';
import { openListeningConsole, type ListeningConsole } from './listening-console';

/** Replays under careless use: a console with its listener, merchant endpoints that answer badly. */

/**
 * Runs `cleanup` after the test, the last registered first. Registered with the test itself: an
 * afterEach at this module's top level belongs to the first test file that loads it, and where
 * files share their worker's modules (vitest.config.ts) the files after it got none.
 */
export function afterThisTest(cleanup: () => Promise<void>): void {
  onTestFinished(cleanup);
}

export async function listening(): Promise<ListeningConsole> {
  const open = await openListeningConsole();
  afterThisTest(() => open.dispose());
  return open;
}

/** POSTs a webhook to the console's listener; returns its record id. */
export async function receive(
  open: ListeningConsole,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await fetch(`${open.origin}/hooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return ((await response.json()) as { id: number }).id;
}

/** A merchant endpoint on a free port answering `status`; it keeps the headers it received. */
export async function merchant(
  status: number,
  extra: Record<string, string> = {},
  answer: (headers: IncomingHttpHeaders) => string = () => 'ok',
): Promise<{ url: string; received: IncomingHttpHeaders[]; paths: string[]; rawHeaders: string[][] }> {
  const received: IncomingHttpHeaders[] = [];
  const paths: string[] = [];
  /** Each request's headers as they came: names as spelt, in their order. */
  const rawHeaders: string[][] = [];
  const server = createServer((req, res) => {
    received.push(req.headers);
    paths.push(req.url ?? '');
    rawHeaders.push(req.rawHeaders);
    req.resume();
    req.on('end', () => {
      res.writeHead(status, extra);
      res.end(answer(req.headers));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterThisTest(() => new Promise((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/merchant`,
    received,
    paths,
    rawHeaders,
  };
}

/** A merchant endpoint that takes requests and never answers (until the test ends). */
export async function silentMerchant(): Promise<{ url: string; received: () => number }> {
  let received = 0;
  const server = createServer((req) => {
    received++;
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterThisTest(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/silent`,
    received: () => received,
  };
}

/** A merchant URL where nothing listens (a port that was free a moment ago): a send is refused. */
export async function closedMerchant(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/closed`;
}

/** A received webhook written straight to the store (no listener needed); returns its id. */
export function storeWebhook(core: ConsoleCore): number {
  const [webhook] = core.recorder.recordMany([
    {
      kind: 'webhook',
      method: 'POST',
      path: '/hooks',
      status: 200,
      bodyVerdict: 'event',
      requestBody: Buffer.from('{"event_type":"order_approved","data":[]}'),
      atMs: Date.now(),
    },
  ]);
  if (webhook === undefined) throw new Error('no webhook stored');
  return webhook.id;
}

export const replay = (open: ListeningConsole, input: Record<string, unknown>) =>
  open.core.replay.run(replayRequestSchema.parse(input));

/** The newest replay record. */
export const lastReplay = (open: ListeningConsole) => {
  const [latest] = open.core.eventsQuery.page({ kinds: ['replay'] }, { limit: 1 }).items;
  if (latest === undefined) throw new Error('no replay record');
  return latest;
};
