import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { z } from 'zod';
import { startServedConsole } from '../tests/e2e/fixtures/serve-process';
import { percentile, type BenchResult } from './bench-kit';
import { chromiumArgs, chromiumPath } from '../tests/e2e/fixtures/chromium-launch';

/**
 * Typing into the builder with an ordinary (small) document, the way the e2e test and a person
 * do: keys into a form field, keys into the raw editor holding the 3 KB sample, and the form
 * filled field by field. Measured per key: keydown → the frame after it was handled (what the
 * person waits for), and the page's main-thread time per key, the analysis' answer included
 * (what a busy machine pays; Chrome's TaskDuration). `BENCH_BUILDER_ROOT` points it at another
 * checkout's build (an older commit, for a before/after figure).
 */

const ROOT = join(import.meta.dirname, '..');
const ARGS = chromiumArgs();
const KEYS = 30;
const KEY_INTERVAL_MS = 100;

const keysSchema = z.array(z.number());

interface TypingFigures {
  keyP50Ms: number;
  keyP95Ms: number;
  /** The page's main-thread time per key, until the analysis has answered for the last one. */
  mainThreadPerKeyMs: number;
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(600);
  // Older builds analysed on the typing path and have no status: nothing to wait for there.
  await page.waitForFunction(
    'document.querySelector(\'[data-testid="analysis-status"][data-state="pending"]\') === null',
  );
  await page.waitForTimeout(400);
}

async function typeKeys(page: Page, cdp: CDPSession): Promise<TypingFigures> {
  await page.evaluate('window.__editorBench.keys = []; window.__editorBench.watching = true');
  const before = await taskSeconds(cdp);
  for (let key = 0; key < KEYS; key++) {
    await page.keyboard.press(key % 2 === 0 ? 'x' : 'y');
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  await settle(page);
  const busy = (await taskSeconds(cdp)) - before;
  const keys = keysSchema.parse(await page.evaluate('window.__editorBench.keys'));
  await page.evaluate('window.__editorBench.watching = false');
  return {
    keyP50Ms: Math.round(percentile(keys, 50)),
    keyP95Ms: Math.round(percentile(keys, 95)),
    mainThreadPerKeyMs: Math.round((busy * 1000) / KEYS),
  };
}

/** The e2e test's hand-filled fields (tests/e2e/web/builder.spec.ts), one `fill` each. */
const HAND_FILLED: readonly [string, string, string][] = [
  ['Order', 'Order reference id', 'ORD-HAND-1'],
  ['Order', 'Description', 'Two coffee mugs'],
  ['Order', 'Country', 'SA'],
  ['Order', 'Payment type', 'PAY_BY_INSTALMENTS'],
  ['Order', 'Instalments', '4'],
  ['Amounts', 'Total amount', '115'],
  ['Amounts', 'Total amount currency', 'SAR'],
  ['Amounts', 'Shipping amount', '10'],
  ['Consumer', 'First name', 'Noura'],
  ['Consumer', 'Last name', 'Al-Harbi'],
  ['Addresses', 'City', 'Riyadh'],
  ['Merchant URLs', 'Success URL', 'https://shop.example/success'],
];

async function openBuilder(page: Page, url: string): Promise<CDPSession> {
  await page.addInitScript({ path: join(ROOT, 'bench', 'editor-probes.js') });
  await page.goto(url);
  await page.locator('#root[data-app-state="ready"]').waitFor();
  await page.getByRole('form', { name: 'Checkout session request' }).waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await settle(page);
  return cdp;
}

function field(page: Page, section: string, name: string) {
  const scope = page
    .getByRole('form', { name: 'Checkout session request' })
    .getByRole('region', { name: new RegExp(`^${section}`) });
  return scope
    .getByRole('textbox', { name, exact: true })
    .or(scope.getByRole('combobox', { name, exact: true }));
}

export async function builderTyping(): Promise<BenchResult[]> {
  const served = await startServedConsole({}, undefined, process.env['BENCH_BUILDER_ROOT']);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const cdp = await openBuilder(page, served.launchUrl);

    // Keys into an empty form's Description (each key changes the document and its findings).
    await field(page, 'Order', 'Description').click();
    const form = await typeKeys(page, cdp);

    // The form filled field by field, as the e2e test does.
    const fillStarted = Date.now();
    const fillBefore = await taskSeconds(cdp);
    for (const [section, name, value] of HAND_FILLED) await field(page, section, name).fill(value);
    await settle(page);
    const fillWallMs = Date.now() - fillStarted;
    const fillBusyMs = ((await taskSeconds(cdp)) - fillBefore) * 1000;

    // The sample (about 3 KB) in the raw editor, keys typed inside its description.
    await page.getByRole('button', { name: 'Sample', exact: true }).click();
    const discard = page.getByRole('button', { name: 'Discard and continue' });
    if (await discard.isVisible().catch(() => false)) await discard.click();
    await settle(page);
    const sampleChars = Number(await page.evaluate('window.__benchDocLength()'));
    await page.evaluate("window.__benchCursorAfter('description')");
    const raw = await typeKeys(page, cdp);

    const notes = `Headless Chromium (no GPU), 1600×900 window, the console served by \`serve\`. ${KEYS} keys typed ${KEY_INTERVAL_MS} ms apart. Key: keydown → the frame after it was handled (p50/p95). Main thread per key: Chrome's TaskDuration over the typing and until the analysis answered, ÷ keys. Fill: ${HAND_FILLED.length} fields of the e2e test filled one after the other (Playwright \`fill\`), wall time and main-thread time per field.`;
    return [
      {
        name: 'builder-typing-form',
        title: 'Builder form, typing into an empty document’s Description',
        goal: 'keystroke p95 ≤ 50 ms',
        console: { ...form },
        reference: null,
        ratio: null,
        pass: form.keyP95Ms <= 50,
        notes,
      },
      {
        name: 'builder-typing-raw',
        title: `Builder raw editor, typing into the sample (${sampleChars.toLocaleString('en')} characters)`,
        goal: 'keystroke p95 ≤ 50 ms',
        console: { ...raw },
        reference: null,
        ratio: null,
        pass: raw.keyP95Ms <= 50,
        notes,
      },
      {
        name: 'builder-fill-form',
        title: `Builder form, ${HAND_FILLED.length} fields filled one after the other`,
        goal: 'page busy ≤ 100 ms a field',
        console: {
          fillWallMs,
          perFieldWallMs: Math.round(fillWallMs / HAND_FILLED.length),
          perFieldMainThreadMs: Math.round(fillBusyMs / HAND_FILLED.length),
        },
        reference: null,
        ratio: null,
        pass: fillBusyMs / HAND_FILLED.length <= 100,
        notes,
      },
    ];
  } finally {
    await browser.close();
    await served.stop();
  }
}
