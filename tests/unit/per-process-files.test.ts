import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeOwnerOnlyFile } from '../../src/main/owner-only-file';
import { readPerProcessFiles, type PerProcessFileKind } from '../../src/main/per-process-files';
import { makeTempDir } from './helpers/temp-console';

// The one reader of the data directory's per-process files (serve's control files, the
// consoles' address records). Its readers are commands a person waits on: whatever lies under a
// matching name is said, with its name and why, and never stops (throws) or holds up (waits) the
// reading of the others.

let dir: string;
let remove: () => void;
beforeEach(() => ({ dir, remove } = makeTempDir('cc-per-process-')));
afterEach(() => remove());

const kind: PerProcessFileKind<{ pid: number }> = {
  prefix: 'thing-',
  suffix: '.json',
  schema: z.strictObject({ pid: z.number().int().positive() }),
  noun: 'a thing file',
  maxBytes: 1024,
};
const read = () => readPerProcessFiles(dir, kind);
const put = (name: string, text: string) => writeFileSync(join(dir, name), text, { mode: 0o600 });
/** The one file read, with the one valid file beside it still read. */
function onlyProblemBesideAGoodOne() {
  writeOwnerOnlyFile(join(dir, 'thing-0-good.json'), '{"pid":1}');
  const { files, unlisted } = read();
  expect(unlisted).toBeNull();
  expect(files.find((file) => file.name === 'thing-0-good.json')).toMatchObject({
    ok: true,
    value: { pid: 1 },
  });
  const others = files.filter((file) => file.name !== 'thing-0-good.json');
  expect(others).toHaveLength(1);
  return others[0];
}

describe('reading the per-process files of a data directory', () => {
  it('reads each matching file with the schema, by name, and passes over other names', () => {
    writeOwnerOnlyFile(join(dir, 'thing-2.json'), '{"pid":2}');
    writeOwnerOnlyFile(join(dir, 'thing-1.json'), '{"pid":1}');
    put('console.sqlite', '');
    put('other-3.json', '{"pid":3}');
    expect(read()).toEqual({
      files: [
        { name: 'thing-1.json', path: join(dir, 'thing-1.json'), ok: true, value: { pid: 1 } },
        { name: 'thing-2.json', path: join(dir, 'thing-2.json'), ok: true, value: { pid: 2 } },
      ],
      beingWritten: [],
      unlisted: null,
    });
  });

  it('a file that is not JSON is said', () => {
    put('thing-1.json', '{"pid":');
    expect(onlyProblemBesideAGoodOne()).toEqual({
      name: 'thing-1.json',
      path: join(dir, 'thing-1.json'),
      ok: false,
      problem: 'it is not JSON',
    });
  });

  it('a file that does not match the schema is said, naming the field', () => {
    put('thing-1.json', '{"pid":"one"}');
    expect(onlyProblemBesideAGoodOne()).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^it is not a thing file this version understands \(pid: .+\)$/),
    });
  });

  it('a file larger than one can be is said, not read whole', () => {
    put('thing-1.json', `{"pid":1}${' '.repeat(4096)}`);
    expect(onlyProblemBesideAGoodOne()).toMatchObject({
      ok: false,
      problem: 'it is larger than a thing file can be (4105 bytes)',
    });
  });

  it('a directory under a matching name is said', () => {
    mkdirSync(join(dir, 'thing-1.json'), { mode: 0o700 });
    expect(onlyProblemBesideAGoodOne()).toMatchObject({ ok: false, problem: 'it is a directory' });
  });

  it.skipIf(process.platform === 'win32')(
    'a symbolic link under a matching name is said, not followed (the writer only renames files into place)',
    () => {
      const elsewhere = join(dir, 'elsewhere');
      writeOwnerOnlyFile(elsewhere, '{"pid":9}');
      symlinkSync(elsewhere, join(dir, 'thing-1.json'));
      expect(onlyProblemBesideAGoodOne()).toMatchObject({
        name: 'thing-1.json',
        ok: false,
        problem: expect.stringContaining('symbolic link'),
      });
    },
  );

  it.skipIf(process.platform === 'win32')('a file others may write is said, not used', () => {
    put('thing-1.json', '{"pid":1}');
    chmodSync(join(dir, 'thing-1.json'), 0o666);
    expect(onlyProblemBesideAGoodOne()).toMatchObject({
      ok: false,
      problem: expect.stringContaining('other users'),
    });
  });

  it.skipIf(process.platform === 'win32')(
    'a named pipe under a matching name is said, not waited on',
    async () => {
      // A writer gives the pipe a valid file, so a read that waited would end rather than hang the suite.
      const path = join(dir, 'thing-1.json');
      execFileSync('mkfifo', ['-m', '600', path]);
      const writer = spawn('sh', ['-c', 'printf %s "$1" > "$2"', 'sh', '{"pid":1}', path], {
        stdio: 'ignore',
      });
      try {
        expect(onlyProblemBesideAGoodOne()).toMatchObject({
          ok: false,
          problem: expect.stringContaining('not a regular file'),
        });
      } finally {
        writer.kill('SIGKILL');
        await new Promise((resolve) => writer.once('exit', resolve));
      }
    },
  );

  it('a file the writer left half-written (its .tmp) is not read, and is handed back for its caller to judge', () => {
    put('thing-1.json.tmp', '{"pid":');
    put('other-1.json.tmp', '{"pid":');
    expect(read()).toEqual({
      files: [],
      beingWritten: [{ name: 'thing-1.json.tmp', path: join(dir, 'thing-1.json.tmp') }],
      unlisted: null,
    });
  });

  it('a directory that cannot be listed is said, with no files', () => {
    expect(readPerProcessFiles(join(dir, 'missing'), kind)).toEqual({
      files: [],
      beingWritten: [],
      unlisted: 'no such file or directory',
    });
    put('a-file', '');
    expect(readPerProcessFiles(join(dir, 'a-file'), kind)).toMatchObject({
      files: [],
      unlisted: 'a part of the path is a file, not a directory',
    });
  });

  // root reads a directory whatever its mode.
  it.runIf(process.platform !== 'win32' && process.getuid?.() !== 0)(
    'a directory its reader may not list is said, with no files',
    () => {
      const locked = join(dir, 'locked');
      mkdirSync(locked, { mode: 0o000 });
      try {
        expect(readPerProcessFiles(locked, kind)).toMatchObject({ files: [], unlisted: 'permission denied' });
      } finally {
        chmodSync(locked, 0o700);
      }
    },
  );
});
