import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/cli/program';
import { standardIo } from '../../src/main/cli/standard-io';
import { runCliCaptured } from './helpers/run-cli';
import { SOURCE_CLI } from './helpers/source-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * `checkout-console export --format ndjson | head -c 100` died with "Unhandled 'error' event …
 * write EPIPE" and a stack trace, exit 1; so did `history` and `curl`. A reader that stops early
 * now ends every command quietly (exit 0), through the one owner of the CLI's output
 * (cli/standard-io.ts), unless the command's exit code is a finding (a failed suite): that one
 * is kept; a real failure to write is one line and exit 1.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;
let recordId = 0;
const scratch = makeTempDir('cc-closed-output-');

beforeAll(async () => {
  const opened = await openTempConsole();
  dataDir = opened.dataDir;
  dispose = opened.dispose;
  // About 1 MB of output: far more than a pipe holds before its reader has to read.
  const stored = opened.core.recorder.recordMany(
    Array.from({ length: 3000 }, (_, index) => ({
      kind: 'webhook' as const,
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks',
      path: '/hooks',
      status: 200,
      requestBody: Buffer.from(JSON.stringify({ order_id: `o-${index}`, pad: 'x'.repeat(200) })),
    })),
  );
  recordId = stored[0]?.id ?? 0;
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
  scratch.remove();
});

