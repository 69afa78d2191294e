import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { z } from 'zod';
import { writeEvents } from '../tests/e2e/fixtures/seed-events';
import { pointLocalProfile, startServedConsole } from '../tests/e2e/fixtures/serve-process';
import type { BenchResult } from './bench-kit';
import { largeNotification } from './large-documents';
import { chromiumArgs, chromiumPath } from '../tests/e2e/fixtures/chromium-launch';

/**
 * A record with a 5 MB body opened on the timeline, as a QA engineer does after raising the
 * listener's body limit: the row clicked, then the Request tab, Raw, Pretty, Overview and
 * Request again, then Show all and scrolls through it. Measured: the longest main-thread task (PerformanceObserver 'longtask') of
 * each step, from its click until the page has been quiet for a moment.
 *
 * `BENCH_DETAIL_ROOT` serves another checkout's build (an older commit, for a before/after
 * figure). `BENCH_PROFILE_DIR`: a CDP CPU profile of the steps is written there
 * (`record-detail-5mb.cpuprofile`); profiling slows the page, so its figures are not comparable.
 */

const ARGS = chromiumArgs();
const BODY_CHARS = 5_000_000;
const GOAL_MS = 200;
const PROFILE_DIR = process.env['BENCH_PROFILE_DIR'];

const longTasksSchema = z.array(z.object({ start: z.number(), duration: z.number() }));

/** Long tasks as they happen, with when they started (to tell the steps apart). */
const LONG_TASK_PROBE = `
  window.__detailBench = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__detailBench.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ entryTypes: ['longtask'] });
`;

interface Step {
  name: string;
  act: (page: Page) => Promise<void>;
  /** Whether the page has what the step uses (a build from before Show all draws the body whole). */
  applies?: (page: Page) => Promise<boolean>;
}

const drawnInPart = async (page: Page) => (await page.getByTestId('request-body-pretty-part').count()) > 0;

const STEPS: readonly Step[] = [
  {
    name: 'open',
    act: async (page) => {
      await page.getByTestId('timeline-row').first().click();
      await page.getByTestId('event-detail').getByRole('tab', { name: 'Overview' }).waitFor();
    },
  },
  { name: 'request', act: (page) => tab(page, 'Request', 'request-section') },
  { name: 'raw', act: (page) => segment(page, 'Raw', 'request-body-raw') },
  { name: 'pretty', act: (page) => segment(page, 'Pretty', 'request-body-pretty') },
  { name: 'overview', act: (page) => tab(page, 'Overview', 'body-findings') },
  { name: 'requestAgain', act: (page) => tab(page, 'Request', 'request-section') },
  {
    name: 'showAll',
    applies: drawnInPart,
    act: async (page) => {
      await page.getByTestId('request-body-pretty-part').getByRole('button', { name: 'Show all' }).click();
      await page.getByTestId('request-body-pretty-part-note').getByText('Showing all').waitFor();
    },
  },
  {
    name: 'scrollAll',
    applies: drawnInPart,
    act: async (page) => {
      const block = `document.querySelector('[data-testid="request-body-pretty"]')`;
      for (let step = 0; step < 10; step++) {
        await page.evaluate(`${block}.scrollBy(0, 400)`);
        await page.waitForTimeout(50);
      }
      await page.evaluate(`${block}.scrollBy(0, ${block}.scrollHeight)`);
    },
  },
];

async function tab(page: Page, name: string, shows: string): Promise<void> {
  await page.getByTestId('event-detail').getByRole('tab', { name }).click();
  await page.getByTestId(shows).first().waitFor();
}

async function segment(page: Page, name: string, shows: string): Promise<void> {
  await page.getByRole('radiogroup', { name: 'request body view' }).getByText(name, { exact: true }).click();
  await page.getByTestId(shows).waitFor();
}

/**
 * Waits until the page has been quiet for `quietMs` since the step began or its last long task
 * ended, whichever is later. The observer's entries arrive after the task, when the page is
 * idle: counted from 0 when none had arrived yet, the wait returned at once, the step's tasks
 * arrived during the next one, and the filter on `started` then dropped them from both (every
 * step read 0 ms while opening the row took 163–430 ms).
 */
