import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveAddressRecords, type AddressRecord } from '../../src/main/running-addresses/address-record';
import { processStartOf } from '../../src/main/running-addresses/process-identity';
import { sampleRecord, writtenRecord } from './helpers/address-records';
import { makeTempDir } from './helpers/temp-console';

// The address records say where a data directory's processes run their listener and emulator.
// A record outlives a process that crashed, and the OS may hand its pid to another process: such
// a record must never be believed, whatever it says.

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = makeTempDir()));
afterEach(() => remove());

const record = sampleRecord;
const written = (value: AddressRecord) => writtenRecord(dir, value);

/** The pid of a process that ran and is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

describe('address records', () => {
  it('a record of a running process is read back', () => {
    written(record());
    expect(liveAddressRecords(dir)).toEqual([record({ updatedAt: expect.any(String) as string })]);
  });

  it('a record of a process that is gone is ignored and removed', async () => {
    const path = written(record({ pid: await deadPid() }));
    expect(liveAddressRecords(dir)).toEqual([]);
    expect(existsSync(path)).toBe(false);
  });

  it.runIf(process.platform !== 'win32')(
    'a record whose pid now names another process (started at another time) is ignored and removed',
    () => {
      const path = written(record({ processStart: 'a process that started at another time' }));
      expect(liveAddressRecords(dir)).toEqual([]);
      expect(existsSync(path)).toBe(false);
    },
  );

  it("a half-written record a crashed process left (its .tmp) is removed; a live process's is left alone", async () => {
    const dead = join(dir, `running-${await deadPid()}-0badf00d.json.tmp`);
    const live = join(dir, `running-${process.pid}-0badf00d.json.tmp`);
    writeFileSync(dead, '{"version":', { mode: 0o600 });
    writeFileSync(live, '{"version":', { mode: 0o600 });
    expect(liveAddressRecords(dir)).toEqual([]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });

  it('two consoles of one process each keep their own record', () => {
    written(record());
    written(record({ listener: null }));
    expect(readdirSync(dir)).toHaveLength(2);
    expect(liveAddressRecords(dir)).toHaveLength(2);
  });

  it('a record naming anything but a loopback address, or one others may write, is not believed', () => {
    const path = join(dir, `running-${process.pid}-00000000.json`);
    writeFileSync(
      path,
      JSON.stringify({
        ...record(),
        listener: { url: 'http://example.com:80', profileId: 1, profileName: 'L' },
      }),
      { mode: 0o600 },
    );
    expect(liveAddressRecords(dir)).toEqual([]);
    if (process.platform !== 'win32') {
      const loose = written(record());
      chmodSync(loose, 0o666);
      expect(liveAddressRecords(dir)).toEqual([]);
    }
  });
});

describe.skipIf(process.platform === 'win32')('a record that is not a small regular file', () => {
  // A reader is every `send` and `emulator pay` (and a console's send): a named pipe under a
  // record's name made its synchronous read wait for a writer for ever, and /dev/zero read until
  // memory ran out. Here a writer gives the pipe a valid record, so the read ends either way.
  it('a named pipe is not read, nor believed', async () => {
    const path = join(dir, `running-${process.pid}-0000fifo.json`);
    execFileSync('mkfifo', ['-m', '600', path]);
    const text = JSON.stringify(record());
    const writer = spawn('sh', ['-c', 'printf %s "$1" > "$2"', 'sh', text, path], { stdio: 'ignore' });
    try {
      expect(liveAddressRecords(dir)).toEqual([]);
    } finally {
      writer.kill('SIGKILL');
      await new Promise((resolve) => writer.once('exit', resolve));
    }
  });

  it('a record larger than a record can be is not read whole, nor believed', () => {
    const path = join(dir, `running-${process.pid}-0000huge.json`);
    writeFileSync(path, `${JSON.stringify(record())}${' '.repeat(1024 * 1024)}`, { mode: 0o600 });
    expect(liveAddressRecords(dir)).toEqual([]);
  });
});

describe('processStartOf', () => {
  // macOS's ps names the start in local time and the locale's words: a terminal with another TZ
  // (or LANG) than the desktop app read another start for the same process, took its pid for
  // reused, and removed the live console's record. procps' ps prints lstart the same way.
  it.runIf(process.platform !== 'win32')(
    "names a process the same way whatever the reader's time zone",
    () => {
      const saved = process.env['TZ'];
      try {
        process.env['TZ'] = 'UTC';
        const utc = processStartOf(process.pid, 'darwin');
        process.env['TZ'] = 'Asia/Tokyo';
        const tokyo = processStartOf(process.pid, 'darwin');
        expect(utc).not.toBeNull();
        expect(tokyo).toBe(utc);
      } finally {
        if (saved === undefined) delete process.env['TZ'];
        else process.env['TZ'] = saved;
      }
    },
  );

  it.runIf(process.platform !== 'win32')(
    'names a process the same way each time, and another process otherwise',
    async () => {
      const mine = processStartOf(process.pid);
      expect(mine).not.toBeNull();
      expect(processStartOf(process.pid)).toBe(mine);
      const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      try {
        expect(processStartOf(child.pid ?? 0)).not.toBe(mine);
      } finally {
        child.kill('SIGKILL');
      }
      expect(processStartOf(await deadPid())).toBeNull();
    },
  );
});
