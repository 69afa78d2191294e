import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  searchWords,
  searchWordsLeftOut,
  toFtsQuery,
  verdictFilter,
  type EventFilter,
} from '../../src/shared/event-filter';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createEventsQuery } from '../../src/main/store/events-query';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { createEventsRepository, type NewEvent } from '../../src/main/store/events-repository';
import { openTempConsole } from './helpers/temp-console';

const ORDER_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ORDER_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function seed(): NewEvent[] {
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));
  return [
    {
      kind: 'request',
      profileId: 1,
      method: 'POST',
      url: 'http://127.0.0.1:4010/checkout',
      path: '/checkout',
      status: 200,
      orderId: ORDER_A,
      orderReferenceId: 'REF-1001',
      requestBody: body({ order_reference_id: 'REF-1001', description: 'Blue kettle' }),
      responseBody: body({ order_id: ORDER_A, status: 'new' }),
      atMs: 1_000,
    },
    {
      kind: 'webhook',
      profileId: 1,
      method: 'POST',
      path: '/hooks/orders',
      query: 'serviceToken=abc.def.ghi',
      status: 200,
      orderId: ORDER_A,
      eventType: 'order_approved',
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      requestBody: body({ order_id: ORDER_A, event_type: 'order_approved', data: [] }),
      atMs: 2_000,
    },
    {
      kind: 'webhook',
      profileId: 2,
      method: 'POST',
      path: '/hooks/orders',
      status: 401,
      orderId: ORDER_B,
      eventType: 'order_captured',
      tokenVerdict: 'invalid_signature',
      bodyVerdict: 'event',
      requestBody: body({ order_id: ORDER_B, event_type: 'order_captured', note: 'Crème brûlée' }),
      atMs: 3_000,
    },
    {
      kind: 'delivery',
      profileId: 1,
      method: 'POST',
      url: 'http://127.0.0.1:4455/',
      status: null,
      orderId: ORDER_B,
      eventType: 'order_captured',
      error: 'connection refused',
      atMs: 4_000,
    },
    {
      kind: 'webhook',
      path: '/',
      bodyVerdict: 'invalid_json',
      tokenVerdict: 'missing',
      status: 503,
      requestBody: Buffer.from([0xff, 0x00, 0x41]),
      imported: true,
      atMs: 5_000,
    },
    {
      kind: 'replay',
      relatedId: 2,
      status: 200,
      path: '/hooks/orders',
      eventType: 'order_approved',
      atMs: 6_000,
    },
  ];
}

/** The query as the store builds it: text searches catch the index up first. */
const queryOver = (db: Database.Database) =>
  createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));

