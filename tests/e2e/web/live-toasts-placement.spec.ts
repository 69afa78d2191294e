import type { Locator, Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { closeToasts } from '../fixtures/toasts-seen';
import type { ServedConsole } from '../fixtures/serve-process';
import { createOrder, payOrder } from '../pages/order-flow';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fails naming the control when any webhook toast on screen lies over it. */
async function expectNoToastOver(page: Page, controls: Record<string, Locator>): Promise<void> {
  const toasts = page.getByTestId('webhook-toast');
  for (let index = 0; index < (await toasts.count()); index += 1) {
    const toast = await toasts.nth(index).boundingBox();
    if (toast === null) continue;
    for (const [name, control] of Object.entries(controls)) {
      const box = await control.boundingBox();
      expect(box, `${name} is on screen`).not.toBeNull();
      if (box === null) continue;
      expect(
        intersects(toast, box),
        `webhook toast ${JSON.stringify(toast)} over ${name} ${JSON.stringify(box)}`,
      ).toBe(false);
    }
  }
}

/**
 * The Replay view after replaying a paid order's approval `times` times at 1280×800: the
 * emulator's approval is a webhook the service sent, which Replay offers (crafted ones it leaves
 * out); its own toast is closed first, so those on screen are the replays'.
 */
async function replayApproval(page: Page, served: ServedConsole, times: number): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  await payOrder(page, await createOrder(page, served.origin));
  await expect(page.getByTestId('webhook-toast')).toBeVisible();
  await page.goto(`${served.origin}/#/replay`);
  await closeToasts(page);
  await page.getByLabel('Repeat').fill(String(times));
  await page.getByRole('button', { name: `Replay ${times}`, exact: true }).click();
  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-state', 'done');
}

// t74: a Replay of 3 left three toasts stacked up the left side of the view, over the plan's
// "3 sends to…" line, the Replay button, the progress bar and the result links.
test('the toasts a Replay of 3 raises cover none of the Replay view controls, and at most two stack', async ({
  page,
  served,
}) => {
  await replayApproval(page, served, 3);
  const toasts = page.getByTestId('webhook-toast');
  await expect(toasts.first()).toBeVisible();
  await expect(page.getByTestId('replay-record-link').first()).toBeVisible();
  await expectNoToastOver(page, {
    'the plan line': page.getByTestId('replay-plan'),
    'the Replay button': page.getByRole('button', { name: /^Replay 3$/ }),
    'the sent count': page.getByTestId('replay-count'),
    'the result link': page.getByTestId('replay-record-link').first(),
    'the sidebar': page.getByRole('navigation', { name: 'Main' }),
  });
  // Three arrived at once; the newest two stand rather than climbing up the view.
  expect(await toasts.count()).toBeLessThanOrEqual(2);
});

// t77: with the rest queued, a burst kept the corner covered for 8 s a toast, two at a time,
// showing webhooks long superseded (Timeline #46/#48 while #53–#57 had arrived).
test("a burst's newest webhook stands at once: older toasts give way, none waits its turn", async ({
  page,
  served,
}) => {
  await replayApproval(page, served, 4);
  const ids = async (locator: ReturnType<Page['getByTestId']>) =>
    (await locator.allTextContents()).map((text) => Number(/#(\d+)/.exec(text)?.[1] ?? Number.NaN));
  // Each replay's arrival is stored after the replay's own record: the last arrival is past them all.
  const lastReplay = Math.max(...(await ids(page.getByTestId('replay-record-link'))));
  // Queued, the last arrival's toast waited two toasts' 8 s; standing at once, it is there now.
  await expect
    .poll(async () => Math.max(...(await ids(page.getByTestId('webhook-toast-link')))), { timeout: 4000 })
    .toBeGreaterThan(lastReplay);
  // Those that gave way leave with their exit transition; then two stand.
  await expect.poll(() => page.getByTestId('webhook-toast').count()).toBeLessThanOrEqual(2);
});
