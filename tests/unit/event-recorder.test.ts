import { describe, expect, it } from 'vitest';
import { openTempConsole } from './helpers/temp-console';

describe('event recorder', () => {
  it('persists first, then pushes; updates push the new summary', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      const pushed: { name: string; stored: boolean }[] = [];
      core.bus.subscribe((event) => {
        if (event.name === 'timeline.appended' || event.name === 'timeline.updated') {
          pushed.push({ name: event.name, stored: core.events.getSummary(event.payload.id) !== undefined });
        }
      });
      const summary = core.recorder.record({
        kind: 'webhook',
        method: 'POST',
        path: '/hook',
        requestHeaders: [['Content-Type', 'application/json']],
        requestBody: Buffer.from('{"order_id":"x"}'),
      });
      expect(summary).toMatchObject({ kind: 'webhook', method: 'POST', path: '/hook', status: null });
      const updated = core.recorder.update(summary.id, {
        status: 200,
        tokenVerdict: 'valid',
        bodyVerdict: 'event',
      });
      expect(updated).toMatchObject({ status: 200, tokenVerdict: 'valid', bodyVerdict: 'event' });
      const batch = core.recorder.recordMany([{ kind: 'request' }, { kind: 'delivery' }]);
      expect(batch.map((s) => s.kind)).toEqual(['request', 'delivery']);
      expect(pushed).toEqual([
        { name: 'timeline.appended', stored: true },
        { name: 'timeline.updated', stored: true },
        { name: 'timeline.appended', stored: true },
        { name: 'timeline.appended', stored: true },
      ]);
      const detail = core.events.getDetail(summary.id);
      expect(detail?.requestBody).toEqual({
        size: 16,
        truncated: false,
        text: '{"order_id":"x"}',
        base64: null,
      });
      const binary = core.recorder.record({ kind: 'webhook', requestBody: Buffer.from([0xff, 0xfe, 0x00]) });
      expect(core.events.getDetail(binary.id)?.requestBody).toMatchObject({ text: null, base64: '//4A' });
    } finally {
      await dispose();
    }
  });
});
