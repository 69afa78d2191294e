import { describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { lastReplay, listening, merchant, receive, replay } from './helpers/replay-targets';

/** A replay's answer judged as the emulator judges a delivery's: only a 2xx is taken. */
describe('an answer that is not 2xx', () => {
  it.each([500, 404, 301, 302])(
    'answered %i: the send failed, and its record says why (as a delivery does)',
    async (status) => {
      const open = await listening();
      const id = await receive(open, payload('order_approved'));
      const target = await merchant(status, status < 400 ? { location: '/elsewhere' } : {});
      const result = await replay(open, { ids: [id], target: { kind: 'url', url: target.url } });
      expect(result.failures).toBe(1);
      const record = lastReplay(open);
      expect(record.status).toBe(status);
      expect(record.error).toContain(`answered ${status}`);
    },
  );

  it('a 2xx answer is no failure and leaves no error', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const target = await merchant(204);
    const result = await replay(open, { ids: [id], target: { kind: 'url', url: target.url } });
    expect(result.failures).toBe(0);
    expect(lastReplay(open).error).toBeNull();
  });
});

describe('why sends failed, in the run itself', () => {
  it('the progress names each distinct cause once, as the window and the CLI show it', async () => {
    const open = await listening();
    const id = await receive(open, payload('order_approved'));
    const target = await merchant(500);
    const result = await replay(open, { ids: [id], target: { kind: 'url', url: target.url }, repeat: 3 });
    expect(result.failures).toBe(3);
    expect(result.causes).toEqual(['The target answered 500.']);
  });
});
