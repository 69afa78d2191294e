import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult, type LoadResult } from './bench-kit';
import {
  startBareServer,
  startConsoleCommand,
  startMinimalDurableServer,
  startTrailingRowServer,
  type BenchProcess,
} from './processes';

const SECONDS = 8;
export const SECRET = 'bench-notification-token-0123456789';

export function storedRows(file: string, table: 'events' | 'requests'): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0;
  } finally {
    db.close();
  }
}

export const acknowledgedOf = (result: LoadResult) => result.requests - result.non2xx - result.errors;

/**
 * The listener (`checkout-console listen`: HS256-verifying and committing every request before
 * answering) against two references, each in its own process, the load generated from this one:
 * the minimal durable server (HS256 with node:crypto, the raw request in an index-free table,
 * answered after a group commit: the cheapest design that keeps "nothing acknowledged is lost")
 * and a bare node:http server answering 200. Stored rows are counted once each has exited.
 */
export async function listenerIngest(): Promise<BenchResult[]> {
  const { token, body, headers } = await benchWebhook();
  const results: BenchResult[] = [];
  for (const connections of [10, 100]) {
    const temp = makeTempDir('cc-bench-');
    try {
      const listener = await startConsoleCommand(
        temp.dir,
        ['listen', '--port', '0', '--notification-token', SECRET],
        /Listening on (http:\/\/\S+)/,
      );
      // The same load against each.
      const against = (url: string) => load({ url, connections, seconds: SECONDS, headers, body });
      const console_ = await measuredLoad(listener, () =>
        against(`${listener.url}/webhooks?serviceToken=${token}`),
      );
      await listener.stop();
      const stored = storedRows(join(temp.dir, 'console.sqlite'), 'events');
      const minimalFile = join(temp.dir, 'minimal-durable.sqlite');
      const minimal = await startMinimalDurableServer(minimalFile, SECRET);
      const reference = await measuredLoad(minimal, () =>
        against(`${minimal.url}/webhooks?serviceToken=${token}`),
      );
      await minimal.stop();
      const referenceStored = storedRows(minimalFile, 'requests');
      const floorFile = join(temp.dir, 'judged-floor.sqlite');
      const floorServer = await startMinimalDurableServer(floorFile, SECRET, { judged: true });
      const floor = await measuredLoad(floorServer, () =>
        against(`${floorServer.url}/webhooks?serviceToken=${token}`),
      );
      await floorServer.stop();
      const floorAcknowledged = acknowledgedOf(floor);
      const floorLost = Math.max(0, floorAcknowledged - storedRows(floorFile, 'requests'));
      const trailingFile = join(temp.dir, 'trailing-row.sqlite');
      const trailingServer = await startTrailingRowServer(trailingFile, SECRET);
      const trailing = await measuredLoad(trailingServer, () =>
        against(`${trailingServer.url}/webhooks?serviceToken=${token}`),
      );
      await trailingServer.stop();
      const trailingLag = lagSchema.parse(JSON.parse(readFileSync(`${trailingFile}.lag.json`, 'utf8')));
      const trailingLost = Math.max(0, acknowledgedOf(trailing) - storedRows(trailingFile, 'events'));
      const bare = await startBareServer();
      const bareLoad = await against(`${bare.url}/webhooks`);
      await bare.stop();
      const ratio = console_.requestsPerSecond / Math.max(reference.requestsPerSecond, 1);
      const acknowledged = acknowledgedOf(console_);
      const lost = Math.max(0, acknowledged - stored);
      const referenceAcknowledged = acknowledgedOf(reference);
      results.push({
        name: `listener-ingest-${connections}`,
        title: `Listener ingest, ${connections} connections`,
        goal:
          connections === 10
            ? '≥ 50% of the minimal durable server, p99 ≤ 20 ms, 0 lost'
            : '≥ 50% of the minimal durable server, 0 lost',
        console: {
          ...console_,
          acknowledged,
          stored,
          lost,
          ratioToBare: Number(
            (console_.requestsPerSecond / Math.max(bareLoad.requestsPerSecond, 1)).toFixed(3),
          ),
          ...definedOnly({ cpuRatio: cpuRatioOf(console_, reference) }),
        },
        reference: {
          ...reference,
          acknowledged: referenceAcknowledged,
          stored: referenceStored,
          lost: Math.max(0, referenceAcknowledged - referenceStored),
          bareRequestsPerSecond: bareLoad.requestsPerSecond,
          bareP99Ms: bareLoad.p99Ms,
          // The floor issue 20's rules allow: the reference plus the console's judging, verdicts
          // stored with the request. Its ratio to the reference is the most the listener could
          // reach with no timeline row at all.
          judgedRequestsPerSecond: floor.requestsPerSecond,
          judgedP99Ms: floor.p99Ms,
          judgedLost: floorLost,
          ...definedOnly({ judgedCpuUsPerRequest: floor.cpuUsPerRequest ?? null }),
          judgedRatio: Number(
            (floor.requestsPerSecond / Math.max(reference.requestsPerSecond, 1)).toFixed(3),
          ),
          // The design issue 20 leaves open, built as far as its hot path and measured
          // (bench/servers/trailing-row.mjs): judged, the whole record in an index-free inbox
          // before its 200, moved into the real events table in batches by a worker thread.
          trailingRequestsPerSecond: trailing.requestsPerSecond,
          trailingP99Ms: trailing.p99Ms,
          trailingLost,
          trailingLagP95Ms: trailingLag.lagP95Ms,
          trailingLagMaxMs: trailingLag.lagMaxMs,
          ...definedOnly({ trailingCpuUsPerRequest: trailing.cpuUsPerRequest ?? null }),
          trailingRatio: Number(
            (trailing.requestsPerSecond / Math.max(reference.requestsPerSecond, 1)).toFixed(3),
          ),
        },
        ratio: Number(ratio.toFixed(3)),
        pass: ratio >= 0.5 && lost === 0 && (connections !== 10 || console_.p99Ms <= 20),
        notes:
          'Each server in its own process, autocannon in this one; ratio = listener ÷ minimal durable server (bench/servers/minimal-durable.mjs), ratioToBare = listener ÷ bare node:http, judgedRatio = the same minimal durable server judging each request with the console’s own judgeWebhook and storing the verdicts (--judged: the floor issue 20 allows, with no timeline row) ÷ the plain one, trailingRatio = the design issue 20 leaves open (bench/servers/trailing-row.mjs: judged, the record in an index-free inbox before its 200, moved into the real events table by a worker thread; trailingLag* = arrival to its row in events) ÷ the plain one, cpuRatio = the reference’s CPU per request ÷ the listener’s (steadier than requests/s on a shared machine; each counted from the start of the load to 1 s after it, so work deferred past the answer counts too). Every request HS256-verified, judged, and committed with its answer before its 200; the reference verifies HS256 with node:crypto and commits the raw request to an index-free table before its 200.',
      });
    } finally {
      temp.remove();
    }
  }
  return results;
}

