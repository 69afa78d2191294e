import { expect, type Locator, type Page } from '@playwright/test';

/** The checkout session builder, as a person sees it. */
export class BuilderPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByText('Builder', { exact: true }).click();
    await expect(this.form()).toBeVisible();
  }

  form(): Locator {
    return this.page.getByRole('form', { name: 'Checkout session request' });
  }

  /** A field of the form by its label (or the row-qualified name in the items table). */
  field(name: string, section?: string): Locator {
    const scope = section === undefined ? this.form() : this.section(section);
    return scope
      .getByRole('textbox', { name, exact: true })
      .or(scope.getByRole('combobox', { name, exact: true }));
  }

  /** One section's panel, named by its title (its counts follow the title). */
  section(title: string): Locator {
    return this.form().getByRole('region', { name: new RegExp(`^${escape(title)}`) });
  }

  rawEditor(): Locator {
    return this.page.getByRole('textbox', { name: 'Raw JSON' });
  }

  /** The raw JSON text as CodeMirror holds it (its DOM only renders what is in view). */
  async rawText(): Promise<string> {
    await this.page.locator('.cm-content').first().waitFor();
    return this.page.evaluate(() => {
      // What EditorView.findFromDOM does: the content element's tile leads to the view.
      type Doc = { toString(): string };
      const element = document.querySelector('.cm-content') as
        (Element & { cmTile?: { root?: { view?: { state: { doc: Doc } } } } }) | null;
      const view = element?.cmTile?.root?.view;
      if (view === undefined) throw new Error('The raw JSON editor is not on the page');
      return view.state.doc.toString();
    });
  }

  async rawJson(): Promise<unknown> {
    return JSON.parse(await this.rawText()) as unknown;
  }

  /**
   * Replaces the raw JSON as a paste would: one change to the editor, so a long document does
   * not cost a keystroke's work per character.
   */
  async pasteRaw(text: string): Promise<void> {
    // "Ready" is the app's; the builder's editor may mount a frame or two later.
    await this.page.locator('.cm-content').first().waitFor();
    await this.page.evaluate((insert) => {
      type View = {
        state: { doc: { length: number } };
        dispatch: (spec: { changes: { from: number; to: number; insert: string } }) => void;
      };
      const element = document.querySelector('.cm-content') as
        (Element & { cmTile?: { root?: { view?: View } } }) | null;
      const view = element?.cmTile?.root?.view;
      if (view === undefined) throw new Error('The raw JSON editor is not on the page');
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert } });
    }, text);
  }

  /** Pastes `text` over the raw editor's content as Ctrl+V does: one paste event, through the editor's own handler. */
  async pasteFromClipboard(text: string): Promise<void> {
    await this.rawEditor().click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.evaluate((pasted) => {
      const content = document.querySelector('.cm-content');
      if (content === null) throw new Error('No raw editor');
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      content.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
  }

  /** Replaces the raw JSON as if typed (select all, then insert). */
  async replaceRaw(text: string): Promise<void> {
    await this.rawEditor().click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.insertText(text);
  }

  findings(): Locator {
    return this.page.getByTestId('findings-list');
  }

  finding(path: string): Locator {
    return this.findings().getByRole('button', { name: new RegExp(`^(error|warning): ${escape(path)}: `) });
  }

  errorCount(): Locator {
    return this.page.getByTestId('error-count');
  }

  async chooseForm(form: 'General' | 'Education'): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Form' }).getByText(form, { exact: true }).click();
  }

  async draftsMenu(item: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Drafts' }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
