import { expect, openConsole, test } from '../fixtures/console-test';
import { closeToasts } from '../fixtures/toasts-seen';
import { JwtPage } from '../pages/jwt-page';
import { postNotification, signedAsTheService } from '../pages/order-flow';

const APPROVED = JSON.stringify({ event_type: 'order_approved', order_id: 'o-provenance', data: [] });

// Opened on the listener's record of a replay, or on a console listener's forwarded copy, the
// inspector showed only a green "valid … as the listener judged it on arrival": neither "replay"
// nor "forward" anywhere, where a token this console signed has its orange "Crafted by this
// console". Both records are the console's doing and never move an order; the inspector now
// says so, in the words the Timeline's note gives them (provenance-note.ts).
test("the inspector marks the listener's record of a replay and a forwarded copy as the console's doing", async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  // Signed as the service would, not by the console: only the replay makes its arrival the console's.
  const token = await signedAsTheService(page, served.origin);
  const listener = await new JwtPage(page).listenerUrl();
  const originalId = await postNotification(listener, token, APPROVED);

  // The service's own record: nothing to mark.
  await page.goto(`${served.origin}/#/jwt?event=${originalId}`);
  await expect(page.getByTestId('record-verdict').getByTestId('token-verdict')).toHaveAttribute(
    'data-verdict',
    'valid',
  );
  await expect(page.getByTestId('record-provenance-note')).toHaveCount(0);

  // An exact replay to this console's own listener: the replay record, then the listener's record of it.
  await page.goto(`${served.origin}/#/replay?ids=${originalId}`);
  await expect(page.getByTestId('replay-plan')).toContainText('1 send to http://127.0.0.1:');
  await closeToasts(page);
  await page.getByRole('button', { name: /^Replay 1$/ }).click();
  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-state', 'done');
  const replayId = originalId + 1;
  const arrivalId = replayId + 1;

  await page.goto(`${served.origin}/#/jwt?event=${arrivalId}`);
  await expect(page.getByText(`Arrived with webhook #${arrivalId}`)).toBeVisible();
  const replayNote = page.getByTestId('record-provenance-note');
  await expect(replayNote).toContainText("Not the service's own: replay (the console sent it again)");
  await expect(replayNote).toContainText(`The arrival of replay #${replayId}. It never moves an order.`);
  // The way to the replay it is the arrival of.
  await expect(replayNote.getByRole('link', { name: `replay #${replayId}` })).toHaveAttribute(
    'href',
    `#/timeline?id=${replayId}`,
  );
  // Above the verdict checked now, as the crafted mark stands under its own.
  await expect(page.getByTestId('jwt-crafted')).toHaveCount(0);

  // A copy another console listener forwarded here (its forward marker).
  const forwarded = await fetch(`${listener}/notify`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'X-Checkout-Console-Forwarded': 'other-listener',
    },
    body: APPROVED,
  });
  const forwardedId = ((await forwarded.json()) as { id: number }).id;
  await page.goto(`${served.origin}/#/jwt?event=${forwardedId}`);
  await expect(page.getByText(`Arrived with webhook #${forwardedId}`)).toBeVisible();
  const forwardNote = page.getByTestId('record-provenance-note');
  await expect(forwardNote).toContainText(
    "Not the service's own: forward (the listener's copy to another endpoint)",
  );
  await expect(forwardNote).toContainText(
    "A console listener's forward (X-Checkout-Console-Forwarded), not the service's own request. It never moves an order.",
  );
});
