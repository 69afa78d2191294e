import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  controlFilePath,
  isProcessAlive,
  readControlFiles,
  writeControlFile,
  type ControlFile,
} from '../../src/main/browser-mode/control-file';
import { findServingConsoles } from '../../src/main/browser-mode/launch-link-client';
import { makeTempDir } from './helpers/temp-console';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('cc-control-');
});
afterEach(() => temp.remove());

const control = (pid: number, port = 4400): ControlFile => ({
  version: 1,
  pid,
  origin: `http://127.0.0.1:${port}`,
  secret: 'a'.repeat(43),
  startedAt: '2026-11-25T04:00:00.000Z',
});

/** The pid of a process that has exited (so nothing answers to it). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

describe('the serve control file', () => {
  it.skipIf(process.platform === 'win32')('is written readable and writable by its owner only (0600)', () => {
    // A permissive umask must not widen it.
    const previous = process.umask(0o000);
    try {
      const path = writeControlFile(temp.dir, control(process.pid));
      expect(statSync(path).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('reads back what was written, one file per process, and leaves no temporary file', () => {
    writeControlFile(temp.dir, control(process.pid, 4400));
    writeControlFile(temp.dir, control(process.pid + 1, 4401));
    const entries = readControlFiles(temp.dir);
    expect(entries).toEqual([
      { path: controlFilePath(temp.dir, process.pid), ok: true, control: control(process.pid, 4400) },
      { path: controlFilePath(temp.dir, process.pid + 1), ok: true, control: control(process.pid + 1, 4401) },
    ]);
    expect(readdirSync(temp.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses to write a file that does not match its own schema', () => {
    expect(() => writeControlFile(temp.dir, { ...control(process.pid), secret: 'short' })).toThrow(/secret/);
  });

  it('refuses a file that is not JSON, one with a wrong or extra field, and names the field', () => {
    writeFileSync(join(temp.dir, 'serve-1.control.json'), '{not json', { mode: 0o600 });
    writeFileSync(
      join(temp.dir, 'serve-2.control.json'),
      JSON.stringify({ ...control(2), origin: 'file:///etc/passwd' }),
      { mode: 0o600 },
    );
    writeFileSync(join(temp.dir, 'serve-3.control.json'), JSON.stringify({ ...control(3), extra: 1 }), {
      mode: 0o600,
    });
    const entries = readControlFiles(temp.dir);
    expect(entries.map((entry) => entry.ok)).toEqual([false, false, false]);
    const problems = entries.map((entry) => (entry.ok ? '' : entry.problem));
    expect(problems[0]).toBe('it is not JSON');
    expect(problems[1]).toMatch(/origin/);
    expect(problems[2]).toMatch(/extra/);
  });

  it.skipIf(process.platform === 'win32')('refuses a file other users can read', () => {
    const path = writeControlFile(temp.dir, control(process.pid));
    chmodSync(path, 0o644);
    const [entry] = readControlFiles(temp.dir);
    expect(entry).toMatchObject({ ok: false, problem: expect.stringMatching(/other users \(mode 644\)/) });
  });

  it('ignores files that are not control files and a missing directory', () => {
    writeFileSync(join(temp.dir, 'console.sqlite'), '');
    expect(readControlFiles(temp.dir)).toEqual([]);
    expect(readControlFiles(join(temp.dir, 'missing'))).toEqual([]);
  });

  it('tells a live process from one that is gone', async () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(await deadPid())).toBe(false);
  });

  it('removes a stale file (its process is gone) and keeps a live one', async () => {
    const gone = await deadPid();
    writeControlFile(temp.dir, control(gone, 4401));
    writeControlFile(temp.dir, control(process.pid, 4400));
    const found = findServingConsoles(temp.dir);
    expect(found.live.map((entry) => entry.control.pid)).toEqual([process.pid]);
    expect(found.removedStale).toEqual([controlFilePath(temp.dir, gone)]);
    expect(existsSync(controlFilePath(temp.dir, gone))).toBe(false);
    expect(existsSync(controlFilePath(temp.dir, process.pid))).toBe(true);
  });

  it("removes the half-written file (.tmp, which holds the control secret) a crashed serve left; a live one's stays", async () => {
    const dead = `${controlFilePath(temp.dir, await deadPid())}.tmp`;
    const live = `${controlFilePath(temp.dir, process.pid)}.tmp`;
    writeFileSync(dead, JSON.stringify(control(1)), { mode: 0o600 });
    writeFileSync(live, '{"version":', { mode: 0o600 });
    expect(readControlFiles(temp.dir)).toEqual([]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});

describe.skipIf(process.platform === 'win32')('a control file that is not a small regular file', () => {
  // Every `open` and `serve` reads these: a named pipe under a control file's name made the
  // synchronous read wait for a writer for ever (here a writer gives it a valid control file, so
  // the read ends either way), and a huge file was read whole.
  it('a named pipe is not read, nor believed, and says why', async () => {
    const path = controlFilePath(temp.dir, process.pid);
    execFileSync('mkfifo', ['-m', '600', path]);
    const text = JSON.stringify(control(process.pid));
    const writer = spawn('sh', ['-c', 'printf %s "$1" > "$2"', 'sh', text, path], { stdio: 'ignore' });
    try {
      const [entry] = readControlFiles(temp.dir);
      expect(entry).toMatchObject({ ok: false, problem: expect.stringContaining('not a regular file') });
    } finally {
      writer.kill('SIGKILL');
      await new Promise((resolve) => writer.once('exit', resolve));
    }
  });

  it('a control file larger than one can be is not read whole, nor believed', () => {
    const path = controlFilePath(temp.dir, process.pid);
    writeFileSync(path, `${JSON.stringify(control(process.pid))}${' '.repeat(1024 * 1024)}`, { mode: 0o600 });
    const [entry] = readControlFiles(temp.dir);
    expect(entry).toMatchObject({ ok: false, problem: expect.stringContaining('larger than') });
  });
});
