import { openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsole } from '../../src/main/app';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * A console.sqlite damaged inside (4 KiB overwritten at offset 8192, as a bad sector or a copy
 * cut short leaves it) printed only SQLite's `database disk image is malformed`: no file named,
 * no remedy, where a truncated file got the console's words. Both are the one wording.
 */
const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

/** A data directory the console made and closed, with its database's third page overwritten. */
async function corruptedDataDir(): Promise<{ dir: string; file: string; bytes: Buffer }> {
  const temp = makeTempDir();
  temps.push(temp);
  const dir = join(temp.dir, 'data');
  const setup = await createConsole({
    dataDir: dir,
    frontDoor: 'cli',
    keychain: 'off',
    startEmulator: false,
  });
  await setup.close();
  const file = join(dir, 'console.sqlite');
  const fd = openSync(file, 'r+');
  // Not random (a test must fail the same way every run): a page of 0xA5, which no b-tree page is.
  writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 8192);
  closeSync(fd);
  return { dir, file, bytes: readFileSync(file) };
}

describe('a damaged console.sqlite', () => {
  it.each([
    ['history'],
    ['profiles', 'list'],
    ['export', '--format', 'json'],
    ['listen', '--port', '0'],
    ['serve', '--port', '0', '--no-open'],
  ])('%s names the file and says what to do, in the words a truncated one gets', async (...command) => {
    const { dir, file, bytes } = await corruptedDataDir();
    const run = await runCliCaptured([...command, '--data-dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file} is not a database this console can read (SQLite: `);
    expect(run.stderr).toContain('Nothing in it was changed: move it aside');
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});

// A damaged page a command reads later, through the dispatcher (history's listing, an export),
// came back as a `failed` result saying only SQLite's words, which the CLI printed as they were:
// the result carries the one wording, naming the file.
describe('a damaged page found at run time', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is said by the dispatcher in the words opening it would have used', async () => {
    const { core, dataDir, dispose } = await openTempConsole({ startEmulator: false });
    try {
      const damaged = Object.assign(new Error('database disk image is malformed'), {
        code: 'SQLITE_CORRUPT',
      });
      vi.spyOn(core.profiles, 'snapshot').mockImplementation(() => {
        throw damaged;
      });
      const result = await core.dispatcher('listProfiles', {}, { transport: 'direct' });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'failed',
          message: `${join(dataDir, 'console.sqlite')} is not a database this console can read (SQLite: database disk image is malformed). Nothing in it was changed: move it aside, or choose another data directory with --data-dir or CHECKOUT_CONSOLE_DATA_DIR.`,
        },
      });
    } finally {
      vi.restoreAllMocks();
      await dispose();
    }
  });
});
