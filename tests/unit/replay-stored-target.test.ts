import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { hasDotSegment } from '../../src/shared/curl';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { runCliCaptured } from './helpers/run-cli';

// A webhook's stored path went out changed: a replay to this console's listener set it on a URL,
// which resolved `/x/./y/../z` to `/x/z` and re-encoded the query (`%20` as `+`), so the listener
// recorded another request than the one kept; `curl <id>` printed the path as stored, but curl
// resolves dot segments itself unless told `--path-as-is`.

let listening: ListeningConsole | null = null;
afterEach(async () => {
  await listening?.dispose();
  listening = null;
});

interface HistoryRecord {
  id: number;
  kind: string;
  path: string | null;
  url: string | null;
  related_id: number | null;
}

/** POSTs with the request-target written as given (fetch would resolve it). */
function postRaw(origin: string, target: string, token: string): Promise<{ id: number }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method: 'POST',
        path: target,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(text) as { id: number }));
      },
    );
    req.on('error', reject);
    req.end(payload('order_approved'));
  });
}

describe('a stored request-target with dot segments and encodings', () => {
  it('is replayed to the listener as it arrived, and curl is told to keep it', async () => {
    listening = await openListeningConsole();
    const { core } = listening;
    const port = Number(new URL(listening.origin).port);
    core.profiles.update(
      core.profiles.active().id,
      { listenerPort: port },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(listening.secret, { iat: now, exp: now + 600 });
    const origin = core.listener.status().url ?? '';
    const { id } = await postRaw(origin, `/x/./y/../z?a=b%20c&serviceToken=${token}&z=1`, token);

    const run = await runCliCaptured(['--data-dir', listening.dataDir, 'replay', String(id)]);
    expect(run.code, run.stderr).toBe(0);
    const history = await runCliCaptured(['--data-dir', listening.dataDir, 'history', '--json']);
    expect(history.code, history.stderr).toBe(0);
    const records = JSON.parse(history.stdout) as HistoryRecord[];
    const original = records.find((record) => record.id === id);
    expect(original).toMatchObject({
      path: '/x/./y/../z',
      url: expect.stringMatching(/\/x\/\.\/y\/\.\.\/z\?a=b%20c&serviceToken=[^&]+&z=1$/) as unknown,
    });
    const replay = records.find((record) => record.kind === 'replay');
    expect(replay).toMatchObject({
      related_id: id,
      path: '/x/./y/../z',
      url: expect.stringMatching(/\/x\/\.\/y\/\.\.\/z\?a=b%20c&serviceToken=[^&]+&z=1$/) as unknown,
    });
    const arrival = records.find((record) => record.kind === 'webhook' && record.related_id === replay?.id);
    expect(arrival).toMatchObject({
      path: '/x/./y/../z',
      url: expect.stringMatching(/\/x\/\.\/y\/\.\.\/z\?a=b%20c&serviceToken=[^&]+&z=1$/) as unknown,
    });

    const curl = await runCliCaptured(['--data-dir', listening.dataDir, 'curl', String(id)]);
    expect(curl.code, curl.stderr).toBe(0);
    expect(curl.stdout).toContain('--path-as-is');
    expect(curl.stdout).toContain('/x/./y/../z?a=b%20c&serviceToken=REDACTED&z=1');
  });
});

describe('hasDotSegment', () => {
  it('finds a . or .. segment in the path only', () => {
    expect(hasDotSegment('http://h/x/./y/../z')).toBe(true);
    expect(hasDotSegment('http://h/x/..')).toBe(true);
    expect(hasDotSegment('http://h/a.b/..c')).toBe(false);
    expect(hasDotSegment('http://h/x?a=/../')).toBe(false);
    expect(hasDotSegment('http://h')).toBe(false);
  });
});
