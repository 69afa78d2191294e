import { expect, type Locator, type Page } from '@playwright/test';

/** The Profiles view and the profile switcher, as a person sees them. */
export class ProfilesPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByText('Profiles', { exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Profiles', exact: true })).toBeVisible();
  }

  profileInList(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Profiles' }).getByText(name, { exact: true });
  }

  switcherButton(name: string): Locator {
    return this.page.getByRole('radiogroup', { name: 'Active profile' }).getByRole('radio', { name });
  }

  activeBadge(): Locator {
    return this.page.getByTestId('active-profile');
  }

  form(): Locator {
    return this.page.locator('form');
  }

  async setSecret(label: 'API token' | 'Notification token', value: string): Promise<void> {
    const form = this.form();
    await form.getByRole('button', { name: new RegExp(`^(Set|Replace) ${label}$`) }).click();
    await form.getByLabel(label, { exact: true }).fill(value);
  }

  maskedSecret(label: 'API token' | 'Notification token'): Locator {
    return this.form().getByLabel(`${label} (masked)`);
  }
}
