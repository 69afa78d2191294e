import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { closeTabAnsweringStay } from '../fixtures/close-tab';
import { projectRoot } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';
import { happyPathExpectingPartialCapture } from '../../fixtures/wrong-state-scenario';

// The starter suite, copied with one broken scenario beside it, run from the Scenarios view of
// a served console (its own Local emulator and listener); then an order saved as a scenario.
test('run the starter suite from the Scenarios view, see a failing diff, save an order as a scenario and run it', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-scenarios-'));
  try {
    cpSync(join(projectRoot, 'scenarios'), folder, { recursive: true });
    writeFileSync(
      join(folder, 'wrong-state.yaml'),
      happyPathExpectingPartialCapture(projectRoot, 'Wrong expected state'),
    );
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(11);
    await scenarios.runAll();
    await expect(scenarios.summary()).toBeVisible({ timeout: 60_000 });
    // Only the broken one fails (named, with its steps, when another does).
    const notPassed = page.locator('[data-testid="scenario-card"]:not([data-status="passed"])');
    expect(await notPassed.allTextContents()).toEqual([expect.stringContaining('Wrong expected state')]);
    await expect(scenarios.summary()).toContainText('10 passed, 1 failed');

    const broken = scenarios.card('Wrong expected state');
    await expect(broken).toHaveAttribute('data-status', 'failed');
    const failing = broken.locator('[data-testid="scenario-step"][data-status="failed"]');
    await expect(failing).toContainText('6. capture');
    await expect(failing.getByTestId('step-diff')).toContainText('order state');
    await expect(failing.getByTestId('diff-expected')).toHaveText('- "partially_captured"');
    await expect(failing.getByTestId('diff-actual')).toHaveText('+ "fully_captured"');
    await expect(broken.locator('[data-testid="scenario-step"][data-status="skipped"]')).toHaveCount(2);
    await expect(failing.getByTestId('step-record-link').first()).toHaveAttribute(
      'href',
      /#\/timeline\?id=\d+/,
    );

    // The happy path's order, saved as a scenario from the Orders view.
    const happyCard = scenarios.card('Happy path, general form, SA / SAR');
    await happyCard.getByRole('button', { name: /Show the steps of Happy path/ }).click();
    const created = await happyCard.getByTestId('scenario-step').first().textContent();
    const orderId = /order ([0-9a-f-]{36})/.exec(created ?? '')?.[1];
    expect(orderId).toBeDefined();
    await page.goto(`${served.origin}/#/orders?id=${orderId ?? ''}`);
    await expect(page.getByTestId('order-state')).toHaveText('fully captured');
    await page.getByRole('button', { name: 'Save as scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as scenario' });
    const yaml = dialog.getByTestId('scenario-yaml');
    await expect(yaml).toHaveValue(/step: expect-webhook/);
    // The text as made closes at once, without a question.
    await yaml.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Save as scenario' }).click();
    await expect(yaml).toHaveValue(/step: expect-webhook/);
    await dialog.getByLabel('File', { exact: true }).fill(join(folder, 'saved', 'from-order.yaml'));
    // Text that would not load is checked as `test` checks it and not written unasked.
    const made = await yaml.inputValue();
    await yaml.fill(made.replace(/^steps:/m, 'stepz:'));
    // Typed and not saved: closing the tab asks first (a reload lost the dialog and its text unasked).
    expect(await closeTabAnsweringStay(page)).toBe('beforeunload');
    await expect(yaml).toHaveValue(/^stepz:/m);
    // So does closing the dialog itself (Escape, ×, a click outside dropped the text unasked); a no keeps both.
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await yaml.press('Escape');
    await expect(discard).toContainText("The scenario's text has changes that are not saved.");
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await expect(yaml).toHaveValue(/^stepz:/m);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByTestId('scenario-save-problems')).toContainText('stepz: unknown field "stepz"');
    await expect(dialog.getByLabel('Save it anyway; it runs once these are fixed')).not.toBeChecked();
    expect(existsSync(join(folder, 'saved'))).toBe(false);
    // A refusal of a text that loads says its own words, never the earlier text's problems.
    await yaml.fill(made);
    const file = dialog.getByLabel('File', { exact: true });
    const path = await file.inputValue();
    await file.fill(path.replace(/\.yaml$/, '.txt'));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('A scenario file ends in .yaml or .yml')).toBeVisible();
    await expect(dialog.getByTestId('scenario-save-problems')).toHaveCount(0);
    // A link that leads nowhere yet is a file that exists, said in the dialog's words (it said
    // "add --force", a flag the dialog has not).
    const nowhere = join(folder, 'nowhere.yaml');
    symlinkSync(join(folder, 'not-there.yaml'), nowhere);
    await file.fill(nowhere);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      dialog.getByText(`${nowhere} already exists; choose another name or overwrite it.`),
    ).toBeVisible();
    // One into the data directory is refused where it leads, Overwrite ticked too (it wrote
    // <data dir>/evil.yaml and said "Saved to …").
    const intoData = join(folder, 'link.yaml');
    symlinkSync(join(served.dataDir, 'evil.yaml'), intoData);
    await file.fill(intoData);
    await dialog.getByLabel('Overwrite the file if it exists').check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText(/it is inside the data directory/)).toBeVisible();
    expect(existsSync(join(served.dataDir, 'evil.yaml'))).toBe(false);
    await dialog.getByLabel('Overwrite the file if it exists').uncheck();
    // A hidden name, which its folder would never list, is refused saying so.
    await file.fill(join(folder, 'saved', '.hidden.yaml'));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      dialog.getByText(/\.hidden\.yaml starts with "\.", and a folder's search skips such names/),
    ).toBeVisible();
    await file.fill(path);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByTestId('scenario-saved')).toContainText('from-order.yaml');
    await expect(dialog.getByTestId('scenario-save-problems')).toHaveCount(0);
    expect(readdirSync(join(folder, 'saved'))).toEqual(['from-order.yaml']);
    // Edited after the save: Close asks, and a yes closes the dialog.
    await yaml.fill(`${made}# not saved\n`);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await discard.getByRole('button', { name: 'Discard and close' }).click();
    await expect(dialog).toBeHidden();

    await scenarios.open();
    await scenarios.openFolder(join(folder, 'saved'));
    const saved = page.getByTestId('scenario-card');
    await expect(saved).toHaveCount(1);
    await saved.getByRole('button', { name: /^Run / }).click();
    await expect(saved).toHaveAttribute('data-status', 'passed', { timeout: 30_000 });
    await expect(scenarios.summary()).toContainText('1 passed, 0 failed');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
