import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startSeededConsole } from '../tests/e2e/fixtures/seed-events';
import { percentile, type BenchResult } from './bench-kit';
import { chromiumArgs, chromiumPath } from '../tests/e2e/fixtures/chromium-launch';

const ROOT = join(import.meta.dirname, '..');
const RECORDS = 100_000;
const ROUNDS = 7;

function ensureBuilt(): void {
  if (!existsSync(join(ROOT, 'out', 'main', 'cli.js')))
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

interface Opened {
  rowsMs: number[];
  countMs: number[];
}

/**
 * Same-document navigations from the builder to `hash`, each timed to its first row in the DOM
 * and (History) to its count on screen, however the two arrive.
 */
async function open(
  page: Page,
  origin: string,
  hash: string,
  row: string,
  counted: boolean,
): Promise<Opened> {
  const opened: Opened = { rowsMs: [], countMs: [] };
  for (let round = 0; round < ROUNDS; round++) {
    await page.goto(`${origin}/#/builder`);
    await page.locator(`[data-testid="${row}"]`).first().waitFor({ state: 'detached' });
    const started = Date.now();
    await page.goto(`${origin}/#/${hash}`);
    const rows = page
      .locator(`[data-testid="${row}"]`)
      .first()
      .waitFor()
      .then(() => opened.rowsMs.push(Date.now() - started));
    const count = counted
      ? page
          .getByTestId('history-count')
          .filter({ hasText: /matching/ })
          .waitFor()
          .then(() => opened.countMs.push(Date.now() - started))
      : Promise.resolve();
    await Promise.all([rows, count]);
  }
  return opened;
}

/**
 * The History view over 100,000 seeded records in Chromium: its first rows and its count, opened
 * and searched; the reference is the Timeline's first rows on the same data in the same run (the
 * tester found History 4–8× slower to first paint).
 */
export async function historyBrowser(): Promise<BenchResult[]> {
  ensureBuilt();
  const served = await startSeededConsole(RECORDS);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs(),
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(served.launchUrl);
    await page.locator('#root[data-app-state="ready"]').waitFor();
    const history = await open(page, served.origin, 'history', 'history-row', true);
    const search = await open(page, served.origin, 'history?q=order_approved', 'history-row', true);
    const timeline = await open(page, served.origin, 'timeline', 'timeline-row', false);
    const figures = {
      records: RECORDS,
      firstRowsMs: percentile(history.rowsMs, 50),
      firstRowsMaxMs: Math.max(...history.rowsMs),
      countMs: percentile(history.countMs, 50),
      searchFirstRowsMs: percentile(search.rowsMs, 50),
      searchCountMs: percentile(search.countMs, 50),
    };
    const reference = { firstRowsMs: percentile(timeline.rowsMs, 50) };
    return [
      {
        name: 'history-100k',
        title: 'History at 100,000 records in Chromium (opened, and searched for order_approved)',
        goal: 'first rows within 1.5× the Timeline’s',
        console: figures,
        reference,
        ratio: Number((reference.firstRowsMs / Math.max(figures.firstRowsMs, 1)).toFixed(2)),
        pass: figures.firstRowsMs <= reference.firstRowsMs * 1.5,
        notes:
          'Headless Chromium on this machine. Same-document navigation from the builder, median of 7: to the first History row, to its count on screen, and the same with q=order_approved (a third of the records match). Reference: the Timeline’s first row on the same data in the same run. Ratio: Timeline ÷ History first rows.',
      },
    ];
  } finally {
    await browser.close();
    await served.stop();
  }
}
