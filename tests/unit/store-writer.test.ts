import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { writesThrough } from '../../src/main/store/writes-through';
import { makeTempDir } from './helpers/temp-console';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function open() {
  const temp = makeTempDir('cc-group-');
  const file = join(temp.dir, 'group.sqlite');
  const db = openDatabase(file);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  // Another connection, as another process (a `send` CLI, the checker) would read the file.
  const reader = new Database(file, { readonly: true });
  cleanups.push(() => {
    reader.close();
    db.close();
    temp.remove();
  });
  const insert = db.prepare<[string]>('INSERT INTO t (v) VALUES (?)');
  const seen = () =>
    reader
      .prepare<[], { v: string }>('SELECT v FROM t ORDER BY id')
      .all()
      .map((row) => row.v);
  return { db, insert, seen };
}

describe('the store writer: group commit', () => {
  it('writes of one turn share one transaction, and each resolves only once it is on disk', async () => {
    const { db, insert, seen } = open();
    const group = createStoreWriter(db);
    const writes = ['a', 'b', 'c'].map((v) => group.write(() => insert.run(v).lastInsertRowid));
    // Written, not yet committed: another connection sees nothing.
    expect(db.inTransaction).toBe(true);
    expect(seen()).toEqual([]);
    const firstDone = writes[0]?.then(() => seen());
    expect(await firstDone).toEqual(['a', 'b', 'c']);
    expect(await Promise.all(writes)).toEqual([1n, 2n, 3n].map(Number));
    expect(db.inTransaction).toBe(false);
  });

  it('a write that throws undoes only itself; the others of its turn commit', async () => {
    const { db, insert, seen } = open();
    const group = createStoreWriter(db);
    const good = group.write(() => insert.run('kept'));
    const bad = group.write(() => {
      insert.run('undone');
      throw new Error('refused');
    });
    const after = group.write(() => insert.run('kept too'));
    await expect(bad).rejects.toThrow('refused');
    await Promise.all([good, after]);
    expect(seen()).toEqual(['kept', 'kept too']);
  });

  it('a later turn starts a new group', async () => {
    const { db, insert, seen } = open();
    const group = createStoreWriter(db);
    await group.write(() => insert.run('first'));
    expect(seen()).toEqual(['first']);
    await group.write(() => insert.run('second'));
    expect(seen()).toEqual(['first', 'second']);
  });

  it('a failed commit rejects every write of the group and leaves nothing behind', async () => {
    const { db, insert, seen } = open();
    db.exec(
      'CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const orphan = db.prepare('INSERT INTO child (p) VALUES (42)');
    const group = createStoreWriter(db);
    // A deferred foreign key is checked at COMMIT, so the commit itself fails.
    const writes = [group.write(() => insert.run('lost')), group.write(() => orphan.run())];
    for (const write of writes) await expect(write).rejects.toThrow(/FOREIGN KEY/);
    expect(seen()).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });
});

/** A migrated console database with its writer and recorder; `seenAtPush` is what another process saw at each push. */
async function recorderOver() {
  const { createEventBus } = await import('../../src/main/event-bus');
  const { createEventsRepository } = await import('../../src/main/store/events-repository');
  const { migrate } = await import('../../src/main/store/migrate');
  const { migrations } = await import('../../src/main/store/migrations');
  const { createEventRecorder } = await import('../../src/main/timeline/event-recorder');
  const temp = makeTempDir('cc-group-');
  const file = join(temp.dir, 'console.sqlite');
  const db = openDatabase(file);
  migrate(db, migrations);
  const reader = new Database(file, { readonly: true });
  cleanups.push(() => {
    reader.close();
    db.close();
    temp.remove();
  });
  const storedIds = () =>
    reader
      .prepare<[], { id: number }>('SELECT id FROM events ORDER BY id')
      .all()
      .map((row) => row.id);
  const writer = createStoreWriter(db);
  const bus = createEventBus();
  const seenAtPush: number[][] = [];
  bus.subscribe(() => seenAtPush.push(storedIds()));
  const recorder = createEventRecorder(createEventsRepository(db), bus, writer);
  return { db, writer, recorder, storedIds, seenAtPush };
}

describe('the listener beside an open group (emulator and listener share a connection)', () => {
  it('acknowledges and announces a webhook row only once the group that took it in has committed', async () => {
    const { createIngestWriter } = await import('../../src/main/listener/ingest-writer');
    const { db, writer: group, recorder, storedIds, seenAtPush } = await recorderOver();
    const writer = createIngestWriter(recorder, () => undefined);

    db.exec('CREATE TABLE marker (x)');
    // The emulator opens a group in this turn…
    const emulatorWrite = group.write(() => db.prepare('INSERT INTO marker (x) VALUES (1)').run());
    // …and the listener's row arrives in the same turn, so it joins that transaction.
    const acknowledged = writer
      .insert(() => ({ kind: 'webhook', path: '/hook' }))
      .then((summary) => ({ summary, storedAtAck: storedIds() }));
    expect(db.inTransaction).toBe(true);
    expect(seenAtPush).toEqual([]);
    const { summary, storedAtAck } = await acknowledged;
    await emulatorWrite;
    expect(storedAtAck).toContain(summary.id);
    expect(seenAtPush).toEqual([[summary.id]]);
  });
});

describe('committed when it returns (issue 17: one writer)', () => {
  it("a record made while a turn's transaction is open is on disk when record() returns, with that transaction", async () => {
    const { recorder, storedIds, seenAtPush } = await recorderOver();
    // The emulator (or the listener) opened this turn's transaction…
    const batched = recorder.inGroup(() => recorder.record({ kind: 'delivery', path: '/batched' }));
    // …and a request sent from the builder is recorded in the same turn.
    const sent = recorder.record({ kind: 'request', path: '/checkout' });
    expect(storedIds()).toContain(sent.id);
    const first = await batched;
    expect(storedIds()).toEqual([first.id, sent.id]);
    // Each push came after the commit that holds its row.
    expect(seenAtPush).toEqual([
      [first.id, sent.id],
      [first.id, sent.id],
    ]);
  });

  it('a record inside a write is part of it: undone with it, and never announced', async () => {
    const { recorder, storedIds, seenAtPush } = await recorderOver();
    const failed = recorder.inGroup(() => {
      recorder.record({ kind: 'delivery', path: '/undone' });
      throw new Error('refused');
    });
    const kept = recorder.inGroup(() => recorder.record({ kind: 'delivery', path: '/kept' }));
    await expect(failed).rejects.toThrow('refused');
    const summary = await kept;
    expect(storedIds()).toEqual([summary.id]);
    expect(seenAtPush).toEqual([[summary.id]]);
  });

  it('writeNow commits before it returns, also while another write of the turn waits for its commit', async () => {
    const { db, insert, seen } = open();
    const writer = createStoreWriter(db);
    const queued = writer.write(() => insert.run('queued'));
    writer.writeNow(() => insert.run('now'));
    expect(seen()).toEqual(['queued', 'now']);
    expect(db.inTransaction).toBe(false);
    await queued;
  });
});

describe('two writers of one file in one process (two consoles on one data directory, as tests run them)', () => {
  it("writeNow commits the other writer's open group first instead of waiting on it until the lock times out", async () => {
    const { db, insert, seen } = open();
    const second = openDatabase(db.name);
    cleanups.push(() => second.close());
    const secondInsert = second.prepare<[string]>('INSERT INTO t (v) VALUES (?)');
    const first = createStoreWriter(db);
    const other = createStoreWriter(second);
    // The first writer's group holds the write lock until the end of this turn.
    const pending = first.write(() => insert.run('grouped'));
    const started = performance.now();
    // Synchronous: were the first group left open, this would wait the whole busy timeout
    // (5 s) for a commit that can only come once it returns, and throw "database is locked".
    other.writeNow(() => secondInsert.run('now'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(seen()).toEqual(['grouped', 'now']);
    await pending;
    // Both writers go on as before.
    await first.write(() => insert.run('later'));
    expect(seen()).toEqual(['grouped', 'now', 'later']);
  });

  it('a group whose write function is still running is not committed under it', async () => {
    const { db, insert, seen } = open();
    const second = openDatabase(db.name);
    cleanups.push(() => second.close());
    const first = createStoreWriter(db);
    // A short busy timeout, so the wait that must fail here fails quickly.
    second.pragma('busy_timeout = 300');
    const other = createStoreWriter(second);
    let inside: unknown = null;
    await first.write(() => {
      insert.run('outer');
      // A second writer's writeNow from inside the first's write function cannot commit the
      // first (half its work is not done): it waits and fails as before, and nothing is split.
      try {
        other.writeNow(() => second.prepare('INSERT INTO t (v) VALUES (?)').run('inner'));
      } catch (error) {
        inside = error;
      }
      insert.run('outer, after');
    });
    expect(String(inside)).toMatch(/locked/);
    expect(seen()).toEqual(['outer', 'outer, after']);
  });
});

describe('another process holding the write lock (issue 15.4)', () => {
  it('a write waits for the lock on a timer: the event loop keeps running, and the write lands after', async () => {
    const { db, insert, seen } = open();
    const other = new Database(db.name);
    cleanups.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const group = createStoreWriter(db);
    const ticks: string[] = [];
    const write = group.write(() => insert.run('waited')).then(() => ticks.push('written'));
    // Were the wait synchronous (SQLite's busy handler), nothing below could run before the write.
    await new Promise((resolve) => setTimeout(resolve, 30));
    ticks.push('timer');
    expect(seen()).toEqual([]);
    other.exec('COMMIT');
    await write;
    expect(ticks).toEqual(['timer', 'written']);
    expect(seen()).toEqual(['waited']);
    expect(group.stats().waits).toBe(1);
  });

  it('writes that waited keep their order, and join what comes later in the same group', async () => {
    const { db, insert, seen } = open();
    const other = new Database(db.name);
    cleanups.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const group = createStoreWriter(db);
    const writes = ['1', '2', '3'].map((v) => group.write(() => insert.run(v)));
    setTimeout(() => other.exec('COMMIT'), 20);
    await Promise.all(writes);
    await group.write(() => insert.run('4'));
    expect(seen()).toEqual(['1', '2', '3', '4']);
  });

  it('gives up after the wait limit with DatabaseBusyError, counted; later writes still go through', async () => {
    const { DatabaseBusyError } = await import('../../src/main/store/write-lock');
    const { db, insert, seen } = open();
    const other = new Database(db.name);
    cleanups.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const group = createStoreWriter(db, { maxWaitMs: 50 });
    await expect(group.write(() => insert.run('lost'))).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(group.stats().gaveUp).toBe(1);
    other.exec('COMMIT');
    await group.write(() => insert.run('kept'));
    expect(seen()).toEqual(['kept']);
  });
});

// A one-off write (`profiles set`, `emulator pay`) under another process's lock failed with
// SQLite's bare "database is locked": not who held it, how long it waited, nor what to do.
describe('the store writer: a one-off write another process keeps waiting', () => {
  it('writeNow fails with DatabaseBusyError, saying how long it waited and to try again', async () => {
    const { DatabaseBusyError } = await import('../../src/main/store/write-lock');
    const { db, insert, seen } = open();
    db.pragma('busy_timeout = 200');
    const other = new Database(db.name);
    cleanups.push(() => other.close());
    other.exec('BEGIN IMMEDIATE');
    const group = createStoreWriter(db);
    let thrown: unknown = null;
    try {
      group.writeNow(() => insert.run('lost'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DatabaseBusyError);
    const words =
      /The database stayed locked by another process for (\d+) ms; nothing was written: try again once it is done\./.exec(
        String(thrown),
      );
    // The time it waited, the busy timeout of 200 ms at least; a loaded machine stretches it (437 ms
    // on CI's neighbour), so no tight upper bound: only that it is not a made-up figure.
    expect(Number(words?.[1])).toBeGreaterThanOrEqual(150);
    expect(Number(words?.[1])).toBeLessThan(30_000);
    other.exec('COMMIT');
    group.writeNow(() => insert.run('kept'));
    expect(seen()).toEqual(['kept']);
  });

  it('tryWriteNow writes when the lock is free and answers null at once when it is not', () => {
    const { db, insert, seen } = open();
    const other = new Database(db.name);
    cleanups.push(() => other.close());
    const group = createStoreWriter(db);
    expect(group.tryWriteNow(() => insert.run('free').changes)).toEqual({ result: 1 });
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    expect(group.tryWriteNow(() => insert.run('held'))).toBeNull();
    expect(performance.now() - started).toBeLessThan(100);
    other.exec('COMMIT');
    expect(seen()).toEqual(['free']);
  });

  it('says which consoles run on the data directory, when it knows', async () => {
    const { databaseBusyWords } = await import('../../src/main/store/write-lock');
    expect(databaseBusyWords(5012.4, ['checkout-console listen (pid 41)', 'the desktop app (pid 7)'])).toBe(
      'The database stayed locked by another process for 5012 ms (running on this data directory: checkout-console listen (pid 41), the desktop app (pid 7)); nothing was written: try again once it is done.',
    );
    expect(databaseBusyWords(null, [])).toBe(
      'The database stayed locked by another process; nothing was written: try again once it is done.',
    );
  });
});

// A commit that fails (a full disk: SQLite writes the pages at commit) rolled the write back,
// but writeNow returned as if it were stored: `profiles set` answered "Updated" and the edit was
// gone, and the text index's catch-up at exit looped for ever on a batch that never stayed
// written, so `listen` ignored Ctrl+C and an import never ended. A constraint checked only at
// commit (a deferred foreign key) fails the commit the same way, on any disk.
describe('the store writer: a commit that fails', () => {
  function withDeferredCheck() {
    const opened = open();
    opened.db.pragma('foreign_keys = ON');
    opened.db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (id INTEGER PRIMARY KEY,
        parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`);
    const orphan = opened.db.prepare('INSERT INTO child (parent_id) VALUES (42)');
    return { ...opened, orphan };
  }

  it('writeNow throws what the commit threw, and nothing it wrote stays', () => {
    const { db, insert, orphan, seen } = withDeferredCheck();
    const writer = createStoreWriter(db);
    expect(() =>
      writer.writeNow(() => {
        insert.run('lost');
        orphan.run();
      }),
    ).toThrow(/FOREIGN KEY constraint failed/);
    expect(seen()).toEqual([]);
    expect(db.inTransaction).toBe(false);
    // The writer goes on: the next write is stored.
    writer.writeNow(() => insert.run('kept'));
    expect(seen()).toEqual(['kept']);
  });

  it('the writes of the group it held are rejected too, each by its own promise', async () => {
    const { db, insert, orphan, seen } = withDeferredCheck();
    const writer = createStoreWriter(db);
    const queued = writer.write(() => insert.run('queued'));
    expect(() => writer.writeNow(() => orphan.run())).toThrow(/FOREIGN KEY/);
    await expect(queued).rejects.toThrow(/FOREIGN KEY/);
    expect(seen()).toEqual([]);
  });
});

describe('one savepoint per write (issue 20: the emulator ran its insert in two)', () => {
  /** A file with a table whose `v` is unique, its statements logged as SQLite runs them. */
  function logged() {
    const temp = makeTempDir('cc-savepoints-');
    const file = join(temp.dir, 'logged.sqlite');
    const statements: string[] = [];
    const db = new Database(file, { verbose: (sql) => statements.push(String(sql)) });
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)');
    const reader = new Database(file, { readonly: true });
    cleanups.push(() => {
      reader.close();
      db.close();
      temp.remove();
    });
    const insert = db.prepare<[string]>('INSERT INTO t (v) VALUES (?)');
    const seen = () =>
      reader
        .prepare<[], { v: string }>('SELECT v FROM t ORDER BY id')
        .all()
        .map((row) => row.v);
    const savepoints = () => statements.filter((sql) => sql.startsWith('SAVEPOINT')).length;
    return { db, insert, seen, statements, savepoints };
  }

  it("a one-statement repository write inside a write takes only that write's savepoint", async () => {
    const { db, insert, seen, statements, savepoints } = logged();
    const writer = createStoreWriter(db);
    const repository = writesThrough(writer, { add: (v: string) => void insert.run(v) }, [], ['add']);
    statements.length = 0;
    await writer.write(() => repository.add('a'));
    expect(savepoints()).toBe(1);
    expect(seen()).toEqual(['a']);
  });

  it("a failed one is undone with its write by that write's savepoint; the turn's other writes commit", async () => {
    const { db, insert, seen } = logged();
    const writer = createStoreWriter(db);
    const repository = writesThrough(writer, { add: (v: string) => void insert.run(v) }, [], ['add']);
    await writer.write(() => repository.add('a'));
    // The write's own row first, then the repository's insert fails (v is unique).
    const failed = writer.write(() => {
      insert.run('b');
      repository.add('a');
    });
    const kept = writer.write(() => repository.add('c'));
    await expect(failed).rejects.toThrow(/UNIQUE/);
    await kept;
    expect(seen()).toEqual(['a', 'c']);
  });

  it('alone, outside any write, it is committed when it returns, and a failed one leaves nothing', () => {
    const { db, insert, seen } = logged();
    const writer = createStoreWriter(db);
    const repository = writesThrough(writer, { add: (v: string) => void insert.run(v) }, [], ['add']);
    repository.add('a');
    expect(seen()).toEqual(['a']);
    expect(() => repository.add('a')).toThrow(/UNIQUE/);
    expect(db.inTransaction).toBe(false);
    repository.add('b');
    expect(seen()).toEqual(['a', 'b']);
  });
});
