import { expect, type Locator, type Page } from '@playwright/test';

/** The Listener view and the JWT inspector, as a person uses them. */
export class JwtPage {
  constructor(private readonly page: Page) {}

  /** The listener's URL as the Listener view shows it (the port is a free one in tests). */
  async listenerUrl(): Promise<string> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByText('Listener', { exact: true }).click();
    await expect(this.page.getByTestId('listener-state')).toHaveText('listening');
    return (await this.page.getByTestId('listener-url').textContent()) ?? '';
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByText('JWT inspector', { exact: true })
      .click();
    await expect(this.page.getByRole('heading', { name: 'JWT inspector' })).toBeVisible();
  }

  /** Chooses the crafter's preset by its label. */
  async choosePreset(preset: string): Promise<void> {
    await this.page
      .getByRole('form', { name: 'Craft a token' })
      .getByRole('combobox', { name: 'Preset' })
      .click();
    await this.page.getByRole('option', { name: preset, exact: true }).click();
  }

  /** Signs a token with a preset and the active profile's notification token; returns it. */
  async craft(preset: string): Promise<string> {
    const form = this.page.getByRole('form', { name: 'Craft a token' });
    await this.choosePreset(preset);
    await form.getByRole('button', { name: 'Sign token' }).click();
    const crafted = this.page.getByTestId('crafted-token');
    await expect(crafted).toContainText(`${preset}, signed with`);
    return ((await this.page.getByTestId('crafted-token-value').textContent()) ?? '').trim();
  }

  /** The listener's URL, and a token signed as the service would (preset Valid). */
  async listenerAndValidToken(): Promise<{ listener: string; token: string }> {
    const listener = await this.listenerUrl();
    await this.open();
    return { listener, token: await this.craft('Valid') };
  }

  verdict(): Locator {
    return this.page.getByTestId('jwt-verdict').getByTestId('token-verdict');
  }

  reason(): Locator {
    return this.page.getByTestId('jwt-verdict-reason');
  }
}
