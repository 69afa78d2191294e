import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TimelineSummary } from '../../src/shared/events';
import { openDatabase } from '../../src/main/store/connection';
import { signWith } from '../fixtures/hostile-webhooks';
import { consolesOnOneDataDir } from './helpers/listening-console';

// A live timeline shows the records other processes on the data directory write (a `send` or
// `listen` in a terminal), pushed like this process's own, each once.

const consoles = consolesOnOneDataDir();

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe("another process's records reach this process's views", () => {
  it('pushed as appended within a couple of seconds; this process’s own are pushed once', async () => {
    const listening = await consoles.listening();
    const appended: TimelineSummary[] = [];
    listening.core.bus.subscribe((event) => {
      if (event.name === 'timeline.appended') appended.push(event.payload);
    });
    const other = await consoles.other(listening.dataDir);
    const elsewhere = other.recorder.recordMany([
      { kind: 'request', method: 'POST', path: '/checkout', status: 200 },
      { kind: 'request', method: 'POST', path: '/checkout', status: 201 },
    ]);
    const here = await fetch(`${listening.origin}/hooks`, { method: 'POST', body: '{}' });
    const { id: hereId } = (await here.json()) as { id: number };
    const more = other.recorder.record({ kind: 'request', method: 'GET', path: '/orders/x', status: 200 });
    const expected = [...elsewhere.map((summary) => summary.id), more.id];
    await until(() => expected.every((id) => appended.some((summary) => summary.id === id)));
    const ids = appended.map((summary) => summary.id);
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    expect(ids.filter((id) => id === hereId)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(appended.map((summary) => summary.id).sort((a, b) => a - b)).toEqual(
      [...expected, hereId].sort((a, b) => a - b),
    );
  });
});

describe("another process's exchange completing reaches this process's views", () => {
  it('a send stored pending, then answered, in a terminal: its answer is pushed as updated, and its order reaches Orders', async () => {
    const listening = await consoles.listening();
    const appended: TimelineSummary[] = [];
    const updated: TimelineSummary[] = [];
    const ordersChanged: string[] = [];
    listening.core.bus.subscribe((event) => {
      if (event.name === 'timeline.appended') appended.push(event.payload);
      if (event.name === 'timeline.updated') updated.push(event.payload);
      if (event.name === 'orders.changed') ordersChanged.push(...event.payload.orderIds);
    });
    const other = await consoles.other(listening.dataDir);
    // As the `send` CLI writes: the record before the request leaves, its answer when it comes.
    const pending = other.recorder.record({ kind: 'request', method: 'POST', path: '/checkout' });
    await until(() => appended.some((summary) => summary.id === pending.id));
    expect(appended.find((summary) => summary.id === pending.id)?.status).toBeNull();

    const orderId = '5f0c7c1e-2b7a-4c49-9a43-3f1f6f0b2a11';
    other.recorder.update(pending.id, {
      status: 200,
      durationMs: 420,
      orderId,
      responseBody: Buffer.from(JSON.stringify({ order_id: orderId, checkout_id: orderId, status: 'new' })),
    });
    await until(
      () => updated.some((summary) => summary.id === pending.id) && ordersChanged.includes(orderId),
    );
    expect(updated.filter((summary) => summary.id === pending.id)).toEqual([
      expect.objectContaining({ id: pending.id, status: 200, durationMs: 420, orderId }),
    ]);
    expect(ordersChanged).toContain(orderId);
    expect(listening.core.orders.list({ limit: 10 }).items.map((order) => order.orderId)).toEqual([orderId]);
    // Answered once: no further pushes for it.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(updated.filter((summary) => summary.id === pending.id)).toHaveLength(1);
  });
});

describe("another process's removals reach this process's Orders view", () => {
  it('an order whose records another process removed is pushed as changed and leaves the list', async () => {
    const listening = await consoles.listening();
    const orderId = '5f0c7c1e-2b7a-4c49-9a43-3f1f6f0b2a11';
    listening.core.recorder.record({
      kind: 'request',
      method: 'POST',
      path: '/checkout',
      status: 200,
      orderId,
      responseBody: Buffer.from(JSON.stringify({ order_id: orderId, checkout_id: orderId, status: 'new' })),
    });
    expect(listening.core.orders.list({ limit: 10 }).items.map((order) => order.orderId)).toEqual([orderId]);
    const ordersChanged: string[] = [];
    listening.core.bus.subscribe((event) => {
      if (event.name === 'orders.changed') ordersChanged.push(...event.payload.orderIds);
    });
    // This process's own record is pushed first (coalesced); then only the removal counts.
    await until(() => ordersChanged.includes(orderId));
    ordersChanged.length = 0;
    // Retention run in a terminal removes the order's records; no timeline push says so.
    const elsewhere = openDatabase(join(listening.dataDir, 'console.sqlite'));
    try {
      elsewhere.prepare('DELETE FROM events WHERE order_id = ?').run(orderId);
    } finally {
      elsewhere.close();
    }
    await until(() => ordersChanged.includes(orderId));
    expect(ordersChanged).toContain(orderId);
    expect(listening.core.orders.list({ limit: 10 }).items).toEqual([]);
  });
});

describe("another process's profile change reaches this process", () => {
  it('a notification token set in a terminal is the one the running listener verifies with, within seconds', async () => {
    const listening = await consoles.listening();
    const origin = listening.origin;
    const changed: unknown[] = [];
    listening.core.bus.subscribe((event) => {
      if (event.name === 'profiles.changed') changed.push(event.payload);
    });
    const other = await consoles.other(listening.dataDir);
    const local = other.profiles.active();
    const fresh = 'set-in-a-terminal-0123456789';
    other.profiles.update(
      local.id,
      {},
      { apiToken: { action: 'keep' }, notificationToken: { action: 'set', value: fresh } },
    );
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(fresh, { iat: now, exp: now + 600 });
    const verdict = async () => {
      const answer = await fetch(`${origin}/hooks?serviceToken=${token}`, { method: 'POST', body: '{}' });
      const { id } = (await answer.json()) as { id: number };
      return listening.core.events.getSummary(id)?.tokenVerdict;
    };
    let seen = await verdict();
    const end = Date.now() + 5_000;
    while (seen !== 'valid' && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await verdict();
    }
    expect(seen).toBe('valid');
    expect(changed.length).toBeGreaterThan(0);
  });
});
