import { expect, type Locator, type Page } from '@playwright/test';

/** The Timeline view, as a person uses it. */
export class TimelinePage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByText('Timeline', { exact: true }).click();
    await this.expectReady();
  }

  async expectReady(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Timeline', exact: true })).toBeVisible();
    await expect(this.table()).toHaveAttribute('aria-busy', 'false');
  }

  table(): Locator {
    return this.page.getByRole('table', { name: 'Timeline records' });
  }

  rows(): Locator {
    return this.page.getByTestId('timeline-row');
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="timeline-row"][data-id="${id}"]`);
  }

  /** The parts of the expanded rows (a delivery and its webhook, a replay and its arrival). */
  parts(): Locator {
    return this.page.getByTestId('timeline-part');
  }

  part(id: number): Locator {
    return this.page.locator(`[data-testid="timeline-part"][data-id="${id}"]`);
  }

  /** The ids of the expanded rows' parts in the DOM, top to bottom. */
  async partIds(): Promise<number[]> {
    return this.parts().evaluateAll((parts) =>
      parts
        .map((part) => ({ id: Number(part.getAttribute('data-id')), top: part.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map((part) => part.id),
    );
  }

  /** The ids of the rows in the DOM, top to bottom. */
  async shownIds(): Promise<number[]> {
    const ids = await this.rows().evaluateAll((rows) =>
      rows
        .map((row) => ({ id: Number(row.getAttribute('data-id')), top: row.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map((row) => row.id),
    );
    return ids;
  }

  tokenVerdict(id: number): Locator {
    return this.row(id).getByTestId('token-verdict');
  }

  search(): Locator {
    return this.page.getByRole('textbox', { name: 'Search the timeline' });
  }

  /** Picks options of one of the filter bar's multi-selects ("Kind", "Verdict"). */
  async choose(label: 'Kind' | 'Verdict', ...options: string[]): Promise<void> {
    const input = this.page
      .getByTestId('timeline-filters')
      .getByRole('textbox', { name: label, exact: true });
    await input.click();
    for (const option of options) await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  pauseButton(): Locator {
    return this.page.getByRole('button', { name: 'Pause live' });
  }

  resumeButton(): Locator {
    return this.page.getByRole('button', { name: 'Resume live' });
  }

  unreadCount(): Locator {
    return this.page.getByTestId('unread-count');
  }

  detail(): Locator {
    return this.page.getByTestId('event-detail');
  }

  async openRecord(id: number): Promise<void> {
    await this.row(id).click();
    await expect(this.detail()).toHaveAttribute('data-id', String(id));
  }

  scroller(): Locator {
    return this.page.getByTestId('timeline-scroller');
  }
}
