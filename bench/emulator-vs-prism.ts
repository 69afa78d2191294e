import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../tests/e2e/fixtures/serve-process';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult, type LoadResult } from './bench-kit';
import { startBuiltConsoleCommand, startPrism, type BenchProcess } from './processes';

const SECONDS = 8;
/** Each server is loaded in this many alternating slices, so a change in the machine's load falls on both. */
const SLICES = 4;
const ROOT = join(import.meta.dirname, '..');

/** Load on one server, with the CPU time its process spent meanwhile. */
async function measured(server: BenchProcess, run: () => Promise<LoadResult>) {
  const before = server.cpuMs();
  const result = await run();
  const after = server.cpuMs();
  return { result, cpuMs: before === null || after === null ? Number.NaN : after - before };
}

/** Microseconds of the server's CPU per answered request, over all slices. */
const cpuPerRequest = (slices: readonly { result: LoadResult; cpuMs: number }[]) =>
  Math.round(
    (slices.reduce((total, slice) => total + slice.cpuMs, 0) * 1000) /
      Math.max(
        slices.reduce((total, slice) => total + slice.result.requests, 0),
        1,
      ),
  );

/** Slices as one run: requests per second over all of them, the median p50, the worst p99. */
function combined(slices: readonly LoadResult[]): LoadResult {
  const sum = (pick: (slice: LoadResult) => number) =>
    slices.reduce((total, slice) => total + pick(slice), 0);
  const p50s = slices.map((slice) => slice.p50Ms).sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(sum((slice) => slice.requestsPerSecond) / slices.length),
    p50Ms: p50s[Math.floor(p50s.length / 2)] ?? Number.NaN,
    p99Ms: Math.max(...slices.map((slice) => slice.p99Ms)),
    requests: sum((slice) => slice.requests),
    non2xx: sum((slice) => slice.non2xx),
    errors: sum((slice) => slice.errors),
  };
}

/**
 * The emulator's create-checkout (full validation, SQLite persistence) against Prism validating
 * the same request; each server in its own process, the load generated from this one.
 */
export async function emulatorVsPrism(): Promise<BenchResult[]> {
  const temp = makeTempDir('cc-bench-');
  const token = 'bench-api-token-0123456789';
  // The built `emulator` command (what users run) in its own process, as Prism runs in its own;
  // BENCH_EMULATOR_ROOT points at another checkout's build to measure a before.
  const emulator = await startBuiltConsoleCommand(
    temp.dir,
    ['emulator', '--port', '0', '--api-token', token, '--notification-token', 'bench-notification-token'],
    /Emulator listening on (http:\/\/\S+)/,
    process.env['BENCH_EMULATOR_ROOT'] ?? ROOT,
  );
  const prism = await startPrism(join(ROOT, 'bench', 'openapi-checkout.yaml'), await freePort());
  try {
    const payload = JSON.parse(
      readFileSync(join(ROOT, 'tests', 'fixtures', 'general-valid.json'), 'utf8'),
    ) as Record<string, unknown>;
    delete (payload['merchant_url'] as Record<string, unknown>)['notification'];
    // A reference of its own for each request, as a merchant's sessions have: one repeated on
    // every request sent each order down the emulator's duplicate-reference warning (a lookup
    // and a header), which no real load does. Both servers get the same bodies.
    payload['order_reference_id'] = 'bench-[<id>]';
    const body = JSON.stringify(payload);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const check = await fetch(`${prism.url}/checkout`, {
      method: 'POST',
      headers,
      body: body.replace('[<id>]', 'check'),
    });
    if (check.status !== 200)
      throw new Error(`Prism refused the benchmark payload: ${check.status} ${await check.text()}`);
    // The same load against each, in alternating slices: on a shared machine the load moves
    // within seconds, and a ratio of two runs taken one after the other moves with it.
    const slice = (url: string) =>
      load({ url, connections: 10, seconds: SECONDS / SLICES, headers, body, uniqueIds: true });
    const consoleSlices: { result: LoadResult; cpuMs: number }[] = [];
    const referenceSlices: { result: LoadResult; cpuMs: number }[] = [];
    const loadAtStart = loadavg()[0] ?? 0;
    for (let round = 0; round < SLICES; round++) {
      consoleSlices.push(await measured(emulator, () => slice(`${emulator.url}/checkout`)));
      referenceSlices.push(await measured(prism, () => slice(`${prism.url}/checkout`)));
    }
    const console_ = combined(consoleSlices.map((entry) => entry.result));
    const reference = combined(referenceSlices.map((entry) => entry.result));
    // CPU per request moves much less with the machine's load than requests per second: the
    // ratio of the two says how many of its requests the emulator answers on Prism's CPU for one.
    const consoleCpu = cpuPerRequest(consoleSlices);
    const referenceCpu = cpuPerRequest(referenceSlices);
    await emulator.stop();
    const db = new Database(join(temp.dir, 'console.sqlite'), { readonly: true });
    const created = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM emulator_orders').get()?.n ?? 0;
    const references =
      db.prepare<[], { n: number }>('SELECT COUNT(DISTINCT reference_id) AS n FROM emulator_orders').get()
        ?.n ?? 0;
    db.close();
    const ratio = console_.requestsPerSecond / Math.max(reference.requestsPerSecond, 1);
    return [
      {
        name: 'emulator-vs-prism',
        title: 'Emulator create-checkout vs Prism mock, 10 connections',
        goal: '≥ 5× Prism',
        console: {
          ...console_,
          ordersStored: created,
          distinctReferences: references,
          cpuUsPerRequest: consoleCpu,
          cpuRatioToReference: Number((referenceCpu / Math.max(consoleCpu, 1)).toFixed(2)),
          // Two cores shared with other jobs: what the machine was doing, to read the figures by.
          loadAverageAtStart: Number(loadAtStart.toFixed(2)),
          loadAverageAtEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
        },
        reference: { ...reference, cpuUsPerRequest: referenceCpu },
        ratio: Number(ratio.toFixed(2)),
        pass: ratio >= 5 && console_.non2xx === 0,
        notes: `Same valid general payload, each server in its own process, loaded in ${SLICES} alternating slices of ${SECONDS / SLICES} s (requests/s over all slices, median p50, worst p99; cpuUsPerRequest: the server process's CPU time per answered request, read from /proc around its own slices, and cpuRatioToReference: Prism's CPU per request ÷ the emulator's, steadier than requests/s on a shared machine); the emulator is the built CLI (out/main/cli.js: run \`npx electron-vite build\` first), runs every rule of the shared model and stores each order; Prism validates the request against bench/openapi-checkout.yaml (\`mock --errors\`; \`-m\`, its multiprocess mode, crashes on this Node: "Cannot read properties of undefined (reading 'isPrimary')").`,
      },
    ];
  } finally {
    await prism.stop();
    await emulator.stop();
    temp.remove();
  }
}
