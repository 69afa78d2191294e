import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * An order partly captured keeps its uncaptured rest authorised: it can still be captured or
 * cancelled after a refund, and the order is fully refunded only when everything captured is
 * refunded and nothing is left to capture (the tester's 23.830 KWD order: capture 10, refund 5,
 * then the rest refused, and a second refund of 5 read "fully_refunded" with 13.830 uncaptured).
 * The fixture's order is 72.98 SAR.
 */

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

async function authorisedOrder(): Promise<string> {
  const { json } = await emulator.call('POST', '/checkout', validPayload(null));
  const orderId = String(json['order_id']);
  const token = emulator.core.store.emulatorOrders.get(orderId)?.pageToken ?? '';
  expect((await emulator.call('POST', `/_emulator/orders/${orderId}/pay?token=${token}`)).status).toBe(200);
  expect((await emulator.call('POST', `/orders/${orderId}/authorise`)).status).toBe(200);
  return orderId;
}

const sar = (amount: string) => ({ total_amount: { amount, currency: 'SAR' } });
const capture = (orderId: string, amount: string) =>
  emulator.call('POST', '/payments/capture', { order_id: orderId, ...sar(amount) });
const refund = (orderId: string, amount: string) =>
  emulator.call('POST', `/payments/simplified-refund/${orderId}`, sar(amount));
const cancel = (orderId: string, amount?: string) =>
  emulator.call('POST', `/orders/${orderId}/cancel`, amount === undefined ? undefined : sar(amount));
const record = async (orderId: string) => (await emulator.call('GET', `/merchants/orders/${orderId}`)).json;
const amounts = (order: Record<string, unknown>) =>
  Object.fromEntries(
    ['status', 'captured_amount', 'refunded_amount', 'canceled_amount'].map((key) => [
      key,
      key === 'status' ? order[key] : (order[key] as { amount: string }).amount,
    ]),
  );

describe('capture and cancel of the uncaptured rest, after a refund', () => {
  it('capture 30, refund 10, capture the rest: partially refunded, then fully refunded once all is refunded', async () => {
    const orderId = await authorisedOrder();
    expect((await capture(orderId, '30.00')).json['status']).toBe('partially_captured');
    expect((await refund(orderId, '10.00')).json['status']).toBe('partially_refunded');
    const rest = await capture(orderId, '42.98');
    expect(rest.status).toBe(200);
    expect(rest.json).toMatchObject({
      status: 'partially_refunded',
      captured_amount: { amount: '42.98', currency: 'SAR' },
    });
    expect((await refund(orderId, '62.98')).json['status']).toBe('fully_refunded');
    expect(amounts(await record(orderId))).toEqual({
      status: 'fully_refunded',
      captured_amount: '72.98',
      refunded_amount: '72.98',
      canceled_amount: '0.00',
    });
  });

  it('refunding all that was captured while the rest is uncaptured is not fully refunded', async () => {
    const orderId = await authorisedOrder();
    await capture(orderId, '30.00');
    await refund(orderId, '10.00');
    expect((await refund(orderId, '20.00')).json['status']).toBe('partially_refunded');
    expect(amounts(await record(orderId))).toEqual({
      status: 'partially_refunded',
      captured_amount: '30.00',
      refunded_amount: '30.00',
      canceled_amount: '0.00',
    });
    // The rest is still authorised: it can be captured.
    expect((await capture(orderId, '42.98')).status).toBe(200);
  });

  it('cancel of the uncaptured rest after a refund: then fully refunded once the captured part is', async () => {
    const orderId = await authorisedOrder();
    await capture(orderId, '30.00');
    await refund(orderId, '10.00');
    const canceled = await cancel(orderId, '42.98');
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({
      status: 'partially_refunded',
      canceled_amount: { amount: '42.98', currency: 'SAR' },
    });
    expect((await capture(orderId, '1.00')).status).toBe(409);
    expect((await refund(orderId, '20.00')).json['status']).toBe('fully_refunded');
    expect(amounts(await record(orderId))).toEqual({
      status: 'fully_refunded',
      captured_amount: '30.00',
      refunded_amount: '30.00',
      canceled_amount: '42.98',
    });
  });

  it('cancel of the rest of a partially captured order (no refund): the captured part stays refundable', async () => {
    const orderId = await authorisedOrder();
    await capture(orderId, '30.00');
    const partial = await cancel(orderId, '10.00');
    expect(partial.status).toBe(400);
    expect(partial.json['errors']).toEqual([
      expect.objectContaining({ error_code: 'partial_cancel_not_supported' }),
    ]);
    const canceled = await cancel(orderId);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({
      status: 'partially_captured',
      canceled_amount: { amount: '42.98', currency: 'SAR' },
    });
    const nothingLeft = await capture(orderId, '1.00');
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.json['message']).toBe(
      'Nothing is left to capture: of the 72.98 SAR order, 30.00 SAR is captured and 42.98 SAR canceled.',
    );
    const again = await cancel(orderId);
    expect(again.status).toBe(409);
    expect(again.json['message']).toBe(
      'Nothing is left to cancel: of the 72.98 SAR order, 30.00 SAR is captured and 42.98 SAR canceled.',
    );
    expect((await refund(orderId, '30.00')).json['status']).toBe('fully_refunded');
  });

  it('a fully captured order partly refunded has nothing left to capture or cancel', async () => {
    const orderId = await authorisedOrder();
    await capture(orderId, '72.98');
    await refund(orderId, '10.00');
    const more = await emulator.call('POST', '/payments/capture', { order_id: orderId });
    expect(more.status).toBe(409);
    expect(more.json['message']).toBe(
      'Nothing is left to capture: of the 72.98 SAR order, 72.98 SAR is captured.',
    );
    expect((await cancel(orderId)).status).toBe(409);
    expect(amounts(await record(orderId))).toMatchObject({ status: 'partially_refunded' });
  });
});

describe('a simplified refund spread over two captures', () => {
  it('is one refund in the order record, as its answer gives it, listing its captures', async () => {
    const orderId = await authorisedOrder();
    const first = String((await capture(orderId, '30.00')).json['capture_id']);
    const second = String((await capture(orderId, '42.98')).json['capture_id']);
    const answer = await refund(orderId, '40.00');
    expect(answer.json).toMatchObject({
      capture_id: first,
      refunded_amount: { amount: '40.00', currency: 'SAR' },
    });
    const transactions = (await record(orderId))['transactions'] as Record<string, Record<string, unknown>[]>;
    expect(transactions['refunds']).toEqual([
      {
        refund_id: answer.json['refund_id'],
        capture_id: first,
        total_amount: { amount: '40.00', currency: 'SAR' },
        captures: [
          { capture_id: first, total_amount: { amount: '30.00', currency: 'SAR' } },
          { capture_id: second, total_amount: { amount: '10.00', currency: 'SAR' } },
        ],
        items: [],
        created_at: expect.any(String),
      },
    ]);
    expect(
      transactions['captures']?.map((entry) => (entry['refunded_amount'] as { amount: string }).amount),
    ).toEqual(['30.00', '10.00']);
    // What is left of each capture is still refundable, against the capture it names.
    const rest = await emulator.call('POST', '/payments/refund', {
      order_id: orderId,
      refunds: [{ capture_id: second, total_amount: { amount: '32.98', currency: 'SAR' } }],
    });
    expect(rest.json['status']).toBe('fully_refunded');
  });
});
