import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { replayRequestSchema } from '../../src/shared/replay';
import { payload } from '../fixtures/hostile-webhooks';
import { listening, merchant, receive, replay } from './helpers/replay-targets';

/** A stored webhook whose body was cut on arrival is not replayed as if whole. */
describe('stored webhooks that cannot be sent again as they came', () => {
  it('a body stored cut (over the listener limit) is refused, unless an edited body is sent', async () => {
    const open = await listening();
    const huge = payload('order_approved', { pad: 'x'.repeat(2 * 1024 * 1024) });
    const id = await receive(open, huge);
    expect(open.core.events.getRow(id)?.request_truncated).toBe(1);
    const target = await merchant(200);
    const request = { ids: [id], target: { kind: 'url', url: target.url } };
    expect(() => open.core.replay.plan(replayRequestSchema.parse(request))).toThrow(
      new RegExp(`#${id}.*only its first \\d+ bytes were stored`),
    );
    await expect(replay(open, request)).rejects.toThrow(/Edit the body to replay it/);
    expect(target.received).toHaveLength(0);
    const edited = await replay(open, { ...request, body: payload('order_approved') });
    expect(edited).toMatchObject({ done: 1, failures: 0 });
  });

  it('a raw request (bytes the listener could not read as HTTP) is refused, edited body or not', async () => {
    const open = await listening();
    const port = Number(new URL(open.origin).port);
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('GARBAGE LINE\r\n\r\n'));
      socket.on('close', () => resolve());
      socket.resume();
    });
    const raw = open.core.events.getRow(1);
    expect(raw).toMatchObject({ kind: 'webhook', method: null, status: 400 });
    const target = await merchant(200);
    const request = { ids: [1], target: { kind: 'url', url: target.url } };
    const refusal = /Webhook #1 is a raw request: .*there is no request to replay/;
    expect(() => open.core.replay.plan(replayRequestSchema.parse(request))).toThrow(refusal);
    await expect(replay(open, request)).rejects.toThrow(refusal);
    await expect(replay(open, { ...request, body: payload('order_approved') })).rejects.toThrow(refusal);
    expect(target.received).toHaveLength(0);
  });
});
