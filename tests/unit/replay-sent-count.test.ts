import { describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { statusWordOfRow } from '../../src/main/store/event-views';
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

// A stored header Node will not write (a zero-width space, stored as text) stopped the send before
// any connection: its record read `failed`, titled "Network failure: other", and the run counted
// a failure, though nothing had left.
describe('a replay Node will not write', () => {
  it('is not sent, refused before anything left, and counted so', async () => {
    const open = await listening();
    const [webhook] = open.core.recorder.recordMany([
      {
        kind: 'webhook',
        method: 'POST',
        path: '/hooks',
        status: 200,
        bodyVerdict: 'event',
        requestHeaders: [
          ['Content-Type', 'application/json'],
          ['X-Note', 'a\u200bb'],
        ],
        requestBody: Buffer.from(payload('order_approved')),
        atMs: Date.now(),
      },
    ]);
    const target = await merchant(200);
    const result = await replay(open, { ids: [webhook?.id], target: { kind: 'url', url: target.url } });
    expect(result).toMatchObject({ done: 1, sent: 0, failures: 0, notSent: 1, causes: [] });
    expect(result.notSentCauses).toEqual([expect.stringMatching(/^Not sent: .*header/i)]);
    const row = open.core.events.getRow(result.lastRecordIds[0] ?? 0);
    expect(row === undefined ? null : statusWordOfRow(row)).toBe('not sent');
    expect(target.paths).toHaveLength(0);
  });
});
