import { expect, type Locator, type Page } from '@playwright/test';
import { escapeRegExp } from '../../../src/shared/escape-regexp';

/** A profile's accessible name in the top bar starts with its name; its marks may follow. */
const profileName = (name: string) => new RegExp(`^${escapeRegExp(name)}(\\s|$)`);

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

  /** A profile's radio in the top bar's row, by its whole name ("Sandbox" is not "QA sandbox"). */
  rowRadio(name: string): Locator {
    return this.page
      .getByRole('radiogroup', { name: 'Active profile' })
      .getByRole('radio', { name: profileName(name) });
  }

  /** The "+N more" button that holds the profiles the top bar's row has no room for. */
  moreProfiles(): Locator {
    return this.page.getByRole('button', { name: /^\+\d+ more profiles$/ });
  }

  /** A profile in the "+N more" menu, by its whole name. */
  moreProfilesItem(name: string): Locator {
    return this.page.getByRole('menuitemradio', { name: profileName(name) });
  }

  /** Makes a profile active with the mouse, through "+N more" when the row has no room for it. */
  async switchTo(name: string): Promise<void> {
    if (!(await this.rowRadio(name).isVisible())) {
      await this.moreProfiles().click();
      await this.moreProfilesItem(name).click();
    } else await this.rowRadio(name).click();
    await expect(this.rowRadio(name)).toHaveAttribute('aria-checked', 'true');
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
