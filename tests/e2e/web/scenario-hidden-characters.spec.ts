import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';

// A scenario's name, step titles and expected values come from a file anyone may have written.
// A right-to-left override in a name turned the rest of the card around ("evil gnol gnol…"),
// and in an expected value the diff; a long name squeezed the card's buttons to slivers. The
// view now shows such characters as the \u escapes `test` and `runs` print, and keeps its buttons.
test('a scenario named with a right-to-left override and a long name is shown as test prints it', async ({
  page,
  served,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-hidden-'));
  try {
    const long = 'long '.repeat(40).trim();
    writeFileSync(
      join(folder, 'evil.yaml'),
      [
        `name: "pay \\u202edeliaf ${long}"`,
        'steps:',
        '  - step: checkout',
        '    title: "create \\u202eredro"',
        '    sample: { country: SA }',
        '    expect: { fields: { /status: "\\u202ewen" } }',
        '',
      ].join('\n'),
    );
    writeFileSync(join(folder, 'short.yaml'), 'name: short\nsteps:\n  - step: wait\n    for: 1ms\n');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    const card = scenarios.card('deliaf');
    await expect(card.getByTestId('scenario-name')).toHaveText(`pay \\u202edeliaf ${long}`);
    // Neither button is squeezed by the long name (which is cut short instead): each is as
    // wide as a short name's.
    const run = card.getByRole('button', { name: /^Run / });
    const toggle = card.getByRole('button', { name: /^Show the steps of / });
    const short = scenarios.card('short');
    const widths = async (locators: (typeof run)[]) =>
      Promise.all(locators.map(async (locator) => (await locator.boundingBox())?.width));
    expect(await widths([run, toggle])).toEqual(
      await widths([
        short.getByRole('button', { name: /^Run / }),
        short.getByRole('button', { name: /^Show the steps of / }),
      ]),
    );

    await run.click();
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    const step = card.getByTestId('scenario-step').first();
    await expect(step).toContainText('1. create \\u202eredro');
    await expect(step.getByTestId('diff-expected')).toHaveText('- "\\u202ewen"');
    await expect(step.getByTestId('diff-actual')).toHaveText('+ "new"');
    for (const hidden of [card, step]) expect(await hidden.innerText()).not.toContain('\u202e');

    // The same words as `runs` prints for the run.
    const printed = execFileSync(process.execPath, [cliPath, '--data-dir', served.dataDir, 'runs', '1'], {
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    }).toString();
    expect(printed).toContain(`pay \\u202edeliaf ${long}`);
    expect(printed).toContain('1. create \\u202eredro');
    expect(printed).toContain('- expected  "\\u202ewen"');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// A folder or file named with an override turned the file problems and the runs list around.
test('a folder and a file named with a right-to-left override are shown escaped in problems and runs', async ({
  page,
  served,
}) => {
  const parent = mkdtempSync(join(tmpdir(), 'cc-e2e-hidden-folder-'));
  const folder = join(parent, 'suite \u202eevil');
  try {
    mkdirSync(folder);
    writeFileSync(join(folder, 'ok.yaml'), 'name: ok\nsteps:\n  - step: wait\n    for: 1ms\n');
    writeFileSync(join(folder, 'broken \u202elmay.yaml'), 'name: broken\n');
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-file-problem')).toHaveText(
      'broken \\u202elmay.yaml:1:1: steps: missing; expected a list',
    );
    // Run all runs nothing while a file does not load: the one that loads runs alone.
    await page.getByRole('button', { name: 'Run ok' }).click();
    await expect(scenarios.summary()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Earlier runs' }).click();
    await expect(page.getByTestId('run-paths').first()).toHaveText(join(parent, 'suite \\u202eevil'));
    for (const shown of [page.getByTestId('run-paths').first(), page.getByTestId('scenario-file-problem')])
      expect((await shown.allInnerTexts()).join('')).not.toContain('\u202e');
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
