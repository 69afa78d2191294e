import type { Page } from '@playwright/test';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { textContrasts } from '../pages/text-contrast';
import { TimelinePage } from '../pages/timeline-page';

// Key values read at WCAG AA (4.5:1 for normal text) in both themes: a 200 in Mantine's green on
// white read 2.36:1, a 409 in its orange 2.57:1, "event · 1 finding" in white on orange 2.57:1
// (3.58:1 dark), the selected profile's base URL 2.02:1 (2.73:1 dark). "valid · 1 warning" is
// drawn in the lists' amber.

const AA = 4.5;
const finding = { path: 'data.0', message: 'x' };

const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({}, use) => {
    const start = Date.now() - 60_000;
    const webhook = (n: number, fields: Partial<ReturnType<typeof seededEvent>>) => ({
      ...seededEvent(0, start + n * 1000),
      ...fields,
    });
    const served = await startConsoleWith((dataDir) =>
      writeEvents(dataDir, [
        // A valid token that came in one place only: its warning is said in every list's chip.
        webhook(1, {
          status: 200,
          tokenVerdict: 'valid',
          details: { token: { findings: [finding] }, body: { findings: [finding] } },
        }),
        { ...seededEvent(3, start + 2000), status: 409 },
        webhook(3, { status: 500, tokenVerdict: 'expired', bodyVerdict: 'legacy' }),
        webhook(4, { status: 302, tokenVerdict: 'invalid_signature', bodyVerdict: 'invalid_json' }),
        webhook(5, { status: 200, tokenVerdict: 'no_secret', bodyVerdict: 'unknown_shape' }),
        webhook(6, { status: null, error: 'ECONNRESET', tokenVerdict: 'missing', bodyVerdict: 'empty' }),
      ]),
    );
    await use(served);
    await served.stop();
  },
});

test.use({ viewport: { width: 1280, height: 800 } });

const KEY_VALUES =
  '[data-testid="record-status"], [data-testid="token-verdict"], [data-testid="body-verdict"]';

async function unreadable(page: Page, selector: string, where: string): Promise<string[]> {
  const seen = await textContrasts(page.locator(selector));
  expect(seen.length, `${where}: nothing to measure`).toBeGreaterThan(0);
  return seen
    .filter((value) => value.ratio < AA)
    .map((value) => `${where}: "${value.text}" ${value.color} on ${value.background} ${value.ratio}:1`);
}

test('statuses, verdicts and findings read 4.5:1 on History and the Timeline, light and dark', async ({
  page,
  seeded,
}) => {
  const failing: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openConsole(page, seeded, '#/history');
    await expect(page.getByTestId('history-row')).toHaveCount(6);
    await expect(page.getByTestId('body-verdict').getByText('event · 1 finding')).toHaveCount(1);
    await expect(page.getByTestId('token-verdict').getByText('valid · 1 warning')).toHaveCount(1);
    failing.push(...(await unreadable(page, KEY_VALUES, `${scheme} History`)));
    // A webhook whose token did not verify is marked, as history's WHOSE column says it, never
    // left to read as the service's own; the mark reads 4.5:1 too.
    const whose = page.getByTestId('history-kind').getByTestId('record-provenance');
    await expect(whose).toHaveText(['unverified', 'unverified', 'unverified', 'unverified']);
    await expect(whose.first()).toHaveAttribute(
      'title',
      /but its token did not verify \(missing\), so it is not/,
    );
    failing.push(
      ...(await unreadable(page, '[data-testid="record-provenance"]', `${scheme} History, whose`)),
    );

    await page.goto(`${seeded.origin}/#/timeline`);
    const timeline = new TimelinePage(page);
    await timeline.expectReady();
    await expect(page.getByTestId('token-verdict').getByText('valid · 1 warning')).toHaveCount(1);
    failing.push(...(await unreadable(page, KEY_VALUES, `${scheme} Timeline`)));
    // A selected row's tint, and the detail pane's own status and badges.
    for (const id of [1, 2, 4]) {
      await timeline.openRecord(id);
      failing.push(...(await unreadable(page, KEY_VALUES, `${scheme} Timeline, #${id} open`)));
    }
  }
  expect(failing).toEqual([]);
});

test("the selected profile's base URL reads 4.5:1 in the Profiles list, light and dark", async ({
  page,
  served,
}) => {
  const failing: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openConsole(page, served, '#/profiles');
    const selected = page.getByRole('navigation', { name: 'Profiles' }).locator('[aria-current="true"]');
    await expect(selected).toHaveCount(1);
    failing.push(
      ...(await unreadable(page, '[aria-current="true"] [data-testid="profile-base-url"]', scheme)),
    );
  }
  expect(failing).toEqual([]);
});
