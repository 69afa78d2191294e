import { expect, type Locator, type Page } from '@playwright/test';

/** The Scenarios view: a folder, its scenario cards, their steps and a run's summary. */
export class ScenariosPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByText('Scenarios', { exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Scenarios', exact: true })).toBeVisible();
  }

  async openFolder(folder: string): Promise<void> {
    await this.page.getByLabel('Folder of scenario files').fill(folder);
    await this.page.getByRole('button', { name: 'Open', exact: true }).click();
  }

  card(name: string): Locator {
    return this.page.getByTestId('scenario-card').filter({ hasText: name });
  }

  summary(): Locator {
    return this.page.getByTestId('scenarios-summary');
  }

  async runAll(): Promise<void> {
    await this.page.getByRole('button', { name: 'Run all' }).click();
  }
}
