import { join } from 'node:path';
import { openDatabase } from '../../../src/main/store/connection';
import { expect, openConsole, test } from '../fixtures/console-test';
import { startConsoleWith } from '../fixtures/seed-events';

// A `preferences` setting edited by hand into garbage was replaced by defaults with no word
// anywhere: Settings opened on System, the guide shown again, nothing in the terminal. It is said
// in Settings and by serve, and kept as stored until the user saves a preference.

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

test('garbage stored as the preferences: Settings and serve say so, and a saved change replaces it', async ({
  page,
}) => {
  const served = await startConsoleWith((dataDir) =>
    onPreferences(dataDir, (db) =>
      db
        .prepare(
          "INSERT INTO settings (key, value) VALUES ('preferences', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .run('garbage{{'),
    ),
  );
  try {
    // Printed after the banner, which the fixture waits for.
    await expect
      .poll(() => served.output())
      .toContain(
        'warning: The stored preferences (the "preferences" setting) cannot be read: the value is not JSON (it reads garbage{{).',
      );
    await page.emulateMedia({ colorScheme: 'light' });
    await openConsole(page, served, '#/settings');
    const alert = page.getByTestId('unreadable-preferences');
    await expect(alert).toContainText('The stored preferences cannot be read');
    await expect(alert).toContainText('the value is not JSON (it reads garbage{{)');
    await expect(alert).toContainText('Defaults are used in their place until a preference is saved');
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
  } finally {
    await served.stop();
  }
});
