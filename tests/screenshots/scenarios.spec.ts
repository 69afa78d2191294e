import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole } from '../e2e/fixtures/serve-process';
import { happyPathExpectingPartialCapture } from '../fixtures/wrong-state-scenario';
import { shotsFor } from './review-shots';

// SCENARIO_SHOTS=dir takes every size and theme there (for review); otherwise the docs picture.
const review = process.env['SCENARIO_SHOTS'];
const shots = shotsFor(review);

test('scenarios: a run with a failing step', async ({ page }) => {
  test.setTimeout(180_000);
  const served = await startServedConsole();
  const folder = mkdtempSync(join(tmpdir(), 'cc-shot-scenarios-'));
  try {
    cpSync(join(projectRoot, 'scenarios'), folder, { recursive: true });
    writeFileSync(
      join(folder, 'a-wrong-expectation.yaml'),
      happyPathExpectingPartialCapture(projectRoot, 'Capture leaves the order partially captured'),
    );
    await openConsole(page, served, '#/scenarios');
    await page.getByLabel('Folder of scenario files').fill(folder);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect(page.getByTestId('scenarios-summary')).toBeVisible({ timeout: 120_000 });
    for (const shot of shots) {
      await page.setViewportSize({ width: shot.width, height: shot.height });
      await page.emulateMedia({ colorScheme: shot.scheme });
      await page.getByTestId('step-diff').scrollIntoViewIfNeeded();
      const name = review ? `scenarios-${shot.width}-${shot.scheme}.png` : 'scenarios.png';
      await page.screenshot({ path: join(review ?? join(projectRoot, 'docs', 'images'), name) });
    }
    if (review) {
      await page.goto(`${served.origin}/#/listener`);
      for (const shot of shots) {
        await page.setViewportSize({ width: shot.width, height: shot.height });
        await page.emulateMedia({ colorScheme: shot.scheme });
        await page.screenshot({ path: join(review, `listener-${shot.width}-${shot.scheme}.png`) });
      }
      // A merchant endpoint that accepts anything: the refusal cases fail, as they should.
      const merchant = createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(200).end('ok'));
      });
      await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
      const port = (merchant.address() as AddressInfo).port;
      await page.getByLabel('Forward to').fill(`http://127.0.0.1:${port}/notify`);
      await page.getByRole('button', { name: 'Save listener settings' }).click();
      await page.getByRole('button', { name: 'Check endpoint' }).click();
      await expect(page.getByTestId('check-summary')).toBeVisible({ timeout: 60_000 });
      for (const shot of shots) {
        await page.setViewportSize({ width: shot.width, height: shot.height });
        await page.emulateMedia({ colorScheme: shot.scheme });
        await page.screenshot({ path: join(review, `check-${shot.width}-${shot.scheme}.png`) });
      }
      merchant.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await served.stop();
  }
});
