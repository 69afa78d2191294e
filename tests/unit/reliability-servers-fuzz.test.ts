import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { freePort, localProfileArgs } from '../e2e/fixtures/serve-process';
import { exchange, frame, hostileFrames, hostileRequest, rawWebSocket } from './helpers/hostile-http';
import { prng } from './helpers/prng';
import { SOURCE_CLI } from './helpers/source-cli';
import { makeTempDir } from './helpers/temp-console';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = SOURCE_CLI;
const ENV = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };
const NOTIFICATION_TOKEN = 'fuzz-notification-secret';
const API_TOKEN = 'fuzz-api-token';

const children: ChildProcess[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A CLI command from source in its own process; resolves with the first match of `ready` in its output. */
function startCli(
  args: string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve({ child, match, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${String(code)}) before starting:\n${output}`)));
  });
}

/** A data directory whose Local profile listens and emulates on known free ports, with known tokens. */
async function preparedDataDir(): Promise<{ dir: string; listenerPort: number; emulatorPort: number }> {
  const { dir, remove } = makeTempDir('cc-fuzz-');
  cleanups.push(remove);
  const listenerPort = await freePort();
  const emulatorPort = await freePort();
  execFileSync(
    process.execPath,
    [
      CLI,
      ...localProfileArgs(dir, listenerPort, `http://127.0.0.1:${emulatorPort}`, [
        '--api-token',
        API_TOKEN,
        '--notification-token',
        NOTIFICATION_TOKEN,
      ]),
    ],
    { cwd: ROOT, env: ENV, stdio: 'ignore' },
  );
  return { dir, listenerPort, emulatorPort };
}

