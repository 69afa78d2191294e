import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import {
  pointLocalProfile,
  pointProfile,
  startServedConsole,
  type ServedConsole,
} from '../fixtures/serve-process';
import { postNotification } from '../pages/order-flow';
import { OrdersPage } from '../pages/orders-page';
import { ProfilesPage } from '../pages/profiles-page';

// Profiles are different merchant accounts or environments: a notification verified under
// another profile's token than the order's is another service speaking. The Orders view marks
// it "another profile's: <name>" and does not move the order by it; only unit tests held that.

const LOCAL_TOKEN = 'another-profile-e2e-local';
const SANDBOX_TOKEN = 'another-profile-e2e-sandbox';
const ORDER_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const REFERENCE = 'REF-TWO-PROFILES';

const test = base.extend<{ twoProfiles: ServedConsole }>({
  twoProfiles: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-another-profile-'));
    await pointLocalProfile(dataDir, { listenerPort: 0, notificationToken: LOCAL_TOKEN });
    await pointProfile(dataDir, 'Sandbox', { listenerPort: 0, notificationToken: SANDBOX_TOKEN });
    const served = await startServedConsole({}, dataDir);
    await use(served);
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/** A token signed with a profile's notification token, as that profile's service signs one. */
const tokenOf = (secret: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

const notification = (eventType: string) =>
  JSON.stringify({
    order_id: ORDER_ID,
    order_reference_id: REFERENCE,
    order_number: '2001',
    event_type: eventType,
    data: [],
  });

/** The listener's URL as the Listener view shows it, once it listens for `profile`. */
async function listenerFor(page: Page, served: ServedConsole, profile: string): Promise<string> {
  await openConsole(page, served, '#/listener');
  await expect(page.getByText(`for profile ${profile}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('listener-state')).toHaveText('listening');
  const url = await page.getByTestId('listener-url').textContent();
  if (url === null || url === '') throw new Error('The listener shows no URL.');
  return url;
}

test("a notification verified under another profile's token is marked so and moves no order", async ({
  page,
  twoProfiles,
}) => {
  // Two listeners (a profile switch between) and two views: past the 60 s default on a loaded CI.
  test.setTimeout(120_000);
  // The order's first evidence: approved, verified under Local's token.
  const local = await listenerFor(page, twoProfiles, 'Local');
  await postNotification(local, await tokenOf(LOCAL_TOKEN), notification('order_approved'));

  // Then Sandbox is made active, and its service says the same order id was authorised.
  const profiles = new ProfilesPage(page);
  await profiles.switchTo('Sandbox');
  const sandbox = await listenerFor(page, twoProfiles, 'Sandbox');
  await postNotification(sandbox, await tokenOf(SANDBOX_TOKEN), notification('order_authorised'));

  const orders = new OrdersPage(page);
  await orders.open();
  await orders.row(REFERENCE).click();
  await expect(orders.records()).toHaveCount(2);
  const foreign = orders.records().filter({ hasText: 'order_authorised' });
  await expect(foreign.getByTestId('record-other-profile')).toHaveText("another profile's: Sandbox");
  await expect(
    orders.records().filter({ hasText: 'order_approved' }).getByTestId('record-other-profile'),
  ).toHaveCount(0);
  // Not moved by it: still approved, its authorised step still to come.
  await expect(orders.state()).toHaveText('approved');
});
