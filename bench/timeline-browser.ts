import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { z } from 'zod';
import { startSeededConsole } from '../tests/e2e/fixtures/seed-events';
import { percentile, type BenchResult } from './bench-kit';

const ROOT = join(import.meta.dirname, '..');
const ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--enable-precise-memory-info',
];

function ensureBuilt(): void {
  if (!existsSync(join(ROOT, 'out', 'main', 'cli.js')))
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const framesSchema = z.object({ frames: z.array(z.number()), longTasks: z.array(z.number()) });

/** Frame times (ms between animation frames) while `work` runs, and the long tasks seen (bench/browser-probes.js). */
async function measureFrames(page: Page, work: () => Promise<void>): Promise<z.infer<typeof framesSchema>> {
  await page.evaluate('window.__benchStartFrames()');
  await work();
  return framesSchema.parse(await page.evaluate('window.__benchStopFrames()'));
}

/** The timeline over 100,000 seeded records in Chromium, and a webhook's way from POST to a visible row. */
export async function timelineBrowser(): Promise<BenchResult[]> {
  ensureBuilt();
  const served = await startSeededConsole(100_000);
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript({ path: join(ROOT, 'bench', 'browser-probes.js') });
    await page.goto(served.launchUrl);
    await page.locator('#root[data-app-state="ready"]').waitFor();
    const started = Date.now();
    await page.goto(`${served.origin}/#/timeline`);
    await page.locator('[data-testid="timeline-row"]').first().waitFor();
    const firstRowsMs = Date.now() - started;
    const scrolling = await measureFrames(page, async () => {
      for (let step = 0; step < 60; step++) {
        await page.evaluate('window.__benchScroll(900)');
        await page.waitForTimeout(16);
      }
    });
    const domRows = await page.locator('[data-testid="timeline-row"]').count();
    const heapMb = await page.evaluate(
      () =>
        ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) /
        2 ** 20,
    );

    // Live: 100 webhooks a second for 5 seconds into the listener, the list at the top, each row's arrival timed.
    await page.evaluate('window.__benchScrollTop()');
    await page.goto(`${served.origin}/#/listener`);
    const listenerUrl = ((await page.getByTestId('listener-url').textContent()) ?? '').trim();
    await page.goto(`${served.origin}/#/timeline?kind=webhook`);
    await page.locator('[data-testid="timeline-row"]').first().waitFor();
    await page.evaluate('window.__benchWatchRows()');
    const sent = new Map<number, number>();
    const live = await measureFrames(page, async () => {
      for (let n = 0; n < 500; n++) {
        const at = Date.now();
        void fetch(`${listenerUrl}/bench`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            order_id: `bench-${n}`,
            order_reference_id: `B-${n}`,
            order_number: 'N',
            event_type: 'order_approved',
            data: [],
          }),
        })
          .then((response) => response.json())
          .then((answer: unknown) => sent.set(z.object({ id: z.number() }).parse(answer).id, at));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await page.waitForTimeout(1500);
    });
    const seen = Object.entries(
      z.record(z.string(), z.number()).parse(await page.evaluate('window.__benchSeenRows()')),
    );
    const latencies = seen.flatMap(([id, at]) => {
      const sentAt = sent.get(Number(id));
      return sentAt === undefined ? [] : [at - sentAt];
    });
    const p95Frame = percentile(scrolling.frames, 95);
    const longest = Math.max(0, ...scrolling.longTasks);
    const pushP95 = percentile(latencies, 95);
    return [
      {
        name: 'timeline-100k',
        title: 'Timeline at 100,000 records in Chromium',
        goal: 'first rows < 200 ms, p95 frame ≤ 16.7 ms, no task > 50 ms, heap < 150 MB',
        console: {
          firstRowsMs,
          scrollFrames: scrolling.frames.length,
          p95FrameMs: Number(p95Frame.toFixed(1)),
          longTasks: scrolling.longTasks.length,
          longestTaskMs: Math.round(longest),
          domRows,
          heapMb: Math.round(heapMb),
          liveP95FrameMs: Number(percentile(live.frames, 95).toFixed(1)),
          liveLongTasks: live.longTasks.length,
        },
        reference: null,
        ratio: null,
        pass: firstRowsMs < 200 && p95Frame <= 16.7 && longest <= 50 && heapMb < 150,
        notes:
          'Headless Chromium on this machine (no GPU); first rows timed from navigation to the first row in the DOM. Live: 100 webhooks/s for 5 s.',
      },
      {
        name: 'push-latency',
        title: 'Push latency: webhook POST → row visible in the timeline',
        goal: 'p95 < 100 ms',
        console: { samples: latencies.length, p50Ms: percentile(latencies, 50), p95Ms: pushP95 },
        reference: null,
        ratio: null,
        pass: pushP95 < 100,
        notes:
          'Measured with a MutationObserver in the page against the time each POST was sent, 100 webhooks/s.',
      },
    ];
  } finally {
    await browser.close();
    await served.stop();
  }
}
