import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { signWith } from '../fixtures/hostile-webhooks';
import { buildRawRequest, sendRaw } from './helpers/raw-http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

// An order moves by the service's own evidence, judged once: what the listener refused (a GET
// answered 405), what it judged with error findings, and a body whose keys repeat (another
// parser reads it otherwise) move nothing; a body read without its byte order mark by the
// listener is read the same way here. Each case is sent to a real listener, as the tester did.

let listening: ListeningConsole;
beforeAll(async () => {
  listening = await openListeningConsole();
});
afterAll(async () => listening.dispose());

/** A fresh order id per case, so the cases share one console and never each other's orders. */
let serial = 0;
const newOrderId = () => `6f1c0a8e-2f7b-4c1e-9d3a-${(++serial).toString().padStart(12, '0')}`;

async function send(body: string | Buffer, method = 'POST'): Promise<number> {
  const token = await signWith(listening.secret, { iat: Math.floor(Date.now() / 1000) });
  // Raw bytes: a GET with a body, as the tester sent it, is what Node's client will not send.
  const port = Number(new URL(listening.origin).port);
  const request = buildRawRequest(port, {
    method,
    target: `/case/64?serviceToken=${token}`,
    headers: [
      ['Authorization', `Bearer ${token}`],
      ['Content-Type', 'application/json'],
    ],
    body,
  });
  return (await sendRaw(port, request)).status ?? 0;
}

const notification = (orderId: string, eventType: string, data: unknown = []) => ({
  order_id: orderId,
  order_reference_id: 'REF-64',
  order_number: 'N-64',
  event_type: eventType,
  data,
});

const lifecycleOf = (orderId: string) => listening.core.orders.detail(orderId).lifecycle;

describe('webhooks the listener judged', () => {
  it('a request the listener refused (not POST, answered 405) moves nothing', async () => {
    const orderId = newOrderId();
    expect(await send(JSON.stringify(notification(orderId, 'order_approved')), 'GET')).toBe(405);
    expect(await send(JSON.stringify(notification(orderId, 'order_authorised')), 'PUT')).toBe(405);
    const lifecycle = lifecycleOf(orderId);
    expect(lifecycle.state).toBeNull();
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['contradicts', 'contradicts']);
    // In the record's own words, as its detail says them.
    expect(lifecycle.findings.map((finding) => finding.message)).toEqual([
      expect.stringContaining('GET is not accepted (webhooks are POSTed); answered 405 and stored it anyway'),
      expect.stringContaining('PUT is not accepted (webhooks are POSTed); answered 405 and stored it anyway'),
    ]);
  });

  it('a body behind a byte order mark is read as the listener read it', async () => {
    const orderId = newOrderId();
    const bom = (value: unknown) =>
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(value))]);
    expect(await send(bom(notification(orderId, 'order_authorised')))).toBe(200);
    expect(await send(bom(notification(orderId, 'order_authorised')))).toBe(200);
    expect(
      await send(
        bom(
          notification(orderId, 'order_captured', {
            capture_id: '9b2d7c1e-3f4a-4b5c-8d6e-7f8091a2b3c4',
            captured_amount: { amount: '401.625', currency: 'KWD' },
          }),
        ),
      ),
    ).toBe(200);
    const lifecycle = lifecycleOf(orderId);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['moved', 'duplicate', 'moved']);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.state).toBe('fully_captured');
    expect(lifecycle.facts.capturedAmount).toBe('401.625');
  });

  it('a body with error findings moves nothing, and says the finding in the record’s words', async () => {
    const cases: { body: (orderId: string) => unknown; words: string }[] = [
      {
        body: (orderId) => ({ order_id: orderId, order_reference_id: 'R', event_type: 'order_approved' }),
        words: 'It has event_type but lacks order_number, data of the current form',
      },
      {
        body: (orderId) => notification(orderId, 'order_approved', {}),
        words: 'data must be an empty array for order_approved',
      },
      {
        body: (orderId) => ({ ...notification(orderId, 'order_approved'), order_number: 64 }),
        words: 'order_number must be a string',
      },
      {
        body: (orderId) =>
          notification(orderId, 'order_captured', {
            capture_id: '9b2d7c1e-3f4a-4b5c-8d6e-7f8091a2b3c4',
            captured_amount: { amount: '5.00', currency: 'USD' },
          }),
        words: 'currency must be one of SAR, AED, BHD, KWD, OMR (SAR when left out)',
      },
    ];
    for (const { body, words } of cases) {
      const orderId = newOrderId();
      expect(await send(JSON.stringify(body(orderId)))).toBe(200);
      const lifecycle = lifecycleOf(orderId);
      expect(lifecycle.state, words).toBeNull();
      expect(lifecycle.facts.capturedAmount, words).toBeNull();
      // Nor does it name the order's number: its word is no evidence of anything.
      expect(lifecycle.facts.orderNumber, words).toBeNull();
      expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['contradicts']);
      expect(lifecycle.findings).toEqual([
        expect.objectContaining({ code: 'body_error', message: expect.stringContaining(words) }),
      ]);
      expect(lifecycle.entries[0]?.evidence).toContain('not counted');
    }
  });

  it('a body naming order_id twice is listed on both orders and moves neither', async () => {
    const first = newOrderId();
    const last = newOrderId();
    const body = `{"order_id":"${first}","order_id":"${last}","order_reference_id":"R","order_number":"N","event_type":"order_approved","data":[]}`;
    expect(await send(body)).toBe(200);
    for (const orderId of [first, last]) {
      const lifecycle = lifecycleOf(orderId);
      expect(lifecycle.state, orderId).toBeNull();
      expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['contradicts']);
      expect(lifecycle.findings).toEqual([
        expect.objectContaining({
          code: 'duplicate_key',
          message: expect.stringContaining(
            'order_id is given 2 times in one object; only the last one counts here; a parser that keeps the first reads another order, so it counts for neither',
          ),
        }),
      ]);
    }
    // The list marks and derives the first-named order too.
    const listed = listening.core.orders.list({ limit: 100 }).items.map((order) => order.orderId);
    expect(listed).toEqual(expect.arrayContaining([first, last]));
  });

  it('a body naming event_type twice moves nothing', async () => {
    const orderId = newOrderId();
    const body = `{"order_id":"${orderId}","order_reference_id":"R","order_number":"N","event_type":"order_approved","event_type":"order_authorised","data":[]}`;
    expect(await send(body)).toBe(200);
    const lifecycle = lifecycleOf(orderId);
    expect(lifecycle.state).toBeNull();
    expect(lifecycle.findings).toEqual([
      expect.objectContaining({
        code: 'duplicate_key',
        message: expect.stringContaining(
          'event_type is given 2 times in one object; only the last one counts here; a parser that keeps the first reads another event, so neither reading counts',
        ),
      }),
    ]);
  });

  it('a key given twice under data moves nothing; one no reader uses stays a warning and counts', async () => {
    const capture = (orderId: string, amounts: string, extra = '') =>
      `{"order_id":"${orderId}","order_reference_id":"R","order_number":"N","event_type":"order_captured",` +
      `"data":{"capture_id":"9b2d7c1e-3f4a-4b5c-8d6e-7f8091a2b3c4","captured_amount":{${amounts},"currency":"SAR"}}${extra}}`;
    const twiceRead = newOrderId();
    expect(await send(capture(twiceRead, '"amount":"1.00","amount":"230.00"'))).toBe(200);
    let lifecycle = lifecycleOf(twiceRead);
    expect(lifecycle.state).toBeNull();
    expect(lifecycle.findings).toEqual([
      expect.objectContaining({
        code: 'duplicate_key',
        message:
          'data.captured_amount.amount is given 2 times in one object; only the last one counts here; a parser that keeps the first reads another captured amount, so neither reading counts',
      }),
    ]);
    // The tester's case: a field the spec does not have, given twice, is read the same by any parser.
    const readAlike = newOrderId();
    expect(await send(capture(readAlike, '"amount":"230.00"', ',"x":{"dup":1,"dup":2}'))).toBe(200);
    lifecycle = lifecycleOf(readAlike);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['moved']);
    expect(lifecycle.state).toBe('fully_captured');
    expect(lifecycle.facts.capturedAmount).toBe('230.00');
    // The listener still warns of it, on the record.
    const record = listening.core.events.getDetail(lifecycle.entries[0]?.recordId ?? 0);
    expect(JSON.stringify(record?.details)).toContain('x.dup is given 2 times in one object');
  });
});

