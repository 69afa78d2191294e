import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { createConsole } from '../src/main/app';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult } from './bench-kit';

const SECONDS = 8;

/** The listener verifying HS256 and persisting every request, against a bare node:http server answering 200. */
export async function listenerIngest(): Promise<BenchResult[]> {
  const temp = makeTempDir('cc-bench-');
  const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  const local = setup.profiles.active();
  setup.profiles.update(
    local.id,
    { listenerPort: 0 },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
  await setup.close();
  const core = await createConsole({
    dataDir: temp.dir,
    frontDoor: 'browser',
    keychain: 'off',
    background: true,
    startEmulator: false,
  });
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/webhooks`;
  try {
    const secret = core.profiles.secretsOf(local.id).notificationToken ?? '';
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ iss: 'bench' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(secret));
    const body = JSON.stringify({
      order_id: '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21',
      order_reference_id: 'R-1',
      order_number: 'N-1',
      event_type: 'order_approved',
      data: [],
    });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const listenerUrl = `${core.listener.status().url ?? ''}/webhooks?serviceToken=${token}`;
    const results: BenchResult[] = [];
    for (const connections of [10, 100]) {
      const before = core.events.count();
      const console_ = await load({ url: listenerUrl, connections, seconds: SECONDS, headers, body });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stored = core.events.count() - before;
      const reference = await load({ url: bareUrl, connections, seconds: SECONDS, headers, body });
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
          'Every request HS256-verified (key imported once) and committed (batched per event-loop turn) before its 200.',
      });
    }
    return results;
  } finally {
    await core.close();
    await new Promise((resolve) => bare.close(resolve));
    temp.remove();
  }
}
