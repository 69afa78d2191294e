import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { projectRoot } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';

// With the emulator stopped, the Scenarios view said it runs "with this console's listener and
// emulator", and a run's first step failed with "Connection refused … nothing is listening
// there". It now says the emulator is stopped before a run, with the button that starts it, as
// the builder does; started, the scenario passes.
test('a stopped emulator is said in the Scenarios view for Local, with a button that starts it', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  await expect(page.getByTestId('emulator-running')).toHaveText('running');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByTestId('emulator-running')).toHaveText('stopped');
  const scenarios = new ScenariosPage(page);
  await scenarios.open();
  await scenarios.openFolder(join(projectRoot, 'scenarios', 'happy-path-general-sa.yaml'));
  // The one file is listed before Run all, which would otherwise run the folder shown before.
  await expect(page.getByTestId('scenario-card')).toHaveCount(1);
  const notice = page.getByTestId('emulator-stopped');
  await expect(notice).toContainText('The local emulator is stopped');
  await notice.getByRole('button', { name: 'Start the emulator' }).click();
  // The emulator's start and the push that clears the notice took over 10 s once on CI's two
  // busy cores (never here, four runs in a row in 4-5 s): the same wait, given more time.
  await expect(notice).toHaveCount(0, { timeout: 30_000 });
  await scenarios.runAll();
  await expect(page.getByTestId('scenario-card')).toHaveAttribute('data-status', 'passed', {
    timeout: 30_000,
  });
});
