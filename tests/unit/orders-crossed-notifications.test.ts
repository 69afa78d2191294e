import { afterEach, describe, expect, it } from 'vitest';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { until, validPayload } from './helpers/emulator-harness';
import { openListeningConsole } from './helpers/listening-console';

// The tester's run: the emulator's Out of order fault holds order_captured back until the refund's
// notification has gone, so the listener stores order_refunded first. The refund was then judged
// against nothing captured, not counted, and the order read partially captured (offering Capture,
// which the emulator refuses) while the emulator said partially refunded.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an order whose notifications the emulator sends out of order', () => {
  it('reads as the emulator says when the refund arrives before its capture', async () => {
    const console_ = await openListeningConsole();
    cleanups.push(() => console_.dispose());
    const { core } = console_;
    const local = localProfileOf(core.profiles);
    if (local === null) throw new Error('no Local profile');
    const status = await core.emulator.start(0);
    const emulatorUrl = status.url ?? '';
    core.profiles.update(
      local.id,
      { baseUrl: emulatorUrl },
      { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
    );
    // Only the next notification lets a held one go: the pairs always cross.
    core.emulator.updateSettings({ backoffMs: [30], timeoutMs: 2000, outOfOrderMs: 600_000 });
    const sent = await core.merchantApi.sendCheckout({
      profileId: local.id,
      body: { kind: 'json', payload: validPayload(null) },
      injectNotificationUrl: true,
      form: 'general',
    });
    const orderId = sent.checkout?.order_id ?? '';
    core.emulator.setOrderOptions(orderId, {
      faults: { delayMs: 0, duplicate: false, outOfOrder: true, token: 'valid', drop: false },
    });
    const apiToken = core.profiles.secretsOf(local.id).apiToken ?? '';
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${emulatorUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    core.emulator.customerAction(orderId, 'pay');
    await call(`/orders/${orderId}/authorise`, {});
    const webhooks = () => core.eventsQuery.page({ kinds: ['webhook'], orderId }, { limit: 10 }).items;
    // The first pair has gone before the capture, so the capture and the refund make the next pair.
    await until(() => webhooks().length === 2, 'the first pair in the listener', 15_000);
    await call('/payments/capture', {
      order_id: orderId,
      total_amount: { amount: '10.00', currency: 'SAR' },
    });
    await call(`/payments/simplified-refund/${orderId}`, {
      total_amount: { amount: '4.00', currency: 'SAR' },
      comment: '',
    });
    await until(() => webhooks().length === 4, 'four notifications in the listener', 15_000);
    const { lifecycle } = core.orders.detail(orderId);
    expect(await call(`/merchants/orders/${orderId}`)).toMatchObject({ status: 'partially_refunded' });
    expect(lifecycle.state).toBe('partially_refunded');
    expect(lifecycle.facts).toMatchObject({ capturedAmount: '10.00', refundedAmount: '4.00' });
    expect(lifecycle.findings).toEqual([]);
    // As they arrived: each pair crossed, the refund before its capture.
    const arrived = lifecycle.entries.filter((entry) => entry.kind === 'webhook');
    expect(arrived.map((entry) => entry.what)).toEqual([
      'order_authorised',
      'order_approved',
      'order_refunded',
      'order_captured',
    ]);
    const refund = arrived.find((entry) => entry.what === 'order_refunded');
    expect(refund?.effect).toBe('moved');
    expect(refund?.evidence).toContain('it arrived before the capture it refunds');
  });
});
