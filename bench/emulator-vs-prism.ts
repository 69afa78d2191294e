import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../tests/e2e/fixtures/serve-process';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult } from './bench-kit';

const SECONDS = 8;
const ROOT = join(import.meta.dirname, '..');

/** Prism (`mock --errors`; `-m`, its multiprocess mode, crashes on this Node: "Cannot read properties of undefined (reading 'isPrimary')") serving bench/openapi-checkout.yaml, until `stop`. */
async function startPrism(port: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    join(ROOT, 'node_modules', '.bin', 'prism'),
    [
      'mock',
      join(ROOT, 'bench', 'openapi-checkout.yaml'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--errors',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  return { url: `http://127.0.0.1:${port}/checkout`, stop: () => child.kill('SIGTERM') };
}

/** The `emulator` command in its own process (as Prism runs in its own), until `stop`. */
async function startEmulator(
  dataDir: string,
  token: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'src', 'main', 'cli', 'index.ts'),
      '--data-dir',
      dataDir,
      'emulator',
      '--port',
      '0',
      '--api-token',
      token,
      '--notification-token',
      'bench-notification-token',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The emulator did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Emulator listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The emulator's create-checkout (full validation, SQLite persistence) against Prism validating
 * the same request; each server in its own process, the load generated from this one.
 */
export async function emulatorVsPrism(): Promise<BenchResult[]> {
  const temp = makeTempDir('cc-bench-');
  const token = 'bench-api-token-0123456789';
  const emulator = await startEmulator(temp.dir, token);
  const prism = await startPrism(await freePort());
  try {
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'tests', 'fixtures', 'general-valid.json'), 'utf8'),
    ) as Record<string, unknown>;
    delete (payload['merchant_url'] as Record<string, unknown>)['notification'];
    const body = JSON.stringify(payload);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const check = await fetch(prism.url, { method: 'POST', headers, body });
    if (check.status !== 200)
      throw new Error(`Prism refused the benchmark payload: ${check.status} ${await check.text()}`);
    const console_ = await load({
      url: `${emulator.url}/checkout`,
      connections: 10,
      seconds: SECONDS,
      headers,
      body,
    });
    const reference = await load({ url: prism.url, connections: 10, seconds: SECONDS, headers, body });
    await emulator.stop();
    const db = new Database(join(temp.dir, 'console.sqlite'), { readonly: true });
    const created = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM emulator_orders').get()?.n ?? 0;
    db.close();
    const ratio = console_.requestsPerSecond / Math.max(reference.requestsPerSecond, 1);
    return [
      {
        name: 'emulator-vs-prism',
        title: 'Emulator create-checkout vs Prism mock, 10 connections',
        goal: '≥ 5× Prism',
        console: { ...console_, ordersStored: created },
        reference: { ...reference },
        ratio: Number(ratio.toFixed(2)),
        pass: ratio >= 5 && console_.non2xx === 0,
        notes:
          'Same valid general payload, each server in its own process; the emulator runs every rule of the shared model and stores each order; Prism validates the request against bench/openapi-checkout.yaml (`mock --errors`; `-m`, its multiprocess mode, crashes on this Node: "Cannot read properties of undefined (reading \'isPrimary\')").',
      },
    ];
  } finally {
    prism.stop();
    await emulator.stop().catch(() => undefined);
    temp.remove();
  }
}
