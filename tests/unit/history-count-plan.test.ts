import { describe, expect, it } from 'vitest';
import { createEventsQuery } from '../../src/main/store/events-query';
import { createEventsRepository } from '../../src/main/store/events-repository';
import { createSearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { seededEvent } from '../e2e/fixtures/seed-events';
import { statementRecordingDb } from './helpers/statement-recording-db';

// History counts every search it shows: a text search alone was counted by joining each match to
// its row in events (order_approved over 52,000 records: ~670 ms in main), though the text index
// holds exactly the stored records (the events_fts_delete trigger removes a record's words with it).
function consoleStore() {
  const { db, seen, plan: planOf } = statementRecordingDb();
  const events = createEventsRepository(db);
  const query = createEventsQuery(db, createSearchIndex(db, createStoreWriter(db)));
  const plan = (source: string) => planOf(source, { fts: 'x' });
  return { db, events, query, seen, plan };
}

describe('the count of a text search', () => {
  it('reads the text index alone when nothing else narrows it', () => {
    const { query, seen, plan } = consoleStore();
    query.count({ text: 'order_approved' });
    const counting = seen.filter((source) => /count\(\*\)/.test(source) && /events_fts/.test(source));
    expect(counting).toHaveLength(1);
    expect(plan(counting[0] ?? '').join(' | ')).not.toMatch(/\bSEARCH e\b|\bSCAN e\b/);
  });

  it('counts what the pages list, with other filters and after records are removed', () => {
    const { db, events, query } = consoleStore();
    for (let n = 0; n < 60; n++) events.insert(seededEvent(n, Date.UTC(2026, 0, 1) + n * 1000));
    const listed = (text: string, kinds?: ['webhook']) =>
      query.page({ text, ...(kinds === undefined ? {} : { kinds }) }, { limit: 1000 }).items.length;
    db.prepare('DELETE FROM events WHERE id % 7 = 0').run();
    for (const text of ['order_approved', 'SEED', 'hooks', 'nowhere'])
      for (const kinds of [undefined, ['webhook'] as ['webhook']]) {
        expect(query.count({ text, ...(kinds === undefined ? {} : { kinds }) })).toBe(listed(text, kinds));
      }
    expect(query.count({ text: 'order_approved' })).toBeGreaterThan(0);
  });
});
