import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { createEventsQuery } from '../../src/main/store/events-query';
import { createEventsRepository } from '../../src/main/store/events-repository';
import { createOrdersRepository } from '../../src/main/store/orders-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';

const ORDER_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ORDER_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const TWICE = `{"order_id":"${ORDER_A}","order_id":"${ORDER_B}","event_type":"order_approved"}`;
const SAID_TWICE = JSON.stringify({
  body: { verdict: 'invalid', findings: [{ message: 'order_id is given 2 times' }] },
});

// The lists read a record's first-named order and its token's findings from columns written with
// the record (migration 038); the records stored before it get them as the lists read them then,
// and a replay of a body naming order_id twice names its first order as the webhook does.
it('fills the first-named order and the token findings of the records stored before migration 038', () => {
  const db = new Database(':memory:');
  migrate(
    db,
    migrations.filter((migration) => migration.id < 38),
  );
  const insert = db.prepare(
    `INSERT INTO events (uid, kind, at_ms, order_id, token_verdict, request_body, details)
      VALUES (?, ?, 1, ?, ?, ?, ?)`,
  );
  const row = (
    uid: string,
    kind: string,
    orderId: string | null,
    tokenVerdict: string | null,
    body: string | null,
    details: string,
  ) =>
    Number(
      insert.run(uid, kind, orderId, tokenVerdict, body === null ? null : Buffer.from(body), details)
        .lastInsertRowid,
    );
  const webhook = row('u-1', 'webhook', ORDER_B, 'valid', TWICE, SAID_TWICE);
  const replay = row('u-2', 'replay', ORDER_B, null, TWICE, SAID_TWICE);
  // Twice in the body, but no verdict says so: not read.
  const unjudged = row('u-3', 'webhook', ORDER_B, 'valid', TWICE, '{}');
  // The same order twice names no other.
  const same = row(
    'u-4',
    'webhook',
    ORDER_A,
    'valid',
    `{"order_id":"${ORDER_A}","order_id":"${ORDER_A}"}`,
    SAID_TWICE,
  );
  const findings = row(
    'u-5',
    'webhook',
    ORDER_A,
    'valid',
    '{}',
    JSON.stringify({ token: { findings: [{ message: 'one' }, { code: 'x' }, { message: 'two' }] } }),
  );
  // Findings that are no list (an import's "oops"), and findings of a record with no token verdict.
  const oops = row('u-6', 'webhook', ORDER_A, 'valid', '{}', '{"token":{"findings":"oops"}}');
  const unjudgedToken = row('u-7', 'request', null, null, null, '{"token":{"findings":[{"message":"x"}]}}');
  const notJson = row('u-8', 'webhook', null, 'valid', 'not json', SAID_TWICE);
  migrate(db, migrations);

  const repository = createEventsRepository(db);
  const read = (id: number) => {
    const summary = repository.getSummary(id);
    return { firstNamedOrderId: summary?.firstNamedOrderId, tokenFindings: summary?.tokenFindings };
  };
  expect(read(webhook)).toEqual({ firstNamedOrderId: ORDER_A, tokenFindings: null });
  expect(read(replay)).toEqual({ firstNamedOrderId: ORDER_A, tokenFindings: null });
  expect(read(unjudged)).toEqual({ firstNamedOrderId: null, tokenFindings: null });
  expect(read(same)).toEqual({ firstNamedOrderId: null, tokenFindings: null });
  expect(read(findings)).toEqual({ firstNamedOrderId: null, tokenFindings: ['one', 'two'] });
  expect(read(oops)).toEqual({ firstNamedOrderId: null, tokenFindings: null });
  expect(read(unjudgedToken)).toEqual({ firstNamedOrderId: null, tokenFindings: null });
  expect(read(notJson)).toEqual({ firstNamedOrderId: null, tokenFindings: null });
  // Orders derives the replay's first order again, with the replay among its records: 038 marks
  // it stale once, and 041 (orders known from deliveries), 043 (orders dated by the service's
  // answers), 044 (whether an order has evidence at all), 045 (only the order's own profile's
  // evidence counts), 046 (a rest shown by a cancel or a further capture, the total unknown),
  // 047 (whether the documented default decided the state), 048 (the worst finding's
  // severity) and 051 (created only by a create-checkout answer) mark every order once more each.
  expect(db.prepare('SELECT order_id, stale FROM orders').all()).toEqual([{ order_id: ORDER_A, stale: 9 }]);
  expect(
    createOrdersRepository(db)
      .recordsOf(ORDER_A)
      .map((record) => record.id)
      .sort(),
  ).toEqual([webhook, replay, same, findings, oops].sort());
  const query = createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));
  expect(
    query
      .page({ orderId: ORDER_A }, { limit: 10 })
      .items.map((item) => item.id)
      .sort(),
  ).toEqual([webhook, replay, same, findings, oops].sort());
  db.close();
});