/** `checkout-console <args> | <reader>` in a real shell: the CLI's exit code and standard error. */
async function pipedInto(args: string, reader: string): Promise<{ code: number; stderr: string }> {
  const stderr = join(scratch.dir, 'stderr');
  const { stdout } = await run(
    'bash',
    [
      '--norc',
      '--noprofile',
      '-c',
      `"${process.execPath}" "${SOURCE_CLI}" --data-dir "${dataDir}" ${args} 2>"${stderr}" | ${reader}; echo "exit=\${PIPESTATUS[0]}"`,
    ],
    { cwd: ROOT, env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' }, maxBuffer: 1 << 20 },
  );
  return { code: Number(/exit=(\d+)\s*$/.exec(stdout)?.[1]), stderr: readFileSync(stderr, 'utf8') };
}

describe('a reader that stops early', () => {
  it.each([
    ['export --format ndjson', 'head -c 100 >/dev/null'],
    ['export --format json', 'head -c 100 >/dev/null'],
    ['export --format har', 'head -c 100 >/dev/null'],
    ['history --json --limit 3000', 'head -c 100 >/dev/null'],
    ['history --limit 3000', 'head -n 2 >/dev/null'],
    // `true` reads nothing: its end of the pipe is closed before curl's one line is written.
    ['curl RECORD', 'true'],
  ])('`%s | %s` ends quietly, exit 0', async (command, reader) => {
    const result = await pipedInto(command.replace('RECORD', String(recordId)), reader);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('ends quietly in process too, writing into a real pipe whose reader exits', async () => {
    const head = spawn('head', ['-c', '100'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const stderr: string[] = [];
    const errors = new PassThrough();
    errors.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const io = standardIo({ stdout: head.stdin, stderr: errors });
    await new Promise((resolve) => head.once('spawn', resolve));
    const code = await runCli(['--data-dir', dataDir, 'export', '--format', 'ndjson'], {
      rendererDir: '/nonexistent-renderer',
      io,
    });
    await new Promise((resolve) => (head.exitCode === null ? head.once('exit', resolve) : resolve(null)));
    expect(stderr.join('')).toBe('');
    expect(code).toBe(0);
  });

  it('stops a command at its next write once the reader is gone, instead of writing for nobody', async () => {
    const gone = new PassThrough();
    const written: string[] = [];
    gone.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const io = standardIo({ stdout: gone, stderr: new PassThrough() });
    gone.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const code = await runCli(['--data-dir', dataDir, 'export', '--format', 'ndjson'], {
      rendererDir: '/nonexistent-renderer',
      io,
    });
    expect(code).toBe(0);
    expect(written).toEqual([]);
  });

  // A run whose progress is read no more is cancelled, as on Ctrl+C (it waited for ever). It
  // ended quietly with exit 0, which told CI that a suite cut short had passed; like Ctrl+C,
  // a cancelled run is now exit 1, still without a word on standard error.
  it("ends `test` quietly once the reader is gone, with the cancelled run's exit 1, not 0", async () => {
    const suite = join(scratch.dir, 'long-suite');
    mkdirSync(suite, { recursive: true });
    writeFileSync(join(suite, 'long.yaml'), 'name: long\nsteps:\n  - step: wait\n    for: 10m\n');
    const gone = new PassThrough();
    const stderr: string[] = [];
    const errors = new PassThrough();
    errors.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const io = standardIo({ stdout: gone, stderr: errors });
    gone.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const code = await runCli(['--data-dir', dataDir, 'test', suite], {
      rendererDir: '/nonexistent-renderer',
      io,
    });
    expect(stderr.join('')).toBe('');
    expect(code).toBe(1);
    const runs = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    // The runs of this suite: the data directory also holds those of the tests that ran before.
    const ofThisSuite = (JSON.parse(runs.stdout) as { paths: string[] }[]).filter((run) =>
      run.paths.includes(suite),
    );
    expect(ofThisSuite).toMatchObject([{ status: 'cancelled', paths: [suite] }]);
  });

  it('with --out, the report file is still written for a run cut short by a reader that went away', async () => {
    const suite = join(scratch.dir, 'long-suite-out');
    mkdirSync(suite, { recursive: true });
    writeFileSync(join(suite, 'long.yaml'), 'name: long\nsteps:\n  - step: wait\n    for: 10m\n');
    const report = join(scratch.dir, 'cut-short.xml');
    const gone = new PassThrough();
    const stderr: string[] = [];
    const errors = new PassThrough();
    errors.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const io = standardIo({ stdout: gone, stderr: errors });
    gone.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const code = await runCli(
      ['--data-dir', dataDir, 'test', suite, '--reporter', 'junit', '--out', report],
      {
        rendererDir: '/nonexistent-renderer',
        io,
      },
    );
    expect(stderr.join('')).toBe('');
    expect(code).toBe(1);
    const written = readFileSync(report, 'utf8');
    expect(written).toContain('<testsuites');
    expect(written).toContain('name="long"');
  });

  // The run had ended failed and its report was being written when the write found the reader
  // gone: OutputClosed's quiet exit 0 replaced the run's own 1, and CI read a red suite as green.
  it('a failed run keeps its exit 1 when the reader went away before its json report', async () => {
    const suite = join(scratch.dir, 'failing-suite');
    mkdirSync(suite, { recursive: true });
    writeFileSync(
      join(suite, 'fails.yaml'),
      'name: fails\nsteps:\n  - step: checkout\n    sample: { country: AE }\n    expect: { status: 201 }\n',
    );
    const gone = new PassThrough();
    const io = standardIo({ stdout: gone, stderr: new PassThrough() });
    gone.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const code = await runCli(['--data-dir', dataDir, 'test', suite, '--reporter', 'json'], {
      rendererDir: '/nonexistent-renderer',
      io,
    });
    expect(code).toBe(1);
    const runs = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    const [newest] = JSON.parse(runs.stdout) as unknown[];
    expect(newest).toMatchObject({ status: 'failed', paths: [suite] });
  });

  it.each([
    ['validate of a payload with errors', ['validate', 'PAYLOAD', '--json']],
    ['jwt decode of what is no token', ['jwt', 'decode', 'not-a-token']],
  ])('%s keeps its exit 1 when the reader is gone', async (_name, args) => {
    const payload = join(scratch.dir, 'bad-payload.json');
    writeFileSync(payload, '{}');
    const gone = new PassThrough();
    const io = standardIo({ stdout: gone, stderr: new PassThrough() });
    gone.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const argv = args.map((arg) => (arg === 'PAYLOAD' ? payload : arg));
    const code = await runCli(argv, { rendererDir: '/nonexistent-renderer', io });
    expect(code).toBe(1);
  });

  it('still reports a real failure to write (a full disk): one line, exit 1', async () => {
    const failing = new PassThrough();
    const stderr: string[] = [];
    const errors = new PassThrough();
    errors.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const io = standardIo({ stdout: failing, stderr: errors });
    failing.emit(
      'error',
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    );
    const code = await runCli(['--data-dir', dataDir, 'history', '--limit', '1'], {
      rendererDir: '/nonexistent-renderer',
      io,
    });
    expect(code).toBe(1);
    expect(stderr.join('')).toBe(
      'error: cannot write to standard output: ENOSPC: no space left on device, write\n',
    );
  });
});
