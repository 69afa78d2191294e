import { afterEach, describe, expect, it } from 'vitest';
import { commandCaller } from '../../src/main/cli/command-caller';
import { createEmulatorTransactionsRepository } from '../../src/main/store/emulator-transactions-repository';
import { withConsoleFile, writeConsoleFile } from './helpers/console-file';
import { openEmulator, startReceiver, until, validPayload } from './helpers/emulator-harness';

// A row of the emulator's tables changed by hand or by a bad copy (docs/data-safety.md, "No
// stored row breaks a reader"): a delivery whose body was 'not json' went out as it stood, three
// times, faults 'zz' went out as the defaults, and an order in the state 'zombie' stopped
// `emulator pay` with words that did not name it. Each column is damaged each way SQLite lets it
// be stored (its NOT NULL and CHECK constraints keep the rest out; a TEXT column turns a number
// into text), one row each.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Damage {
  column: string;
  /** An SQL literal. */
  value: string;
  /** How the sentence names the column. */
  words: string;
}

const OUTBOX: Damage[] = [
  { column: 'order_id', value: "x'00'", words: 'order id' },
  { column: 'event_type', value: "x'00'", words: 'event type' },
  { column: 'url', value: "x'00'", words: 'URL' },
  { column: 'body', value: "'not json'", words: 'body' },
  { column: 'body', value: "x'7b7d'", words: 'body' },
  { column: 'body', value: "'[1]'", words: 'body' },
  { column: 'faults', value: "'zz'", words: 'faults' },
  { column: 'faults', value: "x'00'", words: 'faults' },
  { column: 'faults', value: `'{"delayMs":"soon"}'`, words: 'faults' },
  { column: 'attempts', value: "'zz'", words: 'attempts' },
  { column: 'attempts', value: "x'00'", words: 'attempts' },
  { column: 'attempts', value: '1.5', words: 'attempts' },
  { column: 'max_attempts', value: "'zz'", words: 'attempt limit' },
  { column: 'next_attempt_at_ms', value: "'zz'", words: 'next attempt time' },
  { column: 'next_attempt_at_ms', value: "x'00'", words: 'next attempt time' },
  { column: 'last_status', value: "'zz'", words: 'last status' },
  { column: 'last_error', value: "x'00'", words: 'last error' },
  { column: 'held_for_next', value: '2', words: 'held mark' },
  { column: 'held_for_next', value: "'zz'", words: 'held mark' },
  { column: 'created_at_ms', value: "'zz'", words: 'creation time' },
  { column: 'updated_at_ms', value: "x'00'", words: 'update time' },
];

const ORDERS: Damage[] = [
  { column: 'state', value: "'zombie'", words: 'state' },
  { column: 'state', value: "x'00'", words: 'state' },
  { column: 'checkout_id', value: "x'00'", words: 'checkout id' },
  { column: 'payload', value: "x'00'", words: 'payload' },
  { column: 'reference_id', value: "x'00'", words: 'reference' },
  { column: 'order_number', value: "x'00'", words: 'order number' },
  { column: 'locale', value: "x'00'", words: 'locale' },
  { column: 'currency', value: "x'00'", words: 'currency' },
  { column: 'total_amount', value: "'lots'", words: 'total amount' },
  { column: 'captured_amount', value: "x'00'", words: 'captured amount' },
  { column: 'refunded_amount', value: "'-'", words: 'refunded amount' },
  { column: 'notification_url', value: "x'00'", words: 'notification URL' },
  { column: 'legacy_approved', value: "'zz'", words: 'legacy approval mark' },
  { column: 'faults', value: "'zz'", words: 'faults' },
  { column: 'faults', value: "x'00'", words: 'faults' },
  { column: 'page_token', value: "x'00'", words: 'page token' },
  { column: 'created_at_ms', value: "'zz'", words: 'creation time' },
  { column: 'expires_at_ms', value: "x'00'", words: 'expiry time' },
  { column: 'updated_at_ms', value: '1.5', words: 'update time' },
];

