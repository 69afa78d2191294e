import { spawn } from 'node:child_process';
import { existsSync, utimesSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cachedLiveAddressRecords,
  directoryStamp,
  SETTLED_AFTER_MS,
} from '../../src/main/running-addresses/address-record-cache';
import {
  readAddressRecordFiles,
  removeAddressRecord,
  writeAddressRecord,
  type AddressRecord,
} from '../../src/main/running-addresses/address-record';
import { createIdentityCheck, processStartOf } from '../../src/main/running-addresses/process-identity';
import { sampleRecord, writtenRecord } from './helpers/address-records';
import { makeTempDir } from './helpers/temp-console';

// A console's every send whose own listener does not run for the profile asked where another
// console runs it, and read the data directory for it each time: a listing and a file per
// record. The last read is now kept while the directory shows no change; a record whose process
// is gone is still never believed.

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = makeTempDir('cc-records-cache-')));
afterEach(() => remove());

/** Records of this process, without the emulator: only listeners are looked up here. */
const record = (overrides: Partial<AddressRecord> = {}) => sampleRecord({ emulator: null, ...overrides });
const written = (value: AddressRecord) => writtenRecord(dir, value);

/**
 * The directory as it stood `minutesAgo`: its times set back, each change to its own minute. A
 * test's changes follow each other within one kernel tick, which a real directory's time does not
 * tell apart; the cache waits such a change out (see the test of a directory changed just now).
 */
const settle = (minutesAgo: number) => {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(dir, at, at);
};

/** The cached lookup over the real reader, counting its reads. */
function countingLookup(deps: Parameters<typeof cachedLiveAddressRecords>[1] = {}) {
  const reads = { count: 0 };
  const lookup = cachedLiveAddressRecords(dir, {
    read: (dataDir) => {
      reads.count += 1;
      return readAddressRecordFiles(dataDir);
    },
    ...deps,
  });
  const ports = () => lookup().map((found) => found.listener?.url);
  return { reads, ports };
}

describe('the live address records, kept between lookups', () => {
  it('a second lookup of an unchanged directory does not read it again; a new or removed record is seen at the next', () => {
    const first = written(record());
    settle(30);
    const { reads, ports } = countingLookup();
    expect(ports()).toEqual(['http://127.0.0.1:4455']);
    expect(ports()).toEqual(['http://127.0.0.1:4455']);
    expect(reads.count).toBe(1);

    written(record({ listener: { url: 'http://127.0.0.1:4456', profileId: 2, profileName: 'Other' } }));
    settle(20);
    expect(ports().sort()).toEqual(['http://127.0.0.1:4455', 'http://127.0.0.1:4456']);
    expect(reads.count).toBe(2);

    removeAddressRecord(first);
    settle(10);
    expect(ports()).toEqual(['http://127.0.0.1:4456']);
    expect(ports()).toEqual(['http://127.0.0.1:4456']);
    expect(reads.count).toBe(3);
  });

  it('a directory changed just now is read again at every lookup: a change within the same tick would not show', () => {
    written(record());
    const changedAt = new Date('2026-11-29T08:00:00.000Z');
    utimesSync(dir, changedAt, changedAt);
    let now = changedAt.getTime() + SETTLED_AFTER_MS - 1;
    const { reads, ports } = countingLookup({ now: () => now });
    ports();
    ports();
    expect(reads.count).toBe(2);
    now = changedAt.getTime() + SETTLED_AFTER_MS + 1;
    ports();
    ports();
    expect(reads.count).toBe(3);
  });

  it('a record whose process has died is not believed at the next lookup, though the directory did not change, and is removed', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const pid = child.pid ?? 0;
    const path = written(record({ pid, processStart: processStartOf(pid) }));
    settle(30);
    const { reads, ports } = countingLookup();
    expect(ports()).toEqual(['http://127.0.0.1:4455']);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(ports()).toEqual([]);
    expect(reads.count).toBe(1);
    expect(existsSync(path)).toBe(false);
  });

  it.runIf(process.platform !== 'win32')(
    'a record whose pid now names another process (started at another time) is not believed, and is removed',
    () => {
      const path = written(record({ processStart: 'a process that started at another time' }));
      settle(30);
      const { ports } = countingLookup();
      expect(ports()).toEqual([]);
      expect(existsSync(path)).toBe(false);
    },
  );

  it('publishing a record again changes the directory’s stamp: the writer renames, never rewrites in place', () => {
    const path = written(record());
    settle(30);
    const before = directoryStamp(dir);
    writeAddressRecord(path, record({ emulator: { url: 'http://127.0.0.1:4010' } }));
    expect(directoryStamp(dir)?.key).not.toBe(before?.key);
  });
});

describe('the identity of a record’s process, confirmed for a while', () => {
  function check() {
    const calls = { startOf: 0 };
    const state = { now: 1_000_000, alive: true, start: 'A' };
    const same = createIdentityCheck({
      confirmedForMs: 2_000,
      now: () => state.now,
      pidAlive: () => state.alive,
      startOf: () => {
        calls.startOf += 1;
        return state.start;
      },
    });
    return { calls, state, same };
  }

  it('asks whether the pid is alive every time, and its start only once the confirmation is older than allowed', () => {
    const { calls, state, same } = check();
    expect(same(42, 'A')).toBe(true);
    expect(same(42, 'A')).toBe(true);
    expect(calls.startOf).toBe(1);
    state.alive = false;
    expect(same(42, 'A')).toBe(false);
  });

  it('a pid given to another process is found out once the confirmation has lapsed', () => {
    const { calls, state, same } = check();
    expect(same(42, 'A')).toBe(true);
    state.start = 'B';
    state.now += 2_000;
    expect(same(42, 'A')).toBe(false);
    expect(calls.startOf).toBe(2);
  });
});
