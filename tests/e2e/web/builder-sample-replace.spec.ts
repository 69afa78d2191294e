import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';

// Sample, Send, a reload (the checkout page paid in another tab), Sample again: "Discard unsaved
// changes?" in red, over a document nobody had touched and whose request is in History. Only
// what a person wrote and sent nowhere is asked for.

const reference = (builder: BuilderPage) => builder.field('Order reference id', 'Order').inputValue();

/** Sample pressed: the document is replaced without a question (a new reference says so). */
async function sampleReplacesWithoutAsking(page: Page, builder: BuilderPage): Promise<void> {
  const before = await reference(builder);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await expect(builder.field('Order reference id', 'Order')).not.toHaveValue(before);
  await expect(page.getByRole('dialog', { name: 'Discard unsaved changes?' })).toHaveCount(0);
}

/** Sample pressed over a hand edit: asked, and "Keep editing" keeps the edit. */
async function sampleAsks(page: Page, builder: BuilderPage, edit: string): Promise<void> {
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(builder.field('Description', 'Order')).toHaveValue(edit);
}

async function reloadWhenSaved(page: Page): Promise<void> {
  await expect(page.locator('[data-working-copy="saved"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
}

test('a sample nobody edited, or one sent, is replaced by Sample without asking, after a reload too', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await sampleReplacesWithoutAsking(page, builder);

  // Untouched, then reloaded: still one click to get again.
  await reloadWhenSaved(page);
  await sampleReplacesWithoutAsking(page, builder);

  // Sent: its request is in History, so nothing is lost, neither now nor after a reload.
  await page.getByRole('button', { name: 'Send to Local' }).click();
  await expect(page.getByTestId('created-status')).toBeVisible();
  await reloadWhenSaved(page);
  await page.getByRole('tab', { name: 'Response' }).click();
  await expect(page.getByTestId('restored-send')).toBeVisible();
  await sampleReplacesWithoutAsking(page, builder);
});

test('a hand-edited document is asked for, before a send, after one and after a reload', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await builder.field('Description', 'Order').fill('Typed by hand');
  await sampleAsks(page, builder, 'Typed by hand');
  await reloadWhenSaved(page);
  await sampleAsks(page, builder, 'Typed by hand');

  // Sent as edited: in History now. An edit after the send is not, and is asked for again.
  await page.getByRole('button', { name: 'Send to Local' }).click();
  await expect(page.getByTestId('created-status')).toBeVisible();
  await builder.field('Description', 'Order').fill('Typed after the send');
  await sampleAsks(page, builder, 'Typed after the send');
  await reloadWhenSaved(page);
  await sampleAsks(page, builder, 'Typed after the send');
});
