import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../tests/e2e/fixtures/serve-process';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult } from './bench-kit';
import { startConsoleCommand, startPrism } from './processes';

const SECONDS = 8;
const ROOT = join(import.meta.dirname, '..');

/**
 * The emulator's create-checkout (full validation, SQLite persistence) against Prism validating
 * the same request; each server in its own process, the load generated from this one.
 */
export async function emulatorVsPrism(): Promise<BenchResult[]> {
  const temp = makeTempDir('cc-bench-');
  const token = 'bench-api-token-0123456789';
  // The `emulator` command in its own process, as Prism runs in its own.
  const emulator = await startConsoleCommand(
    temp.dir,
    ['emulator', '--port', '0', '--api-token', token, '--notification-token', 'bench-notification-token'],
    /Emulator listening on (http:\/\/\S+)/,
  );
  const prism = await startPrism(join(ROOT, 'bench', 'openapi-checkout.yaml'), await freePort());
  try {
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'tests', 'fixtures', 'general-valid.json'), 'utf8'),
    ) as Record<string, unknown>;
    delete (payload['merchant_url'] as Record<string, unknown>)['notification'];
    const body = JSON.stringify(payload);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const check = await fetch(`${prism.url}/checkout`, { method: 'POST', headers, body });
    if (check.status !== 200)
      throw new Error(`Prism refused the benchmark payload: ${check.status} ${await check.text()}`);
    // The same load against each.
    const against = (url: string) => load({ url, connections: 10, seconds: SECONDS, headers, body });
    const console_ = await against(`${emulator.url}/checkout`);
    const reference = await against(`${prism.url}/checkout`);
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
    await prism.stop();
    await emulator.stop();
    temp.remove();
  }
}
