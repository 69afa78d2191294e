import { readdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCli, waitForOutput, type CliProcess } from './helpers/cli-process';
import { validPayload } from './helpers/emulator-harness';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `emulator pay|decline|cancel|expire` asked for the emulator only at the profile's base URL: an
// emulator this data directory ran on another port (`emulator --port 0`) was not found, and the
// refusal said to start one, which would have made two. The processes on a data directory now
// publish where their emulator runs, and the refusal names it (the move itself stays refused: the
// profile's base URL is what is wrong, and only the person knows which address is meant).

const API_TOKEN = 'elsewhere-api-token-0123456789';
let dataDir: string;
let remove: () => void;
let basePort: number;
const children: CliProcess[] = [];

/** A port nothing listens on (taken, then let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);

beforeEach(async () => {
  ({ dir: dataDir, remove } = makeTempDir());
  basePort = await freePort();
  const set = await cli(
    'profiles',
    'set',
    'Local',
    '--base-url',
    `http://127.0.0.1:${basePort}`,
    '--api-token',
    API_TOKEN,
  );
  expect(set.code, set.stderr).toBe(0);
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
    await child.exited;
  }
  remove();
});

/** `checkout-console emulator --port 0` in a process of its own on the data directory. */
async function emulatorInTerminal(...flags: string[]): Promise<{ run: CliProcess; url: string }> {
  const run = startCli(['--data-dir', dataDir, 'emulator', '--port', '0', ...flags]);
  children.push(run);
  const url = await waitForOutput(run, /Emulator listening on (http:\/\/\S+)/);
  return { run, url };
}

async function newOrder(url: string, token = API_TOKEN): Promise<string> {
  const response = await fetch(`${url}/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(validPayload(null)),
  });
  expect(response.status).toBe(200);
  return String(((await response.json()) as Record<string, unknown>)['order_id']);
}

describe('emulator pay when this data directory’s emulator runs away from the profile’s base URL', () => {
  it('exits 5 naming where it runs and which process runs it; pointed there as the hint says, pay works', async () => {
    const { run, url } = await emulatorInTerminal();
    const orderId = await newOrder(url);
    const refused = await cli('emulator', 'pay', orderId);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(
      `error: the emulator of this data directory runs at ${url} (checkout-console emulator (pid ${run.child.pid})), not at the profile's base URL http://127.0.0.1:${basePort}; at the base URL, the emulator is not running at http://127.0.0.1:${basePort}:`,
    );
    // The command names this data directory: pasted as printed, it re-pointed the default data
    // directory's Local profile instead.
    expect(refused.stderr).toContain(
      `hint: point the profile at it (npx checkout-console --data-dir ${dataDir} profiles set Local --base-url ${url}), or start this data directory's emulator at the profile's base URL`,
    );
    expect(refused.stderr).not.toContain('start it with');

    // Run as printed: its own words, no --data-dir of the test's.
    const printed = /\(npx checkout-console (--data-dir [^)]*)\)/.exec(refused.stderr)?.[1];
    expect((await runCliCaptured(printed?.split(' ') ?? [])).code).toBe(0);
    const paid = await cli('emulator', 'pay', orderId, '--json');
    expect(paid.code, paid.stderr).toBe(0);
    expect(JSON.parse(paid.stdout)).toMatchObject({
      order_id: orderId,
      previous_status: 'new',
      status: 'approved',
    });
  });

  it('one that refuses the profile’s API token is named as this data directory’s, with the refusal', async () => {
    const { url } = await emulatorInTerminal('--api-token', 'another-api-token-0123456789');
    const orderId = await newOrder(url, 'another-api-token-0123456789');
    const refused = await cli('emulator', 'pay', orderId);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(
      `error: the emulator of this data directory runs at ${url} (checkout-console emulator (pid `,
    );
    expect(refused.stderr).toContain(
      `not at the profile's base URL http://127.0.0.1:${basePort}, and it refuses this profile's API token`,
    );
    expect(refused.stderr).toContain(
      `hint: point the profile at it (npx checkout-console --data-dir ${dataDir} profiles set Local --base-url ${url}) and give it that emulator’s API token, or start`,
    );
  });

  it('with something else holding the base URL’s port, the hint does not say to start one there', async () => {
    const { url } = await emulatorInTerminal();
    const orderId = await newOrder(url);
    const dropper = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropper.listen(basePort, '127.0.0.1', resolve));
    try {
      const refused = await cli('emulator', 'pay', orderId);
      expect(refused.code).toBe(5);
      expect(refused.stderr).toContain(`error: the emulator of this data directory runs at ${url} (`);
      expect(refused.stderr).toContain(
        `hint: point the profile at it (npx checkout-console --data-dir ${dataDir} profiles set Local --base-url ${url}), or free the profile's port (something else answers there) and start this data directory's emulator on it`,
      );
    } finally {
      await new Promise<void>((resolve) => dropper.close(() => resolve()));
    }
  });

  it('an emulator whose process was killed is not named: its record outlives it, and is not believed', async () => {
    const { run, url } = await emulatorInTerminal();
    const orderId = await newOrder(url);
    run.child.kill('SIGKILL');
    await run.exited;
    const itsRecord = () =>
      readdirSync(dataDir).filter((name) => name.startsWith(`running-${run.child.pid}-`));
    expect(itsRecord()).toHaveLength(1);
    const refused = await cli('emulator', 'pay', orderId);
    expect(itsRecord()).toHaveLength(0);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain(`error: the emulator is not running at http://127.0.0.1:${basePort}:`);
    expect(refused.stderr).not.toContain(url);
    expect(refused.stderr).not.toContain('runs at');
    expect(refused.stderr).toContain('hint: start it with');
    expect(refused.stderr).toContain('no emulator of this data directory was found running on another port');
  });
});
