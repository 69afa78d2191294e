import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { emulatorHeldStateNote } from '../../src/shared/orders/emulator-held-state';
import {
  operationBlockedByAmounts,
  stateByDefaultWords,
} from '../../src/shared/orders/operation-availability';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import {
  CAPTURE_1,
  CAPTURE_2,
  call,
  captured,
  ORDER_ID,
  resetRecords,
  webhook,
} from './helpers/order-records';
import { notification } from './helpers/order-events';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * An order the merchant's own backend created (no create-checkout call of this console's, so no
 * total), its notifications received here: authorised, captured 10.00 of 135.88 SAR, the rest
 * cancelled. The emulator answered partially_captured; `orders show` said `fully_captured
 * (captured, total unknown)` by the documented default ("an unknown total counts a capture as
 * full"), called the genuine order_canceled "out of order", and its emulator line said "no record
 * here says so yet" above that very record. A cancel after a capture cancels an uncaptured rest,
 * and another capture takes more of it: either shows the capture before was not the whole.
 */

beforeEach(resetRecords);

const derive = (records: OrderRecord[]) => deriveLifecycle(ORDER_ID, records);
const refunded = (amount: string) =>
  webhook('order_refunded', { refund_id: 'r-1', refunded_amount: { amount, currency: 'SAR' } });
/** The flow's records: no create-checkout call here, so the total is unknown. */
const capturedTen = () => [
  webhook('order_approved'),
  webhook('order_authorised'),
  captured(CAPTURE_1, '10.00'),
];

describe('an order of unknown total whose rest is cancelled after a capture', () => {
  it('is partially captured, as the emulator says, and the cancel is not out of order', () => {
    const records = [...capturedTen(), webhook('order_canceled')];
    const lifecycle = derive(records);
    expect(lifecycle.state).toBe('partially_captured');
    expect(lifecycle.outOfOrder).toBe(0);
    // The capture's own line no longer says the default's "fully captured" either.
    expect(lifecycle.entries.map((entry) => entry.stateAfter).slice(-2)).toEqual([
      'partially_captured',
      'partially_captured',
    ]);
    const cancel = lifecycle.entries.at(-1);
    expect(cancel?.effect).toBe('moved');
    // The words say the total is unknown and the capture was not the whole, never "fully captured".
    expect(cancel?.evidence).toContain('total is unknown');
    expect(cancel?.evidence).toContain('not the whole order');
    expect(cancel?.evidence).toMatch(/the uncaptured rest is cancelled: the order is partially captured$/);
    expect(stateByDefaultWords(lifecycle)).toBeNull();
    expect(lifecycle.facts.amount).toBeNull();
    expect(lifecycle.facts.capturedAmount).toBe('10.00');
    // Nothing is left to capture once the rest is cancelled, whatever the total was.
    expect(lifecycle.facts.remainingToCapture).toBe('0.00');
    expect(operationBlockedByAmounts('capture', lifecycle.facts)).toBe(
      "Nothing is left to capture: 10.00 SAR is captured and the uncaptured rest canceled (the order's total is unknown here).",
    );
    expect(operationBlockedByAmounts('refund', lifecycle.facts)).toBeNull();
  });

  it('reads the same from the cancel call’s 2xx answer, and its notification after it', () => {
    const answered = [...capturedTen(), call('cancel', { request: {} })];
    expect(derive(answered).state).toBe('partially_captured');
    expect(derive(answered).outOfOrder).toBe(0);
    const both = [...answered, webhook('order_canceled')];
    expect(derive(both).state).toBe('partially_captured');
    expect(derive(both).outOfOrder).toBe(0);
  });

  it('all captured refunded, then the rest cancelled: fully refunded, the cancel not out of order', () => {
    const lifecycle = derive([...capturedTen(), refunded('10.00'), webhook('order_canceled')]);
    expect(lifecycle.state).toBe('fully_refunded');
    expect(lifecycle.outOfOrder).toBe(0);
    expect(lifecycle.entries.at(-1)?.evidence).toMatch(/: the order is fully refunded$/);
  });
});

describe('an order of unknown total captured again', () => {
  it('after a capture: counted, the first was not the whole', () => {
    const lifecycle = derive([...capturedTen(), captured(CAPTURE_2, '5.00')]);
    expect(lifecycle.outOfOrder).toBe(0);
    expect(lifecycle.facts.capturedAmount).toBe('15.00');
    // The newest capture is counted as taking the rest, by the default: said so, not asserted.
    expect(lifecycle.state).toBe('fully_captured');
    expect(stateByDefaultWords(lifecycle)?.short).toBe('captured, total unknown');
    expect(lifecycle.entries.at(-1)?.evidence).toContain('not the whole order');
  });

  it('after all captured was refunded: partially refunded, not out of order', () => {
    const lifecycle = derive([...capturedTen(), refunded('10.00'), captured(CAPTURE_2, '5.00')]);
    expect(lifecycle.state).toBe('partially_refunded');
    expect(lifecycle.outOfOrder).toBe(0);
    expect(lifecycle.facts.capturedAmount).toBe('15.00');
  });
});

describe("the emulator's held state beside an order whose stored records say it", () => {
  it('agrees once the cancel shows the capture was partial: no note', () => {
    const records = [...capturedTen(), webhook('order_canceled')];
    expect(emulatorHeldStateNote(derive(records).state, 'partially_captured', records)).toBeNull();
  });

  it('names the stored record that says the held state, never "no record here says so yet"', () => {
    const records = [...capturedTen(), webhook('order_canceled')];
    const cancel = records.at(-1);
    const note = emulatorHeldStateNote('fully_captured', 'partially_captured', records) ?? '';
    expect(note).not.toContain('no record here says so yet');
    expect(note).toContain(`#${cancel?.id ?? 0} order_canceled`);
  });

  it('says the total is unknown when the records read fully refunded by the default', () => {
    // Captured 10.00 and refunded 10.00 of 135.88: the emulator holds it partially refunded (the
    // rest still authorised); with no total here, all captured refunded reads fully refunded.
    const records = [...capturedTen(), refunded('10.00')];
    const lifecycle = derive(records);
    expect(lifecycle.state).toBe('fully_refunded');
    const note = emulatorHeldStateNote(lifecycle.state, 'partially_refunded', records, lifecycle) ?? '';
    expect(note).not.toContain('no record here says so yet');
    expect(note).toContain(`#${records.at(-1)?.id ?? 0} order_refunded`);
    expect(note).toContain('total is unknown');
  });
});

describe('orders show, for the flow as the tester ran it', () => {
  const FLOW = '2b1e4c7d-5a6f-4e8b-9c0d-1e2f3a4b5c6d';
  let dataDir = '';
  let dispose: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const opened = await openTempConsole();
    ({ dataDir, dispose } = opened);
    opened.core.recorder.recordMany([
      notification(FLOW, 'order_approved', 1_000),
      notification(FLOW, 'order_authorised', 2_000),
      notification(FLOW, 'order_captured', 3_000, {
        capture_id: CAPTURE_1,
        captured_amount: { amount: '10.00', currency: 'SAR' },
      }),
      notification(FLOW, 'order_canceled', 4_000),
    ]);
  });
  afterAll(async () => dispose());

  it('says partially captured, the total unknown, and the cancel moved it', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'orders', 'show', FLOW]);
    expect(run.code).toBe(0);
    const line = (label: string) =>
      run.stdout.split('\n').find((text) => text.startsWith(`  ${label} `)) ?? '';
    expect(line('state')).toMatch(/^ {2}state +partially_captured$/);
    expect(line('total')).toMatch(
      /^ {2}total +unknown: no create-checkout call of this console's own gives it$/,
    );
    const cancel = run.stdout.split('\n').find((text) => text.includes('order_canceled')) ?? '';
    expect(cancel).not.toContain('out of order');
    expect(run.stdout).not.toContain('fully_captured');
  });
});

describe('a data directory from before', () => {
  it('has every order derived again, so a cancelled rest reads partially captured (migration 046)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 46),
    );
    db.exec("INSERT INTO orders (order_id, stale) VALUES ('o-1', 0)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 46),
    );
    expect(db.prepare('SELECT stale FROM orders').all()).toEqual([{ stale: 1 }]);
    db.close();
  });
});
