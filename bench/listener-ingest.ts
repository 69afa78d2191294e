import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult } from './bench-kit';
import { startBareServer, startConsoleCommand } from './processes';

const SECONDS = 8;
const SECRET = 'bench-notification-token-0123456789';

function storedRows(dataDir: string): number {
  const db = new Database(join(dataDir, 'console.sqlite'), { readonly: true });
  try {
    return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()?.n ?? 0;
  } finally {
    db.close();
  }
}

/**
 * The listener (`checkout-console listen`: HS256-verifying and committing every request before
 * answering) against a bare node:http server answering 200; each in its own process, the load
 * generated from this one. Stored rows are counted once the listener has exited.
 */
export async function listenerIngest(): Promise<BenchResult[]> {
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
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
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
      const console_ = await against(`${listener.url}/webhooks?serviceToken=${token}`);
      await listener.stop();
      const stored = storedRows(temp.dir);
      const bare = await startBareServer();
      const reference = await against(`${bare.url}/webhooks`);
      await bare.stop();
      const ratio = console_.requestsPerSecond / Math.max(reference.requestsPerSecond, 1);
      const acknowledged = console_.requests - console_.non2xx - console_.errors;
      const lost = Math.max(0, acknowledged - stored);
      results.push({
        name: `listener-ingest-${connections}`,
        title: `Listener ingest, ${connections} connections`,
        goal:
          connections === 10
            ? '≥ 50% of bare node:http, p99 < 20 ms, 0 lost'
            : '≥ 50% of bare node:http, 0 lost',
        console: { ...console_, acknowledged, stored, lost },
        reference: { ...reference },
        ratio: Number(ratio.toFixed(3)),
        pass: ratio >= 0.5 && lost === 0 && (connections !== 10 || console_.p99Ms < 20),
        notes:
          'Each server in its own process, autocannon in a third. Every request HS256-verified (key imported once; one token sent in both places verified once), judged, and committed with its answer (batched per event-loop turn) before its 200.',
      });
    } finally {
      temp.remove();
    }
  }
  return results;
}
