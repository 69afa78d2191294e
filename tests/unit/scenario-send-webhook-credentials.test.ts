import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A send-webhook step to http://qauser:S3cretPass@host/x ran and passed, and the password was
// stored in the step's record (events.url), written in the step's title in JUnit and the stored
// run, also when a ${env.X} brought it; a replay's URL, check-endpoint's and the forward-to URL
// are refused for it. The step's URL is refused too: as written when the file is read, brought
// by a variable when the step runs, before anything is sent or stored.
const PASSWORD = 'S3cretPass';
const temp = makeTempDir('cc-send-credentials-');
const received: string[] = [];
let server: Server;
let hostAndPort = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostAndPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  received.length = 0;
  delete process.env['CC_TEST_HOOK_URL'];
  delete process.env['CC_TEST_HOOK_PASSWORD'];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  temp.remove();
});

/** Runs `test` on one scenario sending to `to`, on a data directory of its own. */
async function runSendingTo(name: string, to: string) {
  const dir = join(temp.dir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'scenarios'), { recursive: true });
  writeFileSync(
    join(dir, 'scenarios', 'send.yaml'),
    [
      'name: send with a password',
      'steps:',
      '  - step: send-webhook',
      `    to: "${to}"`,
      '    order: abc',
      '    body: { a: 1 }',
      '    token: valid',
      '',
    ].join('\n'),
  );
  const run = await runCliCaptured([
    '--data-dir',
    join(dir, 'data'),
    'test',
    join(dir, 'scenarios'),
    '--reporter',
    'json',
  ]);
  return { ...run, dataDir: join(dir, 'data') };
}

/** Every file of the data directory (the database, its WAL, the log) that holds the password. */
function filesHoldingPassword(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => readFileSync(path).includes(PASSWORD));
}

describe("a send-webhook step's URL with a user name or password", () => {
  it('is sent without them to the same URL (the server here does receive)', async () => {
    const run = await runSendingTo('plain', `http://${hostAndPort}/x`);
    expect(run.code, run.stderr).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^POST \/x\?serviceToken=/);
  });

  it('written in the file, is refused when the file is read: nothing is sent or stored', async () => {
    const run = await runSendingTo('written', `http://qauser:${PASSWORD}@${hostAndPort}/x`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'send.yaml:4:9: steps[0].to: Remove the user name or password from the URL: a send-webhook step does not send them (the notification carries its own token), and they would be stored with every record',
    );
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
    expect(received).toEqual([]);
    expect(filesHoldingPassword(run.dataDir)).toEqual([]);
  });

  it('written with its password as a variable, is refused when the file is read, as any such URL', async () => {
    process.env['CC_TEST_HOOK_PASSWORD'] = PASSWORD;
    const run = await runSendingTo(
      'password-variable',
      `http://qauser:\${env.CC_TEST_HOOK_PASSWORD}@${hostAndPort}/x`,
    );
    expect(run.code).toBe(2);
    // Said as it is: the field does take variables, so no "not a ${variable}" after it.
    expect(run.stderr).toMatch(
      /steps\[0\]\.to: Remove the user name or password from the URL: a send-webhook step does not send them \(the notification carries its own token\), and they would be stored with every record\n/,
    );
    expect(received).toEqual([]);
    expect(filesHoldingPassword(run.dataDir)).toEqual([]);
  });

  it('brought by a variable, errs the step when it runs, before anything is sent or stored', async () => {
    process.env['CC_TEST_HOOK_URL'] = `http://qauser:${PASSWORD}@${hostAndPort}/x`;
    const run = await runSendingTo('url-variable', '${env.CC_TEST_HOOK_URL}');
    expect(run.code, run.stderr).toBe(1);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    expect(report.scenarios[0]?.steps[0]).toMatchObject({
      kind: 'send-webhook',
      line: 3,
      status: 'error',
      title: 'send a notification to ${env.CC_TEST_HOOK_URL} (token valid)',
      message:
        'to, its variables filled in: Remove the user name or password from the URL: a send-webhook step does not send them (the notification carries its own token), and they would be stored with every record',
      recordIds: [],
    });
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
    expect(received).toEqual([]);
    // The run was stored (its database is there to search), and nothing in it holds the password.
    expect(existsSync(join(run.dataDir, 'console.sqlite'))).toBe(true);
    expect(filesHoldingPassword(run.dataDir)).toEqual([]);
  });
});
