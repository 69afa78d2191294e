import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readControlFiles } from '../../src/main/browser-mode/control-file';
import { freePort, pointLocalProfile } from '../e2e/fixtures/serve-process';
import { startCli, waitForOutput, type CliProcess } from './helpers/cli-process';
import { runCliCaptured } from './helpers/run-cli';
import { callOverBridge } from './helpers/bridge-call';
import { makeTempDir } from './helpers/temp-console';

/**
 * `serve`, `listen` and `emulator` stopped listening for signals at the first Ctrl+C, so a second
 * one while they shut down ended the process Node's way (killed by SIGINT, exit 130, no cleanup):
 * a scenario run from the Scenarios view left `running`, the control file left behind, nothing
 * said. As `test` does, a later signal during the stop is now answered on stderr
 * ("Already stopping…") and the stop goes on to its end, exit 0.
 *
 * The stop is held open for about two seconds by a webhook whose body never completes (the
 * listener waits that long for it before closing its connections), and the second signal is sent
 * once the stop has visibly begun, so it lands during the stop, never after it.
 */
const temp = makeTempDir('cc-second-signal-');
afterAll(() => temp.remove());

/**
 * A webhook whose body never arrives: the listener's close waits up to two seconds for it
 * (webhook-server.ts). Resolves once the listener has its headers (its `100 Continue`), so the
 * stop that follows is sure to wait for it.
 */
function unfinishedWebhook(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', reject);
    socket.once('data', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.write(
      `POST /notify HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: 100-continue\r\nContent-Length: 100\r\n\r\n`,
    );
  });
}

/**
 * A webhook answered on a kept-alive connection that then stays idle: the listener closes it as
 * its stop begins, which is how the test knows the stop is under way. Resolves with the status
 * and a promise of the connection's close.
 */
function answeredThenIdle(port: number): Promise<{ status: number; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    let received = '';
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status?.[1] !== undefined && received.includes('\r\n\r\n'))
        resolve({ status: Number(status[1]), closed });
    });
    socket.write(`POST /notify HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 2\r\n\r\n{}`);
  });
}

/** `checkout-console <args>`, and a promise of its end once all its output is read. */
function startWatched(args: readonly string[]): CliProcess & { closed: Promise<void> } {
  const run = startCli(args);
  // 'exit' can come before the last of stderr is read; 'close' comes after both.
  const closed = new Promise<void>((resolve) => run.child.once('close', () => resolve()));
  return { ...run, closed };
}

/** The exit code and signal, once its output is all read; the child is killed outright if a regression leaves it running. */
async function ended(
  run: CliProcess & { closed: Promise<void> },
): Promise<{ code: number | null; signal: string | null }> {
  const guard = setTimeout(() => run.child.kill('SIGKILL'), 40_000);
  try {
    const code = await run.exited;
    await run.closed;
    return { code, signal: run.child.signalCode };
  } finally {
    clearTimeout(guard);
  }
}

/** Resolves once a pushed `scenarios.progress` says the run's only scenario began its wait. */
function waiting(socket: WebSocket): Promise<void> {
  return new Promise((resolve) =>
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        event?: { name: string; payload: { type?: string } };
      };
      if (message.event?.name === 'scenarios.progress' && message.event.payload.type === 'step-started')
        resolve();
    }),
  );
}

describe.skipIf(process.platform === 'win32')('a second Ctrl+C during a long-running stop', () => {
  it('serve: answered "Already stopping", the run stored cancelled, the control file removed, exit 0', async () => {
    const folder = join(temp.dir, 'suite');
    mkdirSync(folder);
    writeFileSync(join(folder, 'long.yaml'), 'name: long\nsteps:\n  - step: wait\n    for: 10m\n');
    const dataDir = join(temp.dir, 'serve-data');
    const listenerPort = await freePort();
    await pointLocalProfile(dataDir, { listenerPort, baseUrl: `http://127.0.0.1:${await freePort()}` });
    const serve = startWatched(['--data-dir', dataDir, 'serve', '--port', '0', '--no-open']);
    const launch = new URL(await waitForOutput(serve, /Console ready at (http:\/\/\S+)/));
    const login = await fetch(launch, { redirect: 'manual' });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const socket = new WebSocket(`ws://127.0.0.1:${launch.port}/bridge`, {
      headers: { Cookie: cookie, Origin: launch.origin },
    });
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('open', resolve));
    const underWay = waiting(socket);
    const started = await callOverBridge(socket, 'startScenarioRun', { folder, confirmLive: false });
    expect(started).toMatchObject({ ok: true, data: { runId: expect.any(String) } });
    await underWay;
    expect(readControlFiles(dataDir)).toHaveLength(1);
    const unfinished = await unfinishedWebhook(listenerPort);
    // The tab's connection is closed as the stop begins (the browser server first, then the console).
    const stopBegun = new Promise((resolve) => socket.once('close', resolve));
    serve.child.kill('SIGINT');
    await stopBegun;
    expect(serve.child.kill('SIGINT')).toBe(true);
    const end = await ended(serve);
    unfinished.destroy();
    expect(end, serve.output()).toEqual({ code: 0, signal: null });
    expect(serve.output()).toContain('Already stopping');
    expect(readControlFiles(dataDir)).toEqual([]);
    const runs = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    expect(JSON.parse(runs.stdout)).toMatchObject([{ status: 'cancelled' }]);
  }, 60_000);

  it('listen: answered "Already stopping", every acknowledged webhook kept, exit 0', async () => {
    const dataDir = join(temp.dir, 'listen-data');
    const listen = startWatched([
      '--data-dir',
      dataDir,
      'listen',
      '--port',
      '0',
      '--notification-token',
      'x',
    ]);
    const port = Number(await waitForOutput(listen, /Listening on http:\/\/127\.0\.0\.1:(\d+)/));
    const answered: number[] = [];
    for (let sent = 0; sent < 3; sent += 1)
      answered.push((await fetch(`http://127.0.0.1:${port}/notify`, { method: 'POST', body: '{}' })).status);
    const idle = await answeredThenIdle(port);
    answered.push(idle.status);
    expect(answered).toEqual([200, 200, 200, 200]);
    const unfinished = await unfinishedWebhook(port);
    listen.child.kill('SIGINT');
    await idle.closed;
    expect(listen.child.kill('SIGINT')).toBe(true);
    const end = await ended(listen);
    unfinished.destroy();
    expect(end, listen.output()).toEqual({ code: 0, signal: null });
    expect(listen.output()).toContain('Already stopping');
    const history = await runCliCaptured(['--data-dir', dataDir, 'history', '--kind', 'webhook', '--json']);
    const stored = (JSON.parse(history.stdout) as { status: number | null }[]).filter(
      (row) => row.status === 200,
    );
    expect(stored).toHaveLength(4);
  }, 60_000);
});
