import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newRecordPath, writeAddressRecord } from '../../src/main/running-addresses/address-record';
import { openDatabase } from '../../src/main/store/connection';
import { createEventsRepository } from '../../src/main/store/events-repository';
import { createCheckout } from './helpers/order-events';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

// Waits of 0.5 s and 1 s, not the defaults' 5 s (SQLite's own) and 10 s (the write queue's): what
// a command says once they pass is the same, and each test no longer waits them out whole.
const run = (dataDir: string, args: string[]) =>
  runCliCaptured(['--data-dir', dataDir, ...args], '', {
    lockWaits: { syncBusyTimeoutMs: 500, lockWaitMs: 1_000 },
  });

// With another process holding the write lock (an import, a script's BEGIN IMMEDIATE),
// `profiles set` and `emulator pay` printed SQLite's bare "error: database is locked": not that
// another process held it, which consoles run there, how long it waited, nor to try again.
describe('a command whose write another process keeps waiting', () => {
  it('says another process held the database, which consoles run there, how long it waited, and to try again', async () => {
    const temp = makeTempDir('cc-busy-');
    cleanups.push(temp.remove);
    expect((await run(temp.dir, ['profiles', 'list'])).code).toBe(0);
    // A console another process runs on the data directory, as its running-*.json says.
    writeAddressRecord(newRecordPath(temp.dir, process.ppid), {
      version: 1,
      pid: process.ppid,
      processStart: null,
      process: 'checkout-console listen',
      listener: null,
      emulator: null,
      updatedAt: new Date().toISOString(),
    });
    const holder = new Database(join(temp.dir, 'console.sqlite'));
    cleanups.push(() => holder.close());
    holder.exec('BEGIN IMMEDIATE');
    const result = await run(temp.dir, ['profiles', 'set', 'Sandbox', '--token-minutes', '16']);
    holder.exec('ROLLBACK');
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: The database stayed locked by another process for \\d+ ms \\(running on this data directory: checkout-console listen \\(pid ${process.ppid}\\)\\); nothing was written: try again once it is done\\.\\n$`,
      ),
    );
    expect(result.code).toBe(1);
  }, 20_000);

  // `orders` refreshes the orders table before it reads, and failed so: a listing reads what is
  // derived and says it may be behind (docs/data-safety.md: any number read while one writes).
  it('`orders` lists what is derived, saying it may be behind, instead of failing', async () => {
    const temp = makeTempDir('cc-busy-');
    cleanups.push(temp.remove);
    expect((await run(temp.dir, ['profiles', 'list'])).code).toBe(0);
    // A record another process stored, whose order is not derived yet.
    const other = openDatabase(join(temp.dir, 'console.sqlite'));
    createEventsRepository(other).insert(
      createCheckout('0f8fad5b-d9cb-469f-a165-70867728950e', 'REF-A', 1_000),
    );
    other.close();
    const holder = new Database(join(temp.dir, 'console.sqlite'));
    cleanups.push(() => holder.close());
    holder.exec('BEGIN IMMEDIATE');
    const result = await run(temp.dir, ['orders', '--limit', '2']);
    holder.exec('ROLLBACK');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('No orders.\n');
    expect(result.stderr).toMatch(
      /^warning: listed as derived so far, which may be behind the newest records: The database stayed locked by another process for \d+ ms; nothing was written: try again once it is done\.\n$/,
    );
    // Once the lock is free, the order is there.
    expect((await run(temp.dir, ['orders', '--json'])).stdout).toContain('REF-A');
  }, 40_000);
});
