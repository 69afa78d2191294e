import type * as NodeFs from 'node:fs';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

/**
 * A data directory on a read-only file system (a backup on read-only media): every attempt to
 * open one of its files for writing fails as such a mount fails it, with EROFS. (A test cannot
 * mount one, and root, which runs these tests in CI, may write a file whatever its mode.)
 */
const readOnly = vi.hoisted(() => ({ dir: null as string | null }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const refuse = (path: unknown, flags: unknown) =>
    readOnly.dir !== null &&
    typeof path === 'string' &&
    path.startsWith(readOnly.dir) &&
    typeof flags === 'string' &&
    /[wa+]/.test(flags);
  const openSync = (...args: Parameters<typeof fs.openSync>) => {
    if (refuse(args[0], args[1] ?? 'r'))
      throw Object.assign(new Error(`EROFS: read-only file system, open '${String(args[0])}'`), {
        code: 'EROFS',
        syscall: 'open',
        path: args[0],
      });
    return fs.openSync(...args);
  };
  return { ...fs, default: { ...fs, openSync }, openSync };
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  readOnly.dir = null;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A data directory of three webhooks, then made read-only; what it holds, name by name. */
async function readOnlyDataDir(): Promise<{ dir: string; files: () => Record<string, string> }> {
  const open = await openTempConsole();
  cleanups.push(() => open.dispose());
  open.core.recorder.recordMany(
    ['a', 'b', 'c'].map((name) => ({
      kind: 'webhook' as const,
      method: 'POST',
      path: `/hooks/${name}`,
      status: 200,
      atMs: Date.now(),
    })),
  );
  await open.core.close();
  const files = () =>
    Object.fromEntries(
      readdirSync(open.dataDir, { recursive: true })
        .map(String)
        .filter((name) => statSync(join(open.dataDir, name)).isFile())
        .map((name) => [name, readFileSync(join(open.dataDir, name)).toString('base64')]),
    );
  readOnly.dir = open.dataDir;
  return { dir: open.dataDir, files };
}

const notice = (dir: string) =>
  `warning: ${join(dir, 'console.sqlite')} cannot be written (the file system is read-only): this command reads a copy of it, and keeps nothing it writes there.\n`;

// `history` and `export` of a backup on read-only media said "console.sqlite cannot be opened:
// the file system is read-only" and read nothing.
describe('a data directory that cannot be written', () => {
  it('is read by the commands that only read, saying so once, and left as it was', async () => {
    const { dir, files } = await readOnlyDataDir();
    const before = files();
    const copies = () =>
      readdirSync(tmpdir()).filter((name) => name.startsWith('checkout-console-read-only-'));
    const copiesBefore = copies();
    const history = await runCliCaptured(['--data-dir', dir, 'history', '--json']);
    expect(history.stderr).toBe(notice(dir));
    expect(history.code).toBe(0);
    expect((JSON.parse(history.stdout) as { path: string }[]).map((record) => record.path).sort()).toEqual([
      '/hooks/a',
      '/hooks/b',
      '/hooks/c',
    ]);
    const exported = await runCliCaptured(['--data-dir', dir, 'export', '--format', 'ndjson']);
    expect(exported.stderr).toBe(notice(dir));
    expect(exported.stdout.trim().split('\n')).toHaveLength(3);
    const search = await runCliCaptured(['--data-dir', dir, 'history', '--search', 'hooks']);
    expect(search.code, search.stderr).toBe(0);
    expect((await runCliCaptured(['--data-dir', dir, 'orders'])).code).toBe(0);
    expect((await runCliCaptured(['--data-dir', dir, 'retention'])).stdout).toContain(
      'Retention: keep everything.',
    );
    expect(files()).toEqual(before);
    // The copy goes with the command.
    expect(copies()).toEqual(copiesBefore);
  });

  it('is refused, as before, by what would write to it', async () => {
    const { dir, files } = await readOnlyDataDir();
    const before = files();
    const apply = await runCliCaptured(['--data-dir', dir, 'retention', '--keep-days', '1', '--apply']);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toContain('console.sqlite cannot be opened: the file system is read-only');
    const imported = await runCliCaptured(['--data-dir', dir, 'import', '-'], '');
    expect(imported.code).toBe(1);
    expect(files()).toEqual(before);
  });
});
