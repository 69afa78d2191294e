import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConsole } from '../src/main/app';
import { localProfileOf } from '../src/main/emulator/emulator-service';
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

/** The emulator's create-checkout (full validation, SQLite persistence) against Prism validating the same request. */
export async function emulatorVsPrism(): Promise<BenchResult[]> {
  const temp = makeTempDir('cc-bench-');
  const core = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  const status = await core.emulator.start(0);
  const prism = await startPrism(await freePort());
  try {
    const local = localProfileOf(core.profiles);
    const token = local === null ? '' : (core.profiles.secretsOf(local.id).apiToken ?? '');
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'tests', 'fixtures', 'general-valid.json'), 'utf8'),
    ) as Record<string, unknown>;
    delete (payload['merchant_url'] as Record<string, unknown>)['notification'];
    const body = JSON.stringify(payload);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const check = await fetch(prism.url, { method: 'POST', headers, body });
    if (check.status !== 200)
      throw new Error(`Prism refused the benchmark payload: ${check.status} ${await check.text()}`);
    const before = core.emulator.orders(1_000_000).length;
    const emulator = await load({
      url: `${status.url ?? ''}/checkout`,
      connections: 10,
      seconds: SECONDS,
      headers,
      body,
    });
    const created = core.emulator.orders(1_000_000).length - before;
    const reference = await load({ url: prism.url, connections: 10, seconds: SECONDS, headers, body });
    const ratio = emulator.requestsPerSecond / Math.max(reference.requestsPerSecond, 1);
    return [
      {
        name: 'emulator-vs-prism',
        title: 'Emulator create-checkout vs Prism mock, 10 connections',
        goal: '≥ 5× Prism',
        console: { ...emulator, ordersStored: created },
        reference: { ...reference },
        ratio: Number(ratio.toFixed(2)),
        pass: ratio >= 5 && emulator.non2xx === 0,
        notes:
          'Same valid general payload; the emulator runs every rule of the shared model and stores each order; Prism validates the request against bench/openapi-checkout.yaml.',
      },
    ];
  } finally {
    prism.stop();
    await core.close();
    temp.remove();
  }
}
