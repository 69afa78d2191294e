import { describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { lastReplay, listening, merchant, receive, replay } from './helpers/replay-targets';

/** Secrets a replay carries are sent, never written to its record in plain text. */
describe('secrets riding along', () => {
  it("a registered header's value is sent as stored but written to the replay's record masked", async () => {
    const open = await listening();
    const value = 'registered-header-value-0123456789';
    open.core.profiles.webhookHeaders.replace([{ name: 'X-Api-Key', value: { action: 'set', value } }]);
    const id = await receive(open, payload('order_approved'), { 'X-Api-Key': value });
    // The merchant echoes what it got: the echo is masked too.
    const target = await merchant(200, {}, (headers) => `got ${String(headers['x-api-key'])}`);
    await replay(open, { ids: [id], target: { kind: 'url', url: target.url }, tokenMode: 'none' });
    expect(target.received[0]?.['x-api-key']).toBe(value);
    const row = open.core.events.getRow(lastReplay(open).id);
    expect(row?.request_headers).not.toContain(value);
    expect(row?.request_headers).toContain('X-Api-Key');
    expect(row?.response_body?.toString('utf8')).not.toContain(value);
  });
});