/** Valid, signed webhooks, posted back to back until `stop()`; every answer kept. */
function webhookStream(listener: string) {
  const acknowledged: number[] = [];
  const failures: string[] = [];
  let running = true;
  let sent = 0;
  const worker = async () => {
    while (running) {
      const n = sent++;
      const token = await signWith(NOTIFICATION_TOKEN, {});
      try {
        const response = await fetch(`${listener}/stream?serviceToken=${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: payload('order_approved', { order_reference_id: `STREAM-${n}` }),
        });
        const answer = (await response.json()) as { received?: boolean; id?: number };
        if (response.status === 200 && answer.received === true && typeof answer.id === 'number')
          acknowledged.push(answer.id);
        else failures.push(`#${n}: ${response.status} ${JSON.stringify(answer)}`);
      } catch (error) {
        failures.push(`#${n}: ${String(error)}`);
      }
    }
  };
  const workers = Array.from({ length: 2 }, worker);
  return {
    acknowledged,
    failures,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

describe('fuzzing every server of a running console', () => {
  it(
    'malformed requests and frames at the listener, the emulator, browser mode and its WebSocket, while webhooks flow: nothing ends the process, every valid webhook is acknowledged and stored, every server still answers',
    { timeout: 300_000 },
    async () => {
      const { dir, listenerPort, emulatorPort } = await preparedDataDir();
      const serve = await startCli(
        ['--data-dir', dir, 'serve', '--port', '0', '--no-open'],
        /Console ready at (http:\/\/\S+)/,
      );
      const launch = new URL(serve.match[1] ?? '');
      const browserPort = Number(launch.port);
      const login = await fetch(launch, { redirect: 'manual' });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const listener = `http://127.0.0.1:${listenerPort}`;
      const stream = webhookStream(listener);

      const random = prng(20261124);
      const outcomes = { answered: 0, closed: 0, held: 0 };
      const ports = [listenerPort, emulatorPort, browserPort];
      let cases = 0;
      const httpWorker = async () => {
        while (cases < 900) {
          const port = ports[cases++ % ports.length] ?? listenerPort;
          outcomes[await exchange(port, hostileRequest(random, port))]++;
        }
      };
      let frames = 0;
      const wsWorker = async () => {
        while (frames < 200) {
          frames++;
          const socket = await rawWebSocket(browserPort, launch.origin, cookie);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              socket.destroy();
              resolve();
            }, 1500);
            socket.on('close', () => {
              clearTimeout(timer);
              resolve();
            });
            socket.on('error', () => undefined);
            // A close frame behind the hostile ones: a server still reading this connection
            // answers it and closes now, instead of the timer above ending the wait (most of
            // this test's minute went to those waits). A server that stopped reading still
            // runs out the timer.
            socket.write(Buffer.concat([hostileFrames(random), frame(Buffer.alloc(0), { opcode: 8 })]));
          });
        }
      };
      // Two oversized messages, the crash seen before: one over the limit, one of bad UTF-8.
      const oversized = async () => {
        for (const bytes of [Buffer.alloc(9 * 1024 * 1024, 0x20), Buffer.from([0x7b, 0xff])]) {
          const socket = await rawWebSocket(browserPort, launch.origin, cookie);
          await new Promise<void>((resolve) => {
            socket.on('close', () => resolve());
            socket.on('error', () => undefined);
            socket.write(frame(bytes));
          });
        }
      };
      await Promise.all([...Array.from({ length: 8 }, httpWorker), wsWorker(), wsWorker(), oversized()]);
      await stream.stop();

      // Still one process, and every server answers.
      expect(serve.child.exitCode).toBeNull();
      expect(outcomes.answered).toBeGreaterThan(450);
      const after = await fetch(`${listener}/after`, { method: 'POST', body: '{}' });
      expect(after.status).toBe(200);
      const emulator = await fetch(`http://127.0.0.1:${emulatorPort}/orders/no-such-order`, {
        headers: { authorization: `Bearer ${API_TOKEN}` },
      });
      expect(emulator.status).toBe(404);
      expect(await emulator.json()).toMatchObject({ errors: [{ error_code: expect.any(String) }] });
      const bridge = new WebSocket(`ws://127.0.0.1:${browserPort}/bridge`, {
        headers: { Cookie: cookie, Origin: launch.origin },
      });
      const info = await new Promise<unknown>((resolve, reject) => {
        bridge.on('open', () =>
          bridge.send(JSON.stringify({ type: 'call', id: 1, command: 'getAppInfo', input: {} })),
        );
        bridge.on('message', (data) => {
          // Pushed events (the webhooks still being stored) may come first.
          const message = JSON.parse(String(data)) as { type?: string };
          if (message.type === 'result') resolve(message);
        });
        bridge.on('error', reject);
      });
      expect(info).toMatchObject({ type: 'result', id: 1, result: { ok: true } });
      bridge.close();

      // Every webhook of the stream was acknowledged, and every acknowledged one is stored.
      expect(stream.failures).toEqual([]);
      expect(stream.acknowledged.length).toBeGreaterThan(50);
      const exited = new Promise((resolve) => serve.child.once('exit', resolve));
      serve.child.kill('SIGTERM');
      await exited;
      const db = new Database(join(dir, 'console.sqlite'), { readonly: true });
      try {
        const stored = new Set(
          db
            .prepare<[], { id: number }>("SELECT id FROM events WHERE kind = 'webhook'")
            .all()
            .map((row) => row.id),
        );
        expect(stream.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      } finally {
        db.close();
      }
      expect(serve.output()).not.toMatch(/Uncaught|Unhandled 'error' event|TypeError/);
      console.info(
        `servers fuzz: ${cases} requests (${outcomes.answered} answered, ${outcomes.closed} closed, ${outcomes.held} held), ${frames} WebSocket cases, ${stream.acknowledged.length} webhooks acknowledged and stored`,
      );
    },
  );

  it('the standalone emulator survives the request that used to end it', { timeout: 120_000 }, async () => {
    const { dir, remove } = makeTempDir('cc-fuzz-emu-');
    cleanups.push(remove);
    const emulator = await startCli(
      ['--data-dir', dir, 'emulator', '--port', '0', '--api-token', API_TOKEN],
      /Emulator listening on (http:\/\/\S+)/,
    );
    const port = Number(new URL(emulator.match[1] ?? '').port);
    for (const line of ['POST http://[::1 HTTP/1.1', 'GET /orders/%zz HTTP/1.1'])
      expect(
        await exchange(
          port,
          Buffer.from(`${line}\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${API_TOKEN}\r\n\r\n`),
        ),
      ).toBe('answered');
    expect(emulator.child.exitCode).toBeNull();
    const still = await fetch(`http://127.0.0.1:${port}/orders/x`, {
      headers: { authorization: `Bearer ${API_TOKEN}` },
    });
    expect(still.status).toBe(404);
  });
});
