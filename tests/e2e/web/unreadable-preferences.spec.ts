import { join } from 'node:path';
import { openDatabase } from '../../../src/main/store/connection';
import { expect, openConsole, test } from '../fixtures/console-test';
import { startConsoleWith } from '../fixtures/seed-events';
import { ProfilesPage } from '../pages/profiles-page';

// A `preferences` setting edited by hand into garbage was replaced by defaults with no word
// anywhere: Settings opened on System, the guide shown again, nothing in the terminal. It is said
// in Settings and by serve, and kept as stored until the user saves a preference.
// A damaged listener setting and retention policy were said on the terminal only: the Listener
// view and History showed the values in use with no word. They say it in the same alert.
// A damaged profile row stopped serve altogether; it is said by serve and on that profile.

function onPreferences<T>(dataDir: string, use: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(join(dataDir, 'console.sqlite'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

const storedText = (dataDir: string) =>
  onPreferences(
    dataDir,
    (db) =>
      db.prepare<[], { value: string }>("SELECT value FROM settings WHERE key = 'preferences'").get()?.value,
  );

test('garbage stored as the preferences, a damaged listener setting and retention: each view and serve say so, and a saved change replaces it', async ({
  page,
}) => {
  const served = await startConsoleWith((dataDir) =>
    onPreferences(dataDir, (db) => {
      const store = db.prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      );
      store.run('preferences', 'garbage{{');
      store.run('listener.settings', '{"respondStatus":503,"forwardTo":"ftp://x"}');
      store.run('history.retention', '{"mode":"count","count":0}');
      // A profile's row damaged the same way (an inactive one): the console starts, and says it.
      db.prepare(`UPDATE profiles SET operations = '{"capture":5}' WHERE name = 'Sandbox'`).run();
      // An emulator order in a state of no list: the Emulator view left it out, naming it nowhere.
      db.prepare(
        `INSERT INTO emulator_orders (order_id, checkout_id, state, payload, locale, currency, total_amount,
        created_at_ms, expires_at_ms, updated_at_ms) VALUES ('ord-zombie', 'chk-zombie', 'zombie', '{}',
        'en_US', 'EUR', '10.00', 1, 1, 1)`,
      ).run();
    }),
  );
  try {
    // Printed after the banner, which the fixture waits for.
    await expect
      .poll(() => served.output())
      .toContain(
        'warning: The stored preferences (the "preferences" setting) cannot be read: the value is not JSON (it reads garbage{{).',
      );
    await expect
      .poll(() => served.output())
      .toContain(
        "warning: Profile Sandbox's stored operations is damaged in the database: capture 5 cannot be read",
      );
    await page.emulateMedia({ colorScheme: 'light' });
    await openConsole(page, served, '#/settings');
    const alert = page.getByTestId('unreadable-preferences');
    await expect(alert).toContainText('The stored preferences cannot be read');
    await expect(alert).toContainText('the value is not JSON (it reads garbage{{)');
    await expect(alert).toContainText(
      'Only what is named uses its default, the rest is used as stored, until a preference is saved',
    );
    const appearance = page.getByRole('radiogroup', { name: 'Appearance' });
    await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
    // Opened, read, shown: still as stored.
    expect(storedText(served.dataDir)).toBe('garbage{{');

    await appearance.getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(alert).toHaveCount(0);
    await expect
      .poll(() => JSON.parse(storedText(served.dataDir) ?? 'null'))
      .toMatchObject({ colorScheme: 'dark' });

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Listener', exact: true }).click();
    const listenerAlert = page.getByTestId('unreadable-listener-settings');
    await expect(listenerAlert).toContainText('The stored listener settings cannot be read');
    await expect(listenerAlert).toContainText('"listener.settings" setting');
    await expect(listenerAlert).toContainText(/forwardTo "ftp:\/\/x" cannot be read \(.*\), so null is used/);
    await expect(listenerAlert).toContainText('saving replaces the stored value');
    // What could be read is in use: the stored 503, not the default 200.
    await expect(page.getByRole('textbox', { name: 'Response status' })).toHaveValue('503');
    // The defaults beside it, a size as every view says one (it read "default 1048576").
    await expect(page.getByText('What the listener answers (default 200).')).toBeVisible();
    await expect(page.getByText('Larger bodies get 413 (default 1 MiB).')).toBeVisible();
    await page.getByRole('button', { name: 'Save listener settings' }).click();
    await expect(listenerAlert).toHaveCount(0);

    await nav.getByRole('link', { name: 'History', exact: true }).click();
    const retentionAlert = page.getByTestId('unreadable-retention');
    await expect(retentionAlert).toContainText('The stored retention policy cannot be read');
    await expect(retentionAlert).toContainText(
      'count 0 cannot be read (must be at least 1 record), so {"mode":"all"} is used',
    );
    await expect(retentionAlert).toContainText('saving replaces the stored value');

    const profiles = new ProfilesPage(page);
    await profiles.open();
    await profiles.profileInList('Sandbox').click();
    const damagedAlert = page.getByTestId('profile-damaged-alert');
    await expect(damagedAlert).toContainText(
      "Profile Sandbox's stored operations is damaged in the database",
    );
    await expect(damagedAlert).toContainText('capture 5 cannot be read');
    await expect(damagedAlert).toContainText('The stored value is kept as it is until the profile is saved.');

    // The damaged emulator order is named where the list is, with nothing offered on it.
    await nav.getByRole('link', { name: 'Emulator', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Orders/ })).toHaveText('Orders (1)');
    const ordersAlert = page.getByTestId('emulator-orders-damaged');
    await expect(ordersAlert).toContainText('1 stored order cannot be read');
    await expect(ordersAlert).toContainText(
      "Emulator order ord-zombie's stored state is damaged in the database (not what the console writes)",
    );
    await expect(ordersAlert.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('emulator-order')).toHaveCount(0);
    await expect(page.getByTestId('emulator-orders-empty')).toHaveCount(0);
  } finally {
    await served.stop();
  }
});
