import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCli, waitForOutput, type CliProcess } from './helpers/cli-process';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { runCliCaptured } from './helpers/run-cli';

// A one-shot `send` runs no listener of its own: for a local profile without a public URL it
// filled the notification field with the profile's fixed listener port, and for a profile whose
// port is 0 ("any free port") it filled in nothing ("give it a fixed listener port"), so the
// webhooks of an order created from a terminal never reached the console running beside it.
// Consoles now publish where their listener runs (an address record in the data directory), and
// `send` uses a live one that runs for the profile; a record whose process is gone is not.

let emulator: EmulatorHarness;
const children: CliProcess[] = [];

beforeEach(async () => {
  // This data directory's emulator, as serve runs it; the Local profile points at it.
  emulator = await openEmulator();
  const set = await cli('profiles', 'set', 'Local', '--base-url', emulator.url, '--listener-port', '0');
  expect(set.code, set.stderr).toBe(0);
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
    await child.exited;
  }
  await emulator.dispose();
});

const cli = (...argv: string[]) => runCliCaptured(['--data-dir', emulator.dataDir, ...argv]);

/** `checkout-console listen` in a process of its own on the data directory, once it listens. */
async function listenInTerminal(...flags: string[]): Promise<{ run: CliProcess; url: string }> {
  const run = startCli(['--data-dir', emulator.dataDir, 'listen', '--port', '0', ...flags]);
  children.push(run);
  const url = await waitForOutput(run, /Listening on (http:\/\/\S+)/);
  return { run, url };
}

function payloadFile(): string {
  const file = join(emulator.dataDir, 'payload.json');
  writeFileSync(file, JSON.stringify(validPayload(null)));
  return file;
}

const notificationLine = (stdout: string) => /^notification {2}(.*)$/m.exec(stdout)?.[1] ?? '';
const orderIdOf = (stdout: string) => /"order_id":\s*"([^"]+)"/.exec(stdout)?.[1] ?? '';
const records = () => readdirSync(emulator.dataDir).filter((name) => /^running-\d+-\w+\.json$/.test(name));

describe('send on a local profile whose listener takes any free port', () => {
  it('fills in the listener a terminal runs for the profile, and the order’s webhooks reach it', async () => {
    const { run, url } = await listenInTerminal();
    const sent = await cli('send', payloadFile(), '--profile', 'Local', '--json');
    expect(sent.code, sent.stderr).toBe(0);
    const orderId = orderIdOf(sent.stdout);
    expect(orderId).not.toBe('');
    expect(emulator.core.emulator.engine.get(orderId).notificationUrl).toBe(url);

    // The customer pays from another terminal; the emulator delivers to the terminal's listener.
    const paid = await cli('emulator', 'pay', orderId);
    expect(paid.code, paid.stderr).toBe(0);
    // Queued, or already delivered by the running emulator when the answer is written.
    const said = /order_approved (queued for|delivered to) (\S+)/.exec(paid.stdout);
    expect(said?.[2], paid.stdout).toBe(url);
    await waitForOutput(run, new RegExp(`order_approved\\s+${orderId}`));
  });

  it('says where the address comes from: which process runs the listener, for the profile', async () => {
    const { run, url } = await listenInTerminal();
    const sent = await cli('send', payloadFile(), '--profile', 'Local');
    expect(sent.code, sent.stderr).toBe(0);
    expect(notificationLine(sent.stdout)).toBe(
      `${url} (merchant_url.notification was empty: filled in with the listener checkout-console listen (pid ${run.child.pid}) runs for the profile on this data directory)`,
    );
  });

  it('a listener running for another profile is not used: it verifies with another token', async () => {
    const added = await cli(
      'profiles',
      'add',
      'Other',
      '--env',
      'local',
      '--base-url',
      emulator.url,
      '--listener-port',
      '0',
    );
    expect(added.code, added.stderr).toBe(0);
    const { url } = await listenInTerminal('--profile', 'Other');
    const forLocal = await cli('send', payloadFile(), '--profile', 'Local');
    expect(forLocal.code, forLocal.stderr).toBe(0);
    expect(notificationLine(forLocal.stdout)).toMatch(
      /^none: No listener URL: the profile's listener takes any free port, so its address is not known here/,
    );
    const forOther = await cli('send', payloadFile(), '--profile', 'Other');
    expect(notificationLine(forOther.stdout)).toMatch(new RegExp(`^${url} \\(`));
  });

  it('a listener whose process was killed is not used, and its record is cleared', async () => {
    const { run } = await listenInTerminal();
    expect(records()).toHaveLength(2); // the emulator's console and the listener's
    run.child.kill('SIGKILL');
    await run.exited;
    // A kill -9 leaves the record behind: nothing in the dead process could remove it.
    expect(records()).toHaveLength(2);
    const sent = await cli('send', payloadFile(), '--profile', 'Local');
    expect(sent.code, sent.stderr).toBe(0);
    expect(notificationLine(sent.stdout)).toBe(
      "none: No listener URL: the profile's listener takes any free port, so its address is not known here; give it a fixed listener port, or a public listener URL",
    );
    expect(records()).toHaveLength(1);
    expect(records().some((name) => name.startsWith(`running-${run.child.pid}-`))).toBe(false);
  });

  it('a listener stopped with Ctrl+C takes its record with it', async () => {
    const { run } = await listenInTerminal();
    const mine = () => records().filter((name) => name.startsWith(`running-${run.child.pid}-`));
    expect(mine()).toHaveLength(1);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(mine()).toHaveLength(0);
    expect(existsSync(join(emulator.dataDir, 'console.sqlite'))).toBe(true);
  });
});
