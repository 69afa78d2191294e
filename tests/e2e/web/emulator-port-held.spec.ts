import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { pointLocalProfile, startServedConsole } from '../fixtures/serve-process';

// The Local profile's base URL port was held when the console started, and the Emulator view
// said it was "taken by another program": the console cannot tell what holds it (a second
// console on the data directory does as often), and the free-port button spoke of "the Local
// profile" whichever profile it moves.
test('a held emulator port is said as something else holding it, the free-port button names the profile and is the primary, and Start says why it fails', async ({
  page,
}) => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  if (address === null || typeof address === 'string') throw new Error('The holder has no port.');
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-port-held-'));
  try {
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: `http://127.0.0.1:${address.port}` });
    const served = await startServedConsole({}, dataDir);
    try {
      await openConsole(page, served, '#/emulator');
      const error = page.getByTestId('emulator-error');
      await expect(error).toContainText(
        `Something else on this machine holds port ${address.port} (which process is not known here)`,
      );
      await expect(error).not.toContainText('another program');
      const freePort = error.getByRole('button', {
        name: 'Start on a free port (the base URL of profile Local follows)',
      });
      await expect(freePort).toBeVisible();
      // Start was the filled (primary) button, though it tries the held port again; the one
      // that can work is the primary now.
      await expect(freePort).toHaveAttribute('data-variant', 'filled');
      await expect(
        page.getByTestId('emulator-status').getByRole('button', { name: 'Start', exact: true }),
      ).not.toHaveAttribute('data-variant', 'filled');
      // The empty Orders list said "The emulator is stopped: start it above", but Start tries the
      // held port again: it names the button that can work.
      const empty = page.getByTestId('emulator-orders-empty');
      await expect(empty).toHaveText(
        'No orders yet. The emulator is not running, for the reason said above (Start tries the same again). "Start on a free port" above can start it (the base URL of profile Local follows); then a checkout sent to the Local profile appears here. Until then a send to Local does not reach this emulator.',
      );
      await expect(empty).not.toContainText('start it above');

      // The Builder's notice made "Start the emulator" (which meets the held port again) its
      // primary button, and a press on it said nothing at all. The free port is the primary there
      // too, and Start says why it did not start.
      await page.goto(`${served.origin}/#/builder`);
      const notice = page.getByTestId('emulator-stopped');
      await expect(notice).toContainText(`holds port ${address.port}`);
      await expect(notice.getByRole('button', { name: 'Start on a free port' })).toHaveAttribute(
        'data-variant',
        'filled',
      );
      const start = notice.getByRole('button', { name: 'Start the emulator' });
      await expect(start).not.toHaveAttribute('data-variant', 'filled');
      await start.click();
      await expect(page.getByRole('alert').filter({ hasText: 'The emulator did not start' })).toContainText(
        `holds port ${address.port}`,
      );
    } finally {
      await served.stop();
    }
  } finally {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