/** What bench/servers/trailing-row.mjs writes of its moved rows' lag when it stops. */
const lagSchema = z.object({
  moved: z.number(),
  lagP50Ms: z.number(),
  lagP95Ms: z.number(),
  lagMaxMs: z.number(),
});

/** The notification every listener bench posts: signed with SECRET, in both places the service uses. */
export async function benchWebhook(): Promise<{
  token: string;
  body: string;
  headers: Record<string, string>;
}> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ iss: 'bench' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(SECRET));
  const body = JSON.stringify({
    order_id: '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21',
    order_reference_id: 'R-1',
    order_number: 'N-1',
    event_type: 'order_approved',
    data: [],
  });
  return { token, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } };
}

/** A load against a server in its own process, with the CPU that process spent per request. */
export async function measuredLoad(
  server: BenchProcess,
  run: () => Promise<LoadResult>,
): Promise<LoadResult & { cpuUsPerRequest?: number }> {
  const before = server.cpuMs();
  const result = await run();
  // Work done after answering (durations, the text index) belongs to these requests too.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = server.cpuMs();
  const requests = acknowledgedOf(result);
  if (before === null || after === null || requests === 0) return result;
  return { ...result, cpuUsPerRequest: Math.round(((after - before) * 1000) / requests) };
}

/** The figures that were measured (CPU time is not readable everywhere). */
function definedOnly(figures: Record<string, number | null>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(figures).filter((entry): entry is [string, number] => entry[1] !== null),
  );
}

function cpuRatioOf(console_: { cpuUsPerRequest?: number }, reference: { cpuUsPerRequest?: number }) {
  return console_.cpuUsPerRequest === undefined ||
    reference.cpuUsPerRequest === undefined ||
    console_.cpuUsPerRequest === 0
    ? null
    : Number((reference.cpuUsPerRequest / console_.cpuUsPerRequest).toFixed(3));
}
