import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { EventFilter } from '../../src/shared/event-filter';
import { createEventsQuery } from '../../src/main/store/events-query';
import { createEventsRepository } from '../../src/main/store/events-repository';
import { createHistoryRepository } from '../../src/main/store/history-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createOrdersRepository } from '../../src/main/store/orders-repository';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';

// Every index on events is written by every insert (the listener's hot path, issue 20), so each
// must be what SQLite chooses for a query the console really runs. The queries are collected as
// the store's own modules prepare them, then each plan is asked for.

/** One of each filter the timeline, history and CLI can send, plain and as a later page. */
const FILTERS: EventFilter[] = [
  {},
  { kinds: ['webhook'] },
  { kinds: ['webhook', 'replay'] },
  { profileId: 1 },
  { profileName: 'Local' },
  { orderId: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  { eventType: 'order_approved' },
  { tokenVerdicts: ['valid'] },
  { bodyVerdicts: ['event'] },
  { statuses: [404] },
  { statuses: ['4xx'] },
  { statuses: ['none'] },
  { statuses: ['unanswered'] },
  { relatedId: 1 },
  { ids: [1, 2] },
  { imported: true },
  { scenarioRun: 7 },
  { from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' },
  { text: 'kettle' },
  { text: 'kettle', kinds: ['webhook'] },
];

function preparedStatements(): { sql: string[]; plan: (sql: string) => string[]; indexes: string[] } {
  const db = new Database(':memory:');
  migrate(db, migrations);
  const prepare = db.prepare.bind(db);
  const seen = new Set<string>();
  db.prepare = ((source: string) => {
    seen.add(source);
    return prepare(source);
  }) as typeof db.prepare;
  const writer = createStoreWriter(db);
  const searchIndex = createSearchIndex(db, writer);
  // Prepared on first use (the interrupted sweep's): asked once, so its plan is seen too.
  createEventsRepository(db).answerNotKnownSentBefore(0);
  createHistoryRepository(db);
  createOrdersRepository(db);
  const query = createEventsQuery(db, searchIndex);
  for (const filter of FILTERS) {
    query.page(filter, { limit: 50 });
    query.page(filter, { beforeId: 100, limit: 50 });
    query.count(filter);
    for (const direction of ['oldest-first', 'newest-first'] as const)
      Array.from(query.rows(filter, direction));
  }
  const sql = [...seen].filter((source) => /\bevents\b/.test(source));
  // A plan needs its parameters bound: null for each, positional or named.
  const plan = (source: string) => {
    const names = [...source.matchAll(/[@:$](\w+)/g)].map((match) => match[1] ?? '');
    const positional = source.match(/\?/g)?.length ?? 0;
    const values =
      names.length > 0
        ? [Object.fromEntries(names.map((name) => [name, null]))]
        : Array.from({ length: positional }, () => null);
    const rows = prepare(`EXPLAIN QUERY PLAN ${source}`).all(...values) as { detail: string }[];
    return rows.map((row) => row.detail);
  };
  const indexes = (
    prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL",
    ).all() as {
      name: string;
    }[]
  ).map((row) => row.name);
  return { sql, plan, indexes };
}

describe('indexes on events', () => {
  it('each one is what SQLite uses for at least one query the console runs', () => {
    const { sql, plan, indexes } = preparedStatements();
    expect(sql.length).toBeGreaterThan(20);
    const used = new Set(
      sql.flatMap((source) => plan(source).flatMap((detail) => /INDEX (\w+)/.exec(detail)?.[1] ?? [])),
    );
    expect(indexes.length).toBeGreaterThan(5);
    expect(indexes.filter((name) => !used.has(name))).toEqual([]);
  });

  it('the profile filter, by id or by a name no profile has now, is counted from the name index alone', () => {
    const { sql, plan } = preparedStatements();
    // A page may walk the rows newest first and stop at its limit, as every filter's page may;
    // a count reads every match, and must not read every row to find them.
    const ofProfile = sql.filter((source) => /@profile(Id|Name)\b/.test(source) && /count\(/i.test(source));
    expect(ofProfile.length).toBeGreaterThanOrEqual(2);
    for (const source of ofProfile) {
      const details = plan(source);
      expect(details, source).toEqual(
        expect.arrayContaining([expect.stringContaining('INDEX events_by_profile_name ')]),
      );
      expect(
        details.filter((detail) => /^SCAN (e|events)\b/.test(detail)),
        source,
      ).toEqual([]);
    }
  });

  it('the order filter reads both indexes an order is filed by, and scans no table', () => {
    const { sql, plan } = preparedStatements();
    // Its page, a later page, its count and its rows: every statement with the order's parameter.
    const ofOrder = sql.filter((source) => source.includes('@orderId'));
    expect(ofOrder.length).toBeGreaterThanOrEqual(4);
    for (const source of ofOrder) {
      const details = plan(source);
      expect(details, source).toEqual(
        expect.arrayContaining([expect.stringContaining('INDEX events_by_order ')]),
      );
      // Migration 038's: the records naming order_id twice, by their first one.
      expect(details, source).toEqual(
        expect.arrayContaining([expect.stringContaining('INDEX events_by_first_named_order_id ')]),
      );
      expect(
        details.filter((detail) => /^SCAN (e|events)\b/.test(detail)),
        source,
      ).toEqual([]);
    }
  });

  it('the run filter (history --run, export --run, a run= link) is read from its index, and scans no table', () => {
    const { sql, plan } = preparedStatements();
    // A run's records are a few among many: json_extract over every record's details took 45-65 ms
    // over 200,000 records (migration 039). Its page, a later page, its count and its rows.
    const ofRun = sql.filter((source) => source.includes('@scenarioRun'));
    expect(ofRun.length).toBeGreaterThanOrEqual(4);
    for (const source of ofRun) {
      const details = plan(source);
      expect(details, source).toEqual(
        expect.arrayContaining([expect.stringContaining('INDEX events_by_scenario_run ')]),
      );
      expect(
        details.filter((detail) => /^SCAN (e|events)\b/.test(detail)),
        source,
      ).toEqual([]);
    }
  });
});
