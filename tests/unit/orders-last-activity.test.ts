import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { latestRecordMark } from '../../src/shared/orders/last-evidence';
import {
  ENTRY_EFFECT_WORDS,
  summariseLifecycle,
  type OrderLifecycle,
} from '../../src/shared/orders/order-lifecycle';
import { whoseWord } from '../../src/shared/provenance';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import { body, createCheckout, notification } from './helpers/order-events';
import {
  arrivalOf,
  call,
  created,
  deliveryOf,
  forwardOf,
  importedCopy,
  money,
  ORDER_ID,
  replayOf,
  resetRecords,
  webhook,
} from './helpers/order-records';
import { openTempConsole } from './helpers/temp-console';

/** The order's details' "Latest record" mark, or null when they show none. */
const markOf = (lifecycle: OrderLifecycle) => {
  const latest = lifecycle.facts.latestRecord;
  return latest === null ? null : latestRecordMark(latest);
};

// A replay, a forward, a crafted token or a webhook whose token did not verify moved no state
// and no amount, yet dated the order's last activity and so its place in the Orders list and
// `orders`: a replay of an old order's notification brought it to the top.

describe("an order's last activity", () => {
  beforeEach(() => resetRecords());

  it("is the service's own evidence, never a replay, forward, crafted or unverified webhook, import or delivery", () => {
    const create = created();
    const approved = webhook('order_approved');
    const replay = replayOf(approved);
    const crafted = replayOf(approved, { tokenMode: 'preset' });
    const records = [
      create,
      approved,
      replay,
      arrivalOf(replay),
      crafted,
      arrivalOf(crafted, 'invalid_signature'),
      forwardOf(approved),
      webhook('order_captured', [], { tokenVerdict: 'invalid_signature' }),
      importedCopy(approved),
      deliveryOf('order_approved'),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.facts.lastActivityAt).toBe(approved.at);
    expect(summariseLifecycle(lifecycle).lastActivityAt).toBe(approved.at);
    // Every record is still counted, and the newest is still said, marked.
    expect(lifecycle.facts.recordCount).toBe(records.length);
    const newest = records.at(-1);
    // Whose a delivery is, is whoseWord's (provenance.ts), as `history` and `orders show` say it:
    // the emulator's send, the service's doing; not evidence, so it does not date the order.
    expect(lifecycle.facts.latestRecord).toEqual({
      recordId: newest?.id,
      at: newest?.at,
      whose: 'service',
      effect: 'copy',
    });
    expect(lifecycle.facts.latestRecord?.whose).toBe(whoseWord(deliveryOf('order_approved')));
    // The details say why `service` does not date it, in the entry's words.
    expect(markOf(lifecycle)).toBe('service, not evidence');
  });

  it("counts the service's answers to the merchant's own calls, refusals too", () => {
    const create = created();
    const refused = call('capture', { status: 409 });
    expect(deriveLifecycle(ORDER_ID, [create, refused, replayOf(create)]).facts.lastActivityAt).toBe(
      refused.at,
    );
  });

  it("marks a latest record of the console its own way, without the entry's words", () => {
    const create = created();
    const lifecycle = deriveLifecycle(ORDER_ID, [create, replayOf(create)]);
    expect(lifecycle.facts.lastActivityAt).toBe(create.at);
    expect(markOf(lifecycle)).toBe('console: replay');
  });
});

/** A capture sent, and then what came of it: no answer yet, one cancelled once sent whole, none at all. */
const captureWith = (outcome: {
  status: null;
  error: string | null;
  failure?: { kind: string };
}): OrderRecord => ({
  ...call('capture', {
    status: outcome.status,
    request: money('100.00'),
    details: outcome.failure === undefined ? {} : { failure: { ...outcome.failure, message: outcome.error } },
  }),
  error: outcome.error,
  unanswered: outcome.failure?.kind === 'cancelled_after_sending',
});

const UNANSWERED_CALLS = [
  { effect: 'pending', capture: () => captureWith({ status: null, error: null }) },
  {
    effect: 'unanswered',
    capture: () =>
      captureWith({
        status: null,
        error: 'Cancelled after the whole request was sent: it may have been carried out.',
        failure: { kind: 'cancelled_after_sending' },
      }),
  },
  {
    effect: 'failed',
    capture: () => captureWith({ status: null, error: 'ECONNREFUSED', failure: { kind: 'refused' } }),
  },
] as const;

