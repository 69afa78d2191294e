import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { runListen } from '../../src/main/cli/commands/listen';
import type { CliContext } from '../../src/main/cli/cli-context';
import { createConsole } from '../../src/main/app';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { captureCliContext } from './helpers/captured-cli-context';
import { rawRequest } from './helpers/http';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';
import { newRecordPath, writeAddressRecord } from '../../src/main/running-addresses/address-record';
import { processStartOf } from '../../src/main/running-addresses/process-identity';
import { FORWARD_MARKER_HEADER } from '../../src/main/listener/forward-guard';

const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

async function until(read: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const match = pattern.exec(read());
    if (match !== null) return match;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never printed ${pattern}: ${read()}`);
}

/** `listen` run in this process until `stop` (its Ctrl+C); `finished` settles when it has ended. */
/** A fresh data directory, and a loopback port something else holds. */
async function dataDirAndTakenPort(): Promise<{ temp: { dir: string }; blocker: Server; port: number }> {
  const temp = makeTempDir();
  temps.push(temp);
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { temp, blocker, port };
}

function startListen(cli: CliContext, flags: Record<string, string>) {
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  return { finished: runListen(cli, flags, stopped), stop };
}

/** `listen` on a fresh data directory and a free port, once it says where it listens. */
async function listenFresh(flags: Record<string, string>) {
  const temp = makeTempDir();
  temps.push(temp);
  const run = captureCliContext({ dataDir: temp.dir });
  const started = startListen(run.context, { port: '0', notificationToken: 'cli-secret', ...flags });
  const [, origin = ''] = await until(run.out, /^Listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
  return { ...started, run, origin };
}

describe('checkout-console listen', () => {
  it('prints where it listens, then one line per webhook, and stores them in the data dir', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const run = captureCliContext({ dataDir: temp.dir });
    const { finished: listening, stop } = startListen(run.context, {
      port: '0',
      notificationToken: 'cli-secret',
      respondStatus: '202',
    });
    const [, origin = ''] = await until(run.out, /^Listening on (http:\/\/127\.0\.0\.1:\d+)\n/);

    const token = await signWith('cli-secret', { iat: Math.floor(Date.now() / 1000) });
    const good = await rawRequest(`${origin}/notify?serviceToken=${token}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: payload('order_authorised'),
    });
    expect(good.status).toBe(202);
    const bad = await rawRequest(`${origin}/x`, { method: 'POST', body: 'nope' });
    expect(bad.status).toBe(202);
    const wrongMethod = await rawRequest(`${origin}/x`, { method: 'GET' });
    expect(wrongMethod.status).toBe(405);

    const lines = await until(run.out, /(.*\n){4}/);
    const printed = lines[0].trim().split('\n').slice(1);
    expect(printed[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\S+Z {2}POST {2}\/notify {2}token=valid {2}body=event {2}order_authorised {2}6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21 {2}-> 202$/,
    );
    // Without a token nothing vouches for them: unverified, as history's WHOSE says.
    expect(printed[1]).toMatch(
      /POST {2}\/x {2}token=missing {2}body=invalid_json · 1 finding {2}- {2}- {2}-> 202 {2}unverified$/,
    );
    expect(printed[2]).toMatch(
      /GET {2}\/x {2}token=missing {2}body=empty · 1 finding {2}.*-> 405 {2}unverified$/,
    );
    stop();
    await listening;

    const core = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' });
    expect(core.events.count()).toBe(3);
    expect(core.events.getSummary(1)).toMatchObject({ kind: 'webhook', tokenVerdict: 'valid', status: 202 });
    await core.close();
    expect(run.err()).not.toContain('cli-secret');
  });

  it("prints only what its own listener received, never another console's webhooks", async () => {
    // Two listens on one data directory: B printed the webhook sent to A alone, with its own
    // "-> 200" though B answers 503, as if B had received and answered it.
    const temp = makeTempDir();
    temps.push(temp);
    const a = captureCliContext({ dataDir: temp.dir });
    const b = captureCliContext({ dataDir: temp.dir });
    const runA = startListen(a.context, { port: '0', notificationToken: 'cli-secret' });
    const runB = startListen(b.context, { port: '0', notificationToken: 'cli-secret', respondStatus: '503' });
    try {
      const [, originA = ''] = await until(a.out, /^Listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
      const [, originB = ''] = await until(b.out, /^Listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
      expect((await rawRequest(`${originA}/only-to-A`, { method: 'POST', body: '{}' })).status).toBe(200);
      await until(a.out, /POST {2}\/only-to-A .*-> 200 {2}unverified\n/);
      // B looks at what other processes wrote once a second: give it a few looks.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect((await rawRequest(`${originB}/to-B`, { method: 'POST', body: '{}' })).status).toBe(503);
      await until(b.out, /POST {2}\/to-B .*-> 503 {2}unverified\n/);
      expect(b.out()).not.toContain('only-to-A');
    } finally {
      runA.stop();
      runB.stop();
      await Promise.all([runA.finished, runB.finished]);
    }
  });

  it('Ctrl+C with a forward still waiting prints how that forward ended', async () => {
    // Never answers. The stop waits until the forward has reached it whole: stopped before that
    // (a loaded machine), the forward is rightly "cancelled before the request was sent whole".
    let reached: () => void = () => undefined;
    const forwardReached = new Promise<void>((resolve) => (reached = resolve));
    const silent = createHttpServer((req) => {
      req.on('end', reached);
      req.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const silentPort = typeof address === 'object' && address !== null ? address.port : 0;
    const temp = makeTempDir();
    temps.push(temp);
    const run = captureCliContext({ dataDir: temp.dir });
    try {
      const { finished: listening, stop } = startListen(run.context, {
        port: '0',
        notificationToken: 'cli-secret',
        forwardTo: `http://127.0.0.1:${silentPort}/`,
      });
      const [, origin = ''] = await until(run.out, /^Listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
      await rawRequest(`${origin}/hanging`, { method: 'POST', body: '{}' });
      await until(run.out, /POST {2}\/hanging/);
      await forwardReached;
      stop();
      await listening;
      expect(run.out()).toMatch(
        /forwarded #1 to http:\/\/127\.0\.0\.1:\d+\/hanging: Cancelled after the request was sent, before an answer arrived: it may have been carried out/,
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  // A forward its guard refused printed "  forwarded #1 to …: Not forwarded to …": the line said
  // it was forwarded. Read from the record's own not-sent kind, it says it was not.
  it('a forward its guard refused (a loop) is printed as not forwarded, with the reason', async () => {
    const {
      run,
      origin,
      finished: listening,
      stop,
    } = await listenFresh({
      forwardTo: 'http://127.0.0.1:9/hooks',
    });
    try {
      // Already through five console listeners: the guard sends it no further (forward-guard.ts).
      await rawRequest(`${origin}/looped`, {
        method: 'POST',
        headers: { [FORWARD_MARKER_HEADER]: 'a, b, c, d, e' },
        body: '{}',
      });
      const [line = ''] = await until(run.out, /^ {2}.*#1 to .*\n/m);
      expect(line).toBe(
        `  not forwarded #1 to http://127.0.0.1:9/hooks/looped: this webhook has already been forwarded by 5 console listeners (at most 5).\n`,
      );
      expect(run.out()).not.toMatch(/^ {2}forwarded #1/m);
    } finally {
      stop();
      await listening;
    }
  });

  it('with a response delay, prints the status only once it was answered, and an answer that never went out as such', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' });
    setup.listener.updateSettings({ responseDelayMs: 300 });
    await setup.close();
    const run = captureCliContext({ dataDir: temp.dir });
    const { finished: listening, stop } = startListen(run.context, {
      port: '0',
      notificationToken: 'cli-secret',
    });
    const [, origin = ''] = await until(run.out, /^Listening on (http:\/\/127\.0\.0\.1:\d+)\n/);
    const answered = rawRequest(`${origin}/slow`, { method: 'POST', body: '{}' });
    // Printed as it arrives, before the delay: no status is claimed yet.
    const [arrival = ''] = await until(run.out, /.*POST {2}\/slow.*\n/);
    expect(arrival).not.toMatch(/-> 200/);
    expect(arrival).toMatch(/-> waiting #1 {2}unverified\n$/);
    expect((await answered).status).toBe(200);
    await until(run.out, /^ {2}#1 -> 200 after \d+ ms\n/m);
    // Stopped while the next answer waits: it never went out, and the line says so.
    void rawRequest(`${origin}/cut`, { method: 'POST', body: '{}' }).catch(() => undefined);
    await until(run.out, /POST {2}\/cut/);
    stop();
    await listening;
    expect(run.out()).toMatch(/^ {2}#2 not answered: The listener stopped before the answer was sent/m);
    expect(run.out()).not.toMatch(/#2 -> 200/);
  });

  it('says how it answers when settings saved elsewhere (or its flags) change that', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' });
    // Saved in the window of another console on this data directory, days ago.
    setup.listener.updateSettings({ respondStatus: 503, responseDelayMs: 2000 });
    await setup.close();
    const run = captureCliContext({ dataDir: temp.dir });
    const { finished: listening, stop } = startListen(run.context, {
      port: '0',
      notificationToken: 'cli-secret',
      forwardTo: 'http://127.0.0.1:9/hooks',
    });
    await until(run.out, /^Listening on /);
    stop();
    await listening;
    expect(run.err()).toContain(
      'Answering 503 after 2000 ms (the saved listener settings); forwarding to http://127.0.0.1:9/hooks (--forward-to).',
    );

    // All defaults: nothing to say.
    const plainDir = makeTempDir();
    temps.push(plainDir);
    const plain = captureCliContext({ dataDir: plainDir.dir });
    const { finished: plainRun, stop: stopPlain } = startListen(plain.context, {
      port: '0',
      notificationToken: 'x',
    });
    await until(plain.out, /^Listening on /);
    stopPlain();
    await plainRun;
    expect(plain.err()).not.toMatch(/Answering/);
  });

  it('says when the port is taken, and exits 1', async () => {
    const { temp, blocker, port } = await dataDirAndTakenPort();
    // The console's log echoes its warnings straight to the process's standard error.
    const echoed: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      echoed.push(String(chunk));
      return true;
    });
    const taken = await runCliCaptured(['--data-dir', temp.dir, 'listen', '--port', String(port)]).finally(
      () => spy.mockRestore(),
    );
    await new Promise((resolve) => blocker.close(resolve));
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(new RegExp(`Port ${port} is already in use; pass --port 0`));
    // Said once, in the command's words: not also as the listener's warning, worded for the UI.
    expect(echoed.join('')).not.toContain(`Port ${port}`);
    // The log file still keeps the cause.
    expect(readFileSync(join(temp.dir, 'logs', 'console.log'), 'utf8')).toContain(
      `Port ${port} is already in use by another program`,
    );
  });

  it('names the console on this data directory whose listener holds the port, and that its webhooks are stored here already', async () => {
    const { temp, blocker, port } = await dataDirAndTakenPort();
    // A data directory a console has used, and the record `serve` on it publishes while its
    // listener runs (this process stands in for it, so the record is judged alive).
    await (await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' })).close();
    writeAddressRecord(newRecordPath(temp.dir, process.pid), {
      version: 1,
      pid: process.pid,
      processStart: processStartOf(process.pid),
      process: 'checkout-console serve',
      listener: { url: `http://127.0.0.1:${port}`, profileId: 1, profileName: 'Local' },
      emulator: null,
      updatedAt: new Date().toISOString(),
    });
    const taken = await runCliCaptured(['--data-dir', temp.dir, 'listen', '--port', String(port)]);
    await new Promise((resolve) => blocker.close(resolve));
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(
      `Port ${port} is already in use by checkout-console serve (pid ${process.pid}), which runs this data directory's listener there for profile Local: the webhooks it receives are stored here already (history, the Timeline). To run another listener beside it, pass --port 0.`,
    );
    // The listener's own words (the app's Listener view, the log) name it too, not "another program".
    expect(readFileSync(join(temp.dir, 'logs', 'console.log'), 'utf8')).toContain(
      `Port ${port} is already in use by checkout-console serve (pid ${process.pid}), which runs this data directory's listener there for profile Local: the webhooks it receives are stored here already, so nothing needs doing.`,
    );
  });

  it('rejects bad flags with exit 2', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const both = await runCliCaptured([
      '--data-dir',
      temp.dir,
      'listen',
      '--profile',
      'Local',
      '--notification-token',
      'x',
    ]);
    expect(both.code).toBe(2);
    const status = await runCliCaptured(['--data-dir', temp.dir, 'listen', '--respond-status', '42']);
    expect(status).toMatchObject({ code: 2, stderr: expect.stringMatching(/--respond-status: /) });
    const forward = await runCliCaptured(['--data-dir', temp.dir, 'listen', '--forward-to', 'ftp://x']);
    expect(forward).toMatchObject({ code: 2, stderr: expect.stringMatching(/--forward-to: /) });
  });
});
