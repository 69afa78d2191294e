import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventsQuery } from '../../src/main/store/events-query';
import { eventsBefore038 } from './helpers/events-before-038';
import { createEventsRepository, type NewEvent } from '../../src/main/store/events-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { openStore } from '../../src/main/store/open-store';
import { createSearchIndex, type SearchIndex } from '../../src/main/store/search-index';
import { createStoreWriter } from '../../src/main/store/store-writer';
import type { StoreWriter } from '../../src/main/store/store-writer-types';

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
    // As the store's own close does: a background write still in its group is committed, not left
    // in the process's list of open groups for the next test's writer to commit on a closed database.
    writer.flushNow();
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
    // Updated again once indexed: the update trigger lists it, and the index follows before
    // the next search (never holding words the trigger could not redact), still one entry.
    writer.writeNow(() => createEventsRepository(db).update(id, { error: 'later' }));
    index.catchUp();
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
      // A second close (a console closed by its command, then by its caller) does nothing.
      expect(() => store.close()).not.toThrow();
      const db = new Database(file);
      expect(indexedIds(db, 'papaya')).toEqual([second]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the text index keeps known secrets out', () => {
  const SECRET = 'sk_test_ECHOED_0123456789';
  const echoing = (note: string): NewEvent => ({
    ...webhook(note),
    requestBody: Buffer.from(`${note} key=${SECRET}`),
  });
  /** Ids whose indexed words start with `prefix` (what a prefix search matches). */
  const prefixIds = (db: Database.Database, prefix: string) =>
    db
      .prepare<[string], { rowid: number }>(
        'SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid',
      )
      .all(`"${prefix}"*`)
      .map((row) => row.rowid);

  it('makes rows indexed before migration 021 (the raw bodies) safe on the first start after it', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id <= 20),
    );
    const writer = createStoreWriter(db);
    const id = writer.writeNow(() => eventsBefore038(db).insert(echoing('kettle')).id);
    // As the indexer before 021 wrote it: both bodies as they arrived.
    db.prepare(
      `INSERT INTO events_fts (rowid, meta, location, body)
       SELECT id, uid, url, CAST(request_body AS TEXT) FROM events`,
    ).run();
    db.prepare('UPDATE search_index_state SET indexed_through = ?').run(id);
    expect(prefixIds(db, 'ECH')).toEqual([id]);
    // 021 alone: 022 (which indexes every record again) would make them safe as well.
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 21),
      ).applied,
    ).toEqual(['021-search-index-secrets']);
    const index = createSearchIndex(db, writer);
    index.hideSecrets(() => [SECRET]);
    index.catchUp();
    expect(prefixIds(db, 'ECH')).toEqual([]);
    expect(prefixIds(db, '0123')).toEqual([]);
    expect(prefixIds(db, 'kett')).toEqual([id]);
    expect(prefixIds(db, 'REDACTED')).toEqual([id]);
    db.close();
  });

  it('cleans a secret learnt later in the background, without a search asking', async () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    const writer = createStoreWriter(db);
    const index = createSearchIndex(db, writer);
    const ids = writer.writeNow(() => {
      const repository = createEventsRepository(db);
      return Array.from(
        { length: 3_000 },
        (_, n) => repository.insert(n % 1_000 === 0 ? echoing('kettle') : webhook('plain')).id,
      );
    });
    index.catchUp();
    expect(prefixIds(db, 'ECH')).toHaveLength(3);
    let known: string[] = [];
    index.hideSecrets(() => known);
    const stop = index.startBackground((error) => {
      throw error;
    });
    try {
      known = [SECRET];
      const started = Date.now();
      while (prefixIds(db, 'ECH').length > 0 && Date.now() - started < 5_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(prefixIds(db, 'ECH')).toEqual([]);
      expect(prefixIds(db, 'kettle')).toEqual([ids[0], ids[1_000], ids[2_000]]);
      expect(prefixIds(db, 'plain')).toHaveLength(2_997);
    } finally {
      stop();
      writer.flushNow();
      db.close();
    }
  });

  it('a record indexed again by a console that cannot open the secret is cleaned by one that can', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-search-index-'));
    try {
      const file = join(dir, 'console.sqlite');
      const knowing = openStore(file);
      const blind = openStore(file);
      knowing.searchIndex.hideSecrets(() => [SECRET]);
      const id = knowing.writer.writeNow(() => knowing.events.insert(webhook('kettle')).id);
      knowing.searchIndex.catchUp();
      // Its answer arrives, echoing the secret, and the console that cannot open it indexes it again.
      blind.writer.writeNow(() => blind.events.update(id, { responseBody: Buffer.from(`key=${SECRET}`) }));
      blind.searchIndex.catchUp();
      const db = new Database(file);
      expect(prefixIds(db, 'ECH')).toEqual([id]);
      knowing.searchIndex.catchUp();
      expect(prefixIds(db, 'ECH')).toEqual([]);
      expect(prefixIds(db, 'kettle')).toEqual([id]);
      db.close();
      blind.close();
      knowing.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
