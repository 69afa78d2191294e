import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, openConsole, test } from '../fixtures/console-test';

// The Listener's Check endpoint showed each case's status alone: an endpoint that answered 200
// and then cut its body read as a plain "200 · pass", and a failed case never said why; the CLI
// prints both beside the status. The dialog says them under it, and a case's record says its case.
test('Check endpoint says under each status what the CLI says beside it: the mismatch, and an answer cut short', async ({
  page,
  served,
}) => {
  // Answers 200 to everything, with a body it cuts after its first bytes.
  const cutting: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"received":');
      setTimeout(() => res.destroy(), 20);
    });
  });
  await new Promise<void>((resolve) => cutting.listen(0, '127.0.0.1', resolve));
  try {
    await openConsole(page, served, '#/listener');
    const form = page.getByRole('form', { name: 'Listener settings' });
    await form
      .getByLabel('Forward to')
      .fill(`http://127.0.0.1:${(cutting.address() as AddressInfo).port}/hooks`);
    await page.getByRole('button', { name: 'Save listener settings' }).click();
    await expect(form.getByLabel('Forward to')).toHaveValue(/\/hooks$/);
    await page.getByRole('button', { name: 'Check endpoint' }).click();
    const cases = page.getByTestId('check-cases');
    await expect(page.getByTestId('check-summary')).toContainText('passed');
    const rows = cases.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Every case reached the endpoint, which cut every answer: each says so under its status.
    const details = cases.getByTestId('check-case-detail');
    await expect(details).toHaveCount(await rows.count());
    await expect(details.first()).toContainText(
      /answered 200, then closed the connection 12 bytes into a body of 1000/,
    );
    // A case expecting a refusal (a wrong token) was answered 200: it says what it expected.
    const refused = rows.filter({ has: page.getByText('fail', { exact: true }) }).first();
    await expect(refused.getByTestId('check-case-detail')).toContainText(/^expected 4xx, received 200/);
    // Its record on the Timeline shows the case it was sent for and the token it carried, decoded
    // as sent: it showed neither, an empty Token verdicts heading and "Not decoded on arrival."
    await refused.getByRole('link').first().click();
    const detail = page.getByTestId('event-detail');
    await expect(detail.getByTestId('check-endpoint-expected')).toHaveText('4xx');
    await expect(detail.getByTestId('check-endpoint-case-id')).not.toBeEmpty();
    await expect(detail.getByTestId('decoded-jwt')).not.toContainText('on arrival');
    await expect(detail.getByRole('heading', { name: 'Token verdicts' })).toHaveCount(0);
  } finally {
    cutting.closeAllConnections();
    await new Promise<void>((resolve) => cutting.close(() => resolve()));
  }
});
