import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createEventsQuery } from '../../src/main/store/events-query';
import { createOrdersRepository } from '../../src/main/store/orders-repository';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { createEventsRepository, type NewEvent } from '../../src/main/store/events-repository';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { namedOrdersWords } from '../../src/shared/named-orders-words';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const ORDER_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ORDER_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** A webhook as the listener stores it: judged by the one judge, filed under what it reads. */
function webhookOf(text: string, atMs: number): NewEvent {
  const judged = judgeWebhookBody(Buffer.from(text), false);
  return {
    kind: 'webhook',
    orderId: judged.orderId,
    eventType: judged.eventType,
    tokenVerdict: 'valid',
    bodyVerdict: judged.verdict,
    requestBody: Buffer.from(text),
    details: { body: { verdict: judged.verdict, findings: judged.findings } },
    atMs,
  };
}

const notification = (orderIds: string, data = '[]') =>
  `{${orderIds},"order_reference_id":"R","order_number":"N","event_type":"order_approved","data":${data}}`;

describe("a record's orders, as every list names them", () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, migrations);
  });
  afterEach(() => db.close());

  it('names the first order of a body giving order_id twice beside the one it is filed under', () => {
    const repository = createEventsRepository(db);
    const query = createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));
    const twice = webhookOf(notification(`"order_id":"${ORDER_A}","order_id":"${ORDER_B}"`), 1_000);
    const inserted = repository.insert(twice);
    // Filed under the last, as JSON.parse reads it; the first is said, never dropped.
    expect(inserted.orderId).toBe(ORDER_B);
    expect(inserted.firstNamedOrderId).toBe(ORDER_A);
    // The pushed summary, a summary read back and a page of the list agree.
    expect(repository.getSummary(inserted.id)).toEqual(inserted);
    expect(repository.getDetail(inserted.id)?.firstNamedOrderId).toBe(ORDER_A);
    expect(query.page({}, { limit: 10 }).items).toEqual([inserted]);
    expect(query.page({ orderId: ORDER_A }, { limit: 10 }).items).toEqual([inserted]);
    expect(namedOrdersWords(inserted)).toEqual({
      mark: '+1',
      title: `order_id is given more than once: the record is filed under the last, ${ORDER_B}; the first names ${ORDER_A}.`,
    });
  });

  it('names one order where the body names one in the service’s field', () => {
    const repository = createEventsRepository(db);
    // The same order twice, an order in data (no field of the notification's) and a duplicate
    // inside data: the record names only its order_id, with nothing more to say.
    for (const text of [
      notification(`"order_id":"${ORDER_A}","order_id":"${ORDER_A}"`),
      notification(`"order_id":"${ORDER_A}"`, `{"order_id":"${ORDER_B}"}`),
      notification(`"order_id":"${ORDER_A}"`, `{"order_id":"${ORDER_B}","order_id":"${ORDER_B}"}`),
    ]) {
      const inserted = repository.insert(webhookOf(text, 2_000));
      expect(inserted.orderId).toBe(ORDER_A);
      expect(inserted.firstNamedOrderId).toBeNull();
      expect(repository.getSummary(inserted.id)).toEqual(inserted);
      expect(namedOrdersWords(inserted)).toEqual({ mark: null, title: null });
    }
  });

  it('names the first order of a replay of such a body, and the order filter finds it there', () => {
    const repository = createEventsRepository(db);
    const query = createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));
    // A replay carries the body's one judgement in its details, as the webhook it sends does.
    const replay = repository.insert({
      ...webhookOf(notification(`"order_id":"${ORDER_A}","order_id":"${ORDER_B}"`), 4_000),
      kind: 'replay',
      tokenVerdict: null,
    });
    expect(replay.orderId).toBe(ORDER_B);
    expect(replay.firstNamedOrderId).toBe(ORDER_A);
    expect(repository.getSummary(replay.id)).toEqual(replay);
    expect(query.page({ orderId: ORDER_A }, { limit: 10 }).items).toEqual([replay]);
    // Orders lists the records the filter finds.
    expect(
      createOrdersRepository(db)
        .recordsOf(ORDER_A)
        .map((record) => record.id),
    ).toEqual([replay.id]);
  });

  it('keeps the first order and the token findings true when a record learns its details later', () => {
    const repository = createEventsRepository(db);
    const query = createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));
    const twice = webhookOf(notification(`"order_id":"${ORDER_A}","order_id":"${ORDER_B}"`), 5_000);
    const inserted = repository.insert({ ...twice, details: {} });
    expect(inserted.firstNamedOrderId).toBeNull();
    repository.update(inserted.id, {
      details: { ...twice.details, token: { findings: [{ message: 'the token is in two places' }] } },
    });
    const judged = repository.getSummary(inserted.id);
    expect(judged?.firstNamedOrderId).toBe(ORDER_A);
    expect(judged?.tokenFindings).toEqual(['the token is in two places']);
    expect(query.page({ orderId: ORDER_A }, { limit: 10 }).items.map((item) => item.id)).toEqual([
      inserted.id,
    ]);
    // Judged again without the finding, it names one order and no token finding.
    repository.update(inserted.id, { details: {} });
    expect(repository.getSummary(inserted.id)).toMatchObject({
      firstNamedOrderId: null,
      tokenFindings: null,
    });
    expect(query.page({ orderId: ORDER_A }, { limit: 10 }).items).toEqual([]);
  });

  it('says so when the last order_id is no order at all', () => {
    const repository = createEventsRepository(db);
    const inserted = repository.insert(
      webhookOf(notification(`"order_id":"${ORDER_A}","order_id":5`), 3_000),
    );
    expect(inserted.orderId).toBeNull();
    expect(inserted.firstNamedOrderId).toBe(ORDER_A);
    expect(repository.getSummary(inserted.id)).toEqual(inserted);
    expect(namedOrdersWords(inserted).title).toBe(
      `order_id is given more than once: the last, which counts here, names no order; the first names ${ORDER_A}.`,
    );
  });
});

describe("history's table", () => {
  it('says the other order beside the one a record is filed under, as the History view does, and --json names it', async () => {
    const { core, dataDir, dispose } = await openTempConsole();
    try {
      core.recorder.record(
        webhookOf(notification(`"order_id":"${ORDER_A}","order_id":"${ORDER_B}"`), Date.now()),
      );
      await core.close();
      const run = await runCliCaptured(['--data-dir', dataDir, 'history']);
      expect(run.code).toBe(0);
      const row = run.stdout.trimEnd().split('\n').at(-1) ?? '';
      expect(row.endsWith(`${ORDER_B} +1 ${ORDER_A}`)).toBe(true);
      const json = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject([{ order_id: ORDER_B, first_named_order_id: ORDER_A }]);
    } finally {
      await dispose();
    }
  });
});
