import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  hashMigration,
  migrate,
  MigrationHashMismatchError,
  NewerDatabaseError,
} from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { openDatabase } from '../../src/main/store/connection';
import { makeTempDir } from './helpers/temp-console';
import { createScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import { RUN_INTERRUPTED_AFTER_MS } from '../../src/shared/scenarios/stored-runs';
import { join } from 'node:path';

describe('migrations', () => {
  it('applies every migration once, in order, and records its hash', () => {
    const db = new Database(':memory:');
    expect(migrate(db, migrations).applied).toEqual(migrations.map((m) => m.name));
    expect(migrate(db, migrations).applied).toEqual([]);
    const rows = db.prepare('SELECT id, sha256 FROM schema_migrations ORDER BY id').all();
    expect(rows).toEqual(migrations.map((m) => ({ id: m.id, sha256: hashMigration(m.sql) })));
  });

  it('017 rebuilds the emulator outbox keeping every row and column, and takes unsent rows after', () => {
    const db = new Database(':memory:');
    const before = migrations.filter((m) => m.id < 17);
    migrate(db, before);
    db.prepare(
      `INSERT INTO emulator_outbox (order_id, event_type, url, body, faults, attempts, max_attempts,
        next_attempt_at_ms, status, last_status, last_error, created_at_ms, updated_at_ms, lease_owner,
        lease_until_ms) VALUES ('o', 'order_approved', 'http://127.0.0.1:1/n', '{}', '{}', 2, 5, 9, 'pending',
        503, 'busy', 1, 2, 'p:1', 10)`,
    ).run();
    const row = db.prepare('SELECT * FROM emulator_outbox').get();
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 17),
      ).applied,
    ).toEqual(['017-outbox-unsent']);
    expect(db.prepare('SELECT * FROM emulator_outbox').get()).toEqual(row);
    db.prepare(
      `INSERT INTO emulator_outbox (order_id, event_type, url, body, faults, max_attempts, status,
        created_at_ms, updated_at_ms) VALUES ('o', 'order_declined', NULL, '{}', '{}', 0, 'unsent', 3, 3)`,
    ).run();
    expect(() =>
      db
        .prepare(
          `INSERT INTO emulator_outbox (order_id, event_type, url, body, faults, max_attempts, status,
          created_at_ms, updated_at_ms) VALUES ('o', 'x', NULL, '{}', '{}', 0, 'lost', 3, 3)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'emulator_outbox' ORDER BY name",
      )
      .all();
    expect(indexes).toEqual([{ name: 'emulator_outbox_due' }, { name: 'emulator_outbox_order' }]);
  });

  it('018 gives a run stored as running before it no mark, so it reads as interrupted once old', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id < 18),
    );
    db.prepare(
      `INSERT INTO scenario_runs (uid, started_ms, front_door, profile_name) VALUES ('u', 1000, 'cli', 'Local')`,
    ).run();
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 18),
      ).applied,
    ).toEqual(['018-scenario-run-alive']);
    // Read as today's console reads it (with the migrations after this one).
    migrate(db, migrations);
    const runs = createScenarioRunsRepository(db);
    expect(runs.get(1, 1000 + RUN_INTERRUPTED_AFTER_MS)?.status).toBe('running');
    expect(runs.get(1, 2000 + RUN_INTERRUPTED_AFTER_MS)?.status).toBe('interrupted');
  });

  it('019 gives orders known_from and marks every order to be derived again', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id < 19),
    );
    db.prepare("INSERT INTO orders (order_id, stale, record_count) VALUES ('o-1', 0, 2)").run();
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 19),
      ).applied,
    ).toEqual(['019-orders-known-from']);
    expect(db.prepare("SELECT stale, known_from FROM orders WHERE order_id = 'o-1'").get()).toEqual({
      stale: 1,
      known_from: 'service',
    });
  });

  it('020 keeps where a run read its files from; a run stored before reads as having no source', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.id < 20),
    );
    db.prepare(
      `INSERT INTO scenario_runs (uid, started_ms, front_door, profile_name, paths, status)
       VALUES ('before', 1000, 'cli', 'Local', '["scenarios"]', 'failed')`,
    ).run();
    expect(
      migrate(
        db,
        migrations.filter((m) => m.id <= 20),
      ).applied,
    ).toEqual(['020-scenario-run-source']);
    const runs = createScenarioRunsRepository(db);
    expect(runs.get(1)?.source).toBeNull();
    const id = runs.startRun({
      uid: 'after',
      startedMs: 2000,
      frontDoor: 'browser',
      profileId: null,
      profileName: 'Local',
      paths: ['scenarios'],
      source: { kind: 'folder', folder: '/work/scenarios' },
    });
    expect(runs.get(id)?.source).toEqual({ kind: 'folder', folder: '/work/scenarios' });
  });

  it('fails loudly when an applied migration was edited', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    const [first, ...rest] = migrations;
    if (first === undefined) throw new Error('no migrations');
    const edited = [{ ...first, sql: `${first.sql}\n-- edited` }, ...rest];
    expect(() => migrate(db, edited)).toThrow(MigrationHashMismatchError);
  });

  it('refuses a database a newer build migrated, naming both, and writes nothing', () => {
    // An older build went on writing rows that left out the newer columns (an outbox row with no
    // run owner, sent later to a dead run's port): it must not open the database at all.
    const db = new Database(':memory:');
    // The build before the newest migration, on a database the newest build migrated.
    const known = migrations.slice(0, -1);
    const newest = migrations.at(-1)?.name ?? '';
    const newestKnown = known.at(-1)?.name ?? '';
    migrate(db, migrations);
    const before = db.prepare('SELECT * FROM schema_migrations ORDER BY id').all();
    const changes = db.prepare('SELECT total_changes() AS n').pluck();
    const written = changes.get();
    expect(() => migrate(db, known)).toThrow(NewerDatabaseError);
    expect(() => migrate(db, known)).toThrow(
      `This database was written by a newer checkout-console: it has migration ${newest}, which this build does not know (it knows up to ${newestKnown}). Nothing was written`,
    );
    expect(changes.get()).toBe(written);
    expect(db.prepare('SELECT * FROM schema_migrations ORDER BY id').all()).toEqual(before);
  });

  it('rolls back a failing migration entirely', () => {
    const db = new Database(':memory:');
    const broken = [{ id: 1, name: '001-broken', sql: 'CREATE TABLE a (x); CREATE TABLE a (y);' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").get()).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({ n: 0 });
  });

  it('opens files in WAL mode', () => {
    const temp = makeTempDir();
    try {
      const db = openDatabase(join(temp.dir, 'x.sqlite'));
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    } finally {
      temp.remove();
    }
  });
});
