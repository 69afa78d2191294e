import { describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { closedMerchant, listening, merchant, receive, replay } from './helpers/replay-targets';

// The Replay view's count read "1 / 1 sent" for a run whose one send was refused before it left
// (a stored CONNECT), then "1 of 1 done": neither said how many went. A run now counts the sends
// written whole to the target, answered or not, apart from those refused or failed on the way.

describe("a replay run's count of sends that went", () => {
  it('counts an answered send as sent, whatever its answer', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const taken = await merchant(200);
    const notTaken = await merchant(500);
    expect(await replay(open, { ids: [id], target: { kind: 'url', url: taken.url } })).toMatchObject({
      done: 1,
      sent: 1,
      failures: 0,
    });
    // Sent, and answered 500: a failure of the send, but it went.
    expect(await replay(open, { ids: [id], target: { kind: 'url', url: notTaken.url } })).toMatchObject({
      done: 1,
      sent: 1,
      failures: 1,
    });
  });

  it('does not count a send the network refused as sent', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const url = await closedMerchant();
    expect(await replay(open, { ids: [id, id], target: { kind: 'url', url } })).toMatchObject({
      done: 2,
      sent: 0,
      failures: 2,
      notSent: 0,
    });
  });
});
