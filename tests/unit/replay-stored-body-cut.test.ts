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
      new RegExp(
        `^Webhook #${id} arrived with \\d\\.\\d+ MiB \\([\\d,]+ bytes\\), but only its first 64\\.0 KiB \\(65,536 bytes\\) were stored: `,
      ),
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

  // Taken by a filter ("every stored webhook", the Replay view opened from the navigation), one
  // raw request or cut body refused the whole run: nothing else could be replayed that way.
  it('a filter leaves raw requests and cut bodies out and counts them; the rest go', async () => {
    const open = await listening();
    const port = Number(new URL(open.origin).port);
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('GARBAGE LINE\r\n\r\n'));
      socket.on('close', () => resolve());
      socket.resume();
    });
    await receive(open, payload('order_approved', { pad: 'x'.repeat(2 * 1024 * 1024) }));
    const whole = await receive(open, payload('order_approved'));
    const target = await merchant(200);
    const request = { filter: {}, target: { kind: 'url', url: target.url } };
    const plan = open.core.replay.plan(replayRequestSchema.parse(request));
    expect(plan).toMatchObject({ webhooks: 1, sends: 1, leftOut: { raw: 1, cut: 1 } });
    const sent = await replay(open, request);
    expect(sent).toMatchObject({ total: 1, done: 1, failures: 0 });
    expect(target.received).toHaveLength(1);
    expect(open.core.events.getRow(sent.lastRecordIds[0] ?? 0)?.related_id).toBe(whole);
    // With an edited body the cut one goes too (the body is the person's own); the raw one never.
    const edited = open.core.replay.plan(
      replayRequestSchema.parse({ ...request, body: payload('order_approved') }),
    );
    expect(edited).toMatchObject({ webhooks: 2, leftOut: { raw: 1, cut: 0 } });
  });

  it('a filter that matches only what cannot be sent as it came says so, naming what it left out', async () => {
    const open = await listening();
    await receive(open, payload('order_approved', { pad: 'x'.repeat(2 * 1024 * 1024) }));
    const target = await merchant(200);
    const request = replayRequestSchema.parse({ filter: {}, target: { kind: 'url', url: target.url } });
    expect(() => open.core.replay.plan(request)).toThrow(
      'No webhook that matches can be sent as it came: the filter leaves out 1 stored cut. Edit the body to replay those stored cut.',
    );
  });
});
