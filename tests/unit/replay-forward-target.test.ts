import { describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { listening, merchant, receive, replay } from './helpers/replay-targets';

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
});