async function settle(page: Page, since: number, quietMs = 700): Promise<void> {
  for (;;) {
    const tasks = longTasksSchema.parse(await page.evaluate('window.__detailBench'));
    const now = Number(await page.evaluate('performance.now()'));
    const last = tasks.reduce((latest, task) => Math.max(latest, task.start + task.duration), since);
    if (now - last >= quietMs) return;
    await page.waitForTimeout(quietMs / 2);
  }
}

/**
 * A task of 120 ms run by the page must be seen by the probe, else every figure would be a 0
 * that measured nothing: the benchmark fails instead.
 */
async function checkProbe(page: Page): Promise<void> {
  const since = Number(await page.evaluate('performance.now()'));
  // A task of the page's own (a script evaluated through CDP is no task the observer reports).
  await page.evaluate(
    'setTimeout(() => { const end = performance.now() + 120; while (performance.now() < end); }, 0)',
  );
  await settle(page, since);
  const seen = longTasksSchema
    .parse(await page.evaluate('window.__detailBench'))
    .filter((task) => task.start >= since - 1 && task.duration >= 100);
  if (seen.length === 0)
    throw new Error(
      'The long-task probe saw no task of a 120 ms busy loop: nothing this benchmark measures would be real.',
    );
}

async function startProfile(page: Page): Promise<CDPSession | null> {
  if (PROFILE_DIR === undefined) return null;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

export async function recordDetailBrowser(): Promise<BenchResult[]> {
  const body = largeNotification(BODY_CHARS);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-detail-'));
  await pointLocalProfile(dataDir, { listenerPort: 0 });
  writeEvents(dataDir, [
    {
      kind: 'webhook',
      method: 'POST',
      path: '/hooks',
      url: 'http://127.0.0.1:4455/hooks',
      requestHeaders: [['Content-Type', 'application/json']],
      requestBody: Buffer.from(body),
      status: 200,
      durationMs: 3,
      eventType: 'order_approved',
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      details: { body: { findings: [] } },
    },
  ]);
  const served = await startServedConsole({}, dataDir, process.env['BENCH_DETAIL_ROOT']);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.addInitScript(LONG_TASK_PROBE);
    await page.goto(`${served.launchUrl}#/timeline`);
    await page.locator('#root[data-app-state="ready"]').waitFor();
    await page.getByTestId('timeline-row').first().waitFor();
    await settle(page, Number(await page.evaluate('performance.now()')));
    await checkProbe(page);
    const profiler = await startProfile(page);
    const perStep: Record<string, number> = {};
    for (const step of STEPS) {
      if (step.applies !== undefined && !(await step.applies(page))) continue;
      const started = Number(await page.evaluate('performance.now()'));
      await step.act(page);
      await settle(page, started);
      const tasks = longTasksSchema.parse(await page.evaluate('window.__detailBench'));
      perStep[`${step.name}Ms`] = Math.round(
        tasks
          .filter((task) => task.start >= started - 1)
          .reduce((most, task) => Math.max(most, task.duration), 0),
      );
    }
    if (profiler !== null && PROFILE_DIR !== undefined) {
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(join(PROFILE_DIR, 'record-detail-5mb.cpuprofile'), JSON.stringify(profile));
    }
    const longestTaskMs = Math.max(...Object.values(perStep));
    return [
      {
        name: 'record-detail-5mb',
        title: `Timeline detail of a record with a ${(body.length / 1e6).toFixed(1)} MB body in Chromium`,
        goal: `no task > ${GOAL_MS} ms opening it and switching its tabs`,
        console: { longestTaskMs, ...perStep },
        reference: null,
        ratio: null,
        pass: longestTaskMs <= GOAL_MS,
        notes: `Headless Chromium (no GPU), 1600×1000 window, the console served by \`serve\` over a data directory holding one webhook record whose body is ${body.length.toLocaleString('en')} characters of compact JSON. Steps: the row clicked, then Request, Raw, Pretty, Overview, Request again, Show all (the whole pretty text), ten scrolls of 400 px in it and one to its end; each step's longest task from its click until the page was quiet for 0.7 s (from the step's start or its last long task); the probe is checked first on a 120 ms busy loop.`,
      },
    ];
  } finally {
    await browser.close();
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
