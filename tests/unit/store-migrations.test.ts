import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { hashMigration, migrate, MigrationHashMismatchError } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { openDatabase } from '../../src/main/store/connection';
import { makeTempDir } from './helpers/temp-console';
import { join } from 'node:path';

describe('migrations', () => {
  it('applies every migration once, in order, and records its hash', () => {
    const db = new Database(':memory:');
    expect(migrate(db, migrations).applied).toEqual(migrations.map((m) => m.name));
    expect(migrate(db, migrations).applied).toEqual([]);
    const rows = db.prepare('SELECT id, sha256 FROM schema_migrations ORDER BY id').all();
    expect(rows).toEqual(migrations.map((m) => ({ id: m.id, sha256: hashMigration(m.sql) })));
  });

  it('fails loudly when an applied migration was edited', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    const [first, ...rest] = migrations;
    if (first === undefined) throw new Error('no migrations');
    const edited = [{ ...first, sql: `${first.sql}\n-- edited` }, ...rest];
    expect(() => migrate(db, edited)).toThrow(MigrationHashMismatchError);
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
