import { join } from 'node:path';
import { openDatabase } from '../../../src/main/store/connection';
import { expect, openConsole, test } from '../fixtures/console-test';
import { startConsoleWith } from '../fixtures/seed-events';
import { ProfilesPage } from '../pages/profiles-page';

// A profile whose stored API token is text without a protection scheme (pasted in by hand) and
// whose stored listener port is no number: the token is no token, so nothing of it is masked as
// one (`••••…`), and the port is unknown, so the default 4455 held in its place is not shown as
// its value. A save that does not set them is refused, naming each; once set, it saves.

const PLAIN_TOKEN = 'garbage-not-sealed';

function onConsoleFile<T>(dataDir: string, use: (db: ReturnType<typeof openDatabase>) => T): T {
  const db = openDatabase(join(dataDir, 'console.sqlite'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

const storedSandbox = (dataDir: string) =>
  onConsoleFile(dataDir, (db) =>
    db
      .prepare<[], { listener_port: unknown; api_token_sealed: unknown }>(
        "SELECT listener_port, api_token_sealed FROM profiles WHERE name = 'Sandbox'",
      )
      .get(),
  );

test('a damaged token and port are shown as damaged, a save refused until each is set, then saved', async ({
  page,
}) => {
  const served = await startConsoleWith((dataDir) =>
    onConsoleFile(dataDir, (db) =>
      db
        .prepare("UPDATE profiles SET api_token_sealed = ?, listener_port = 'abc' WHERE name = 'Sandbox'")
        .run(PLAIN_TOKEN),
    ),
  );
  try {
    await openConsole(page, served);
    const profiles = new ProfilesPage(page);
    await profiles.open();
    await profiles.profileInList('Sandbox').click();
    const form = page.getByRole('form', { name: 'Edit profile Sandbox' });
    const damagedAlert = page.getByTestId('profile-damaged-alert');
    await expect(damagedAlert).toContainText("Profile Sandbox's stored API token is damaged in the database");
    await expect(damagedAlert).toContainText(
      "Profile Sandbox's stored listener port is damaged in the database",
    );
    // Nothing of the stored text is shown, and it is not masked as a token.
    await expect(page.getByText(PLAIN_TOKEN)).toHaveCount(0);
    await expect(profiles.maskedSecret('API token')).toHaveText('Damaged');
    await expect(profiles.maskedSecret('API token')).not.toContainText('•');
    const port = form.getByRole('textbox', { name: 'Listener port' });
    await expect(port).toHaveValue('');
    await expect(port).toHaveAttribute('placeholder', '—');

    await form.getByRole('button', { name: 'Save profile' }).click();
    const notSaved = form.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(notSaved).toContainText(
      "Profile Sandbox's stored listener port is damaged: set it here: what it is read as is a guess, and is not saved.",
    );
    await expect(notSaved).toContainText(
      "Profile Sandbox's stored API token is damaged: set it or clear it here: what it is kept as is not a token, and is not saved.",
    );
    expect(storedSandbox(served.dataDir)).toEqual({ listener_port: 'abc', api_token_sealed: PLAIN_TOKEN });

    await port.fill('4461');
    await profiles.setSecret('API token', 'sk_test_replaced_token_1234');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Saved profile "Sandbox"')).toBeVisible();
    await expect(damagedAlert).toHaveCount(0);
    await expect(profiles.maskedSecret('API token')).toContainText('1234');
    await expect(port).toHaveValue('4461');
    const stored = storedSandbox(served.dataDir);
    expect(stored?.listener_port).toBe(4461);
    expect(String(stored?.api_token_sealed)).toMatch(/^\$/);
  } finally {
    await served.stop();
  }
});
