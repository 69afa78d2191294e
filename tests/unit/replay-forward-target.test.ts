import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { until } from './helpers/emulator-harness';
import type { ListeningConsole } from './helpers/listening-console';
import { listening, merchant, receive, replay } from './helpers/replay-targets';

/** POSTs with the request-target written as given (fetch would resolve it). */
function postRaw(open: ListeningConsole, target: string): Promise<void> {
  const { hostname, port } = new URL(open.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, method: 'POST', path: target, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(payload('order_approved'));
  });
}

/** "Forward-to URL" as a replay's target: where a forward of the same webhook goes. */
describe('replay to the forward-to URL', () => {
  it("goes where the listener forwards: the forward-to URL's path, then the stored path and query", async () => {
    const open = await listening();
    const target = await merchant(200);
    const id = await receive(open, payload('order_approved'));
    open.core.listener.updateSettings({ forwardTo: `${target.url}/base` });
    await replay(open, { ids: [id], target: { kind: 'forward' }, tokenMode: 'none' });
    expect(target.paths).toEqual(['/merchant/base/hooks']);
  });

  // The replay re-encoded the query (`b%20c` as `b+c`) and moved the token to its end, where the
  // listener's forward of the same webhook kept the query as it came.
  it('sends the query a forward sends: as written, only the serviceToken value changed in its place', async () => {
    const open = await listening();
    const target = await merchant(200);
    open.core.listener.updateSettings({ forwardTo: `${target.url}/fwd` });
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(open.secret, { iat: now, exp: now + 600 });
    await postRaw(open, `/x/./y/../z?a=b%20c&serviceToken=${token}&q=%2F&p=1+2`);
    await until(() => target.paths.length === 1, 'the forward');
    const [forwarded] = target.paths;
    expect(forwarded).toBe(`/merchant/fwd/x/z?a=b%20c&serviceToken=${token}&q=%2F&p=1+2`);
    const [webhook] = open.core.eventsQuery.page({ kinds: ['webhook'] }, { limit: 1 }).items;

    await replay(open, { ids: [webhook?.id], target: { kind: 'forward' } });
    expect(target.paths[1]).toBe(forwarded);
    await replay(open, { ids: [webhook?.id], target: { kind: 'forward' }, tokenMode: 'resign' });
    expect(target.paths[2]).toMatch(/^\/merchant\/fwd\/x\/z\?a=b%20c&serviceToken=[^&]+&q=%2F&p=1\+2$/);
    expect(target.paths[2]).not.toBe(forwarded);
  });
});