// A capture still waiting for its answer, one cancelled once sent whole and one whose connection
// was refused each dated "Last evidence" and brought the order to the top of the list, though
// nothing of the service's was read for any of them (`orders show --json` said `evidence: false`).
describe('a call the service never answered', () => {
  beforeEach(() => resetRecords());

  it.each(UNANSWERED_CALLS)(
    '($effect) does not date the order, and is its latest record',
    ({ effect, capture }) => {
      const create = created();
      const approved = webhook('order_approved');
      const sent = capture();
      const lifecycle = deriveLifecycle(ORDER_ID, [create, approved, sent]);
      expect(lifecycle.entries.at(-1)).toMatchObject({ recordId: sent.id, effect });
      expect(lifecycle.facts.lastActivityAt).toBe(approved.at);
      expect(summariseLifecycle(lifecycle).lastActivityAt).toBe(approved.at);
      expect(lifecycle.facts.latestRecord).toEqual({
        recordId: sent.id,
        at: sent.at,
        whose: 'service',
        effect,
      });
      // `service` alone, beside an older Last evidence, read as the service's word ignored.
      expect(markOf(lifecycle)).toBe(`service, ${ENTRY_EFFECT_WORDS[effect]}`);
    },
  );

  it('keeps an order with only such a call dated by its first record', () => {
    const first = created();
    const lifecycle = deriveLifecycle(ORDER_ID, [first, ...UNANSWERED_CALLS.map(({ capture }) => capture())]);
    // The create answer is the service's: the calls after it have none.
    expect(lifecycle.facts.lastActivityAt).toBe(first.at);
  });
});

describe('the Orders list', () => {
  let core: ConsoleCore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ core, dispose } = await openTempConsole());
  });
  afterEach(async () => dispose());

  it('is not reordered by a webhook that is not evidence', () => {
    const older = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const newer = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    core.recorder.recordMany([
      createCheckout(older, 'REF-OLD', 1_000),
      createCheckout(newer, 'REF-NEW', 2_000),
      // Anyone can post to the listener: a forged token on the older order, the newest record.
      { ...notification(older, 'order_captured', 3_000), tokenVerdict: 'invalid_signature' },
    ]);
    const page = core.orders.list({ limit: 10 });
    expect(page.items.map((order) => order.orderId)).toEqual([newer, older]);
    expect(page.items[1]?.lastActivityAt).toBe(new Date(1_000).toISOString());
  });

  it('is not reordered by a call still waiting for its answer', () => {
    const older = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const newer = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    core.recorder.recordMany([
      createCheckout(older, 'REF-OLD', 1_000),
      createCheckout(newer, 'REF-NEW', 2_000),
      // The capture of the older order is sent, its answer not yet come: the newest record.
      {
        kind: 'request',
        atMs: 3_000,
        profileId: 1,
        method: 'POST',
        path: '/payments/capture',
        status: null,
        orderId: older,
        requestBody: body({ order_id: older, total_amount: { amount: '120.5', currency: 'SAR' } }),
        details: { operation: 'capture' },
      },
    ]);
    const page = core.orders.list({ limit: 10 });
    expect(page.items.map((order) => order.orderId)).toEqual([newer, older]);
    expect(page.items[1]?.lastActivityAt).toBe(new Date(1_000).toISOString());
  });
});

describe('a data directory dated by the rules before', () => {
  it('has every order derived again (migration 036)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 36),
    );
    db.exec("INSERT INTO orders (order_id, stale) VALUES ('o-1', 0)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 36),
    );
    expect(db.prepare('SELECT stale FROM orders').all()).toEqual([{ stale: 1 }]);
    db.close();
  });

  it('has every order derived again, so one dated by a call with no answer is not (migration 043)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 43),
    );
    db.exec("INSERT INTO orders (order_id, stale) VALUES ('o-1', 0)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 43),
    );
    expect(db.prepare('SELECT stale FROM orders').all()).toEqual([{ stale: 1 }]);
    db.close();
  });
});