describe('events query', () => {
  let db: Database.Database;
  let ids: number[];
  let query: ReturnType<typeof createEventsQuery>;

  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, migrations);
    const repository = createEventsRepository(db);
    ids = db.transaction(() => seed().map((event) => repository.insert(event).id))();
    query = queryOver(db);
  });
  afterEach(() => db.close());

  const idsOf = (filter: EventFilter, limit = 100) =>
    query.page(filter, { limit }).items.map((item) => ids.indexOf(item.id) + 1);

  it('lists newest first without a filter', () => {
    expect(idsOf({})).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it.each<[string, EventFilter, number[]]>([
    ['kinds', { kinds: ['webhook'] }, [5, 3, 2]],
    ['several kinds', { kinds: ['request', 'delivery'] }, [4, 1]],
    ['profile', { profileId: 2 }, [3]],
    ['order id', { orderId: ORDER_B }, [4, 3]],
    ['event type', { eventType: 'order_approved' }, [6, 2]],
    ['token verdicts', { tokenVerdicts: ['invalid_signature', 'missing'] }, [5, 3]],
    ['body verdict', { bodyVerdicts: ['invalid_json'] }, [5]],
    ['exact status', { statuses: [401] }, [3]],
    ['status class', { statuses: ['2xx'] }, [6, 2, 1]],
    ['no status', { statuses: ['none'] }, [4]],
    ['statuses combined', { statuses: ['4xx', '5xx'] }, [5, 3]],
    ['related records', { relatedId: 2 }, [6]],
    ['imported', { imported: true }, [5]],
    ['not imported', { imported: false, kinds: ['webhook'] }, [3, 2]],
    ['time range', { from: new Date(2_000).toISOString(), to: new Date(4_000).toISOString() }, [3, 2]],
    ['filters combine with AND', { kinds: ['webhook'], orderId: ORDER_A, tokenVerdicts: ['valid'] }, [2]],
  ])('filters by %s', (_name, filter, expected) => {
    expect(idsOf(filter)).toEqual(expected);
  });

  it('finds a webhook naming order_id twice under both orders, as Orders lists it (migration 031)', () => {
    // Filed under the last order_id (JSON.parse keeps it); a parser keeping the first reads ORDER_A.
    const { id } = createEventsRepository(db).insert({
      kind: 'webhook',
      orderId: ORDER_B,
      eventType: 'order_approved',
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      requestBody: Buffer.from(
        `{"order_id":"${ORDER_A}","order_id":"${ORDER_B}","order_reference_id":"R","order_number":"N","event_type":"order_approved","data":[]}`,
      ),
      details: {
        body: {
          verdict: 'event',
          findings: [
            {
              severity: 'warning',
              path: 'order_id',
              message: 'order_id is given 2 times in one object; only the last one counts here.',
            },
          ],
        },
      },
      atMs: 7_000,
    });
    ids.push(id);
    expect(idsOf({ orderId: ORDER_A })).toEqual([7, 2, 1]);
    expect(idsOf({ orderId: ORDER_B })).toEqual([7, 4, 3]);
    // The count, the rows an export reads and a later page agree with the first page.
    for (const orderId of [ORDER_A, ORDER_B]) {
      expect(query.count({ orderId })).toBe(3);
      expect(Array.from(query.rows({ orderId })).map((row) => ids.indexOf(row.id) + 1)).toEqual(
        idsOf({ orderId }).reverse(),
      );
      const next = query.page({ orderId }, { beforeId: id, limit: 10 }).items;
      expect(next.map((item) => ids.indexOf(item.id) + 1)).toEqual(idsOf({ orderId }).slice(1));
    }
    // Beside another filter too.
    expect(idsOf({ orderId: ORDER_A, kinds: ['webhook'] })).toEqual([7, 2]);
  });

  it('selects given ids', () => {
    const [first, , third] = ids;
    if (first === undefined || third === undefined) throw new Error('seed');
    expect(idsOf({ ids: [first, third, 999] })).toEqual([3, 1]);
  });

  it.each<[string, string, number[]]>([
    ['a word of a request body', 'kettle', [1]],
    ['a merchant reference', 'REF-1001', [1]],
    ['an event type with an underscore', 'order_captured', [4, 3]],
    ['a whole order id', ORDER_B, [4, 3]],
    ['the start of an order id', ORDER_A.slice(0, 8), [2, 1]],
    ['a prefix of the last word', 'kett', [1]],
    ['every word (AND)', 'order_approved valid', [2]],
    ['a path', '/hooks/orders', [6, 3, 2]],
    ['a query string', 'serviceToken', [2]],
    ['a verdict', 'invalid_signature', [3]],
    ['an error message', 'refused', [4]],
    ['accents folded', 'creme brulee', [3]],
    ['a response body', '"status":"new"', [1]],
  ])('searches text: %s', (_name, text, expected) => {
    expect(idsOf({ text })).toEqual(expected);
  });

  it('combines text with filters', () => {
    expect(idsOf({ text: 'order_captured', kinds: ['webhook'] })).toEqual([3]);
    expect(idsOf({ text: 'hooks', statuses: ['2xx'] })).toEqual([6, 2]);
  });

  it.each(['"', '***', '(', 'AND OR NOT', 'NEAR(a b)', 'col:value', '"unbalanced', '-'])(
    'never treats typed text as FTS syntax: %s',
    (text) => {
      expect(() => query.page({ text }, { limit: 10 })).not.toThrow();
    },
  );

  it('matches nothing for punctuation only, and everything for blank text', () => {
    expect(idsOf({ text: '*** ---' })).toEqual([]);
    expect(idsOf({ text: '   ' })).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('needs every word typed, however many: a word past the 32nd was dropped, so records without it matched', () => {
    const words = Array.from({ length: 32 }, () => 'hooks');
    expect(query.count({ text: words.join(' ') })).toBe(3);
    expect(query.count({ text: [...words, 'zzzznowhere'].join(' ') })).toBe(0);
    expect(query.page({ text: [...words, 'Crème'].join(' ') }, { limit: 10 }).items).toHaveLength(1);
  });

  it('indexes what a record gains later and forgets what is deleted', () => {
    const repository = createEventsRepository(db);
    const { id } = repository.insert({ kind: 'request', path: '/checkout' });
    expect(idsOf({ text: 'zanzibar' })).toEqual([]);
    repository.update(id, { responseBody: Buffer.from('{"city":"Zanzibar"}'), status: 400 });
    expect(query.page({ text: 'zanzibar' }, { limit: 10 }).items.map((item) => item.id)).toEqual([id]);
    db.prepare('DELETE FROM events WHERE id = ?').run(id);
    expect(query.page({ text: 'zanzibar' }, { limit: 10 }).items).toEqual([]);
  });

  it('pages by keyset: every record once, in order, and a null cursor on the last page', () => {
    const seen: number[] = [];
    let beforeId: number | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = query.page({}, { beforeId, limit: 4 });
      seen.push(...result.items.map((item) => item.id));
      if (result.nextCursor === null) break;
      beforeId = result.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());
    const searched = query.page({ text: 'hooks' }, { limit: 2 });
    expect(searched.items).toHaveLength(2);
    const rest = query.page({ text: 'hooks' }, { limit: 2, beforeId: searched.nextCursor ?? 0 });
    expect(rest.items.map((item) => ids.indexOf(item.id) + 1)).toEqual([2]);
    expect(rest.nextCursor).toBeNull();
  });

  it('pages newer by keyset too: the records just newer than afterId, newest first, filtered as asked', () => {
    const page = query.page({}, { afterId: ids[0], limit: 2 });
    expect(page.items.map((item) => ids.indexOf(item.id) + 1)).toEqual([3, 2]);
    expect(page.nextCursor).toBeNull();
    expect(query.page({}, { afterId: ids[5], limit: 2 }).items).toEqual([]);
    const searched = query.page({ text: 'hooks' }, { afterId: ids[0], limit: 10 });
    expect(searched.items.map((item) => ids.indexOf(item.id) + 1)).toEqual(
      idsOf({ text: 'hooks' }).filter((n) => n > 1),
    );
  });

  it('reads whole rows in batches, oldest or newest first', () => {
    const oldest = [...query.rows({ kinds: ['webhook', 'request'] }, 'oldest-first', 2)];
    expect(oldest.map((row) => ids.indexOf(row.id) + 1)).toEqual([1, 2, 3, 5]);
    expect(oldest[0]?.request_body?.toString()).toContain('Blue kettle');
    const newest = [...query.rows({ text: 'order_captured' }, 'newest-first', 1)];
    expect(newest.map((row) => ids.indexOf(row.id) + 1)).toEqual([4, 3]);
  });

  it('counts matches', () => {
    expect(query.count({})).toBe(6);
    expect(query.count({ kinds: ['webhook'] })).toBe(3);
    expect(query.count({ text: 'hooks', kinds: ['replay'] })).toBe(1);
  });

  it('indexes rows stored before the search index existed', () => {
    const old = new Database(':memory:');
    migrate(
      old,
      migrations.filter((migration) => migration.id < 3),
    );
    // As a console of that time wrote it: today's repository writes columns added later.
    old
      .prepare("INSERT INTO events (uid, kind, at_ms, request_body) VALUES ('legacy', 'webhook', 0, ?)")
      .run(Buffer.from('{"note":"legacy row"}'));
    migrate(old, migrations);
    expect(queryOver(old).page({ text: 'legacy' }, { limit: 5 }).items).toHaveLength(1);
    old.close();
  });
});

describe('filter words', () => {
  it('quotes every word, so typed syntax is text, and matches the last as a prefix', () => {
    expect(toFtsQuery('order_captured REF')).toBe('"order_captured" "REF"*');
    expect(toFtsQuery('say "hi"')).toBe('"say" """hi"""*');
    expect(toFtsQuery(' -- ')).toBeNull();
  });

  it('names the words it cannot search (no letter or digit: emoji, symbols, punctuation alone)', () => {
    expect(searchWords('🎉 order_id: * ^ مرحبا -')).toEqual({
      searched: ['order_id:', 'مرحبا'],
      leftOut: ['🎉', '*', '^', '-'],
    });
    expect(searchWordsLeftOut('kettle')).toBeNull();
    expect(searchWordsLeftOut('🎉')).toBe(
      'Nothing to search for: "🎉" has no letter or digit, and the search matches words of letters and digits only (emoji, symbols and punctuation are not indexed).',
    );
    expect(searchWordsLeftOut('🎉 kettle * *')).toBe(
      'Not searched: "🎉", "*" (no letter or digit; the search matches words of letters and digits only).',
    );
  });

  it('maps a verdict word to the token or body verdict it is', () => {
    expect(verdictFilter('expired')).toEqual({ tokenVerdicts: ['expired'] });
    expect(verdictFilter('legacy')).toEqual({ bodyVerdicts: ['legacy'] });
    expect(verdictFilter('sometimes')).toBeNull();
  });
});

describe('listEvents and getEvent over the bridge', () => {
  it('pages stored records, returns one in full, and names a bad filter field', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      const stored = core.recorder.record({
        kind: 'webhook',
        path: '/x',
        requestBody: Buffer.from('{"a":1}'),
      });
      const page = await core.dispatcher(
        'listEvents',
        { filter: { kinds: ['webhook'] } },
        { transport: 'direct' },
      );
      expect(page).toMatchObject({ ok: true, data: { items: [{ id: stored.id }], nextCursor: null } });
      const both = await core.dispatcher(
        'listEvents',
        { filter: {}, beforeId: 5, afterId: 1 },
        { transport: 'direct' },
      );
      expect(both).toMatchObject({ ok: false, error: { issues: [{ path: 'afterId' }] } });
      const detail = await core.dispatcher('getEvent', { id: stored.id }, { transport: 'direct' });
      expect(detail).toMatchObject({ ok: true, data: { id: stored.id, requestBody: { text: '{"a":1}' } } });
      const missing = await core.dispatcher('getEvent', { id: 999_999 }, { transport: 'direct' });
      expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
      const bad = await core.dispatcher(
        'listEvents',
        { filter: { statuses: [700], kinds: ['nope'] } },
        { transport: 'direct' },
      );
      expect(bad.ok).toBe(false);
      if (!bad.ok) {
        expect(bad.error.code).toBe('invalid_input');
        expect(bad.error.issues.map((issue) => issue.path)).toEqual(
          expect.arrayContaining(['filter.kinds[0]', 'filter.statuses[0]']),
        );
      }
    } finally {
      await dispose();
    }
  });
});
