import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, openConsole, test } from '../fixtures/console-test';
import { ProfilesPage } from '../pages/profiles-page';
import { TimelinePage } from '../pages/timeline-page';

// A forward-to saved before it became a live profile's address is held by main (each webhook
// recorded, not sent), but the Listener view still showed "Forward to http://…" and nothing
// else: a person read it as webhooks going on. The view says the hold, counts what was kept,
// and asks the yes it waits for in the one dialog a forward to production is asked in.
test('a forward-to that became a live address is said held in the Listener view, and confirmed there', async ({
  page,
  served,
}) => {
  // Two views, a profile saved and two webhooks: past the 60 s default on a loaded two-core CI.
  test.setTimeout(120_000);
  const arrived: string[] = [];
  const merchant: Server = createServer((req, res) => {
    arrived.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/hooks`;
  try {
    await openConsole(page, served, '#/listener');
    const listenerUrl = await page.getByTestId('listener-url').textContent();
    const form = page.getByRole('form', { name: 'Listener settings' });
    await form.getByLabel('Forward to').fill(url);
    await page.getByRole('button', { name: 'Save listener settings' }).click();
    await expect(page.getByText('Listener settings saved')).toBeVisible();
    const held = page.getByTestId('listener-forward-held');
    await expect(held).toHaveCount(0);

    // Later, the Live profile's public listener URL is set to it (a tunnel to production).
    const profiles = new ProfilesPage(page);
    await profiles.open();
    await profiles.profileInList('Live').click();
    await expect(page.getByRole('heading', { name: 'Live', level: 4 })).toBeVisible();
    await profiles.form().getByLabel('Public listener URL').fill(url);
    await profiles.form().getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Saved profile "Live"')).toBeVisible();

    await openConsole(page, served, '#/listener');
    await expect(held).toContainText(`Forwarding is held: webhooks are not forwarded to ${url}`);
    await expect(held).toContainText(
      `${url} belongs to a live profile ("Live", its public listener URL ${url}): forwarding webhooks to it reaches production.`,
    );
    // It offers the confirmation itself, so it never sends the user to the view it is in.
    await expect(held).not.toContainText('in the Listener view');
    const count = page.getByTestId('listener-forward-held-count');
    await expect(count).toHaveText('No webhook has arrived since the hold began here.');

    const post = () =>
      fetch(`${listenerUrl ?? ''}/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'held-e2e', event_type: 'order_approved' }),
      });
    expect((await post()).status).toBe(200);
    // Pushed as it is held: the count follows without a reload.
    await expect(count).toHaveText(
      '1 webhook received here was not forwarded (recorded on the Timeline as a forward not sent).',
    );
    expect(arrived).toEqual([]);

    const confirm = held.getByRole('button', { name: 'Confirm forwarding to production' });
    await confirm.click();
    const dialog = page.getByRole('dialog', { name: 'Forward to a LIVE profile?' });
    await expect(dialog).toContainText(
      `Every webhook the listener receives goes on to ${url}, a production address.`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(held).toBeVisible();

    await confirm.click();
    await dialog.getByRole('button', { name: 'Yes, forward to production' }).click();
    await expect(held).toHaveCount(0);
    expect((await post()).status).toBe(200);
    await expect.poll(() => arrived).toEqual(['/hooks/notify']);

    // The held forward's record reads as a refused replay's: not sent, with why, never `failed`.
    const timeline = new TimelinePage(page);
    await timeline.open();
    const forwards = timeline
      .rows()
      .filter({ has: page.getByTestId('record-kind').getByText('forward', { exact: true }) });
    await expect(forwards.getByTestId('record-status')).toHaveText(['200', 'not sent']);
    const heldId = Number(await forwards.nth(1).getAttribute('data-id'));
    await timeline.openRecord(heldId);
    await expect(
      timeline.detail().getByRole('alert', { name: 'never sent (refused by the console)' }),
    ).toContainText(`Not forwarded to ${url}/notify:`);
    await expect(timeline.detail().getByTestId('response-section')).toHaveText(
      `Not forwarded to ${url}/notify: ${url} belongs to a live profile ("Live", its public listener URL ${url}): forwarding webhooks to it reaches production. Confirm forwarding to production in the Listener view, or run listen --yes-live.`,
    );
  } finally {
    merchant.closeAllConnections();
    await new Promise<void>((resolve) => merchant.close(() => resolve()));
  }
});
