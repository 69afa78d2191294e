import { expect, type Locator, type Page } from '@playwright/test';

/** The command palette (cmdk in a dialog), as a keyboard user sees it. */
export class CommandPalette {
  constructor(private readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Command palette' });
  }

  input(): Locator {
    return this.dialog().getByRole('combobox');
  }

  option(name: string | RegExp): Locator {
    return this.dialog().getByRole('option', { name });
  }

  topBarButton(): Locator {
    return this.page.getByRole('button', { name: /^Command palette/ });
  }

  async expectOpen(): Promise<void> {
    await expect(this.dialog()).toBeVisible();
    await expect(this.input()).toBeFocused();
  }

  /** Types the query and picks the first result with the keyboard. */
  async choose(query: string, expectedFirst: string | RegExp): Promise<void> {
    await this.input().fill(query);
    await expect(this.dialog().getByRole('option').first()).toHaveAccessibleName(expectedFirst);
    await this.page.keyboard.press('Enter');
    await expect(this.dialog()).toBeHidden();
  }
}
