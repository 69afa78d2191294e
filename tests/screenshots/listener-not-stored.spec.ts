import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { startServedConsole } from '../e2e/fixtures/serve-process';
import { screenshotTaker } from './review-shots';

// docs/data-safety.md: the Listener view after a webhook could not be stored. Another
// connection makes the insert fail as a full disk does; the view says so, with SQLite's words.
// NOT_STORED_SHOTS names a folder to also take it at every size and theme a person checks.
const shoot = screenshotTaker(process.env['NOT_STORED_SHOTS']);

test('the Listener view after a webhook could not be stored', async ({ page }) => {
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/listener');
    const url = await page.getByTestId('listener-url').textContent();
    const database = new Database(join(served.dataDir, 'console.sqlite'));
    try {
      database.exec(
        "CREATE TRIGGER refuse_rows BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END",
      );
      const refused = await fetch(`${url ?? ''}/notify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'not-stored', event_type: 'order_approved' }),
      });
      expect(refused.status).toBe(503);
      database.exec('DROP TRIGGER refuse_rows');
    } finally {
      database.close();
    }
    await shoot(page, 'listener-not-stored', async () => {
      await expect(page.getByTestId('listener-not-stored')).toContainText('database or disk is full');
    });
  } finally {
    await served.stop();
  }
});
