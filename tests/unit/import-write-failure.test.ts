import { afterEach, describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/main/history/import-file';
import { importRoomProblem } from '../../src/main/history/import-room';
import { writeImported } from '../../src/main/history/import-writer';
import { withConsoleFile } from './helpers/console-file';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An export of `count` records; every third a replay of the record after it. */
function exportOf(count: number): { uid: string; line: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const uid = `r-${index}`;
    const record = {
      uid,
      kind: index % 3 === 0 ? 'replay' : 'webhook',
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
      method: 'POST',
      path: '/hooks',
      request_body: JSON.stringify({ order_reference_id: `R-${index}`, pad: 'x'.repeat(500) }),
      related_uid: index % 3 === 0 && index + 1 < count ? `r-${index + 1}` : null,
    };
    return { uid, line: JSON.stringify(record) };
  });
}

/**
 * The fault a full disk causes, injected as the listener's tests inject it (a trigger): SQLite
 * writes a transaction's pages when it commits, so a full disk fails the commit and the whole
 * transaction is undone. A deferred foreign key fails the commit the same way, once `when`
 * holds for a record written in it.
 */
const FAIL_COMMIT = (when: string, on = 'INSERT') => `
  CREATE TABLE IF NOT EXISTS fault_parent (id INTEGER PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS fault_child (
    parent INTEGER REFERENCES fault_parent (id) DEFERRABLE INITIALLY DEFERRED);
  CREATE TRIGGER fail_commit AFTER ${on} ON events WHEN ${when} BEGIN
    INSERT INTO fault_child VALUES (1);
  END;`;
/** The undo on the same full disk: every delete refused as the disk refuses it. */
const REFUSE_UNDO = `CREATE TRIGGER refuse_undo BEFORE DELETE ON events BEGIN
  SELECT RAISE(ABORT, 'database or disk is full'); END;`;

async function freshConsole() {
  const open = await openTempConsole();
  cleanups.push(() => open.dispose());
  return open;
}

const storedOf = (dataDir: string, prefix = 'r-') =>
  withConsoleFile(dataDir, (db) =>
    db
      .prepare<[string], { n: number }>("SELECT count(*) AS n FROM events WHERE uid LIKE ? || '%'")
      .get(prefix),
  )?.n;

describe('an import whose writing fails', () => {
  it('counts only the records whose transaction committed, and says exactly how many remain when they cannot be removed', async () => {
    const open = await freshConsole();
    withConsoleFile(open.dataDir, (db) => db.exec(`${FAIL_COMMIT("new.uid = 'r-250'")}${REFUSE_UNDO}`));
    const { records } = readImportFile(
      exportOf(300)
        .map(({ line }) => `${line}\n`)
        .join(''),
    );
    const failure = writeImported(
      {
        history: open.core.store.history,
        recorder: open.core.recorder,
        dataVersion: open.core.store.dataVersion,
        // One record a transaction, so the failing one is alone in the chunk that rolls back.
        chunkMs: 0,
        pauseMs: 0,
      },
      records,
    );
    // r-250's transaction was rolled back: 250 records stayed, never 251.
    await expect(failure).rejects.toThrow(
      /^The import stopped: FOREIGN KEY constraint failed\. 250 records of this file remain; importing it again skips them\.$/,
    );
    expect(storedOf(open.dataDir)).toBe(250);
  });

  it('removes what it wrote again when it can: nothing of the file stays, and the command says nothing was imported', async () => {
    const open = await freshConsole();
    await open.core.close();
    // Every record is in; the links, written last, fail to commit.
    withConsoleFile(open.dataDir, (db) =>
      db.exec(FAIL_COMMIT('new.related_id IS NOT NULL', 'UPDATE OF related_id')),
    );
    const text = `${exportOf(30)
      .map(({ line }) => line)
      .join('\n')}\n`;
    const run = await runCliCaptured(['--data-dir', open.dataDir, 'import', '-'], text);
    expect(run.stderr).toBe('-: nothing imported. The import stopped: FOREIGN KEY constraint failed.\n');
    expect(run.code).toBe(1);
    expect(storedOf(open.dataDir)).toBe(0);
  });

  it('never says "nothing imported" while records of the file remain: it names how many', async () => {
    const open = await freshConsole();
    await open.core.close();
    withConsoleFile(open.dataDir, (db) =>
      db.exec(`${FAIL_COMMIT('new.related_id IS NOT NULL', 'UPDATE OF related_id')}${REFUSE_UNDO}`),
    );
    const text = `${exportOf(30)
      .map(({ line }) => line)
      .join('\n')}\n`;
    const run = await runCliCaptured(['--data-dir', open.dataDir, 'import', '-'], text);
    expect(run.stderr).toBe(
      '-: The import stopped: FOREIGN KEY constraint failed. 30 records of this file remain; importing it again skips them.\n',
    );
    expect(run.code).toBe(1);
    expect(storedOf(open.dataDir)).toBe(30);
    // As said: once the disk has room again, importing the file again skips them.
    withConsoleFile(open.dataDir, (db) => db.exec('DROP TRIGGER fail_commit; DROP TRIGGER refuse_undo;'));
    const again = await runCliCaptured(['--data-dir', open.dataDir, 'import', '-'], text);
    expect(again.stdout).toBe('Imported 0 records from - (ndjson); 30 already stored, skipped.\n');
  });
});

describe('an import the disk has no room for', () => {
  const MIB = 1024 * 1024;
  // A 5 MiB file on a 3 MB disk stopped half-way, and the undo had no room either.
  it('is refused before anything is written, saying how much room it needs', () => {
    expect(importRoomProblem(2.9 * MIB, 5 * MIB)).toBe(
      'The disk holding the data directory has 2.90 MiB free; importing this file (5 MiB) needs about 14 MiB, room for its records and for removing them again should writing fail. Free some space and import it again.',
    );
    expect(importRoomProblem(14 * MIB, 5 * MIB)).toBeNull();
  });
});

// `import --help` promised "(all of it, or nothing)", but an import killed half-way (kill -9 a
// few seconds into 20,000 records) keeps what it committed, as docs/data-safety.md says.
describe('import --help', () => {
  it('says a bad file writes nothing, and that a killed import keeps what it wrote', async () => {
    // As a person reads it, whatever the width it is wrapped at.
    const help = (await runCliCaptured(['import', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).not.toContain('all of it, or nothing');
    expect(help).toContain('a bad file writes nothing');
    expect(help).toContain('an import killed half-way keeps what it wrote');
  });
});
