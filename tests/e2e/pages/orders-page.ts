import { expect, type Locator, type Page } from '@playwright/test';

/** The Orders view: the list, the selected order, its actions and the request editor. */
export class OrdersPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByText('Orders', { exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  }

  list(): Locator {
    return this.page.getByRole('list', { name: 'Orders' });
  }

  row(reference: string): Locator {
    return this.list().getByRole('button', { name: `Order ${reference}` });
  }

  detail(): Locator {
    return this.page.getByTestId('order-detail');
  }

  state(): Locator {
    return this.detail().getByTestId('order-state');
  }

  /** One of the order's facts ("Amount", "Captured", "Refunded"…): the value written under its label. */
  fact(label: string): Locator {
    return this.detail().getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  }

  /** The order's records as listed, optionally only those of one provenance (service, replay…). */
  records(provenance?: string): Locator {
    const all = this.detail().getByTestId('order-record');
    return provenance === undefined
      ? all
      : this.detail().locator(`[data-testid="order-record"][data-provenance="${provenance}"]`);
  }

  findings(): Locator {
    return this.detail().getByTestId('order-finding');
  }

  step(step: string): Locator {
    return this.detail().getByTestId(`strip-step-${step}`);
  }

  action(name: string): Locator {
    return this.page.getByTestId('order-actions').getByRole('button', { name, exact: true });
  }

  editor(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Opens an action's request editor, sends it as prepared, and waits for the answer. */
  async send(action: string): Promise<Locator> {
    await this.action(action).click();
    const editor = this.editor();
    await expect(editor.getByLabel('URL')).not.toHaveValue('');
    await editor.getByRole('button', { name: `Send ${action.toLowerCase()}` }).click();
    const answer = editor.getByTestId('operation-answer');
    await expect(answer).toBeVisible();
    return answer;
  }

  /** Opens an action's editor, removes Authorization, sends, and waits for the service's 401. */
  async sendWithoutAuthorization(action: string): Promise<Locator> {
    await this.action(action).click();
    const editor = this.editor();
    await expect(editor.getByLabel('URL')).not.toHaveValue('');
    await editor.getByRole('button', { name: 'Remove header Authorization' }).click();
    await editor.getByRole('button', { name: `Send ${action.toLowerCase()}` }).click();
    await expect(editor.getByTestId('operation-answer').getByTestId('answer-status')).toHaveText('401');
    return editor;
  }

  async closeEditor(): Promise<void> {
    await this.editor().getByRole('button', { name: 'Close', exact: true }).click();
    try {
      await expect(this.editor()).toBeHidden();
    } catch (error) {
      // Seen once in CI and never here: say which dialog stayed, and what it held.
      const open = await this.page
        .getByRole('dialog')
        .evaluateAll((dialogs) => dialogs.map((dialog) => (dialog.textContent ?? '').slice(0, 300)));
      throw new Error(`The editor stayed open after Close; open dialogs: ${JSON.stringify(open)}`, {
        cause: error,
      });
    }
  }
}
