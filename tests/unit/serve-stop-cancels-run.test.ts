import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, pointLocalProfile } from '../e2e/fixtures/serve-process';
import { startCli, waitForOutput } from './helpers/cli-process';
import { runCliCaptured } from './helpers/run-cli';
import { callOverBridge } from './helpers/bridge-call';
import { makeTempDir } from './helpers/temp-console';

/**
 * `serve` stopped with Ctrl+C during a Scenarios view's run closed the database while the run
 * went on: about six seconds later the run's alive mark wrote to the closed database from a
 * timer and the process died with exit 1 and a TypeError, its run left "running" and then
 * "interrupted". Stopping the console (serve's Ctrl+C and SIGTERM, the desktop app's quit: the
 * same close) now cancels the runs under way, stores each as cancelled, then closes.
 */
const temp = makeTempDir('cc-serve-stop-run-');
afterAll(() => temp.remove());

/** Resolves once a pushed `scenarios.progress` says the run's second scenario began its wait. */
function waitingInSecondScenario(socket: WebSocket): Promise<void> {
  return new Promise((resolve) =>
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        event?: { name: string; payload: { type?: string; scenario?: number } };
      };
      const progress = message.event?.name === 'scenarios.progress' ? message.event.payload : null;
      if (progress?.type === 'step-started' && progress.scenario === 1) resolve();
    }),
  );
}

describe.skipIf(process.platform === 'win32')('serve stopped during a scenario run', () => {
  it('cancels the run, stores it cancelled, and exits 0 with no stack trace', async () => {
    const folder = join(temp.dir, 'suite');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a-first.yaml'), 'name: first\nsteps:\n  - step: set\n    vars: { x: "1" }\n');
    writeFileSync(join(folder, 'b-long.yaml'), 'name: long\nsteps:\n  - step: wait\n    for: 10m\n');
    const dataDir = join(temp.dir, 'data');
    // Any free ports: tests run side by side.
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: `http://127.0.0.1:${await freePort()}` });
    const serve = startCli(['--data-dir', dataDir, 'serve', '--port', '0', '--no-open']);
    // A regression leaves nothing running: the child is killed outright if it has not ended.
    const guard = setTimeout(() => serve.child.kill('SIGKILL'), 40_000);
    try {
      const launch = new URL(await waitForOutput(serve, /Console ready at (http:\/\/\S+)/));
      const login = await fetch(launch, { redirect: 'manual' });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const socket = new WebSocket(`ws://127.0.0.1:${launch.port}/bridge`, {
        headers: { Cookie: cookie, Origin: launch.origin },
      });
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('open', resolve));
      const waiting = waitingInSecondScenario(socket);
      const started = await callOverBridge(socket, 'startScenarioRun', { folder, confirmLive: false });
      expect(started).toMatchObject({ ok: true, data: { runId: expect.any(String) } });
      await waiting;
      serve.child.kill('SIGINT');
      const code = await serve.exited;
      expect({ code, output: serve.output() }).toEqual({
        code: 0,
        output: expect.not.stringMatching(/TypeError|Uncaught|at [^\n]*\.ts:\d+/),
      });
    } finally {
      clearTimeout(guard);
    }
    const runs = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    expect(JSON.parse(runs.stdout)).toMatchObject([{ status: 'cancelled' }]);
  }, 60_000);
});
