import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createConsole } from '../../../src/main/app';
import { defaultProfileFields } from '../../../src/shared/profile';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import {
  freePort,
  pointLocalProfile,
  startServedConsole,
  type ServedConsole,
} from '../fixtures/serve-process';
import { CommandPalette } from '../pages/command-palette';
import { ProfilesPage } from '../pages/profiles-page';

/** The tester's six, after the three a fresh data directory starts with: nine in the top bar. */
const ADDED = [
  'Staging KSA',
  'Staging UAE',
  'QA Bahrain',
  'Perf Kuwait',
  'Partner Oman sandbox',
  'Regression nightly',
];
const ALL = ['Local', 'Sandbox', 'Live', ...ADDED];

/** A console with nine profiles, added as `profiles add … --env sandbox` adds them. */
const test = base.extend<{ nine: ServedConsole }>({
  nine: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-top-bar-fit-'));
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: `http://127.0.0.1:${await freePort()}` });
    const core = await createConsole({ dataDir, frontDoor: 'cli', keychain: 'off' });
    try {
      for (const [index, name] of ADDED.entries()) {
        const result = await core.dispatcher(
          'createProfile',
          {
            fields: {
              ...defaultProfileFields('sandbox', name),
              name,
              baseUrl: `https://staging${60 + index}.example.net`,
              listenerPort: 0,
            },
            apiToken: { action: 'keep' },
            notificationToken: { action: 'keep' },
          },
          { transport: 'direct' },
        );
        if (!result.ok) throw new Error(result.error.message);
      }
    } finally {
      await core.close();
    }
    const served = await startServedConsole({}, dataDir);
    await use(served);
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/** Wholly inside the viewport, and the topmost thing at its centre: a click there reaches it. */
async function expectOnScreen(page: Page, control: Locator): Promise<void> {
  const viewport = page.viewportSize();
  const box = await control.boundingBox();
  if (viewport === null || box === null) throw new Error('the control is not laid out');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const reached = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && element.contains(top);
  });
  expect(reached).toBe(true);
}

/** The palette's button and the theme toggle are on screen, and each does its job when clicked. */
async function expectActionsWork(page: Page): Promise<void> {
  const palette = new CommandPalette(page);
  const toggle = page.getByTestId('theme-toggle');
  await expectOnScreen(page, palette.topBarButton());
  await expectOnScreen(page, toggle);
  await palette.topBarButton().click();
  await palette.expectOpen();
  await page.keyboard.press('Escape');
  await expect(palette.dialog()).toBeHidden();
  const scheme = page.locator('html');
  const before = await scheme.getAttribute('data-mantine-color-scheme');
  await toggle.click();
  await expect(scheme).not.toHaveAttribute('data-mantine-color-scheme', before ?? '');
}

/** Nothing in the top bar reaches past its right edge. */
async function expectHeaderFits(page: Page): Promise<void> {
  await expectTopBarTidy(page);
  const header = page.locator('header');
  const { scrollWidth, clientWidth } = await header.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * The top bar's parts sit side by side, none over another, and the title and the active badge
 * keep to their own boxes on one line (cut short with "…" when they must be): reaching past the
 * header's edge is not the only way to crowd it.
 *
 * Right after a switch the row fits itself again and may hold one radio fewer: a radio listed a
 * moment before can be gone before its box is read. So each read waits a second at most, and the
 * whole check is read again until the row has settled; a top bar that stays crowded still fails.
 */
async function expectTopBarTidy(page: Page): Promise<void> {
  await expect(() => checkTopBarTidy(page)).toPass({ timeout: 15_000 });
}

async function checkTopBarTidy(page: Page): Promise<void> {
  const header = page.locator('header');
  const parts = [
    header.getByRole('heading', { name: 'Checkout Console' }),
    new ProfilesPage(page).activeBadge(),
    ...(await header.getByRole('radiogroup', { name: 'Active profile' }).getByRole('radio').all()),
    ...(await new ProfilesPage(page).moreProfiles().all()),
    new CommandPalette(page).topBarButton(),
    page.getByTestId('theme-toggle'),
  ];
  const boxes = [];
  for (const part of parts) {
    const box = await part.boundingBox({ timeout: 1_000 });
    if (box !== null) boxes.push({ part: part.toString(), left: box.x, right: box.x + box.width });
  }
  boxes.sort((a, b) => a.left - b.left);
  for (const [index, box] of boxes.slice(1).entries())
    expect(box.left, `${box.part} overlaps ${boxes[index]?.part}`).toBeGreaterThanOrEqual(
      (boxes[index]?.right ?? 0) - 0.5,
    );
  for (const part of parts.slice(0, 2)) {
    const spill = await part.evaluate(
      (element) => {
        const style = getComputedStyle(element);
        const clipped = style.overflow === 'hidden' || style.overflow === 'clip';
        // The lines its words are set on: one rectangle per line of each text.
        const tops = new Set<number>();
        const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text !== null; text = texts.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
        }
        const lines = tops.size;
        return { lines, spills: !clipped && element.scrollWidth > element.clientWidth + 1 };
      },
      undefined,
      { timeout: 1_000 },
    );
    expect(spill, part.toString()).toEqual({ lines: 1, spills: false });
  }
}

