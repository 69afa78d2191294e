import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { ProfilesPage } from '../pages/profiles-page';
import { ScenariosPage } from '../pages/scenarios-page';

// A send-webhook step written to a live profile's address reached production unasked when the
// run's profile was not live. Main refuses such a run without its yes; the Scenarios view asks
// in the refusal's words, and Cancel sends nothing (only a unit test held it to that).
test("a send-webhook step to a live profile's address asks first; Cancel sends nothing", async ({
  page,
  served,
}) => {
  const arrived: string[] = [];
  const production: Server = createServer((req, res) => {
    // The path alone: the service token rides in the query (serviceToken=…).
    arrived.push((req.url ?? '').split('?')[0] ?? '');
    req.resume();
    req.on('end', () => res.writeHead(200).end('{}'));
  });
  await new Promise<void>((resolve) => production.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(production.address() as AddressInfo).port}/hooks`;
  const folder = mkdtempSync(join(tmpdir(), 'cc-scenarios-live-send-e2e-'));
  writeFileSync(
    join(folder, 'to-production.yaml'),
    `name: To production\nsteps:\n  - step: send-webhook\n    to: ${url}\n    body: { order_id: x, event_type: order_approved }\n`,
  );
  try {
    // The Live profile's public listener URL is that address (a tunnel to production).
    await openConsole(page, served, '#/profiles');
    const profiles = new ProfilesPage(page);
    await profiles.profileInList('Live').click();
    await expect(page.getByRole('heading', { name: 'Live', level: 4 })).toBeVisible();
    await profiles.form().getByLabel('Public listener URL').fill(url);
    await profiles.form().getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Saved profile "Live"')).toBeVisible();
    await expect(profiles.activeBadge()).toContainText('Local');

    const scenarios = new ScenariosPage(page);
    await scenarios.open();
    await scenarios.openFolder(folder);
    const card = scenarios.card('To production');
    await expect(card).toHaveCount(1);

    await scenarios.runAll();
    const confirmation = page.getByRole('dialog', { name: 'Send a webhook to a LIVE profile?' });
    await expect(confirmation).toContainText(
      `${url} belongs to a live profile ("Live", its public listener URL ${url}): a scenario's send-webhook step to it reaches production.`,
    );
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(card).not.toHaveAttribute('data-status', 'passed');
    await expect(page.getByText('Could not run')).toHaveCount(0);
    expect(arrived).toEqual([]);

    // Agreed, the run goes, and the step's webhook reaches the address.
    await scenarios.runAll();
    await confirmation.getByRole('button', { name: 'Yes, send to production' }).click();
    await expect(card).toHaveAttribute('data-status', 'passed', { timeout: 30_000 });
    expect(arrived).toEqual(['/hooks']);
  } finally {
    production.closeAllConnections();
    await new Promise<void>((resolve) => production.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  }
});
