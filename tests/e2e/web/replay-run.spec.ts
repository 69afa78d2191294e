import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, openConsole, test } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';

// A double click started two runs; a reload lost the run (no progress, no Cancel) and then showed
// the default target under it; a run whose only send was cancelled said "done"; a plan not yet
// started was lost on a reload.
test('a plan and its edited body survive a reload, a double click starts one run, a reload takes the run up with its target, and Cancel there ends it as cancelled', async ({
  page,
  served,
}) => {
  let received = 0;
  const silent = createServer((req) => {
    received++;
    req.resume();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    await openConsole(page, served, '#/listener');
    const listener = await new JwtPage(page).listenerUrl();
    // Plain JSON said to be gzip: the listener's judgement of the body has a finding for it.
    const stored = await page.request.post(`${listener}/hooks`, {
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      data: '{"event_type":"order_approved","data":[]}',
    });
    const { id } = (await stored.json()) as { id: number };

    await page.goto(`${served.origin}/#/replay?ids=${id}`);
    await page.getByText('Any URL').click();
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/silent`;
    await page.getByRole('textbox', { name: 'URL' }).fill(url);
    await expect(page.getByTestId('replay-plan')).toContainText(`1 send to ${url}`);
    // A plan not yet started, its body edited, survives a reload (it came back as the defaults,
    // the body gone, nothing asked).
    await page.getByLabel('Edit the body (the stored original is never changed)').click();
    await expect(page.getByTestId('replay-body-verdict')).toContainText('order_approved');
    // Judged with the headers the replay is sent with, as the listener will: it said no finding.
    await expect(page.getByTestId('replay-body-verdict')).toContainText('Content-Encoding: gzip');
    // As stored, to the byte: laid out on lines, an untouched edit sent another body.
    await expect(page.locator('.cm-content').last()).toHaveText('{"event_type":"order_approved","data":[]}');
    await page.locator('.cm-content').last().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('{"event_type":"order_declined","data":[]}');
    await expect(page.getByTestId('replay-body-verdict')).toContainText('order_declined');
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByRole('radio', { name: 'Any URL' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue(url);
    await expect(page.getByTestId('replay-body-verdict')).toContainText('order_declined');
    // Still judged with the stored webhook's headers, read again after the reload.
    await expect(page.getByTestId('replay-body-verdict')).toContainText('Content-Encoding: gzip');
    // One webhook's plan said nothing of whose body the edit replaces.
    await expect(page.getByTestId('replay-body-scope')).toHaveText(
      `This body goes out in place of webhook #${id}'s own.`,
    );
    // Another selection asks about the edits; left, the question went on standing over the
    // Listener, and after Back over the very selection the edits were made for. Opened from the
    // sidebar (every stored webhook), it stood in a dialog over the view, blocking the sidebar,
    // said "This replay starts from an empty body", and never whose body the edits were.
    const keepEdits = page.getByTestId('replay-keep-edits');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByRole('link', { name: 'Replay', exact: true }).click();
    await expect(keepEdits).toContainText(`The body you edited for webhook #${id} is still in the editor.`);
    await expect(keepEdits).toContainText('This replay is chosen by a filter, so its editor starts empty');
    await expect(
      keepEdits.getByRole('button', { name: `Use the body edited for webhook #${id}` }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await sidebar.getByRole('link', { name: 'Listener', exact: true }).click();
    await expect(keepEdits).toBeHidden();
    await page.goBack();
    await expect(keepEdits).toBeVisible();
    await page.goBack();
    await expect(keepEdits).toBeHidden();
    await expect(page.getByTestId('replay-body-verdict')).toContainText('order_declined');
    await page.getByRole('button', { name: /^Replay 1$/ }).dblclick();
    const progress = page.getByTestId('replay-progress');
    await expect(progress).toHaveAttribute('data-state', 'running');
    await expect(page.getByRole('button', { name: /^Replay 1$/ })).toBeDisabled();
    await expect.poll(() => received).toBe(1);

    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(progress).toHaveAttribute('data-state', 'running');
    // The form shows where the run it took up sends, not the default target.
    await expect(page.getByRole('radio', { name: 'Any URL' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue(url);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(progress).toHaveAttribute('data-state', 'cancelled');
    // Sent whole and cancelled before an answer: unanswered, as its record reads, never failed.
    await expect(page.getByTestId('replay-unanswered')).toHaveText('1 unanswered');
    await expect(page.getByTestId('replay-unanswered-causes')).toHaveText(
      'Cancelled after the request was sent, before an answer arrived: it may have been carried out, so look on the timeline for what followed.',
    );
    await expect(page.getByTestId('replay-causes')).toHaveCount(0);
    await expect(page.getByTestId('replay-failures')).toHaveCount(0);
    expect(received).toBe(1);
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
});
