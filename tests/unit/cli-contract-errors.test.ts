import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { commands } from '../../src/shared/contract';
import type { CallContext } from '../../src/main/bridge/handlers';
import { numberRefusal } from '../../src/shared/decimal-text';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * Issue 17, seam 3: the CLI's request/response commands go through the dispatcher the desktop
 * and browser mode use. A bad value is refused by the contract's own schema or handler, with
 * the message a window would get, named as the flag that set it.
 */
const temp = makeTempDir('cc-cli-contract-');
const cliDir = join(temp.dir, 'cli');
const files = join(temp.dir, 'files');
let opened: Awaited<ReturnType<typeof openTempConsole>>;
let core: ConsoleCore;

beforeAll(async () => {
  mkdirSync(files, { recursive: true });
  opened = await openTempConsole();
  core = opened.core;
});
afterAll(async () => {
  await opened.dispose();
  temp.remove();
});

const cli = (...argv: string[]) => runCliCaptured(['--data-dir', cliDir, ...argv]);

/** The dispatcher's refusal of `input`, as any transport gets it. */
async function refusal(command: string, input: unknown, transport: CallContext['transport'] = 'direct') {
  const result = await core.dispatcher(command, input, { transport });
  if (result.ok) throw new Error(`${command} was not refused`);
  return result.error;
}

/**
 * The CLI run says, named as `flag`, what the dispatcher says about the field at `path`; for a
 * number flag, quoting the `given` text as every refusal of one does.
 */
async function expectSameRefusal(
  run: { code: number; stderr: string },
  flag: string,
  command: string,
  input: unknown,
  path: string,
  given?: string,
) {
  const error = await refusal(command, input);
  expect(error.code).toBe('invalid_input');
  const issue = error.issues.find((candidate) => candidate.path === path);
  expect(issue, JSON.stringify(error)).toBeDefined();
  expect(run.code).toBe(2);
  const message = issue?.message ?? '';
  expect(run.stderr).toBe(
    `error: ${flag}: ${given === undefined ? message : numberRefusal(message, given)}\n`,
  );
}

describe('jwt sign and decode', () => {
  it('--ttl beyond a week is refused by signJwt, named --ttl (with --secret and with --profile)', async () => {
    const input = { signer: { source: 'secret', secret: 's' }, lifetimeSeconds: 200 * 3600 };
    for (const signer of [
      ['--secret', 'whsec_x'],
      ['--profile', 'Local'],
    ]) {
      const run = await cli('jwt', 'sign', ...signer, '--ttl', '200h');
      await expectSameRefusal(run, '--ttl', 'signJwt', input, 'lifetimeSeconds');
    }
  });

  it('a --clock-tolerance beyond a day is refused by verifyJwt, named --clock-tolerance', async () => {
    const run = await cli('jwt', 'verify', 'a.b.c', '--secret', 'whsec_x', '--clock-tolerance', '86401');
    const input = {
      token: 'a.b.c',
      against: { source: 'secret', secret: 's' },
      clockToleranceSeconds: 86_401,
    };
    await expectSameRefusal(run, '--clock-tolerance', 'verifyJwt', input, 'clockToleranceSeconds', '86401');
  });

  it('a token too long to decode is refused by decodeJwt, named <token>', async () => {
    const token = 'a'.repeat(64 * 1024 + 1);
    await expectSameRefusal(await cli('jwt', 'decode', token), '<token>', 'decodeJwt', { token }, 'token');
  });
});

