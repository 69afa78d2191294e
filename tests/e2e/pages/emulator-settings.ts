import type { Locator, Page } from '@playwright/test';
import { expectPanelOpened } from '../fixtures/clicks-seen';

export type EmulatorSettingsPanel = 'Settings: retries and faults' | 'Settings: where the spec is open';

/**
 * Opens one of the Emulator view's settings panels and waits until it has finished opening: a
 * click on its Save while the panel was still animating open was lost now and then under load
 * (CI: "Emulator settings saved" never came), as Add header's was.
 */
export async function openEmulatorSettings(page: Page, panel: EmulatorSettingsPanel): Promise<Locator> {
  await page.getByRole('button', { name: panel }).click();
  const region = page.getByRole('region', { name: panel });
  await expectPanelOpened(region.getByRole('button', { name: 'Save settings' }));
  return region;
}
