import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventsQuery } from '../../src/main/store/events-query';
import { createEventsRepository, type NewEvent } from '../../src/main/store/events-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { openStore } from '../../src/main/store/open-store';
import { createSearchIndex, type SearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter, type StoreWriter } from '../../src/main/store/store-writer';

const webhook = (note: string): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/hooks',
  status: 200,
  requestBody: Buffer.from(JSON.stringify({ note })),
  atMs: Date.now(),
});

/** Which ids are in the text index itself (no catching up on the way). */
const indexedIds = (db: Database.Database, word: string) =>
  db
    .prepare<[string], { rowid: number }>(
      'SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid',
    )
    .all(`"${word}"`)
    .map((row) => row.rowid);

const mark = (db: Database.Database) =>
  db.prepare<[], { through: number }>('SELECT indexed_through AS through FROM search_index_state').get()
    ?.through;

describe('the text index, fed after rows are stored', () => {
  let db: Database.Database;
  let writer: StoreWriter;
  let index: SearchIndex;
  let stopBackground: () => void = () => undefined;
  const store = (event: NewEvent) => writer.writeNow(() => createEventsRepository(db).insert(event).id);

  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, migrations);
    writer = createStoreWriter(db);
    index = createSearchIndex(db, writer);
  });
  afterEach(() => {
    stopBackground();
    db.close();
  });

  it('leaves a stored row out of the index until it is fed, and a text search feeds it first', () => {
    const id = store(webhook('kettle'));
    expect(indexedIds(db, 'kettle')).toEqual([]);
    expect(index.behind()).toBe(true);
    const query = createEventsQuery(db, index);
    expect(query.page({ text: 'kettle' }, { limit: 10 }).items.map((item) => item.id)).toEqual([id]);
    expect(query.count({ text: 'kettle' })).toBe(1);
    expect(indexedIds(db, 'kettle')).toEqual([id]);
    expect(index.behind()).toBe(false);
    expect(mark(db)).toBe(id);
  });

  it('indexes in the background within a second of the row being stored', async () => {
    stopBackground = index.startBackground((error) => {
      throw error;
    });
    const id = store(webhook('toaster'));
    const started = Date.now();
    while (indexedIds(db, 'toaster').length === 0 && Date.now() - started < 1_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(indexedIds(db, 'toaster')).toEqual([id]);
  });

  it('indexes a long backlog whole, in batches', () => {
    const ids = writer.writeNow(() => {
      const repository = createEventsRepository(db);
      return Array.from({ length: 12_000 }, (_, n) => repository.insert(webhook(`bulk${n % 3}`)).id);
    });
    index.catchUp();
    expect(indexedIds(db, 'bulk1')).toHaveLength(4_000);
    expect(mark(db)).toBe(ids.at(-1));
  });

  it('indexes a row updated before it was indexed once, with its latest words', () => {
    const id = store(webhook('before'));
    writer.writeNow(() => createEventsRepository(db).update(id, { status: 503, error: 'afterwards' }));
    index.catchUp();
    expect(indexedIds(db, 'afterwards')).toEqual([id]);
    expect(indexedIds(db, 'before')).toEqual([id]);
    // Updated again once indexed: the index follows (the update trigger), still one entry.
    writer.writeNow(() => createEventsRepository(db).update(id, { error: 'later' }));
    expect(indexedIds(db, 'afterwards')).toEqual([]);
    expect(indexedIds(db, 'later')).toEqual([id]);
  });

  it('indexes an id used again after the newest rows were deleted', () => {
    const first = store(webhook('gone'));
    index.catchUp();
    writer.writeNow(() => db.prepare('DELETE FROM events').run());
    expect(indexedIds(db, 'gone')).toEqual([]);
    expect(mark(db)).toBe(0);
    const again = store(webhook('reborn'));
    expect(again).toBe(first);
    index.catchUp();
    expect(indexedIds(db, 'reborn')).toEqual([again]);
  });

  it('deletes a row that was never indexed without touching the index', () => {
    store(webhook('kept'));
    index.catchUp();
    const unindexed = store(webhook('dropped'));
    const newest = store(webhook('newest'));
    writer.writeNow(() => db.prepare('DELETE FROM events WHERE id = ?').run(unindexed));
    index.catchUp();
    expect(indexedIds(db, 'dropped')).toEqual([]);
    expect(indexedIds(db, 'newest')).toEqual([newest]);
    expect(indexedIds(db, 'kept')).toHaveLength(1);
  });
});

describe('the store wires the text index', () => {
  it('finds a record stored a moment ago, and leaves every record indexed when it closes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-search-index-'));
    try {
      const file = join(dir, 'console.sqlite');
      const store = openStore(file);
      const first = store.writer.writeNow(() => store.events.insert(webhook('mango')).id);
      expect(store.eventsQuery.page({ text: 'mango' }, { limit: 5 }).items.map((item) => item.id)).toEqual([
        first,
      ]);
      const second = store.writer.writeNow(() => store.events.insert(webhook('papaya')).id);
      expect(store.searchIndex.behind()).toBe(true);
      store.close();
      const db = new Database(file);
      expect(indexedIds(db, 'papaya')).toEqual([second]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
