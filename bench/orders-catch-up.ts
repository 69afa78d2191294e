import { spawn, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { createConsole } from '../src/main/app';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { percentile, type BenchResult } from './bench-kit';

const ORDERS = 6_000;
const EVERY_MS = 50;
/** Answers timed before the list opens: the listener's own worst, the reference. */
const IDLE_POSTS = 40;

/**
 * A separate process posting one webhook every 50 ms to the listener and printing each answer's
 * time on a line of its own: the clock is outside the process under test, so a stall of its
 * event loop shows as a late answer, as a delivery from the service would see it.
 */
const POSTER = `
const url = process.argv[1];
const body = JSON.stringify({ order_id: 'o-live', order_reference_id: 'R', order_number: 'N', event_type: 'order_approved', data: [] });
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
setInterval(() => {
  const started = performance.now();
  const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
    res.resume();
    res.on('end', () => process.stdout.write((performance.now() - started).toFixed(1) + '\\n'));
  });
  req.on('error', () => process.stdout.write('error\\n'));
  req.end(body);
}, ${EVERY_MS});
`;

const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The listener while the Orders list derives 6,000 orders stored by a flood of webhooks (one new
 * order each), as opening the Orders view after it does: one webhook every 50 ms from another
 * process, each answer timed; the worst and p99 while the list derives, against the same
 * listener's before the list opened. Also how long the first page took, and all of it.
 */
export async function ordersCatchUp(): Promise<BenchResult[]> {
  const temp = makeTempDir('cc-bench-orders-');
  const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  const local = setup.profiles.active();
  setup.profiles.update(
    local.id,
    { listenerPort: 0 },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
  await setup.close();
  const core = await createConsole({
    dataDir: temp.dir,
    frontDoor: 'browser',
    keychain: 'off',
    background: true,
    startEmulator: false,
  });
  let poster: ChildProcess | null = null;
  try {
    core.recorder.recordMany(
      Array.from({ length: ORDERS }, (_, n) => ({
        kind: 'webhook' as const,
        atMs: Date.UTC(2026, 0, 1) + n,
        method: 'POST',
        path: '/webhooks',
        status: 200,
        orderId: orderId(n),
        eventType: 'order_approved',
        tokenVerdict: 'valid' as const,
        bodyVerdict: 'event' as const,
        requestBody: Buffer.from(
          JSON.stringify({
            order_id: orderId(n),
            order_reference_id: `REF-${n}`,
            order_number: `N-${n}`,
            event_type: 'order_approved',
            data: [],
          }),
        ),
      })),
    );
    // What storing them sets going (the text index, pushes) is over before anything is timed.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const posting = spawn(process.execPath, ['-e', POSTER, `${core.listener.status().url ?? ''}/webhooks`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    poster = posting;
    const answers: number[] = [];
    let errors = 0;
    const lines = createInterface({ input: posting.stdout });
    lines.on('line', (line) => {
      if (line === 'error') errors += 1;
      else answers.push(Number(line));
    });
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await until(() => answers.length >= IDLE_POSTS);
    const idle = answers.splice(0);

    // The Orders view opens: its first page, then (as its pushes make it) a page every 300 ms
    // until it says it is whole (a console before catchingUp derived everything in the first).
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const opened = performance.now();
    let page = core.orders.list({ limit: 100 });
    const firstPageMs = performance.now() - opened;
    while (page.catchingUp !== null && page.catchingUp !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      page = core.orders.list({ limit: 100 });
    }
    const wholeMs = performance.now() - opened;
    loop.disable();
    // The answers to posts made while it derived, and those queued behind it.
    const postedWhile = Math.ceil(wholeMs / EVERY_MS);
    await until(() => answers.length >= postedWhile + 2);
    const during = answers.splice(0);
    if (process.env['BENCH_ORDERS_DEBUG'] !== undefined) process.stderr.write(`${during.join(' ')}\n`);
    const worst = (values: number[]) => Math.max(...values);
    const round = (value: number) => Math.round(value * 10) / 10;
    return [
      {
        name: 'orders-catch-up',
        title: `Listener while the Orders list derives ${ORDERS.toLocaleString('en-US')} orders`,
        goal: 'listener p99 ≤ 20 ms while it derives, 0 errors',
        console: {
          worstMs: round(worst(during)),
          p99Ms: round(percentile(during, 99)),
          p50Ms: round(percentile(during, 50)),
          answers: during.length,
          errors,
          firstPageMs: round(firstPageMs),
          // The longest the event loop was held while it derived, as the process itself saw it.
          loopMaxMs: round(loop.max / 1e6),
          wholeMs: Math.round(wholeMs),
          orders: page.total,
        },
        reference: {
          worstMs: round(worst(idle)),
          p99Ms: round(percentile(idle, 99)),
          p50Ms: round(percentile(idle, 50)),
          answers: idle.length,
        },
        ratio: round(worst(idle) / Math.max(worst(during), 1)),
        pass: percentile(during, 99) <= 20 && errors === 0 && page.total >= ORDERS,
        notes:
          'One webhook every 50 ms from another process; reference: the same listener before the Orders list opened, in the same run. ratio = worst idle ÷ worst while deriving.',
      },
    ];
  } finally {
    poster?.kill('SIGKILL');
    await core.close();
    temp.remove();
  }
}