describe('a data directory derived by the rules before', () => {
  it('has every order derived again, and the first-named order of a body naming two (migration 031)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 31),
    );
    const first = newOrderId();
    const last = newOrderId();
    db.prepare(
      "INSERT INTO events (uid, kind, at_ms, order_id, request_body, details) VALUES ('u-1', 'webhook', 1, ?, ?, ?)",
    ).run(
      last,
      Buffer.from(`{"order_id":"${first}","order_id":"${last}"}`),
      JSON.stringify({
        body: {
          verdict: 'unknown_shape',
          findings: [
            {
              severity: 'warning',
              path: 'order_id',
              message: 'order_id is given 2 times in one object; only the last one counts here.',
            },
          ],
        },
      }),
    );
    db.exec(`INSERT INTO orders (order_id, stale, state) VALUES ('${last}', 0, 'approved')`);
    // Through 031 only: 032 marks the orders of this record again (a key given twice).
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 31),
    );
    expect(db.prepare('SELECT order_id, stale FROM orders ORDER BY order_id').all()).toEqual([
      { order_id: first, stale: 1 },
      { order_id: last, stale: 1 },
    ]);
    db.close();
  });

  it('has the orders of a webhook with a key given twice derived again (migration 032)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 32),
    );
    const twice = newOrderId();
    const other = newOrderId();
    const warned = (path: string) =>
      JSON.stringify({
        body: {
          verdict: 'event',
          findings: [
            {
              severity: 'warning',
              path,
              message: `${path} is given 2 times in one object; only the last one counts here.`,
            },
          ],
        },
      });
    const insert = db.prepare(
      "INSERT INTO events (uid, kind, at_ms, order_id, details) VALUES (?, 'webhook', 1, ?, ?)",
    );
    insert.run('u-1', twice, warned('x.dup'));
    insert.run('u-2', other, JSON.stringify({ body: { verdict: 'event', findings: [] } }));
    db.exec(
      `INSERT INTO orders (order_id, stale, state) VALUES ('${twice}', 0, 'approved'), ('${other}', 0, 'approved')`,
    );
    // Through 032 alone: a later one (036) derives every order again.
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 32),
    );
    expect(db.prepare('SELECT order_id, stale FROM orders ORDER BY stale').all()).toEqual([
      { order_id: other, stale: 0 },
      { order_id: twice, stale: 1 },
    ]);
    db.close();
  });
});