describe('import and export', () => {
  it('an unreadable file is refused by importHistory, named as the file', async () => {
    const missing = join(files, 'missing.ndjson');
    await expectSameRefusal(
      await cli('import', missing),
      missing,
      'importHistory',
      { path: missing },
      'path',
    );
  });

  it('a file path is taken from the command line only', async () => {
    const error = await refusal('importHistory', { path: join(files, 'x.ndjson') }, 'websocket');
    expect(error.issues).toEqual([
      { path: 'path', message: 'a file path is taken from the command line only' },
    ]);
    const out = await refusal('exportHistory', { format: 'json', out: { path: join(files, 'x') } }, 'ipc');
    expect(out.issues[0]?.path).toBe('out');
  });

  it('an empty --out is refused by exportHistory, named --out', async () => {
    await expectSameRefusal(
      await cli('export', '--format', 'json', '--out', ''),
      '--out',
      'exportHistory',
      { format: 'json', out: { path: '' } },
      'out.path',
    );
  });

  it('standard output gets the export in parts, the same text the History view is answered', async () => {
    const dataDir = join(temp.dir, 'parts');
    const seed = join(files, 'big.ndjson');
    // Four records of 400 000 characters: more than one part of the export.
    writeFileSync(
      seed,
      ['a', 'b', 'c', 'd']
        .map((uid) =>
          JSON.stringify({
            uid,
            kind: 'webhook',
            at: '2026-01-01T00:00:00Z',
            request_body: uid.repeat(400_000),
          }),
        )
        .join('\n'),
    );
    expect((await runCliCaptured(['--data-dir', dataDir, 'import', seed])).code).toBe(0);
    const run = await runCliCaptured(['--data-dir', dataDir, 'export', '--format', 'ndjson']);
    expect(run.code).toBe(0);
    const second = await openTempConsole({ dataDir });
    try {
      const exported = async (input: unknown, transport: CallContext['transport']) => {
        const result = await second.core.dispatcher('exportHistory', input, { transport });
        if (!result.ok) throw new Error(result.error.message);
        return commands.exportHistory.output.parse(result.data);
      };
      const whole = await exported({ format: 'ndjson' }, 'ipc');
      expect(run.stdout).toBe(whole.text);
      expect(run.stdout.trim().split('\n')).toHaveLength(4);
      const first = await exported({ format: 'ndjson', part: {} }, 'direct');
      expect(typeof first.next).toBe('string');
    } finally {
      await second.core.close();
    }
  });
});

describe('history --json', () => {
  it('whole records come from listEvents, to the command line only', async () => {
    const error = await refusal('listEvents', { whole: true }, 'websocket');
    expect(error.issues).toEqual([
      { path: 'whole', message: 'whole records go to the command line only; open one with getEvent' },
    ]);
    const search = 'x'.repeat(501);
    await expectSameRefusal(
      await cli('history', '--json', '--search', search),
      '--search',
      'listEvents',
      { filter: { text: search }, whole: true },
      'filter.text',
    );
  });
});

describe('check-endpoint', () => {
  it('a URL that is not http(s) is refused by checkEndpoint, named <url>', async () => {
    await expectSameRefusal(
      await cli('check-endpoint', 'ftp://example.test/', '--notification-token', 'whsec_x'),
      '<url>',
      'checkEndpoint',
      { url: 'ftp://example.test/', secret: 'whsec_x' },
      'url',
    );
  });
});

describe('test', () => {
  it('--parallel beyond 16 is refused by startScenarioRun, named --parallel', async () => {
    // The starter suite loads without a problem; the run itself is what is refused.
    const scenarios = join(process.cwd(), 'scenarios');
    await expectSameRefusal(
      await cli('test', scenarios, '--parallel', '17'),
      '--parallel',
      'startScenarioRun',
      { paths: [scenarios], parallel: 17 },
      'parallel',
      '17',
    );
  });
});

describe('empty flag values are refused, not read as 0 or as the default', () => {
  it.each([
    [['emulator', '--port', ''], '--port: must not be empty'],
    [
      ['jwt', 'verify', 'a.b.c', '--secret', 's', '--clock-tolerance', ' '],
      '--clock-tolerance: must not be empty',
    ],
    [['send', 'x.json', '--timeout-ms', ''], '--timeout-ms: must not be empty'],
    [['history', '--limit', ''], '--limit: must not be empty'],
    [['history', '--limit', 'ten'], '--limit: must be a whole number (not "ten")'],
    [['--data-dir', '', 'history'], '--data-dir: must name a folder, not be empty'],
  ])('%j', async (args, message) => {
    const temp = makeTempDir();
    // Every case but the last names a data directory of its own (none should be opened).
    const run = await runCliCaptured(args[0] === '--data-dir' ? args : ['--data-dir', temp.dir, ...args]);
    temp.remove();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
