import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { stateByDefaultWords, totalUnknownWords } from '../../src/shared/orders/operation-availability';
import { createCheckout, notification } from './helpers/order-events';
import { CAPTURE_1, captured, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// An order the console never created (no checkout request seen, so no total) read "captured"
// after a capture of 40.00 with the total "—": "fully" is the documented default ("an unknown
// total counts a capture as full"), not evidence, and neither the view nor `orders show` said so.

const UNKNOWN = '0f8fad5b-d9cb-469f-a165-70867728950e';
const KNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OMR = '3d6f0a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const capture = (amount: string) => ({ capture_id: CAPTURE_1, captured_amount: { amount, currency: 'SAR' } });

describe('a capture of an order whose total is unknown', () => {
  beforeEach(() => resetRecords());

  it('is "captured" by the documented default, and the words say so', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '40.00'),
    ]);
    expect(lifecycle.state).toBe('fully_captured');
    const byDefault = stateByDefaultWords(lifecycle);
    expect(byDefault?.short).toBe('captured, total unknown');
    expect(byDefault?.why).toContain('the order total is unknown');
    expect(byDefault?.why).toContain('documented default');
    expect(lifecycle.strip.find((step) => step.step === 'captured')?.detail).toBe(
      '40.00 SAR of an unknown total',
    );
  });

  it('is not said of an order whose total is known', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      created({ amount: '40.00' }),
      webhook('order_approved'),
      webhook('order_authorised'),
      captured(CAPTURE_1, '40.00'),
    ]);
    expect(lifecycle.state).toBe('fully_captured');
    expect(stateByDefaultWords(lifecycle)).toBeNull();
    expect(lifecycle.strip.find((step) => step.step === 'captured')?.detail).toBe('40.00 SAR of 40.00 SAR');
  });
});

// An OMR order created with total 401.625 (OMR takes 2 decimals) said its total was unknown
// because "no create-checkout call of this console's own gives it", beside that very call.
const TOO_PRECISE =
  'the create-checkout request (record #1) gives total_amount, but not as an amount that can be counted: amount 401.625 has 3 decimals; OMR has 2, so its smallest amount is 0.01.';

describe('a create-checkout whose total cannot be read', () => {
  beforeEach(() => resetRecords());

  it('says why the total is unknown, in the words the amounts are judged with', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [created({ amount: '401.625', currency: 'OMR' })]);
    expect(lifecycle.facts.amount).toBeNull();
    expect(lifecycle.facts.totalUnknown).toBe(TOO_PRECISE);
    expect(totalUnknownWords(lifecycle.facts.totalUnknown)).toBe(`unknown: ${TOO_PRECISE}`);
    expect(deriveLifecycle(ORDER_ID, [webhook('order_approved')]).facts.totalUnknown).toBeNull();
  });
});

describe('orders show', () => {
  let dataDir = '';
  let dispose: () => Promise<void> = async () => undefined;
  const show = (orderId: string) => runCliCaptured(['--data-dir', dataDir, 'orders', 'show', orderId]);

  beforeAll(async () => {
    const opened = await openTempConsole();
    ({ dataDir, dispose } = opened);
    opened.core.recorder.recordMany([
      notification(UNKNOWN, 'order_approved', 1_000),
      notification(UNKNOWN, 'order_authorised', 2_000),
      notification(UNKNOWN, 'order_captured', 3_000, capture('40.00')),
      createCheckout(KNOWN, 'REF-KNOWN', 4_000, 1, { amount: '40.00', currency: 'SAR' }),
      notification(KNOWN, 'order_approved', 5_000),
      notification(KNOWN, 'order_authorised', 6_000),
      notification(KNOWN, 'order_captured', 7_000, {
        ...capture('40.00'),
        capture_id: CAPTURE_1.replace('6f', '7f'),
      }),
      createCheckout(OMR, 'REF-OM', 8_000, 1, { amount: '401.625', currency: 'OMR' }),
    ]);
  });
  afterAll(async () => dispose());

  it('says why a total its create-checkout call gives cannot be read', async () => {
    const run = await show(OMR);
    const total = run.stdout.split('\n').find((text) => text.startsWith('  total ')) ?? '';
    expect(total).toMatch(
      /^ {2}total +unknown: the create-checkout request \(record #\d+\) gives total_amount, but not as an amount that can be counted: amount 401\.625 has 3 decimals; OMR has 2, so its smallest amount is 0\.01\.$/,
    );
  });

  it('says the total is unknown and the full capture is the default, not evidence', async () => {
    const run = await show(UNKNOWN);
    expect(run.code).toBe(0);
    const line = (label: string) =>
      run.stdout.split('\n').find((text) => text.startsWith(`  ${label} `)) ?? '';
    expect(line('state')).toContain('fully_captured (captured, total unknown)');
    expect(line('state')).toContain('documented default');
    expect(line('total')).toMatch(
      /^ {2}total +unknown: no create-checkout call of this console's own gives it$/,
    );
    expect(line('captured')).toMatch(/40\.00 SAR$/);
  });

  it('the list says it as show does: the state by default, the total unknown', async () => {
    // The list printed `fully_captured` and an amount of `—` where `orders show` and the view
    // say the capture is full only by the documented default and the total is unknown.
    const run = await runCliCaptured(['--data-dir', dataDir, 'orders']);
    expect(run.code).toBe(0);
    const row = (id: string) => run.stdout.split('\n').find((text) => text.startsWith(id)) ?? '';
    expect(row(UNKNOWN)).toMatch(/ fully_captured \(captured, total unknown\) +— +unknown /);
    expect(row(KNOWN)).toMatch(/ fully_captured +REF-KNOWN +40\.00 SAR /);
  });

  it('says nothing of the kind when the total is known', async () => {
    const run = await show(KNOWN);
    const line = (label: string) =>
      run.stdout.split('\n').find((text) => text.startsWith(`  ${label} `)) ?? '';
    expect(line('state')).toMatch(/^ {2}state +fully_captured$/);
    expect(line('total')).toMatch(/40\.00 SAR$/);
  });
});