test('at 1280×800 with nine profiles the palette and the theme toggle stay on screen, and every profile is one click away', async ({
  page,
  nine,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await openConsole(page, nine, '#/builder');
  const profiles = new ProfilesPage(page);
  await expectHeaderFits(page);
  await expectActionsWork(page);
  // Some are in the row, the rest under "+N more", in the profiles' order.
  await expect(profiles.moreProfiles()).toBeVisible();
  await expect(profiles.rowRadio('Local')).toBeVisible();
  await expect(profiles.rowRadio('Regression nightly')).toBeHidden();

  for (const name of ALL) {
    await profiles.switchTo(name);
    // The active one is always in the row, on screen, and the actions stay put beside it.
    await expectOnScreen(page, profiles.rowRadio(name));
    await expectHeaderFits(page);
    await expectOnScreen(page, new CommandPalette(page).topBarButton());
    await expectOnScreen(page, page.getByTestId('theme-toggle'));
  }
  // The row keeps the list's order: the active last one sits after the others shown.
  const shown = await page
    .getByRole('radiogroup', { name: 'Active profile' })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => radio.textContent ?? ''));
  expect(shown.at(-1)).toBe('Regression nightly');
  expect(shown[0]).toBe('Local');
});

test.describe('at 200 % zoom of a 1280 px window (640×400)', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('with the three first profiles, the actions are on screen, in the live header too', async ({
    page,
    served,
  }) => {
    await openConsole(page, served, '#/builder');
    const profiles = new ProfilesPage(page);
    await expectHeaderFits(page);
    await expectActionsWork(page);
    await profiles.switchTo('Live');
    await expect(page.locator('header')).toHaveAttribute('data-live', 'true');
    await expectHeaderFits(page);
    await expectActionsWork(page);
  });

  test('with nine profiles, every one is reachable by keyboard and by Ctrl+1…9, the active one always shown', async ({
    page,
    nine,
  }) => {
    await openConsole(page, nine, '#/builder');
    const profiles = new ProfilesPage(page);
    await expectHeaderFits(page);
    await expectActionsWork(page);

    // Live, under "+N more", is marked red there as in the row.
    await profiles.moreProfiles().click();
    const liveBadge = profiles.moreProfilesItem('Live').locator('.mantine-Badge-root');
    await expect(liveBadge).toHaveText('live');
    await expect(liveBadge).toHaveAttribute('style', /--mantine-color-red-light/);
    // The menu fits the short window: its last profile can be reached.
    await profiles.moreProfilesItem('Regression nightly').scrollIntoViewIfNeeded();
    await expectOnScreen(page, profiles.moreProfilesItem('Regression nightly'));
    await page.keyboard.press('Escape');

    // The keyboard: Tab along the row to "+N more", Enter opens it, the arrows move, Enter
    // chooses.
    const focused = (control: Locator) => control.evaluate((element) => element === document.activeElement);
    for (const name of ADDED) {
      await page.getByRole('radiogroup', { name: 'Active profile' }).getByRole('radio').first().focus();
      for (let step = 0; step < ALL.length && !(await focused(profiles.moreProfiles())); step++)
        await page.keyboard.press('Tab');
      await expect(profiles.moreProfiles()).toBeFocused();
      await page.keyboard.press('Enter');
      const item = profiles.moreProfilesItem(name);
      await expect(item).toBeVisible();
      for (let step = 0; step <= ALL.length && !(await focused(item)); step++)
        await page.keyboard.press('ArrowDown');
      await expect(item).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(profiles.rowRadio(name)).toHaveAttribute('aria-checked', 'true');
      await expectOnScreen(page, profiles.rowRadio(name));
      await expectHeaderFits(page);
    }

    // Ctrl+1…9 pick the profiles in the list's order, shown or not.
    for (const [index, name] of ALL.entries()) {
      await page.keyboard.press(`Control+${index + 1}`);
      await expect(profiles.rowRadio(name)).toHaveAttribute('aria-checked', 'true');
      await expectOnScreen(page, profiles.rowRadio(name));
    }
    await expectActionsWork(page);
  });

  test('with a long name active, the active badge and the title shorten, and the actions stay on screen', async ({
    page,
    nine,
  }) => {
    await openConsole(page, nine, '#/builder');
    const profiles = new ProfilesPage(page);
    await page.keyboard.press('Control+8');
    await expect(profiles.rowRadio('Partner Oman sandbox')).toHaveAttribute('aria-checked', 'true');
    await expectOnScreen(page, profiles.rowRadio('Partner Oman sandbox'));
    await expectHeaderFits(page);
    await expectActionsWork(page);
    // What no longer fits beside the title is said on hover.
    await expect(profiles.activeBadge()).toHaveAttribute('title', 'Partner Oman sandbox · sandbox');
    await expect(page.getByRole('heading', { name: 'Checkout Console' })).toHaveAttribute(
      'title',
      'Checkout Console',
    );
  });
});

test('at the desktop window’s least (960×600) and at 720×450 the top bar holds whichever profile is active', async ({
  page,
  nine,
}) => {
  await openConsole(page, nine, '#/builder');
  const profiles = new ProfilesPage(page);
  for (const size of [
    { width: 960, height: 600 },
    { width: 720, height: 450 },
  ]) {
    await page.setViewportSize(size);
    // Local, Live (the red header) and the longest name.
    for (const [key, name] of [
      ['1', 'Local'],
      ['3', 'Live'],
      ['8', 'Partner Oman sandbox'],
    ] as const) {
      await page.keyboard.press(`Control+${key}`);
      await expect(profiles.rowRadio(name)).toHaveAttribute('aria-checked', 'true');
      await expectOnScreen(page, profiles.rowRadio(name));
      await expectHeaderFits(page);
      await expectOnScreen(page, new CommandPalette(page).topBarButton());
      await expectOnScreen(page, page.getByTestId('theme-toggle'));
    }
  }
});