const TRANSACTIONS: Damage[] = [
  { column: 'order_id', value: "x'00'", words: 'order id' },
  { column: 'transaction_id', value: "x'00'", words: 'transaction id' },
  { column: 'capture_id', value: "x'00'", words: 'capture id' },
  { column: 'amount', value: "'much'", words: 'amount' },
  { column: 'currency', value: "x'00'", words: 'currency' },
  { column: 'request', value: "x'00'", words: 'request' },
  { column: 'created_at_ms', value: "'zz'", words: 'creation time' },
];

const damagedSentence = (subject: string, words: string) =>
  `${subject}'s stored ${words} is damaged in the database (not what the console writes)`;

async function paidOrder() {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const emulator = await openEmulator();
  cleanups.push(() => emulator.dispose());
  const { json } = await emulator.createCheckout(validPayload(receiver.url));
  const orderId = String(json['order_id']);
  emulator.core.emulator.customerAction(orderId, 'pay');
  await until(() => receiver.received.length === 1, 'the first delivery');
  await until(
    () => emulator.core.emulator.deliveries(5).every((row) => row.status === 'delivered'),
    'the delivery saved',
  );
  return { receiver, emulator, orderId };
}

describe('damaged rows of the emulator’s tables', () => {
  it('a delivery whose row is damaged is not sent: it fails, naming the delivery, its order and the column; the others go out', async () => {
    const { receiver, emulator, orderId } = await paidOrder();
    const { core, dataDir } = emulator;
    await core.emulator.stop();
    const copy = () =>
      writeConsoleFile(dataDir, (db) =>
        Number(
          db
            .prepare(
              `INSERT INTO emulator_outbox (order_id, event_type, url, body, faults, attempts, max_attempts,
              next_attempt_at_ms, status, held_for_next, created_at_ms, updated_at_ms)
              SELECT order_id, event_type, url, body, faults, 0, max_attempts, 0, 'pending', 0,
              created_at_ms, updated_at_ms FROM emulator_outbox WHERE id = 1`,
            )
            .run().lastInsertRowid,
        ),
      );
    const damaged = OUTBOX.map((damage) => {
      const id = copy();
      writeConsoleFile(dataDir, (db) =>
        db.prepare(`UPDATE emulator_outbox SET ${damage.column} = ${damage.value} WHERE id = ?`).run(id),
      );
      return { ...damage, id };
    });
    const sound = copy();
    await core.emulator.start(0);
    const stored = () =>
      withConsoleFile(dataDir, (db) =>
        db
          .prepare<[], { id: number; status: string; last_error: unknown }>(
            'SELECT id, status, last_error FROM emulator_outbox',
          )
          .all(),
      );
    await until(
      () => stored().some((row) => row.id === sound && row.status === 'delivered'),
      'the sound copy delivered',
    );
    // Give the dispatcher a second look at what it left, then look.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(receiver.received).toHaveLength(2);
    const listed = core.emulator.deliveries(100);
    const errors = withConsoleFile(dataDir, (db) =>
      db.prepare<[], { error: string | null }>("SELECT error FROM events WHERE kind = 'delivery'").all(),
    ).map((row) => row.error ?? '');
    for (const damage of damaged) {
      const subject = `Delivery #${damage.id} of order ${damage.column === 'order_id' ? '(bytes 00)' : orderId}`;
      const sentence = damagedSentence(subject, damage.words);
      const where = `${damage.column} = ${damage.value}`;
      expect(listed.find((row) => row.id === damage.id)?.lastError, where).toContain(sentence);
      // Never due (its next attempt time is no time): listed as damaged, never sent.
      if (damage.column === 'next_attempt_at_ms') continue;
      const row = stored().find((one) => one.id === damage.id);
      expect(row?.status, where).toBe('failed');
      expect(String(row?.last_error), where).toContain(sentence);
      expect(
        errors.some((error) => error.includes(sentence)),
        `${where}: in the log`,
      ).toBe(true);
    }
  });

  it('a damaged order is named by its id and nothing moves it; the list goes on', async () => {
    const { emulator } = await paidOrder();
    const { core, dataDir } = emulator;
    const created = await emulator.createCheckout(validPayload(null));
    const source = String(created.json['order_id']);
    const list = commandCaller(core.dispatcher);
    for (const [index, damage] of ORDERS.entries()) {
      const orderId = `damaged-${index}`;
      writeConsoleFile(dataDir, (db) => {
        db.prepare(
          `INSERT INTO emulator_orders SELECT ?, checkout_id, state, payload, reference_id, order_number, locale,
          currency, total_amount, captured_amount, refunded_amount, notification_url, legacy_approved, faults,
          created_at_ms, expires_at_ms, updated_at_ms, page_token, locale_customer FROM emulator_orders WHERE order_id = ?`,
        ).run(orderId, source);
        db.prepare(`UPDATE emulator_orders SET ${damage.column} = ${damage.value} WHERE order_id = ?`).run(
          orderId,
        );
      });
      const where = `${damage.column} = ${damage.value}`;
      const sentence = damagedSentence(`Emulator order ${orderId}`, damage.words);
      expect(() => core.emulator.customerAction(orderId, 'pay'), where).toThrow(sentence);
      const stored = withConsoleFile(dataDir, (db) =>
        db.prepare('SELECT state FROM emulator_orders WHERE order_id = ?').get(orderId),
      );
      expect(stored, where).toEqual({
        state:
          damage.column === 'state' ? (damage.value === "'zombie'" ? 'zombie' : Buffer.from([0])) : 'new',
      });
      const listed = core.emulator.orders(100);
      expect(
        listed.some((order) => order.orderId === source),
        where,
      ).toBe(true);
      expect(core.emulator.damagedOrders(100), where).toContain(sentence);
      // The Emulator view's answer names it beside the orders it lists: an order that silently
      // vanished from the list was the untruth docs/data-safety.md forbids.
      const answer = await list('listEmulatorOrders', { limit: 100 });
      // By its id too, where that column is readable (here it always is): a view of the order says it.
      expect(answer.damaged, where).toContainEqual({ orderId, words: sentence });
      expect(
        answer.orders.some((order) => order.orderId === orderId),
        where,
      ).toBe(false);
    }
    expect(
      withConsoleFile(dataDir, (db) =>
        db.prepare("SELECT count(*) AS n FROM emulator_outbox WHERE order_id LIKE 'damaged-%'").get(),
      ),
    ).toEqual({ n: 0 });
  });

  it('a damaged transaction names itself and its order', async () => {
    const { emulator, orderId } = await paidOrder();
    for (const damage of TRANSACTIONS) {
      const where = `${damage.column} = ${damage.value}`;
      writeConsoleFile(emulator.dataDir, (db) => {
        db.prepare('DELETE FROM emulator_transactions').run();
        const id = db
          .prepare(
            `INSERT INTO emulator_transactions (order_id, kind, transaction_id, capture_id, amount, currency,
            request, created_at_ms) VALUES (?, 'capture', 'cap-1', NULL, '10.00', 'EUR', NULL, 1)`,
          )
          .run(orderId).lastInsertRowid;
        db.prepare(`UPDATE emulator_transactions SET ${damage.column} = ${damage.value} WHERE id = ?`).run(
          id,
        );
        // Read by order: a damaged order id is found by what it was.
        const read = () =>
          createEmulatorTransactionsRepository(db).ofOrder(damage.column === 'order_id' ? '\u0000' : orderId);
        if (damage.column === 'order_id') expect(read(), where).toEqual([]);
        else
          expect(read, where).toThrow(
            damagedSentence(`Transaction #${id} of emulator order ${orderId}`, damage.words),
          );
      });
    }
  });
});
